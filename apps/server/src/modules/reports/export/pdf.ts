/**
 * A report as a PDF: landscape A4 pages of a table, rendered with @react-pdf/renderer and the same Noto fonts as the
 * invoices (lib/pdf-fonts.ts), so Arabic is shaped and keeps its word order and Chinese names print. Each page
 * repeats the title, what the rows are (company, scope, period, time zone) and the column headings, and ends with
 * "Page X of Y"; in Arabic the layout runs right to left. A PDF holds at most REPORT_EXPORT_ROWS_MAX.pdf rows (the
 * service refuses more before it starts): the document is laid out whole, unlike CSV and XLSX.
 *
 * The server's tsconfig does not compile JSX, so the document is built with `createElement`.
 */
// pdfkit ships no typings (lib/pdfkit.d.ts); referenced here so the packages compiling this file (bench) see them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../lib/pdfkit.d.ts" />
import { Writable } from 'node:stream';
import layoutPages from '@react-pdf/layout';
import renderPages from '@react-pdf/render';
import { Document, Font, Page, Text, View, pdf } from '@react-pdf/renderer';
import PDFDocument from 'pdfkit';
import type { Style } from '@react-pdf/types';
import { createElement as el, type ReactElement } from 'react';
import { REPORT_EXPORT_ROWS_MAX, type ReportColumn } from '@lbs/contracts';
import { pdfFontStack, pdfTextDirection, preparePdfFonts } from '../../../lib/pdf-fonts.ts';
import { WorkerThread, type ThreadTask } from '../../../lib/worker-thread.ts';
import type { ExportSource } from '../engine.ts';
import { cellTexts } from './cells.ts';
import { contextLines } from './header.ts';
import type { ReportTextsOf } from './texts.ts';
import type { ExportOptions, ExportResult } from './write.ts';

/** Share per column type of the table's width left beyond the columns' longest words (columnWidths). */
const WEIGHT: Record<ReportColumn['type'], number> = {
  text: 3,
  msisdn: 2.2,
  enum: 2,
  integer: 1,
  number: 1.3,
  percent: 1,
  datetime: 2.4,
  date: 1.5,
  duration: 1.3,
  money: 1.7,
  coordinate: 1.5,
  boolean: 1,
};

/** Types whose values line up on the end side (right, or left in Arabic), like figures in a ledger. */
const NUMERIC = new Set<ReportColumn['type']>([
  'integer',
  'number',
  'percent',
  'duration',
  'money',
  'coordinate',
]);
/** Types whose values read left to right in every layout (numbers, codes, times). */
const LEFT_TO_RIGHT = new Set<ReportColumn['type']>([...NUMERIC, 'msisdn', 'datetime', 'date']);

const COLOR = { text: '#1f2933', muted: '#6b7480', rule: '#d5dae0', band: '#eef2f6', accent: '#0b4f8a' };
const FONT_SIZE = 7.5;
const LINE_HEIGHT = 1.3;

export interface ReportPdfInput {
  title: string;
  rtl: boolean;
  locale: string;
  /** Label–value lines under the title. */
  context: [string, string][];
  columns: { header: string; type: ReportColumn['type'] }[];
  /** Each row's cells as printed, in column order. */
  rows: string[][];
  /** `Page {{page}} of {{pages}}` in the reader's language. */
  pageText: string;
}

/** Landscape A4 in points, and the page's margins. */
const PAGE = { width: 841.89, height: 595.28, top: 28, bottom: 44, side: 36 };
/** The title and context block at the top of every page (fixed height: two lines of context fit). */
const HEADER_HEIGHT = 62;
const LINE = FONT_SIZE * LINE_HEIGHT;
/**
 * Pages laid out at a time. react-pdf lays out a whole document in memory (a 5,000-row table took 2 GB); laying out
 * a few pages at a time into one pdfkit document keeps memory flat, and our own pagination (paginate) knows every
 * page beforehand, so nothing is split across a chunk. Between chunks the event loop runs (a chunk of four pages, about
 * 70 rows, takes some 0.3 s of CPU), so a cancelled export stops there; the layout runs on the PDF thread (writePdf),
 * where it holds up no request or job of the server's.
 */
const PAGES_PER_LAYOUT = 4;
/** react-pdf's layout takes the font store as a second argument (its typings name only the first). */
const layoutDocument = layoutPages as unknown as (
  document: unknown,
  fonts: typeof Font,
) => Promise<Parameters<typeof renderPages>[1]>;
const CELL_PADDING = { x: 3, y: 2 };
/** A cell shows at most this many lines (a longer text ends with an ellipsis). */
const MAX_LINES = 3;
const WIDE_CHAR =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;

