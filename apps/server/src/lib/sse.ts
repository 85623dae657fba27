import type { FastifyReply, FastifyRequest } from 'fastify';

/** One server-sent event: `id:` (optional), `event:` and its JSON `data:`. */
export function sseEvent(event: string, data: unknown, id?: string | number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** An open stream: what it sends, how much it has not sent yet, and how it ends. */
export interface SseConnection {
  send(chunk: string): void;
  /** Bytes written and not yet sent (a slow reader's backlog). */
  readonly buffered: number;
  end(): void;
}

/**
 * The open server-sent-event streams of one kind in this process (the Monitor's positions, the bell's inbox), so a
 * shutdown can end them: they never end by themselves. Each stream takes over the response (no compression, no
 * buffering by proxies), says `retry: 5000` and a `ready` event with the heartbeat, sends a comment every
 * `heartbeatMs` so proxies keep it open, and ends once — when the client goes, the socket fails, or `endAll`.
 */
export function sseStreams({ heartbeatMs, readyEvent }: { heartbeatMs: number; readyEvent: string }) {
  const open = new Set<() => void>();

  /** Opens a stream on the request; `onEnd` runs once when it ends (unsubscribe there). */
  function start(request: FastifyRequest, reply: FastifyReply, onEnd: () => void = () => {}): SseConnection {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    raw.write(`retry: 5000\n${sseEvent(readyEvent, { heartbeatMs })}`);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      onEnd();
      open.delete(end);
      raw.end();
    };
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
    heartbeat.unref();
    open.add(end);
    request.raw.on('close', end);
    raw.on('error', end);
    return {
      send: (chunk) => void raw.write(chunk),
      get buffered() {
        return raw.writableLength;
      },
      end,
    };
  }

  return {
    start,
    get size(): number {
      return open.size;
    },
    endAll(): void {
      for (const end of [...open]) end();
    },
  };
}
