import { parentPort } from 'node:worker_threads';
import { renderInvoicePdf, type InvoicePdfInput } from './pdf.ts';

/**
 * The PDF renderer's thread (pdf-thread.ts starts it): rendering a long invoice takes seconds of CPU, which here
 * does not hold up the server's requests. One message in, one answer out, matched by id.
 */
parentPort?.on('message', (message: { id: number; input: InvoicePdfInput }) => {
  renderInvoicePdf(message.input).then(
    (bytes) => {
      const copy = new Uint8Array(bytes);
      parentPort!.postMessage({ id: message.id, bytes: copy }, [copy.buffer]);
    },
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) }),
  );
});
parentPort?.postMessage({ ready: true });
