/**
 * Invoice and credit-note PDFs, rendered on the server with @react-pdf/renderer.
 *
 * Why react-pdf: it shapes Arabic and keeps its word order (bidi), and it falls back from font to font per
 * character, so one text may mix Latin, Arabic and Chinese. pdfkit and pdfmake reverse Arabic word order.
 *
 * The document is bilingual (the company's language and English), A4, right-to-left for ar-SA (rows mirrored,
 * text right-aligned), and carries the ZATCA phase-1 QR code when the seller is Saudi and has a VAT number.
 * Rendering is deterministic: the same input gives the same bytes (the PDF dates come from `issuedAt`).
 *
 * The server's tsconfig does not compile JSX, so the document is built with `createElement`.
 */
import {
  Document,
  Page,
  Path,
  Svg,
  Text,
  View,
  renderToBuffer,
  type DocumentProps,
} from '@react-pdf/renderer';
import QRCode from 'qrcode';
import { createElement as el, type ReactElement, type ReactNode } from 'react';
import type { Style } from '@react-pdf/types';
import {
  bilingualLabel,
  countryName,
  isRightToLeft,
  minorToDecimal,
  pdfNumberFormat,
  type PdfLabelKey,
  type PdfLocale,
  type PdfNumberFormat,
} from './pdf-labels.ts';
import { zatcaQrPayload } from './zatca.ts';
import { pdfFontStack, preparePdfFonts } from '../../lib/pdf-fonts.ts';

export type { PdfLocale } from './pdf-labels.ts';
export { zatcaQrPayload } from './zatca.ts';

export interface InvoicePdfItem {
  kind: 'MONTHLY_FEE' | 'LOCATES' | 'REBATE' | 'ADJUSTMENT';
  msisdn: string | null; // E.164, e.g. +966501234567
  employeeName: string | null; // may be Arabic or Chinese
  quantity: string; // decimal text, e.g. "1", "0.5", "1234"
  unitPrice: string; // decimal text with up to 6 decimals, e.g. "5.000000", "0.002500"
  amountMinor: number; // integer minor units (can be negative for REBATE/ADJUSTMENT)
}

export interface InvoicePdfInput {
  kind: 'INVOICE' | 'CREDIT_NOTE';
  /** The company's language; the PDF prints it and English (English only for en-US). */
  locale: PdfLocale;
  number: string; // INV-2026-000042 or CN-2026-000003
  seller: { name: string; address: string | null; vatNumber: string | null; country: string | null }; // the operator
  client: { name: string; address: string | null; country: string | null }; // the company billed
  /** ISO date-time; the PDF prints its date part as written (so give it in the issuer's offset). */
  issuedAt: string;
  dueOn: string | null; // YYYY-MM-DD
  periodStart: string; // YYYY-MM-DD (first day of the month)
  periodEnd: string; // YYYY-MM-DD (last day)
  currency: string; // ISO 4217, e.g. SAR, EUR, CNY, JPY, KWD
  minorDigits: number; // decimals of the currency (2, 0 for JPY, 3 for KWD)
  taxRate: string; // decimal text, "0.15" for 15 %
  items: InvoicePdfItem[];
  subtotalMinor: number;
  rebateMinor: number;
  taxMinor: number;
  totalMinor: number;
  tariff: { monthlyFee: string; pricePerLocate: string; includedLocates: number };
  replaces?: string | null; // number of the invoice a credit note corrects / a reissue replaces
  paymentReference?: string | null; // how to pay (bank reference text)
}

// ---------------------------------------------------------------------------------------------------------------
// Fonts (lib/pdf-fonts.ts: the same Noto faces for every PDF of the server)

/** Arabic invoices put the Arabic face first (its digits and punctuation then match the Arabic text around them). */
const fontStack = (locale: PdfLocale): string[] => pdfFontStack(locale === 'ar-SA');

// ---------------------------------------------------------------------------------------------------------------
// Layout helpers

