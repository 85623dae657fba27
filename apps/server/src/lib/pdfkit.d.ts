/** pdfkit ships no typings: the part the report PDFs use (modules/reports/export/pdf.ts) — a readable PDF stream. */
declare module 'pdfkit' {
  import type { Readable } from 'node:stream';

  class PDFDocument extends Readable {
    constructor(options?: Record<string, unknown>);
    end(): this;
  }
  export default PDFDocument;
}
