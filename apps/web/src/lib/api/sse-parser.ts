/** One dispatched server-sent event (WHATWG HTML "event stream interpretation"). */
export interface SseEvent {
  kind: 'event';
  /** The `event:` field, or "message" when none was sent. */
  event: string;
  /** The `data:` lines joined by "\n". */
  data: string;
  /** The last event id seen so far on this stream (it carries over to later events). */
  lastEventId: string;
}

/** A `:` line: heartbeats and other keep-alive comments. */
export interface SseComment {
  kind: 'comment';
  text: string;
}

export type SseItem = SseEvent | SseComment;

/**
 * Incremental parser of a text/event-stream body: feed it decoded text in whatever chunks the network delivers
 * and it returns what each chunk completed. Lines may end in CRLF, LF or CR (also split across chunks), a leading
 * BOM is ignored, and an event still open when the stream ends is dropped, as the specification says.
 */
export class SseParser {
  #buffer = '';
  #started = false;
  #data: string[] = [];
  #event = '';
  #lastEventId = '';
  /** The last valid `retry:` value (reconnection time in ms), if the server sent one. */
  retryMs: number | undefined;

  feed(chunk: string): SseItem[] {
    let text = this.#buffer + chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const out: SseItem[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk to decide.
      if (c === 13 && i === text.length - 1) break;
      this.#line(text.slice(start, i), out);
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    this.#buffer = text.slice(start);
    return out;
  }

  /**
   * The stream ended. A CR held back by feed() did end its line; a line without any terminator and an event
   * without its closing blank line are dropped.
   */
  end(): SseItem[] {
    const out: SseItem[] = [];
    if (this.#buffer.endsWith('\r')) this.#line(this.#buffer.slice(0, -1), out);
    this.#buffer = '';
    this.#data = [];
    this.#event = '';
    return out;
  }

  #line(line: string, out: SseItem[]): void {
    if (line === '') {
      this.#dispatch(out);
      return;
    }
    if (line.startsWith(':')) {
      out.push({ kind: 'comment', text: line.slice(1).replace(/^ /, '') });
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    switch (field) {
      case 'event':
        this.#event = value;
        break;
      case 'data':
        this.#data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.#lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        break; // unknown fields are ignored
    }
  }

  #dispatch(out: SseItem[]): void {
    const data = this.#data;
    const event = this.#event;
    this.#data = [];
    this.#event = '';
    if (data.length === 0) return;
    out.push({
      kind: 'event',
      event: event || 'message',
      data: data.join('\n'),
      lastEventId: this.#lastEventId,
    });
  }
}