const COLOR = {
  text: '#1f2933',
  muted: '#6b7480',
  accent: '#0b4f8a',
  rule: '#d5dae0',
  band: '#eef2f6',
};

const PAGE_PADDING = { top: 36, bottom: 56, horizontal: 40 };
const BASE_FONT_SIZE = 8.5;
/**
 * Line height as a multiple of the text's own size. Set on every Text (with its font size), because react-pdf turns
 * a unitless line height into points where it is declared: on the Page it would fix 8.5 × 1.3 pt for all text, and
 * unset, the Arabic face's tall ascent and descent would double the row height.
 */
const LINE_HEIGHT = 1.3;

/** Table column widths in points; the description takes the rest (A4 is 595 pt wide). */
const COLUMN = { assignmentType: 96, quantity: 54, unitPrice: 82, amount: 88 } as const;

/** What every part of the document needs to know. */
interface RenderContext {
  locale: PdfLocale;
  rtl: boolean;
  format: PdfNumberFormat;
}

/** The side text starts on: the left, or the right in an Arabic layout. */
const startAlign = (ctx: RenderContext): Style['textAlign'] => (ctx.rtl ? 'right' : 'left');
/** The opposite side, where amounts line up. */
const endAlign = (ctx: RenderContext): Style['textAlign'] => (ctx.rtl ? 'left' : 'right');
/** A horizontal row, mirrored in an Arabic layout. */
const rowStyle = (ctx: RenderContext, style: Style = {}): Style => ({
  flexDirection: ctx.rtl ? 'row-reverse' : 'row',
  ...style,
});

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/u;
const STRONG_LTR_CHAR = /[\p{L}]/u;

/** The direction of a free text (a name, an address) by its first strong character, as the Unicode bidi rules do. */
function textDirection(text: string, fallback: 'ltr' | 'rtl'): 'ltr' | 'rtl' {
  for (const char of text) {
    if (RTL_CHAR.test(char)) return 'rtl';
    if (STRONG_LTR_CHAR.test(char)) return 'ltr';
  }
  return fallback;
}

type TextKind =
  /** Label text in the invoice's language: the layout's direction. */
  | 'label'
  /** User data of any script (names, addresses): its own direction by its first strong character. */
  | 'free'
  /** Codes that must read left to right in every layout: invoice numbers, MSISDNs, dates, VAT numbers. */
  | 'code';

/**
 * One text run. react-pdf does not inherit `direction`, so each Text gets its own: the bidi paragraph direction
 * decides where neutral characters (spaces, "+", "-", "/") go, and so the order of mixed-script words.
 */
function text(
  ctx: RenderContext,
  content: string,
  style: Style = {},
  kind: TextKind = 'label',
): ReactElement {
  const layout = ctx.rtl ? 'rtl' : 'ltr';
  const direction = kind === 'code' ? 'ltr' : kind === 'free' ? textDirection(content, layout) : layout;
  return el(
    Text,
    {
      style: {
        direction,
        textAlign: startAlign(ctx),
        fontSize: BASE_FONT_SIZE,
        lineHeight: LINE_HEIGHT,
        ...style,
      },
    },
    content,
  );
}

interface LabelStyle {
  size?: number;
  color?: string;
  bold?: boolean;
  /** Where the label sits in its box: the start side (left, or right in Arabic) or the end side. */
  side?: 'start' | 'end';
}

/** A label in two lines: the company's language in bold, then English smaller and grey (one line for en-US). */
function stackedLabel(ctx: RenderContext, key: PdfLabelKey, style: LabelStyle = {}): ReactElement {
  const { size = 8, color = COLOR.text, side = 'start' } = style;
  const { primary, secondary } = bilingualLabel(key, ctx.locale);
  const textAlign = side === 'start' ? startAlign(ctx) : endAlign(ctx);
  return el(
    View,
    null,
    // A little more line height: Arabic descends below the line box and would touch the English under it.
    text(ctx, primary, { fontSize: size, fontWeight: 'bold', color, textAlign, lineHeight: 1.45 }),
    secondary === null
      ? null
      : text(ctx, secondary, { fontSize: size * 0.82, color: COLOR.muted, textAlign }),
  );
}

