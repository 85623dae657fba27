import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MonitorPositions } from '@lbs/contracts';
import { ApiError } from '../../../lib/api/api-error.ts';
import type { StreamStatus } from '../../../lib/api/event-stream.ts';
import type { SseEvent } from '../../../lib/api/sse-parser.ts';
import { startLivePositions, type LiveSource, type LiveState } from './live-positions.ts';
import { PositionsStore, type DirectoryEntry } from './positions-store.ts';
import { entry, position } from './test-fixtures.ts';

const T0 = '2026-11-22T08:00:00.000Z';
const T1 = '2026-11-22T08:05:00.000Z';
const T2 = '2026-11-22T08:10:00.000Z';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A scripted source: positions answers are resolved by the test; the stream is driven by emit(). */
function fakeSource(directory: DirectoryEntry[] = []) {
  const fetches: { since: string | undefined; answer: ReturnType<typeof deferred<MonitorPositions>> }[] = [];
  let handlers: { onEvent: (e: SseEvent) => void; onStatus: (s: StreamStatus) => void } | undefined;
  const close = vi.fn();
  const pages: (number | null)[] = [];
  const source: LiveSource = {
    fetchPositions: (since) => {
      const answer = deferred<MonitorPositions>();
      fetches.push({ since, answer });
      return answer.promise;
    },
    openStream: (h) => {
      handlers = h;
      return { close };
    },
    fetchDirectoryPage: async (after) => {
      pages.push(after);
      // Pages of two in id order, after the given id.
      const rest = directory.filter((e) => after === null || e.id > after);
      const items = rest.slice(0, 2);
      return { items, next: items.length === 2 ? items[1]!.id : null };
    },
  };
  const emit = (event: string, data: unknown) =>
    handlers!.onEvent({
      kind: 'event',
      event,
      data: typeof data === 'string' ? data : JSON.stringify(data),
      lastEventId: '',
    });
  return { source, fetches, emit, status: (s: StreamStatus) => handlers!.onStatus(s), close, pages };
}

const live = (id: number, time: string, patch = {}) => ({
  ...position(id, time, patch),
  positionId: 1000 + id,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startLivePositions', () => {
  it('loads the snapshot, applies live positions, and after every (re)connect fetches what came meanwhile with since', async () => {
    const store = new PositionsStore();
    const f = fakeSource();
    const states: LiveState[] = [];
    const stop = startLivePositions(store, f.source, { onState: (s) => states.push(s) });
    expect(f.fetches.map((x) => x.since)).toEqual([undefined]);
    // The stream is ready before the snapshot answers: the since-refresh waits for it (no overlap).
    f.emit('ready', { heartbeatMs: 15000 });
    f.emit('position', live(2, T1, { lat: 30 }));
    expect(store.get(2)?.fix?.lat).toBe(30);
    expect(f.fetches).toHaveLength(1);
    f.fetches[0]!.answer.resolve({
      items: [position(1, T0), position(2, T0, { lat: 29 })],
      generatedAt: T0,
      cursor: 'e.0',
      full: true,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get(2)?.fix?.lat).toBe(30); // the older snapshot fix did not win
    expect(f.fetches.map((x) => x.since)).toEqual([undefined, 'e.0']);
    f.fetches[1]!.answer.resolve({
      items: [position(1, T1, { lat: 31 })],
      generatedAt: T1,
      cursor: 'e.1',
      full: false,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get(1)?.fix?.lat).toBe(31);
    expect(store.cursor).toBe('e.1');

    // Connection lost, back again: one since-refresh from the last cursor.
    f.status({ state: 'retrying', attempt: 0, delayMs: 1000, error: new ApiError(0, 'problem.unavailable') });
    f.emit('ready', {});
    expect(f.fetches.map((x) => x.since)).toEqual([undefined, 'e.0', 'e.1']);
    f.fetches[2]!.answer.resolve({ items: [position(3, T2)], generatedAt: T2, cursor: 'e.2', full: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get(3)?.fix?.time).toBe(T2);
    expect(states).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    stop();
    expect(f.close).toHaveBeenCalled();
  });

  it('ignores events that are not valid positions', async () => {
    const store = new PositionsStore();
    const f = fakeSource();
    const stop = startLivePositions(store, f.source);
    f.emit('position', '{not json');
    f.emit('position', { msisdnId: 'x' });
    f.emit('something-else', live(1, T0));
    expect(store.size).toBe(0);
    f.emit('position', live(1, T0));
    expect(store.size).toBe(1);
    stop();
  });

  it('tries a failed snapshot again with backoff and reports the error until it succeeds', async () => {
    const store = new PositionsStore();
    const f = fakeSource();
    const errors: unknown[] = [];
    const stop = startLivePositions(store, f.source, { onError: (e) => errors.push(e) }, { random: () => 1 });
    const failure = new ApiError(503, 'problem.unavailable');
    f.fetches[0]!.answer.reject(failure);
    await vi.advanceTimersByTimeAsync(0);
    expect(errors.at(-1)).toBe(failure);
    await vi.advanceTimersByTimeAsync(1999);
    expect(f.fetches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.fetches.map((x) => x.since)).toEqual([undefined, undefined]); // still the full snapshot
    f.fetches[1]!.answer.resolve({ items: [position(1, T0)], generatedAt: T0, cursor: 'e.0', full: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors.at(-1)).toBeNull();
    expect(store.hasSnapshot).toBe(true);
    stop();
  });

  it('reads the whole directory page by page and reloads it later', async () => {
    const store = new PositionsStore();
    const f = fakeSource([entry(1), entry(2), entry(3), entry(4), entry(5)]);
    const stop = startLivePositions(store, f.source, {}, { directoryRefreshMs: 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(f.pages).toEqual([null, 2, 4]);
    expect(store.size).toBe(5);
    expect(store.directoryComplete).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.pages).toHaveLength(6);
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(f.pages).toHaveLength(6);
  });

  it('ends a directory load whose next page does not move forward as a failure, not a loop', async () => {
    const store = new PositionsStore();
    const asked: (number | null)[] = [];
    const errors: unknown[] = [];
    const source: LiveSource = {
      ...fakeSource().source,
      // As a proxy that drops the query string would answer: always the first page.
      fetchDirectoryPage: async (after) => {
        asked.push(after);
        return { items: [entry(1), entry(2)], next: 2 };
      },
    };
    const stop = startLivePositions(
      store,
      source,
      { onError: (e) => errors.push(e) },
      { directoryRefreshMs: 60_000 },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([null, 2]);
    expect(errors).toHaveLength(1);
    expect(store.directoryComplete).toBe(false);
    stop();
  });

  it('reports a stream that cannot be authorized as failed', () => {
    const store = new PositionsStore();
    const f = fakeSource();
    const states: LiveState[] = [];
    const stop = startLivePositions(store, f.source, { onState: (s) => states.push(s) });
    f.status({ state: 'failed', error: new ApiError(403, 'auth.forbidden') });
    expect(states.at(-1)).toBe('failed');
    stop();
  });
});
