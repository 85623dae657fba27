import { describe, expect, it } from 'vitest';
import { SseParser, type SseItem } from './sse-parser.ts';

const events = (items: SseItem[]) => items.filter((i) => i.kind === 'event');

/** Feeds the text cut at every given offset and collects everything the parser returns. */
function feedInPieces(text: string, cuts: number[]): SseItem[] {
  const parser = new SseParser();
  const out: SseItem[] = [];
  let last = 0;
  for (const cut of [...cuts, text.length]) {
    out.push(...parser.feed(text.slice(last, cut)));
    last = cut;
  }
  out.push(...parser.end());
  return out;
}

// What the server writes (apps/server/src/modules/positions/stream.ts): retry + ready, a heartbeat, a position.
const STREAM =
  'retry: 5000\nevent: ready\ndata: {"heartbeatMs":15000}\n\n' +
  ': heartbeat\n\n' +
  'id: 42\nevent: position\ndata: {"msisdnId":7,"lat":24.7}\n\n';

const EXPECTED: SseItem[] = [
  { kind: 'event', event: 'ready', data: '{"heartbeatMs":15000}', lastEventId: '' },
  { kind: 'comment', text: 'heartbeat' },
  { kind: 'event', event: 'position', data: '{"msisdnId":7,"lat":24.7}', lastEventId: '42' },
];

describe('SseParser', () => {
  it('parses the server’s stream in one piece', () => {
    const parser = new SseParser();
    expect(parser.feed(STREAM)).toEqual(EXPECTED);
    expect(parser.retryMs).toBe(5000);
  });

  it('gives the same result whatever the chunk boundaries (every split point, and byte by byte)', () => {
    for (let cut = 1; cut < STREAM.length; cut++)
      expect(feedInPieces(STREAM, [cut]), `cut at ${cut}`).toEqual(EXPECTED);
    expect(
      feedInPieces(
        STREAM,
        Array.from({ length: STREAM.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(EXPECTED);
  });

  it('holds back an event until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.feed('event: position\ndata: {"a"')).toEqual([]);
    expect(parser.feed(':1}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([
      { kind: 'event', event: 'position', data: '{"a":1}', lastEventId: '' },
    ]);
  });

  it('joins multi-line data with newlines and keeps a value’s colons', () => {
    const parser = new SseParser();
    expect(events(parser.feed('data: first\ndata:second\ndata:  third: with colon\ndata\n\n'))).toEqual([
      { kind: 'event', event: 'message', data: 'first\nsecond\n third: with colon\n', lastEventId: '' },
    ]);
  });

  it('accepts CRLF and lone CR line ends, a CRLF split across chunks counting once', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    for (let cut = 1; cut < crlf.length; cut++)
      expect(feedInPieces(crlf, [cut]), `CRLF cut at ${cut}`).toEqual(EXPECTED);
    const cr = STREAM.replace(/\n/g, '\r');
    for (let cut = 1; cut < cr.length; cut++)
      expect(feedInPieces(cr, [cut]), `CR cut at ${cut}`).toEqual(EXPECTED);
  });

  it('reports comments (heartbeats) without dispatching anything', () => {
    const parser = new SseParser();
    expect(parser.feed(':\n: heartbeat\n:ping\n\n')).toEqual([
      { kind: 'comment', text: '' },
      { kind: 'comment', text: 'heartbeat' },
      { kind: 'comment', text: 'ping' },
    ]);
  });

  it('does not dispatch an event without data, and resets the event name after each block', () => {
    const parser = new SseParser();
    expect(parser.feed('event: ready\n\ndata: x\n\n')).toEqual([
      { kind: 'event', event: 'message', data: 'x', lastEventId: '' },
    ]);
  });

  it('keeps the last event id for later events, ignores ids with NUL and unknown fields', () => {
    const parser = new SseParser();
    const out = events(
      parser.feed('id: 1\ndata: a\n\ndata: b\n\nid: 2\u0000\nfoo: bar\ndata: c\n\nid\ndata: d\n\n'),
    );
    expect(out.map((e) => [e.data, e.lastEventId])).toEqual([
      ['a', '1'],
      ['b', '1'],
      ['c', '1'],
      ['d', ''],
    ]);
  });

  it('takes only a numeric retry', () => {
    const parser = new SseParser();
    parser.feed('retry: 3000\n\nretry: soon\n\nretry: 2.5\n\n');
    expect(parser.retryMs).toBe(3000);
  });

  it('skips a leading byte order mark once', () => {
    const parser = new SseParser();
    expect(events(parser.feed('\uFEFFdata: a\n\n'))).toHaveLength(1);
    expect(events(parser.feed('\uFEFFdata: b\n\n'))).toEqual([]);
  });

  it('drops an event the stream ended in the middle of, but a held-back CR still ends its line', () => {
    const parser = new SseParser();
    expect(parser.feed('data: complete\n\ndata: cut off\n')).toHaveLength(1);
    expect(parser.end()).toEqual([]);
    const cr = new SseParser();
    expect(cr.feed('data: last\r\r')).toEqual([]);
    expect(cr.end()).toEqual([{ kind: 'event', event: 'message', data: 'last', lastEventId: '' }]);
  });
});
