/**
 * A server-sent event stream of the backend, read with fetch() so it carries the bearer token (EventSource cannot
 * send an Authorization header), kept open across network trouble:
 *
 *   const stream = openEventStream('/monitor/stream', {
 *     onEvent: (e) => e.event === 'position' && apply(JSON.parse(e.data)),
 *     onStatus: (s) => setStatus(s),           // connecting → open → retrying (with the delay) → open …
 *   });
 *   stream.close();
 *
 * Reconnects with exponential backoff and jitter (the base is the server's `retry:` when it sent one), and treats
 * a stream that stays silent longer than `idleTimeoutMs` (no event, no heartbeat comment) as dead. A 401 that the
 * token refresh cannot cure, or a 403, stops it for good (`failed`): asking again would not help.
 */
import { ApiError } from './api-error.ts';
import { apiRequestRaw } from './client.ts';
import { SseParser, type SseEvent } from './sse-parser.ts';

export type StreamStatus =
  | { state: 'connecting'; attempt: number }
  | { state: 'open' }
  | { state: 'retrying'; attempt: number; delayMs: number; error: unknown }
  | { state: 'failed'; error: unknown }
  | { state: 'closed' };

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, maxMs: 30_000 };

/**
 * Delay before reconnect number `attempt` (0 = the first after a drop): initial · 2^attempt capped at max, of
 * which a random half is taken away so that many tabs do not come back in the same instant.
 */
export function backoffDelay(
  attempt: number,
  { initialMs, maxMs }: BackoffOptions,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Errors after which reconnecting cannot succeed. */
export function isFatalStreamError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);
}

export interface EventStreamOptions {
  onEvent: (event: SseEvent) => void;
  onStatus?: (status: StreamStatus) => void;
  backoff?: BackoffOptions;
  /** Silence (no bytes at all) after which the connection is dropped and made again. */
  idleTimeoutMs?: number;
  /** The request; tests replace it. Must reject with ApiError for an error status. */
  request?: (path: string, signal: AbortSignal) => Promise<Response>;
  random?: () => number;
}

export interface EventStream {
  close(): void;
}

const defaultRequest = (path: string, signal: AbortSignal) => apiRequestRaw(path, { signal });

class IdleTimeout extends Error {
  override name = 'IdleTimeout';
}

export function openEventStream(path: string, options: EventStreamOptions): EventStream {
  const {
    onEvent,
    onStatus = () => {},
    backoff = DEFAULT_BACKOFF,
    idleTimeoutMs = 45_000,
    request = defaultRequest,
    random,
  } = options;
  const life = new AbortController();
  let retryBaseMs: number | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      life.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });

  /** One connection: resolves when the server ends the stream, rejects on any failure. */
  const connect = async (onData: () => void) => {
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    life.signal.addEventListener('abort', abortAttempt, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    let idleFired = false;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        idleFired = true;
        attempt.abort();
      }, idleTimeoutMs);
    };
    try {
      armIdle();
      const response = await request(path, attempt.signal);
      if (!response.body) throw new ApiError(0, 'problem.unavailable');
      const reader = response.body.getReader();
      // Whatever the body does with the fetch signal, an abort (idle timeout, close) ends the read loop.
      const cancel = () => void reader.cancel().catch(() => {});
      attempt.signal.addEventListener('abort', cancel, { once: true });
      const decoder = new TextDecoder();
      const parser = new SseParser();
      onStatus({ state: 'open' });
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done || attempt.signal.aborted) break;
          armIdle();
          onData();
          for (const item of parser.feed(decoder.decode(value, { stream: true })))
            if (item.kind === 'event') onEvent(item);
          retryBaseMs = parser.retryMs ?? retryBaseMs;
        }
        if (!attempt.signal.aborted)
          for (const item of parser.end()) if (item.kind === 'event') onEvent(item);
      } finally {
        attempt.signal.removeEventListener('abort', cancel);
        cancel();
      }
      if (idleFired) throw new IdleTimeout('no data within the idle timeout');
    } catch (error) {
      if (idleFired && !life.signal.aborted) throw new IdleTimeout('no data within the idle timeout');
      throw error;
    } finally {
      clearTimeout(idle);
      life.signal.removeEventListener('abort', abortAttempt);
    }
  };

  const run = async () => {
    let failures = 0;
    while (!life.signal.aborted) {
      onStatus({ state: 'connecting', attempt: failures });
      let error: unknown = new ApiError(0, 'problem.unavailable');
      try {
        await connect(() => {
          failures = 0;
        });
      } catch (caught) {
        error = caught;
      }
      if (life.signal.aborted) break;
      if (isFatalStreamError(error)) {
        onStatus({ state: 'failed', error });
        return;
      }
      const delayMs = backoffDelay(
        failures,
        { ...backoff, initialMs: Math.max(backoff.initialMs, retryBaseMs ?? 0) },
        random,
      );
      onStatus({ state: 'retrying', attempt: failures, delayMs, error });
      failures++;
      await sleep(delayMs);
    }
    onStatus({ state: 'closed' });
  };
  void run();

  return {
    close: () => life.abort(),
  };
}
