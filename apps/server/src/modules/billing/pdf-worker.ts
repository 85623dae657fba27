import { serveThread } from '../../lib/worker-thread.ts';
import { renderInvoicePdf, type InvoicePdfInput } from './pdf.ts';

/**
 * The invoice PDF's thread (pdf-thread.ts starts it): rendering a long invoice takes seconds of CPU, which here does
 * not hold up the server's requests.
 */
serveThread((input: InvoicePdfInput) => renderInvoicePdf(input));