/** A Latin or Arabic character's width, erring on the high side: 0.62 em (0.68 in bold); a Chinese one is 1 em. */
const narrowOf = (bold: boolean) => FONT_SIZE * (bold ? 0.68 : 0.62);
/** The width of a run of text without a space in it (points). */
function wordWidth(word: string, bold = false): number {
  const narrow = narrowOf(bold);
  let w = 0;
  for (const char of word) w += WIDE_CHAR.test(char) ? FONT_SIZE : narrow;
  return w;
}

/** Lines a text takes in a column `width` points wide, wrapped between words (widths as wordWidth's). */
function linesOf(text: string, width: number, bold = false): number {
  const narrow = narrowOf(bold);
  const measure = (word: string) => wordWidth(word, bold);
  let lines = 1;
  let used = 0;
  for (const word of text.split(' ')) {
    const w = measure(word);
    const needed = used === 0 ? w : used + narrow + w;
    if (needed <= width) used = needed;
    else if (used === 0) {
      lines += Math.ceil(w / width) - 1;
      used = w % width;
    } else {
      lines += Math.ceil(w / width);
      used = w % width || width;
    }
  }
  return Math.min(MAX_LINES, lines);
}

/** Rows read for the columns' least widths (a report's values are alike down a column). */
const WIDTH_SAMPLE_ROWS = 1000;
/** No column takes more than this share of the table for its longest word or line (a longer one wraps or runs over). */
const WIDEST_SHARE = 0.3;

/**
 * The columns' widths across `tableWidth` points, as a browser lays out a table: each at least its longest word (the
 * heading's in bold, the values' of the first rows) so that a phone number or a heading such as "Confidence" does not
 * run into the next column; then toward the width that prints its values and heading on one line, every column the
 * same share of its way there; what is left beyond that goes by type (a text column takes three times an integer's
 * share). When the least widths alone are wider than the table, every column gives up the same share of its own.
 */
export function columnWidths(
  columns: readonly { header: string; type: ReportColumn['type'] }[],
  rows: readonly (readonly string[])[],
  tableWidth: number,
): number[] {
  const cap = tableWidth * WIDEST_SHARE;
  const padding = 2 * CELL_PADDING.x;
  const longestWord = (text: string, bold = false) => {
    let widest = 0;
    for (const word of text.split(' ')) widest = Math.max(widest, wordWidth(word, bold));
    return widest;
  };
  const sample = rows.slice(0, WIDTH_SAMPLE_ROWS);
  const least: number[] = [];
  const whole: number[] = [];
  columns.forEach((column, i) => {
    let word = longestWord(column.header, true);
    let line = wordWidth(column.header, true);
    for (const cells of sample) {
      const value = cells[i] ?? '';
      word = Math.max(word, longestWord(value));
      line = Math.max(line, wordWidth(value));
    }
    least.push(Math.min(word, cap) + padding);
    whole.push(Math.max(Math.min(word, cap), Math.min(line, cap)) + padding);
  });
  const sum = (list: number[]) => list.reduce((total, w) => total + w, 0);
  const leastSum = sum(least);
  if (leastSum >= tableWidth) return least.map((w) => (w / leastSum) * tableWidth);
  const wholeSum = sum(whole);
  if (wholeSum > tableWidth) {
    const share = (tableWidth - leastSum) / (wholeSum - leastSum);
    return least.map((w, i) => w + (whole[i]! - w) * share);
  }
  const weights = columns.reduce((total, c) => total + WEIGHT[c.type], 0);
  return whole.map((w, i) => w + ((tableWidth - wholeSum) * WEIGHT[columns[i]!.type]) / weights);
}

/**
 * The rows cut into pages: each row's height estimated from its longest cell, a page filled up to its height under
 * the header and the column headings. Knowing the pages before rendering keeps the layout linear in the rows (one
 * react-pdf page per page, nothing to split), and gives "Page X of Y" directly.
 */
