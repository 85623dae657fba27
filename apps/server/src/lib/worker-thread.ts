import { Worker, parentPort } from 'node:worker_threads';

/**
 * Work that takes seconds of CPU (a PDF's layout) on a worker thread of its own, so that requests and jobs beside it
 * are not held up. A task is one async function, `(input, emit, signal) => result`: the worker file serves it
 * (`serveThread`), and the server calls it through a `WorkerThread`, which starts the thread on first use and shares
 * it. Bytes the task emits as it goes arrive through `onChunk` in order, before its result. Where the thread cannot
 * start (a runtime that cannot load the worker's TypeScript), the task runs in the calling thread: the same function,
 * so the same output.
 */
export type ThreadTask<I, O> = (
  input: I,
  emit: (chunk: Uint8Array) => void,
  signal: AbortSignal,
) => Promise<O>;

export interface ThreadCall {
  /** Bytes the task emits, in order (not called once the call has failed or its signal aborted). */
  onChunk?: (chunk: Uint8Array) => void;
  /** Stops the task at its next check; the call rejects with the signal's reason at once. */
  signal?: AbortSignal;
}

type ToThread = { id: number; input: unknown } | { id: number; cancel: true };
type FromThread =
  | { ready: true }
  | { id: number; chunk: Uint8Array }
  | { id: number; result: unknown }
  | { id: number; error: string };

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  onChunk?: (chunk: Uint8Array) => void;
}

/** A value's bytes in a buffer of their own, so they can be moved to the other thread rather than copied. */
function movable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

export class WorkerThread<I, O> {
  private thread: Promise<Worker | null> | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();

  /**
   * @param url the worker file: its built `.js` beside the bundle in production, its `.ts` source otherwise.
   * @param task the function the worker serves, run here where the thread cannot start.
   */
  constructor(
    private readonly url: URL,
    private readonly task: ThreadTask<I, O>,
  ) {}

  /** Whether calls go to the worker thread (false: this runtime could not start it, they run in place). */
  async running(): Promise<boolean> {
    this.thread ??= this.start();
    return (await this.thread) !== null;
  }

  async run(input: I, call: ThreadCall = {}): Promise<O> {
    const { signal, onChunk } = call;
    signal?.throwIfAborted();
    this.thread ??= this.start();
    const worker = await this.thread;
    if (!worker) return this.task(input, (chunk) => onChunk?.(chunk), signal ?? new AbortController().signal);
    signal?.throwIfAborted();
    const id = this.nextId++;
    let cancel = () => {};
    const result = new Promise<O>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject, onChunk });
      cancel = () => {
        if (!this.waiting.delete(id)) return;
        worker.postMessage({ id, cancel: true } satisfies ToThread);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', cancel, { once: true });
      worker.ref();
      worker.postMessage({ id, input } satisfies ToThread);
    });
    return result.finally(() => {
      signal?.removeEventListener('abort', cancel);
      if (this.waiting.size === 0) worker.unref();
    });
  }

  private start(): Promise<Worker | null> {
    return new Promise((resolve) => {
      let worker: Worker;
      try {
        if (this.url.pathname.endsWith('.js')) {
          worker = new Worker(this.url, { execArgv: [] });
        } else {
          // From the TypeScript sources: loaded through tsx's API (a worker does not inherit the `--import tsx`
          // hooks on Node 20).
          const href = JSON.stringify(this.url.href);
          worker = new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`, {
            eval: true,
            execArgv: [],
          });
        }
      } catch {
        resolve(null);
        return;
      }
      worker.unref();
      let ready = false;
      worker.on('message', (message: FromThread) => {
        if ('ready' in message) {
          ready = true;
          resolve(worker);
          return;
        }
        const entry = this.waiting.get(message.id);
        if (!entry) return; // cancelled: what it still sends is dropped
        if ('chunk' in message) {
          entry.onChunk?.(message.chunk);
          return;
        }
        this.waiting.delete(message.id);
        if ('error' in message) entry.reject(new Error(message.error));
        else entry.resolve(message.result);
      });
      const fail = (error: Error) => {
        // Not started: run in place from now on. Died later: what waited fails, the next call starts a new thread.
        if (!ready) resolve(null);
        else this.thread = undefined;
        for (const entry of this.waiting.values()) entry.reject(error);
        this.waiting.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (code !== 0) fail(new Error(`the worker thread stopped (exit ${code})`));
      });
    });
  }
}

/** The worker file's side: serves `task` to the thread that started this one (one call per message, matched by id). */
export function serveThread<I, O>(task: ThreadTask<I, O>): void {
  const port = parentPort;
  if (!port) return;
  const running = new Map<number, AbortController>();
  port.on('message', (message: ToThread) => {
    if ('cancel' in message) {
      running.get(message.id)?.abort(new Error('cancelled'));
      return;
    }
    const { id } = message;
    const controller = new AbortController();
    running.set(id, controller);
    const emit = (chunk: Uint8Array) => {
      const own = movable(chunk);
      port.postMessage({ id, chunk: own } satisfies FromThread, [own.buffer]);
    };
    task(message.input as I, emit, controller.signal)
      .then(
        (result) => {
          if (result instanceof Uint8Array) {
            const own = movable(result);
            port.postMessage({ id, result: own } satisfies FromThread, [own.buffer]);
          } else port.postMessage({ id, result } satisfies FromThread);
        },
        (error: unknown) =>
          port.postMessage({
            id,
            error: error instanceof Error ? error.message : String(error),
          } satisfies FromThread),
      )
      .finally(() => running.delete(id));
  });
  port.postMessage({ ready: true } satisfies FromThread);
}
