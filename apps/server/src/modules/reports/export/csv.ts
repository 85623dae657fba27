import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ReportColumn, ReportValue } from '@lbs/contracts';
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

/** How many distinct texts per column keep their quoted form. */
const KNOWN_TEXTS = 10_000;

/** Lines per write. */
const LINES_PER_CHUNK = 250;

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
  // guard, so they skip csvCell. Texts repeat (an employee's name on each of their positions): each distinct one is
  // quoted once and remembered, up to a bound (a million rows' worth of regular expressions otherwise).
  const fields = columns.map((c, i): ((value: ReportValue) => string) => {
    const cell = cells[i]!;
    if (PRINTED.has(c.type)) return cell;
    const known = new Map<string, string>();
    return (value) => {
      const text = cell(value);
      let field = known.get(text);
      if (field === undefined) {
        field = csvCell(text);
        if (known.size < KNOWN_TEXTS) known.set(text, field);
      }
      return field;
    };
  });
  const keys = columns.map((c) => c.key);
  /** Encoded once: its length is the bytes written, and the stream takes the buffer as it is. */
  const send = (chunk: string) => {
    const buffer = Buffer.from(chunk);
    out.write(buffer);
    return buffer.length;
  };
  let bytes = send(`\uFEFF${columns.map((c) => csvCell(texts.column(source.key, c))).join(',')}\r\n`);
  let rows = 0;
  for await (const batch of source.batches(options.batchSize)) {
    options.signal?.throwIfAborted();
    // Written every LINES_PER_CHUNK lines: the text of a whole batch would outlive the young generation and leave
    // its pieces to the old one (the export's memory would grow with the heap, not with its data).
    let chunk = '';
    for (let r = 0; r < batch.length; r++) {
      const row = batch[r]!;
      chunk += fields[0]!(row[keys[0]!] ?? null);
      for (let i = 1; i < keys.length; i++) chunk += `,${fields[i]!(row[keys[i]!] ?? null)}`;
      chunk += '\r\n';
      if (r % LINES_PER_CHUNK === LINES_PER_CHUNK - 1) {
        bytes += send(chunk);
        chunk = '';
      }
    }
    if (chunk) bytes += send(chunk);
    rows += batch.length;
    // The file's reader is slower than the database: wait for it rather than queue the file in memory.
    if ((out as Writable).writableNeedDrain) await once(out, 'drain');
    await options.onRows?.(rows);
  }
  return { rows, bytes };
}
