import { PassThrough } from 'node:stream';
import type { ReportFormat } from '@lbs/contracts';
import type { ExportSource } from '../engine.ts';
import { writeCsv } from './csv.ts';
import { writePdf } from './pdf.ts';
import { writeXlsx } from './xlsx.ts';
import type { ReportTextsOf } from './texts.ts';

export interface ExportOptions {
  texts: ReportTextsOf;
  out: NodeJS.WritableStream;
  signal?: AbortSignal;
  /** Called after each batch with the rows written so far (export jobs report progress with it). */
  onRows?: (rows: number) => void | Promise<void>;
  batchSize?: number;
}

export interface ExportResult {
  rows: number;
  bytes: number;
}

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/**
 * Writes a report (or a list) in a format to a stream, batch by batch (a PDF, at most REPORT_EXPORT_ROWS_MAX.pdf rows, is
 * laid out whole). The writer does not end `out`: its caller does, once the result is back.
 */
export async function writeReport(
  format: ReportFormat,
  source: ExportSource,
  options: ExportOptions,
): Promise<ExportResult> {
  switch (format) {
    case 'csv':
      return writeCsv(source, options);
    case 'xlsx':
      return writeXlsx(source, options);
    case 'pdf':
      return writePdf(source, options);
  }
}

/** `locationHistory-2026-03-01-2026-03-31.csv` */
export function exportFileName(source: ExportSource, format: ReportFormat): string {
  const { from, to } = source.context;
  return `${source.key.replace(/^list\./, '')}-${from === to ? from : `${from}-${to}`}.${format}`;
}

/**
 * A download answered as the file is written: the stream a route sends, its type and name. The writer stops at its
 * next batch when the client goes away (the stream closes), and a writer's error ends the response.
 */
export function streamExport(format: ReportFormat, source: ExportSource, texts: ReportTextsOf) {
  const out = new PassThrough();
  const controller = new AbortController();
  out.on('close', () => controller.abort());
  writeReport(format, source, { texts, out, signal: controller.signal })
    .then(() => out.end())
    .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return { stream: out, contentType: CONTENT_TYPES[format], fileName: exportFileName(source, format) };
}
