/** One server-sent event as the test reads it. */
export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/**
 * Opens a server-sent-events stream with a bearer token and parses its events as they arrive (comments and the
 * `retry:` line are not events): `until` waits for a condition on them, `close` aborts, `done` settles after.
 */
export async function openSse(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('data: ')) event.data += line.slice(6);
          }
          if (!block.split('\n').every((l) => l.startsWith(':') || l.startsWith('retry:')))
            events.push(event);
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    }
  })();
  async function until(predicate: () => boolean, ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out; events: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  return { response, events, until, close: () => controller.abort(), done };
}
