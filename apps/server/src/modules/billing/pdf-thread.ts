import { Worker } from 'node:worker_threads';
import { renderInvoicePdf, type InvoicePdfInput } from './pdf.ts';

/**
 * Renders invoice PDFs on a worker thread (pdf-worker.ts), so the seconds a long invoice takes do not stall the
 * server's requests and jobs. The thread starts on first use and is shared; where it cannot start (a runtime that
 * cannot load the worker's TypeScript, e.g. a test runner's transform), rendering happens in the calling thread —
 * the bytes are the same either way.
 */
let thread: Promise<Worker | null> | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();

function startThread(): Promise<Worker | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      if (import.meta.url.endsWith('.js')) {
        // The production build (scripts/build.mjs): the worker is its own bundle beside this one.
        worker = new Worker(new URL('./pdf-worker.js', import.meta.url), { execArgv: [] });
      } else {
        // From the TypeScript sources: loaded through tsx's API (a worker does not inherit the `--import tsx` hooks
        // on Node 20).
        const href = JSON.stringify(new URL('./pdf-worker.ts', import.meta.url).href);
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
    worker.on('message', (message: { ready?: boolean; id?: number; bytes?: Uint8Array; error?: string }) => {
      if (message.ready) {
        ready = true;
        resolve(worker);
        return;
      }
      const entry = waiting.get(message.id!);
      if (!entry) return;
      waiting.delete(message.id!);
      if (message.error !== undefined) entry.reject(new Error(message.error));
      else entry.resolve(Buffer.from(message.bytes!));
    });
    const fail = (error: Error) => {
      // Not started: render here from now on. Died later: what waited fails, the next render starts a new thread.
      if (!ready) resolve(null);
      else thread = undefined;
      for (const entry of waiting.values()) entry.reject(error);
      waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`the PDF thread stopped (exit ${code})`));
    });
  });
}

export async function renderPdf(input: InvoicePdfInput): Promise<Buffer> {
  thread ??= startThread();
  const worker = await thread;
  if (!worker) return renderInvoicePdf(input);
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.ref();
    worker.postMessage({ id, input });
  }).finally(() => {
    if (waiting.size === 0) worker.unref();
  });
}

/** Whether renders go to the worker thread (false: this runtime could not start it, they happen in place). */
export async function pdfThreadRunning(): Promise<boolean> {
  thread ??= startThread();
  return (await thread) !== null;
}
