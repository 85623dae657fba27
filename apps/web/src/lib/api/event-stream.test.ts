import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { backoffDelay, openEventStream, type StreamStatus } from './event-stream.ts';
import type { SseEvent } from './sse-parser.ts';

/** A response whose body the test writes to, chunk by chunk. */
function controlledResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

type Connection = ReturnType<typeof controlledResponse>;

/** openEventStream with a scripted request: each call takes the next outcome (a connection or an error). */
function harness(outcomes: (Connection | Error)[], options: { idleTimeoutMs?: number } = {}) {
  const requests: AbortSignal[] = [];
  const statuses: StreamStatus[] = [];
  const events: SseEvent[] = [];
  const request = vi.fn(async (_path: string, signal: AbortSignal) => {
    requests.push(signal);
    const next = outcomes.shift();
    if (!next) return new Promise<Response>(() => {}); // never answers
    if (next instanceof Error) throw next;
    return next.response;
  });
  const stream = openEventStream('/monitor/stream', {
    request,
    random: () => 1, // no jitter: the delay is the ceiling
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
    ...options,
  });
  const states = () => statuses.map((s) => (s.state === 'retrying' ? `retrying:${s.delayMs}` : s.state));
  return { request, requests, statuses, states, events, stream };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the cap, minus up to half as jitter', () => {
    const opts = { initialMs: 1000, maxMs: 30_000 };
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((a) => backoffDelay(a, opts, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(2, opts, () => 0)).toBe(2000);
    expect(backoffDelay(2, opts, () => 0.5)).toBe(3000);
  });
});

describe('openEventStream', () => {
  it('delivers events, and reconnects after the server ends the stream', async () => {
    const first = controlledResponse();
    const second = controlledResponse();
    const h = harness([first, second]);
    await vi.advanceTimersByTimeAsync(0);
    first.push('event: ready\ndata: {}\n\n: heartbeat\n\nevent: position\ndata: {"id":1}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.events.map((e) => e.event)).toEqual(['ready', 'position']);
    first.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.states()).toEqual(['connecting', 'open', 'retrying:1000']);
    expect(h.request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(h.request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.request).toHaveBeenCalledTimes(2);
    second.push('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.events.map((e) => e.event)).toEqual(['ready', 'position', 'ready']);
    expect(h.states().slice(-2)).toEqual(['connecting', 'open']);
    h.stream.close();
  });

  it('backs off exponentially while connecting fails, and starts over once data flows', async () => {
    const down = () => new ApiError(0, 'problem.unavailable');
    const ok = controlledResponse();
    const h = harness([down(), down(), down(), ok, down()]);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(h.request).toHaveBeenCalledTimes(4);
    expect(h.states().filter((s) => s.startsWith('retrying'))).toEqual([
      'retrying:1000',
      'retrying:2000',
      'retrying:4000',
    ]);
    ok.push('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    ok.end();
    await vi.advanceTimersByTimeAsync(0);
    // Data arrived on that connection: the next delay is the initial one again.
    expect(h.states().at(-1)).toBe('retrying:1000');
    h.stream.close();
  });

  it('uses the server’s retry: as the base delay', async () => {
    const c = controlledResponse();
    const h = harness([c]);
    await vi.advanceTimersByTimeAsync(0);
    c.push('retry: 5000\nevent: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    c.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.states().at(-1)).toBe('retrying:5000');
    h.stream.close();
  });

  it.each([401, 403])('gives up on %i (the refresh could not cure it): no reconnect', async (status) => {
    const h = harness([new ApiError(status, status === 401 ? 'auth.unauthorized' : 'auth.forbidden')]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.request).toHaveBeenCalledTimes(1);
    expect(h.states()).toEqual(['connecting', 'failed']);
  });

  it('drops a connection that stays silent past the idle timeout and connects again', async () => {
    const silent = controlledResponse();
    const next = controlledResponse();
    const h = harness([silent, next], { idleTimeoutMs: 45_000 });
    await vi.advanceTimersByTimeAsync(0);
    silent.push(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(44_000);
    silent.push(': heartbeat\n\n'); // a heartbeat re-arms the timeout
    await vi.advanceTimersByTimeAsync(44_000);
    expect(h.request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.requests[0]!.aborted).toBe(true);
    expect(h.states().at(-1)).toBe('retrying:1000');
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.request).toHaveBeenCalledTimes(2);
    h.stream.close();
  });

  it('close() aborts the connection and stops for good', async () => {
    const c = controlledResponse();
    const h = harness([c, controlledResponse()]);
    await vi.advanceTimersByTimeAsync(0);
    h.stream.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.requests[0]!.aborted).toBe(true);
    expect(h.request).toHaveBeenCalledTimes(1);
    expect(h.states().at(-1)).toBe('closed');
  });
});
