import { livePositionSchema, MONITOR_STREAM_EVENTS } from '@lbs/contracts';
import { backoffDelay, type StreamStatus } from '../../../lib/api/event-stream.ts';
import type { SseEvent } from '../../../lib/api/sse-parser.ts';
import type { DirectoryEntry, PositionsStore, StoreSnapshot } from './positions-store.ts';

/** The calls the Monitor needs; the page passes the real ones (api/), tests pass fakes. */
export interface LiveSource {
  fetchPositions(since: string | undefined, signal: AbortSignal): Promise<StoreSnapshot>;
  openStream(handlers: { onEvent: (event: SseEvent) => void; onStatus: (status: StreamStatus) => void }): {
    close(): void;
  };
  /** One page of the MSISDN directory: the first with `after` null, each next with the previous page's `next`. */
  fetchDirectoryPage(
    after: number | null,
    signal: AbortSignal,
  ): Promise<{ items: DirectoryEntry[]; next: number | null }>;
}

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'failed';

export interface LiveCallbacks {
  onState?: (state: LiveState) => void;
  /** A snapshot/refresh or directory failure (null once a later call succeeds). */
  onError?: (error: unknown) => void;
}

export interface LiveOptions {
  /** The directory (consent, designation, MSISDNs without a fix) is reloaded this often. */
  directoryRefreshMs?: number;
  random?: () => number;
}

/**
 * Keeps `store` current: the full snapshot first, then the live stream; every time the stream is (re)established
 * (`ready`) what changed meanwhile is fetched with `since` = the last answer's cursor (the server answers only the
 * changes, or everything when it cannot use the cursor), so a dropped connection loses nothing and reloads nothing. Refreshes never overlap: a request made while one runs is served after it. A failed
 * refresh is tried again with backoff. Returns the stop function.
 */
export function startLivePositions(
  store: PositionsStore,
  source: LiveSource,
  callbacks: LiveCallbacks = {},
  options: LiveOptions = {},
): () => void {
  const { onState = () => {}, onError = () => {} } = callbacks;
  const { directoryRefreshMs = 10 * 60_000, random } = options;
  const life = new AbortController();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  let refreshing = false;
  let pending = false;
  let failures = 0;
  const refresh = async () => {
    pending = true;
    if (refreshing) return;
    refreshing = true;
    try {
      while (pending && !life.signal.aborted) {
        pending = false;
        const requestedAt = Date.now();
        try {
          const body = await source.fetchPositions(store.hasSnapshot ? store.cursor : undefined, life.signal);
          if (life.signal.aborted) return;
          store.applySnapshot(body, { requestedAt });
          failures = 0;
          onError(null);
        } catch (error) {
          if (life.signal.aborted) return;
          onError(error);
          later(() => void refresh(), backoffDelay(failures++, { initialMs: 2000, maxMs: 60_000 }, random));
          return;
        }
      }
    } finally {
      refreshing = false;
    }
  };

  const onEvent = (event: SseEvent) => {
    if (event.event === MONITOR_STREAM_EVENTS.ready) {
      onState('live');
      void refresh();
      return;
    }
    if (event.event !== MONITOR_STREAM_EVENTS.position) return;
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      return;
    }
    const parsed = livePositionSchema.safeParse(json);
    if (parsed.success) store.applyPosition(parsed.data);
  };

  const onStatus = (status: StreamStatus) => {
    if (status.state === 'retrying') onState('reconnecting');
    else if (status.state === 'failed') onState('failed');
    else if (status.state === 'connecting' && status.attempt === 0 && !store.hasSnapshot)
      onState('connecting');
  };

  const loadDirectory = async () => {
    try {
      // Keyset pages, one after another, each from where the previous one stopped (no count, nothing skipped: 20
      // requests for 100,000 numbers). The next page is asked for before this one is applied, so the server builds
      // it meanwhile. A `next` that does not move forward (a proxy that drops the query) ends the load as a failure
      // instead of asking for the same page forever.
      const all = new Set<number>();
      type Page = Awaited<ReturnType<LiveSource['fetchDirectoryPage']>>;
      let after = 0;
      let coming: Promise<Page> | null = source.fetchDirectoryPage(null, life.signal);
      while (coming) {
        const page: Page = await coming;
        if (life.signal.aborted) return;
        if (page.next !== null && page.next <= after) throw new Error('the directory did not move forward');
        after = page.next ?? after;
        coming = page.next === null ? null : source.fetchDirectoryPage(page.next, life.signal);
        // A failure of the page asked for ahead is seen when it is awaited, not as an unhandled rejection now.
        coming?.catch(() => undefined);
        for (const e of page.items) all.add(e.id);
        store.applyDirectory(page.items);
      }
      if (life.signal.aborted) return;
      store.applyDirectory([], { complete: true, all });
    } catch (error) {
      if (!life.signal.aborted) onError(error);
    } finally {
      if (!life.signal.aborted) later(() => void loadDirectory(), directoryRefreshMs);
    }
  };

  onState('connecting');
  void refresh();
  void loadDirectory();
  const stream = source.openStream({ onEvent, onStatus });

  return () => {
    life.abort();
    stream.close();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