function paginate(input: ReportPdfInput, widths: number[]): { rows: string[][]; heights: number[] }[] {
  const headingLines = Math.max(...input.columns.map((c, i) => linesOf(c.header, widths[i]!, true)));
  const available =
    PAGE.height - PAGE.top - PAGE.bottom - HEADER_HEIGHT - (headingLines * LINE + 2 * 3 + 1) - 2;
  const pages: { rows: string[][]; heights: number[] }[] = [];
  let page = { rows: [] as string[][], heights: [] as number[] };
  let used = 0;
  for (const cells of input.rows) {
    const lines = Math.max(...cells.map((value, i) => linesOf(value, widths[i]!)));
    const height = lines * LINE + 2 * CELL_PADDING.y + 0.5;
    if (page.rows.length > 0 && used + height > available) {
      pages.push(page);
      page = { rows: [], heights: [] };
      used = 0;
    }
    page.rows.push(cells);
    page.heights.push(height);
    used += height;
  }
  if (page.rows.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}

function reportPages(input: ReportPdfInput): ReactElement[] {
  const { rtl } = input;
  const layout = rtl ? 'rtl' : 'ltr';
  const start: Style['textAlign'] = rtl ? 'right' : 'left';
  const end: Style['textAlign'] = rtl ? 'left' : 'right';
  const row = (style: Style = {}): Style => ({ flexDirection: rtl ? 'row-reverse' : 'row', ...style });
  const tableWidth = PAGE.width - 2 * PAGE.side;
  const widths = columnWidths(input.columns, input.rows, tableWidth);
  const inner = widths.map((w) => w - 2 * CELL_PADDING.x);
  const text = (content: string, direction: 'ltr' | 'rtl', style: Style = {}) =>
    el(
      Text,
      { style: { direction, textAlign: start, fontSize: FONT_SIZE, lineHeight: LINE_HEIGHT, ...style } },
      content,
    );

  const cell = (value: string, i: number) => {
    const type = input.columns[i]!.type;
    const direction = LEFT_TO_RIGHT.has(type)
      ? 'ltr'
      : type === 'text'
        ? pdfTextDirection(value, layout)
        : layout;
    return el(
      Text,
      {
        key: i,
        style: {
          width: widths[i],
          paddingHorizontal: CELL_PADDING.x,
          paddingVertical: CELL_PADDING.y,
          direction,
          textAlign: NUMERIC.has(type) ? end : start,
          fontSize: FONT_SIZE,
          lineHeight: LINE_HEIGHT,
          maxLines: MAX_LINES,
          textOverflow: 'ellipsis',
        },
      },
      value,
    );
  };

  const header = el(
    View,
    { style: { height: HEADER_HEIGHT, overflow: 'hidden' } },
    text(input.title, layout, { fontSize: 13, fontWeight: 'bold', color: COLOR.accent, marginBottom: 4 }),
    el(
      View,
      { style: row({ flexWrap: 'wrap' }) },
      ...input.context.map(([label, value], i) =>
        el(
          View,
          { key: i, style: row({ ...(rtl ? { marginLeft: 16 } : { marginRight: 16 }), marginBottom: 2 }) },
          text(`${label}: `, layout, { fontWeight: 'bold', color: COLOR.muted }),
          text(value, pdfTextDirection(value, 'ltr')),
        ),
      ),
    ),
  );
  const headings = el(
    View,
    { style: row({ backgroundColor: COLOR.band, borderBottom: `1pt solid ${COLOR.rule}` }) },
    ...input.columns.map((c, i) =>
      el(
        View,
        { key: i, style: { width: widths[i], paddingHorizontal: CELL_PADDING.x, paddingVertical: 3 } },
        text(c.header, layout, {
          fontWeight: 'bold',
          textAlign: NUMERIC.has(c.type) ? end : start,
          maxLines: MAX_LINES,
        }),
      ),
    ),
  );
  const pages = paginate(input, inner);
  const pageStyle: Style = {
    paddingTop: PAGE.top,
    paddingBottom: PAGE.bottom,
    paddingHorizontal: PAGE.side,
    fontFamily: pdfFontStack(rtl),
    fontSize: FONT_SIZE,
    color: COLOR.text,
  };
  return pages.map((page, p) =>
    el(
      Page,
      { key: p, size: 'A4', orientation: 'landscape', wrap: false, style: pageStyle },
      header,
      headings,
      ...page.rows.map((cells, r) =>
        el(
          View,
          {
            key: r,
            style: row({
              height: page.heights[r],
              borderBottom: `0.5pt solid ${COLOR.rule}`,
              ...(r % 2 ? { backgroundColor: '#f8fafc' } : {}),
            }),
          },
          ...cells.map(cell),
        ),
      ),
      el(
        Text,
        {
          style: {
            position: 'absolute',
            bottom: 20,
            left: PAGE.side,
            right: PAGE.side,
            textAlign: 'center',
            fontSize: FONT_SIZE,
            color: COLOR.muted,
            direction: layout,
          },
        },
        input.pageText.replace('{{page}}', String(p + 1)).replace('{{pages}}', String(pages.length)),
      ),
    ),
  );
}

/** Renders the table document to PDF bytes. */
export async function renderReportPdf(
  input: ReportPdfInput,
  out: NodeJS.WritableStream,
  signal?: AbortSignal,
): Promise<number> {
  await preparePdfFonts();
  const ctx = new PDFDocument({
    compress: true,
    autoFirstPage: false,
    displayTitle: true,
    lang: input.locale,
    pdfVersion: '1.7',
    info: { Title: input.title, Creator: 'LBS Portal', Producer: 'LBS Portal' },
  });
  let bytes = 0;
  const written = new Promise<void>((resolve, reject) => {
    ctx.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (!out.write(chunk)) {
        ctx.pause();
        out.once('drain', () => ctx.resume());
      }
    });
    ctx.on('end', resolve);
    ctx.on('error', reject);
  });
  const pages = reportPages(input);
  const end = ctx.end.bind(ctx);
  try {
    for (let from = 0; from < pages.length; from += PAGES_PER_LAYOUT) {
      signal?.throwIfAborted();
      const chunk = el(Document, {}, ...pages.slice(from, from + PAGES_PER_LAYOUT));
      const instance = pdf(chunk);
      const layout = await layoutDocument(instance.container.document, Font);
      instance.updateContainer(el(Document, {}));
      // render() ends the document after its pages; the next chunk's pages still follow.
      ctx.end = () => ctx;
      try {
        renderPages(ctx as unknown as Parameters<typeof renderPages>[0], layout);
      } finally {
        ctx.end = end;
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    // Stopped (cancelled, or the runner is stopping): nothing more goes to `out`, which its owner ends.
    ctx.removeAllListeners('data');
    written.catch(() => {});
    throw error;
  }
  end();
  await written;
  return bytes;
}

/** The parts of a report a PDF prints, in the reader's language. */
export async function reportPdfInput(
  source: ExportSource,
  options: Pick<ExportOptions, 'texts' | 'signal' | 'onRows' | 'batchSize'>,
): Promise<ReportPdfInput> {
  const texts: ReportTextsOf = options.texts;
  const columns = source.columns;
  const cells = cellTexts(columns, texts, source.context.timeZone);
  const max = REPORT_EXPORT_ROWS_MAX.pdf;
  const rows: string[][] = [];
  for await (const batch of source.batches(options.batchSize)) {
    options.signal?.throwIfAborted();
    for (const data of batch) rows.push(columns.map((c, i) => cells[i]!(data[c.key] ?? null)));
    if (rows.length > max) throw new Error(`A PDF holds at most ${max} rows`);
    await options.onRows?.(rows.length);
  }
  return {
    title: texts.title(source.key),
    rtl: texts.rtl,
    locale: texts.locale,
    context: [
      ...contextLines(source.context, texts),
      [texts.text('reports.export.rows'), String(rows.length)],
    ],
    columns: columns.map((c) => ({ header: texts.column(source.key, c), type: c.type })),
    rows,
    pageText: texts.text('reports.export.page', { page: '{{page}}', pages: '{{pages}}' }),
  };
}

/** Bytes the PDF thread gathers before it sends them on (pdfkit writes a PDF in many small pieces). */
const THREAD_CHUNK_BYTES = 64 * 1024;

/** renderReportPdf as the PDF thread runs it: the bytes emitted in pieces of THREAD_CHUNK_BYTES, their count returned. */
export const reportPdfTask: ThreadTask<ReportPdfInput, number> = async (input, emit, signal) => {
  let pending: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    emit(Buffer.concat(pending, size));
    pending = [];
    size = 0;
  };
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      size += chunk.length;
      if (size >= THREAD_CHUNK_BYTES) flush();
      callback();
    },
  });
  const bytes = await renderReportPdf(input, out, signal);
  flush();
  return bytes;
};

/**
 * The report PDF's own thread (pdf-worker.ts; in the production build its own bundle, scripts/build.mjs): a PDF of
 * thousands of rows takes tens of seconds of layout, which would otherwise hold up every request and job beside it.
 */
const pdfThread = new WorkerThread(
  import.meta.url.endsWith('.js')
    ? new URL('./report-pdf-worker.js', import.meta.url)
    : new URL('./pdf-worker.ts', import.meta.url),
  reportPdfTask,
);

/** Whether report PDFs are laid out on their thread (false: this runtime could not start it, they are laid out here). */
export function reportPdfThreadRunning(): Promise<boolean> {
  return pdfThread.running();
}

/** The report as a PDF (at most REPORT_EXPORT_ROWS_MAX.pdf rows), laid out on the PDF thread. */
export async function writePdf(source: ExportSource, options: ExportOptions): Promise<ExportResult> {
  const input = await reportPdfInput(source, options);
  options.signal?.throwIfAborted();
  const { out, signal } = options;
  const bytes = await pdfThread.run(input, { signal, onChunk: (chunk) => out.write(chunk) });
  return { rows: input.rows.length, bytes };
}
