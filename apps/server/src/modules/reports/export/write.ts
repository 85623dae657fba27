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
