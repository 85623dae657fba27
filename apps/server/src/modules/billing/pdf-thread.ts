import { WorkerThread } from '../../lib/worker-thread.ts';
import { renderInvoicePdf, type InvoicePdfInput } from './pdf.ts';

/**
 * Renders invoice PDFs on a worker thread (pdf-worker.ts; in the production build its own bundle beside the server's,
 * scripts/build.mjs), so the seconds a long invoice takes do not stall the server's requests and jobs.
 */
const thread = new WorkerThread<InvoicePdfInput, Uint8Array>(
  import.meta.url.endsWith('.js')
    ? new URL('./pdf-worker.js', import.meta.url)
    : new URL('./pdf-worker.ts', import.meta.url),
  (input) => renderInvoicePdf(input),
);

export async function renderPdf(input: InvoicePdfInput): Promise<Buffer> {
  const bytes = await thread.run(input);
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Whether renders go to the worker thread (false: this runtime could not start it, they happen in place). */
export function pdfThreadRunning(): Promise<boolean> {
  return thread.running();
}
