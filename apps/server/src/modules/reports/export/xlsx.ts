import { once } from 'node:events';
import { Transform, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { ReportColumn, ReportRow, ReportValue } from '@lbs/contracts';
import type { ExportSource } from '../engine.ts';
import { zonedClock } from './cells.ts';
import { contextLines } from './header.ts';
import type { ReportTextsOf } from './texts.ts';
import type { ExportOptions, ExportResult } from './write.ts';

/** Column width (characters) per type: wide enough for the values, at least the header. */
const WIDTH: Record<ReportColumn['type'], number> = {
  text: 24,
  msisdn: 16,
  enum: 20,
  integer: 10,
  number: 12,
  percent: 10,
  datetime: 20,
  date: 12,
  duration: 12,
  money: 16,
  coordinate: 12,
  boolean: 8,
};

/** The number format of a column's cells (money's depends on the row's currency: see cellOf). */
function numFmtOf(column: ReportColumn): string | undefined {
  switch (column.type) {
    case 'integer':
      return '0';
    case 'number':
      return column.decimals === undefined ? undefined : `0.${'0'.repeat(column.decimals)}`;
    case 'percent':
      return '0.0%';
    case 'datetime':
      return 'yyyy-mm-dd hh:mm:ss';
    case 'date':
      return 'yyyy-mm-dd';
    case 'duration':
      return '[h]:mm:ss';
    case 'coordinate':
      return '0.000000';
    case 'money':
      return '#,##0.00';
    default:
      return undefined;
  }
}

/** `1234.50`, `EUR` → `#,##0.00 "EUR"` (as many decimals as the amount is written with). */
function moneyFormat(amount: string, currency: ReportValue): string {
  const decimals = amount.includes('.') ? amount.length - amount.indexOf('.') - 1 : 0;
  const pattern = decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? `${pattern} "${currency}"` : pattern;
}

type CellOf = (value: ReportValue, row: ReportRow) => { value: ExcelJS.CellValue; numFmt?: string };

/**
 * Each column's value as a typed cell: numbers as numbers, instants as Excel date-times on the company's wall clock
 * (Excel has no time zones: the header sheet names the zone), days as dates, durations as fractions of a day shown
 * [h]:mm:ss, percentages as fractions shown 0.0 %, money as a number in its currency's format, enumerated values and
 * yes/no translated.
 */
function cellsOf(columns: readonly ReportColumn[], texts: ReportTextsOf, timeZone: string): CellOf[] {
  const clock = zonedClock(timeZone);
  /** An enumerated value's text, looked up once per value. */
  const translated = (enumOf: string) => {
    const known = new Map<string, string>();
    return (v: ReportValue) => {
      const value = String(v);
      let text = known.get(value);
      if (text === undefined) known.set(value, (text = texts.enumValue(enumOf, value)));
      return text;
    };
  };
  return columns.map((column): CellOf => {
    const plain = (convert: (v: ReportValue) => ExcelJS.CellValue): CellOf => {
      return (v) => ({ value: v === null ? null : convert(v) });
    };
    switch (column.type) {
      case 'integer':
      case 'number':
      case 'coordinate':
        return plain((v) => Number(v));
      case 'percent':
        return plain((v) => Number(v) / 100);
      case 'duration':
        return plain((v) => Number(v) / 86_400);
      case 'datetime':
        return plain((v) => clock.wall(String(v)));
      case 'date':
        return plain((v) => new Date(`${String(v).slice(0, 10)}T00:00:00Z`));
      case 'money':
        return (v, row) =>
          v === null
            ? { value: null }
            : {
                value: Number(v),
                numFmt: moneyFormat(
                  String(v),
                  column.currencyColumn ? (row[column.currencyColumn] ?? null) : null,
                ),
              };
      case 'enum':
        return plain(translated(column.enumOf ?? ''));
      case 'boolean':
        return plain(translated('boolean'));
      default:
        return plain((v) => String(v));
    }
  });
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Report';
}

/**
 * The report as an XLSX workbook, streamed: exceljs's WorkbookWriter commits each row as it is written, so the
 * sheet never sits in memory whatever its length. The first sheet holds the rows under a bold, frozen header row
 * (right-to-left in Arabic); a second sheet says what they are (company, scope, period, time zone).
 */
export async function writeXlsx(source: ExportSource, options: ExportOptions): Promise<ExportResult> {
  const { texts, out } = options;
  const columns = source.columns;
  const cells = cellsOf(columns, texts, source.context.timeZone);
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  counter.pipe(out as Writable, { end: false });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: counter,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'LBS Portal';
  const views: Partial<ExcelJS.WorksheetView>[] = [
    { rightToLeft: texts.rtl, state: 'frozen', xSplit: 0, ySplit: 1 },
  ];
  const sheet = workbook.addWorksheet(sheetName(texts.title(source.key)), { views });
  const headers = columns.map((c) => texts.column(source.key, c));
  sheet.columns = columns.map((column, i) => {
    const numFmt = numFmtOf(column);
    return {
      key: column.key,
      width: Math.max(WIDTH[column.type], Math.min(40, headers[i]!.length + 2)),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  header.commit();

  let rows = 0;
  for await (const batch of source.batches(options.batchSize)) {
    options.signal?.throwIfAborted();
    for (const data of batch) {
      const row = sheet.addRow([]);
      for (let i = 0; i < columns.length; i++) {
        const cell = cells[i]!(data[columns[i]!.key] ?? null, data);
        const target = row.getCell(i + 1);
        target.value = cell.value;
        if (cell.numFmt) target.numFmt = cell.numFmt;
      }
      row.commit();
    }
    rows += batch.length;
    // The file's reader is slower than the database: wait for it rather than queue the sheet in memory.
    if ((out as Writable).writableNeedDrain) await once(out, 'drain');
    await options.onRows?.(rows);
  }
  sheet.commit();

  const about = workbook.addWorksheet(sheetName(texts.text('reports.export.details')), {
    views: [{ rightToLeft: texts.rtl }],
  });
  about.columns = [{ width: 20 }, { width: 48 }];
  const title = about.addRow([texts.title(source.key)]);
  title.font = { bold: true, size: 13 };
  title.commit();
  for (const line of [
    ...contextLines(source.context, texts),
    [texts.text('reports.export.rows'), rows] as const,
  ]) {
    const row = about.addRow([...line]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  about.commit();
  await workbook.commit();
  await finished(counter);
  counter.unpipe(out as Writable);
  return { rows, bytes };
}