/** Left-to-right and right-to-left marks: invisible, they only steer the bidi algorithm. */
const LRM = '\u200E';
const RLM = '\u200F';

/**
 * A label on one line, "الإجمالي / Grand total", as one text run (so both languages share a baseline). In an Arabic
 * layout the marks keep the parts apart: RLM ends the Arabic part (else a Latin word at its end, "… لكل MSISDN",
 * would join the English run), LRM ends the English part (else a closing ")" or ":" would jump to its far side).
 * `suffix` is appended to the last part, e.g. " (15%)" or ":".
 */
function inlineLabelText(ctx: RenderContext, key: PdfLabelKey, suffix = ''): string {
  const { primary, secondary } = bilingualLabel(key, ctx.locale);
  if (secondary === null) return primary + suffix;
  return ctx.rtl ? `${primary}${RLM} / ${secondary}${suffix}${LRM}` : `${primary} / ${secondary}${suffix}`;
}

function inlineLabel(
  ctx: RenderContext,
  key: PdfLabelKey,
  style: LabelStyle & { suffix?: string } = {},
): ReactElement {
  const { size = BASE_FONT_SIZE, color = COLOR.text, bold = false, side = 'start', suffix = '' } = style;
  return text(ctx, inlineLabelText(ctx, key, suffix), {
    fontSize: size,
    color,
    fontWeight: bold ? 'bold' : 'normal',
    textAlign: side === 'start' ? startAlign(ctx) : endAlign(ctx),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Document parts

function documentTitleKey(input: InvoicePdfInput): PdfLabelKey {
  if (input.kind === 'CREDIT_NOTE') return 'creditNote';
  const taxed = input.seller.vatNumber !== null && Number(input.taxRate) > 0;
  return taxed ? 'taxInvoice' : 'invoice';
}

/** The ZATCA QR code as vector squares (crisp at any zoom), with the standard four-module quiet zone. */
function zatcaQrCode(payload: string, size: number): ReactElement {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    // One rectangle per horizontal run of dark modules keeps the path short.
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      path += `M${start + quiet} ${row + quiet}h${col - start}v1h${start - col}z`;
    }
  }
  const extent = modules.size + 2 * quiet;
  return el(
    Svg,
    { width: size, height: size, viewBox: `0 0 ${extent} ${extent}` },
    el(Path, { d: path, fill: '#000000' }),
  );
}

function header(ctx: RenderContext, input: InvoicePdfInput): ReactElement {
  const title = bilingualLabel(documentTitleKey(input), ctx.locale);
  // ZATCA phase 1: a Saudi seller's simplified tax invoice to a customer in Saudi Arabia carries the QR code.
  const withQr =
    input.seller.country?.toUpperCase() === 'SA' &&
    input.client.country?.toUpperCase() === 'SA' &&
    input.seller.vatNumber;
  const qr = withQr
    ? zatcaQrCode(
        zatcaQrPayload({
          seller: input.seller.name,
          vatNumber: input.seller.vatNumber ?? '',
          timestamp: input.issuedAt,
          total: minorToDecimal(input.totalMinor, input.minorDigits),
          vat: minorToDecimal(input.taxMinor, input.minorDigits),
        }),
        78,
      )
    : null;
  return el(
    View,
    { style: rowStyle(ctx, { justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 14 }) },
    el(
      View,
      // flexBasis 0: with an automatic basis react-pdf keeps the texts at their measured width (not aligned).
      { style: { flexGrow: 1, flexShrink: 1, flexBasis: 0 } },
      text(ctx, title.primary, { fontSize: 20, fontWeight: 'bold', color: COLOR.accent }),
      title.secondary === null
        ? null
        : text(ctx, title.secondary, { fontSize: 11, color: COLOR.muted }, 'code'),
      el(
        View,
        { style: rowStyle(ctx, { marginTop: 6, alignItems: 'flex-end' }) },
        inlineLabel(ctx, 'number', { color: COLOR.muted, suffix: ':' }),
        text(ctx, input.number, { fontSize: 11, fontWeight: 'bold', ...sideMargin(ctx, 5) }, 'code'),
      ),
    ),
    qr,
  );
}

/** Room after an item of a row, on the side facing the next item. */
const sideGap = (ctx: RenderContext, points: number): Style =>
  ctx.rtl ? { paddingLeft: points } : { paddingRight: points };

/** A gap between two items of a row, on the side facing the previous item. */
const sideMargin = (ctx: RenderContext, points: number): Style =>
  ctx.rtl ? { marginRight: points } : { marginLeft: points };

/** One field of a grey band: a stacked label over its value. */
function bandField(
  ctx: RenderContext,
  key: PdfLabelKey,
  value: string,
  kind: TextKind = 'code',
): ReactElement {
  return el(
    View,
    { style: { flexGrow: 1, flexBasis: 0, paddingHorizontal: 6, paddingVertical: 5 } },
    stackedLabel(ctx, key, { size: 7.5, color: COLOR.muted }),
    text(ctx, value, { marginTop: 2, fontSize: 9.5 }, kind),
  );
}

function metaBand(ctx: RenderContext, input: InvoicePdfInput): ReactElement {
  const replacesKey: PdfLabelKey = input.kind === 'CREDIT_NOTE' ? 'corrects' : 'replaces';
  return el(
    View,
    { style: rowStyle(ctx, { backgroundColor: COLOR.band, borderRadius: 3, marginBottom: 14 }) },
    bandField(ctx, 'issued', input.issuedAt.slice(0, 10)),
    input.dueOn ? bandField(ctx, 'dueOn', input.dueOn) : null,
    bandField(ctx, 'period', `${input.periodStart} – ${input.periodEnd}`),
    input.replaces ? bandField(ctx, replacesKey, input.replaces) : null,
  );
}

function party(
  ctx: RenderContext,
  key: 'seller' | 'client',
  who: { name: string; address: string | null; country: string | null; vatNumber?: string | null },
): ReactElement {
  const addressLines = (who.address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return el(
    View,
    // The seller's block keeps a gap towards the client's (its right, or its left in Arabic).
    { style: { flexGrow: 1, flexBasis: 0, ...(key === 'seller' ? sideGap(ctx, 16) : {}) } },
    el(
      View,
      { style: { borderBottomWidth: 1, borderBottomColor: COLOR.accent, paddingBottom: 2, marginBottom: 4 } },
      stackedLabel(ctx, key, { size: 8, color: COLOR.accent }),
    ),
    text(ctx, who.name, { fontSize: 10.5, fontWeight: 'bold' }, 'free'),
    ...addressLines.map((line) => text(ctx, line, { color: COLOR.text }, 'free')),
    who.country ? text(ctx, countryName(who.country, ctx.locale)) : null,
    who.vatNumber
      ? el(
          View,
          { style: rowStyle(ctx, { marginTop: 3 }) },
          inlineLabel(ctx, 'vatNumber', { color: COLOR.muted, suffix: ':' }),
          text(ctx, who.vatNumber, sideMargin(ctx, 5), 'code'),
        )
      : null,
  );
}

/** The tariff the invoice was computed with (a snapshot taken at the invoice run). */
function tariffBand(ctx: RenderContext, input: InvoicePdfInput): ReactElement {
  const { format } = ctx;
  return el(
    View,
    { style: { marginTop: 12, marginBottom: 12 }, wrap: false },
    inlineLabel(ctx, 'tariff', { bold: true, size: 8, color: COLOR.accent }),
    el(
      View,
      { style: rowStyle(ctx, { marginTop: 3, borderWidth: 0.8, borderColor: COLOR.rule, borderRadius: 3 }) },
      bandField(ctx, 'monthlyFeePerMsisdn', format.unitPrice(input.tariff.monthlyFee), 'label'),
      bandField(ctx, 'pricePerLocate', format.unitPrice(input.tariff.pricePerLocate), 'label'),
      bandField(ctx, 'includedLocates', format.count(input.tariff.includedLocates), 'label'),
    ),
  );
}

/** A table row: description, assignment type, quantity, unit price, subtotal (mirrored in an Arabic layout). */
function tableRow(
  ctx: RenderContext,
  cells: {
    description: ReactNode;
    assignmentType: ReactNode;
    quantity: ReactNode;
    unitPrice: ReactNode;
    amount: ReactNode;
  },
  style: Style,
  props: { fixed?: boolean; wrap?: boolean; minPresenceAhead?: number } = {},
): ReactElement {
  const cell = (width: number | null, content: ReactNode) =>
    el(
      View,
      {
        style:
          width === null
            ? { flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingHorizontal: 4 }
            : { width, paddingHorizontal: 4 },
      },
      content,
    );
  return el(
    View,
    { style: rowStyle(ctx, { alignItems: 'flex-start', ...style }), ...props },
    cell(null, cells.description),
    cell(COLUMN.assignmentType, cells.assignmentType),
    cell(COLUMN.quantity, cells.quantity),
    cell(COLUMN.unitPrice, cells.unitPrice),
    cell(COLUMN.amount, cells.amount),
  );
}

/** The table's column headings; `fixed`, so they repeat at the top of every page the table runs onto. */
function tableHeader(ctx: RenderContext): ReactElement {
  return tableRow(
    ctx,
    {
      description: stackedLabel(ctx, 'itemDescription'),
      assignmentType: stackedLabel(ctx, 'assignmentType'),
      quantity: stackedLabel(ctx, 'quantity', { side: 'end' }),
      unitPrice: stackedLabel(ctx, 'unitPrice', { side: 'end' }),
      amount: stackedLabel(ctx, 'subtotal', { side: 'end' }),
    },
    { borderBottomWidth: 1, borderBottomColor: COLOR.text, paddingVertical: 4, backgroundColor: '#ffffff' },
    { fixed: true },
  );
}

/** The sections of the items table, in this order; REBATE and ADJUSTMENT lines follow the charges. */
const SECTIONS: { kind: InvoicePdfItem['kind']; heading: PdfLabelKey; assignmentType: PdfLabelKey }[] = [
  { kind: 'MONTHLY_FEE', heading: 'monthlyFeePerMsisdn', assignmentType: 'monthlyFee' },
  { kind: 'LOCATES', heading: 'locates', assignmentType: 'locates' },
  { kind: 'REBATE', heading: 'rebate', assignmentType: 'rebate' },
  { kind: 'ADJUSTMENT', heading: 'adjustment', assignmentType: 'adjustment' },
];

function itemDescription(ctx: RenderContext, item: InvoicePdfItem, fallback: string): ReactElement {
  if (item.msisdn === null && item.employeeName === null) return text(ctx, fallback);
  // MSISDN and name are separate runs: a "+" and digits inside an Arabic run would be reordered ("966…+").
  return el(
    View,
    { style: rowStyle(ctx, { flexWrap: 'wrap' }) },
    item.msisdn === null ? null : text(ctx, item.msisdn, { width: 74 }, 'code'),
    item.employeeName === null
      ? null
      : text(
          ctx,
          item.employeeName,
          { flexGrow: 1, flexShrink: 1, flexBasis: 0, color: COLOR.muted },
          'free',
        ),
  );
}

function itemSection(
  ctx: RenderContext,
  section: (typeof SECTIONS)[number],
  items: InvoicePdfItem[],
): ReactElement {
  const { format } = ctx;
  const numeric: Style = { textAlign: endAlign(ctx) };
  const assignmentType = bilingualLabel(section.assignmentType, ctx.locale).primary;
  const sectionTotal = items.reduce((sum, item) => sum + item.amountMinor, 0);
  return el(
    View,
    null,
    // Kept with at least a few lines, so a heading never ends a page alone.
    el(
      View,
      {
        style: { backgroundColor: COLOR.band, paddingHorizontal: 4, paddingVertical: 3, marginTop: 6 },
        minPresenceAhead: 40,
      },
      inlineLabel(ctx, section.heading, { bold: true, color: COLOR.accent }),
    ),
    ...items.map((item, index) =>
      tableRow(
        ctx,
        {
          description: itemDescription(ctx, item, assignmentType),
          assignmentType: text(ctx, assignmentType, { color: COLOR.muted }),
          quantity: text(ctx, format.quantity(item.quantity), numeric),
          unitPrice: text(ctx, format.unitPrice(item.unitPrice), numeric),
          amount: text(ctx, format.money(item.amountMinor), numeric),
        },
        {
          paddingVertical: 3,
          borderBottomWidth: 0.5,
          borderBottomColor: COLOR.rule,
          ...(index % 2 === 1 ? { backgroundColor: '#fafbfc' } : {}),
        },
        { wrap: false },
      ),
    ),
    // The section's subtotal, its label spanning the columns before the amount.
    el(
      View,
      { style: rowStyle(ctx, { paddingVertical: 3 }), wrap: false },
      el(
        View,
        { style: { flexGrow: 1, flexBasis: 0, paddingHorizontal: 4 } },
        inlineLabel(ctx, 'subtotal', { color: COLOR.muted, side: 'end' }),
      ),
      el(
        View,
        { style: { width: COLUMN.amount, paddingHorizontal: 4 } },
        text(ctx, format.money(sectionTotal), { ...numeric, fontWeight: 'bold' }),
      ),
    ),
  );
}

function itemsTable(ctx: RenderContext, input: InvoicePdfInput): ReactElement {
  const sections = SECTIONS.map((section) => ({
    section,
    items: input.items.filter((item) => item.kind === section.kind),
  })).filter(({ items }) => items.length > 0);
  return el(
    View,
    null,
    tableHeader(ctx),
    ...sections.map(({ section, items }) => itemSection(ctx, section, items)),
  );
}

function totals(ctx: RenderContext, input: InvoicePdfInput): ReactElement {
  const { format } = ctx;
  const line = (label: ReactElement, amount: string, emphasis = false) =>
    el(
      View,
      {
        style: rowStyle(ctx, {
          justifyContent: 'space-between',
          alignItems: 'flex-end',
          paddingVertical: emphasis ? 5 : 2.5,
          paddingHorizontal: 4,
          ...(emphasis
            ? { borderTopWidth: 1.2, borderTopColor: COLOR.text, marginTop: 3, backgroundColor: COLOR.band }
            : {}),
        }),
      },
      label,
      text(ctx, amount, {
        textAlign: endAlign(ctx),
        ...(emphasis ? { fontWeight: 'bold', fontSize: 11 } : {}),
      }),
    );
  // The rebate reduces the total, whichever sign the caller stored it with.
  const rebate = input.rebateMinor === 0 ? 0 : -Math.abs(input.rebateMinor);
  const muted = { color: COLOR.muted };
  return el(
    View,
    { style: rowStyle(ctx, { justifyContent: 'flex-end', marginTop: 12 }), wrap: false },
    el(
      View,
      { style: { width: 280 } },
      line(inlineLabel(ctx, 'subtotal', muted), format.money(input.subtotalMinor)),
      line(inlineLabel(ctx, 'rebate', muted), format.money(rebate)),
      line(
        inlineLabel(ctx, 'tax', { ...muted, suffix: ` (${format.percent(input.taxRate)})` }),
        format.money(input.taxMinor),
      ),
      line(inlineLabel(ctx, 'grandTotal', { bold: true, size: 11 }), format.money(input.totalMinor), true),
    ),
  );
}

function paymentReference(ctx: RenderContext, reference: string): ReactElement {
  return el(
    View,
    {
      style: { marginTop: 16, padding: 8, borderWidth: 0.8, borderColor: COLOR.rule, borderRadius: 3 },
      wrap: false,
    },
    stackedLabel(ctx, 'paymentReference', { size: 8, color: COLOR.accent }),
    ...reference
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .map((line) => text(ctx, line, { marginTop: 2 }, 'free')),
  );
}

/** The document number and seller on one side, "Page 1 / 3" on the other, on every page. */
function footer(ctx: RenderContext, input: InvoicePdfInput): ReactElement {
  const small: Style = { fontSize: 7, color: COLOR.muted };
  const pageLabel = inlineLabelText(ctx, 'page');
  return el(
    View,
    {
      fixed: true,
      style: rowStyle(ctx, {
        position: 'absolute',
        bottom: 24,
        left: PAGE_PADDING.horizontal,
        right: PAGE_PADDING.horizontal,
        justifyContent: 'space-between',
        alignItems: 'flex-end',
        borderTopWidth: 0.5,
        borderTopColor: COLOR.rule,
        paddingTop: 5,
      }),
    },
    el(
      View,
      { style: rowStyle(ctx, { alignItems: 'flex-end' }) },
      text(ctx, input.number, small, 'code'),
      text(ctx, '·', { ...small, marginHorizontal: 4 }, 'code'),
      text(ctx, input.seller.name, small, 'free'),
    ),
    el(
      View,
      { style: rowStyle(ctx, { alignItems: 'flex-end' }) },
      // No lineHeight here: react-pdf then drops the text of a `render` function.
      el(Text, {
        // A fixed width: the text is only known when the page is drawn, after layout.
        style: {
          direction: ctx.rtl ? 'rtl' : 'ltr',
          width: 150,
          textAlign: endAlign(ctx),
          fontSize: 7,
          color: COLOR.muted,
        },
        render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
          `${pageLabel} ${pageNumber} / ${totalPages}${ctx.rtl ? LRM : ''}`,
      }),
    ),
  );
}

function invoiceDocument(input: InvoicePdfInput): ReactElement<DocumentProps> {
  const ctx: RenderContext = {
    locale: input.locale,
    rtl: isRightToLeft(input.locale),
    format: pdfNumberFormat(input.locale, input.currency, input.minorDigits),
  };
  // react-pdf writes these into the PDF; fixed dates make the same input render to the same bytes.
  const issuedAt = new Date(input.issuedAt);
  if (Number.isNaN(issuedAt.getTime())) {
    throw new RangeError(`issuedAt is not an ISO date-time: ${input.issuedAt}`);
  }
  const title = `${bilingualLabel(documentTitleKey(input), 'en-US').primary} ${input.number}`;
  const documentProps: DocumentProps = {
    title,
    author: input.seller.name,
    subject: input.client.name,
    creator: 'LBS Portal',
    producer: 'LBS Portal',
    language: input.locale,
    creationDate: issuedAt,
    modificationDate: issuedAt,
  };
  return el(
    Document,
    documentProps,
    el(
      Page,
      {
        size: 'A4',
        style: {
          paddingTop: PAGE_PADDING.top,
          paddingBottom: PAGE_PADDING.bottom,
          paddingHorizontal: PAGE_PADDING.horizontal,
          fontFamily: fontStack(input.locale),
          fontSize: BASE_FONT_SIZE,
          color: COLOR.text,
        },
      },
      header(ctx, input),
      metaBand(ctx, input),
      el(
        View,
        { style: rowStyle(ctx) },
        party(ctx, 'seller', input.seller),
        party(ctx, 'client', { ...input.client, vatNumber: null }),
      ),
      tariffBand(ctx, input),
      itemsTable(ctx, input),
      totals(ctx, input),
      input.paymentReference ? paymentReference(ctx, input.paymentReference) : null,
      footer(ctx, input),
    ),
  );
}

/** Renders an invoice or credit note to PDF bytes; the same input always gives the same bytes. */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  await preparePdfFonts();
  return renderToBuffer(invoiceDocument(input));
}
