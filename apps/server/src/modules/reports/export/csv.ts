import type { ReportColumn } from '@lbs/contracts';
import type { ExportSource } from '../engine.ts';
import { cellTexts } from './cells.ts';
import type { ExportOptions, ExportResult } from './write.ts';

/**
 * A cell as RFC 4180 wants it, guarded against formula injection: a text a spreadsheet would run (`=`, `+`, `-`, `@`,
 * a tab or a carriage return first) gets a leading apostrophe — except a plain number such as `-12.5`, which stays a
 * number.
 */
export function csvCell(text: string): string {
  let value = text;
  if (/^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value)) value = `'${value}`;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const PRINTED = new Set<ReportColumn['type']>([
  'integer',
  'number',
  'percent',
  'coordinate',
  'duration',
  'datetime',
  'date',
]);

/** The report as CSV: a UTF-8 byte-order mark (Excel then reads Arabic and Chinese right), a header row, CRLF lines. */
export async function writeCsv(source: ExportSource, options: ExportOptions): Promise<ExportResult> {
  const { texts, out } = options;
  const columns = source.columns;
  const cells = cellTexts(columns, texts, source.context.timeZone);
  // Figures, days and times are printed by cells.ts itself (digits, '-', '.', ':' and a space): nothing to quote or
  // guard, so they skip csvCell (a million rows' worth of regular expressions).
  const printed = columns.map((c) => PRINTED.has(c.type));
  const keys = columns.map((c) => c.key);
  let bytes = 0;
  const write = async (chunk: string) => {
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
  };
  await write(`\uFEFF${columns.map((c) => csvCell(texts.column(source.key, c))).join(',')}\r\n`);
  let rows = 0;
  for await (const batch of source.batches(options.batchSize)) {
    options.signal?.throwIfAborted();
    let chunk = '';
    for (const row of batch) {
      let line = '';
      for (let i = 0; i < keys.length; i++) {
        if (i) line += ',';
        const text = cells[i]!(row[keys[i]!] ?? null);
        line += printed[i] ? text : csvCell(text);
      }
      chunk += `${line}\r\n`;
    }
    rows += batch.length;
    await write(chunk);
    await options.onRows?.(rows);
  }
  return { rows, bytes };
}
