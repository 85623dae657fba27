/**
 * A report as a PDF: landscape A4 pages of a table, rendered with @react-pdf/renderer and the same Noto fonts as the
 * invoices (lib/pdf-fonts.ts), so Arabic is shaped and keeps its word order and Chinese names print. Each page
 * repeats the title, what the rows are (company, scope, period, time zone) and the column headings, and ends with
 * "Page X of Y"; in Arabic the layout runs right to left. A PDF holds at most REPORT_EXPORT_ROWS_MAX.pdf rows (the
 * service refuses more before it starts): the document is laid out whole, unlike CSV and XLSX.
 *
 * The server's tsconfig does not compile JSX, so the document is built with `createElement`.
 */
import { Document, Page, Text, View, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import type { Style } from '@react-pdf/types';
import { createElement as el, type ReactElement } from 'react';
import { REPORT_EXPORT_ROWS_MAX, type ReportColumn } from '@lbs/contracts';
import { pdfFontStack, pdfTextDirection, preparePdfFonts } from '../../../lib/pdf-fonts.ts';
import type { ExportSource } from '../engine.ts';
import { cellTexts } from './cells.ts';
import { contextLines } from './header.ts';
import type { ReportTextsOf } from './texts.ts';
import type { ExportOptions, ExportResult } from './write.ts';

/** Share of the table's width per column type (a text column takes three times an integer's). */
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

function reportDocument(input: ReportPdfInput): ReactElement<DocumentProps> {
  const { rtl } = input;
  const layout = rtl ? 'rtl' : 'ltr';
  const start: Style['textAlign'] = rtl ? 'right' : 'left';
  const end: Style['textAlign'] = rtl ? 'left' : 'right';
  const row = (style: Style = {}): Style => ({ flexDirection: rtl ? 'row-reverse' : 'row', ...style });
  const total = input.columns.reduce((sum, c) => sum + WEIGHT[c.type], 0);
  const widths = input.columns.map((c) => `${((WEIGHT[c.type] / total) * 100).toFixed(3)}%`);
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
      View,
      { key: i, style: { width: widths[i], paddingHorizontal: 3, paddingVertical: 2 } },
      text(value, direction, { textAlign: NUMERIC.has(type) ? end : start }),
    );
  };

  const header = el(
    View,
    { fixed: true, style: { marginBottom: 8 } },
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
    { fixed: true, style: row({ backgroundColor: COLOR.band, borderBottom: `1pt solid ${COLOR.rule}` }) },
    ...input.columns.map((c, i) =>
      el(
        View,
        { key: i, style: { width: widths[i], paddingHorizontal: 3, paddingVertical: 3 } },
        text(c.header, layout, { fontWeight: 'bold', textAlign: NUMERIC.has(c.type) ? end : start }),
      ),
    ),
  );
  const body = input.rows.map((cells, r) =>
    el(
      View,
      {
        key: r,
        wrap: false,
        style: row({
          borderBottom: `0.5pt solid ${COLOR.rule}`,
          ...(r % 2 ? { backgroundColor: '#f8fafc' } : {}),
        }),
      },
      ...cells.map(cell),
    ),
  );
  const footer = el(Text, {
    fixed: true,
    style: {
      position: 'absolute',
      bottom: 20,
      left: 36,
      right: 36,
      textAlign: 'center',
      fontSize: FONT_SIZE,
      color: COLOR.muted,
      direction: layout,
    },
    render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
      input.pageText.replace('{{page}}', String(pageNumber)).replace('{{pages}}', String(totalPages)),
  });
  return el(
    Document,
    { title: input.title, creator: 'LBS Portal', producer: 'LBS Portal', language: input.locale },
    el(
      Page,
      {
        size: 'A4',
        orientation: 'landscape',
        style: {
          paddingTop: 28,
          paddingBottom: 44,
          paddingHorizontal: 36,
          fontFamily: pdfFontStack(rtl),
          fontSize: FONT_SIZE,
          color: COLOR.text,
        },
      },
      header,
      headings,
      ...body,
      footer,
    ),
  );
}

/** Renders the table document to PDF bytes. */
export async function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  await preparePdfFonts();
  return renderToBuffer(reportDocument(input));
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

/** The report as a PDF (at most REPORT_EXPORT_ROWS_MAX.pdf rows). */
export async function writePdf(source: ExportSource, options: ExportOptions): Promise<ExportResult> {
  const input = await reportPdfInput(source, options);
  options.signal?.throwIfAborted();
  const bytes = await renderReportPdf(input);
  options.signal?.throwIfAborted();
  const out = options.out;
  if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', resolve));
  return { rows: input.rows.length, bytes: bytes.length };
}
