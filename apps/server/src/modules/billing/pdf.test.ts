// Invoice PDF: renders real PDFs with the Debian Noto fonts and reads them back with poppler's pdftotext/pdfinfo.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { minorToDecimal, PDF_LABELS, PDF_LOCALES, pdfNumberFormat } from './pdf-labels.ts';
import { renderInvoicePdf, zatcaQrPayload, type InvoicePdfInput, type InvoicePdfItem } from './pdf.ts';
import { pdfThreadRunning, renderPdf } from './pdf-thread.ts';

const POPPLER = { pdftotext: '/usr/bin/pdftotext', pdfinfo: '/usr/bin/pdfinfo' };

let workDir: string;
beforeAll(() => {
  for (const tool of Object.values(POPPLER)) {
    if (!existsSync(tool)) throw new Error(`${tool} is missing: install the Debian package poppler-utils`);
  }
  workDir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

let fileCounter = 0;
function writePdf(pdf: Buffer): string {
  fileCounter += 1;
  const file = join(workDir, `invoice-${fileCounter}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** Bidi control marks (LRM, RLM, ALM, embeddings, isolates) that pdftotext adds or keeps around RTL text. */
const BIDI_MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The PDF's text in logical order, bidi marks removed and blanks (incl. no-break spaces) folded to one space. */
function pdfText(pdf: Buffer, pages?: { first: number; last: number }): string {
  const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
  const raw = execFileSync(POPPLER.pdftotext, ['-enc', 'UTF-8', ...range, writePdf(pdf), '-'], {
    encoding: 'utf8',
  });
  return raw.replace(BIDI_MARKS, '').replace(/[\s\u00A0\u202F]+/gu, ' ');
}

/** Without any blank: pdftotext may move a space between an amount and an Arabic currency sign. */
const compact = (value: string): string => value.replace(BIDI_MARKS, '').replace(/[\s\u00A0\u202F]+/gu, '');

function pageCount(pdf: Buffer): number {
  const info = execFileSync(POPPLER.pdfinfo, [writePdf(pdf)], { encoding: 'utf8' });
  const pages = /^Pages:\s+(\d+)/m.exec(info)?.[1];
  if (pages === undefined) throw new Error(`pdfinfo printed no page count:\n${info}`);
  return Number(pages);
}

const ARABIC_EMPLOYEES = ['أحمد محمد العتيبي', 'فاطمة الزهراء', 'خالد بن سعيد'];

function monthlyFees(count: number, names: readonly string[]): InvoicePdfItem[] {
  return Array.from({ length: count }, (_, index) => ({
    kind: 'MONTHLY_FEE' as const,
    msisdn: `+9665012${String(index).padStart(5, '0')}`,
    employeeName: names[index % names.length] ?? null,
    quantity: '1',
    unitPrice: '5.000000',
    amountMinor: 500,
  }));
}

/** A Saudi tax invoice in Arabic: 3 MSISDNs at SAR 5, 1234 locates at SAR 0.0025, a SAR 2 rebate, 15 % VAT. */
function arabicInvoice(items: InvoicePdfItem[] = monthlyFees(3, ARABIC_EMPLOYEES)): InvoicePdfInput {
  return {
    kind: 'INVOICE',
    locale: 'ar-SA',
    number: 'INV-2026-000042',
    seller: {
      name: 'شركة الاتصالات المتنقلة',
      address: 'طريق الملك فهد 123\nالرياض 12345',
      vatNumber: '300000000000003',
      country: 'SA',
    },
    client: { name: 'شركة ألفا للخدمات', address: 'شارع العليا، الرياض', country: 'SA' },
    issuedAt: '2026-02-01T09:30:00+03:00',
    dueOn: '2026-03-02',
    periodStart: '2026-01-01',
    periodEnd: '2026-01-31',
    currency: 'SAR',
    minorDigits: 2,
    taxRate: '0.15',
    items: [
      ...items,
      {
        kind: 'LOCATES',
        msisdn: null,
        employeeName: null,
        quantity: '1234',
        unitPrice: '0.002500',
        amountMinor: 309,
      },
      {
        kind: 'REBATE',
        msisdn: null,
        employeeName: null,
        quantity: '1',
        unitPrice: '-2.000000',
        amountMinor: -200,
      },
    ],
    subtotalMinor: 1809,
    rebateMinor: 200,
    taxMinor: 241,
    totalMinor: 1850,
    tariff: { monthlyFee: '5.00', pricePerLocate: '0.002500', includedLocates: 1000 },
    paymentReference: 'IBAN SA03 8000 0000 6080 1016 7519',
  };
}

/** A Chinese company's invoice (labels in Chinese and English), employees named in Chinese, Arabic and English. */
function chineseInvoice(): InvoicePdfInput {
  return {
    kind: 'INVOICE',
    locale: 'zh-Hans-CN',
    number: 'INV-2026-000043',
    seller: {
      name: 'LBS Mobile Operator Ltd.',
      address: '1 Harbour Road\nHong Kong',
      vatNumber: null,
      country: 'CN',
    },
    client: { name: '北京贝塔科技有限公司', address: '北京市朝阳区建国路88号', country: 'CN' },
    issuedAt: '2026-02-01T10:00:00+08:00',
    dueOn: '2026-03-03',
    periodStart: '2026-01-01',
    periodEnd: '2026-01-31',
    currency: 'CNY',
    minorDigits: 2,
    taxRate: '0.06',
    items: [
      ...monthlyFees(3, ['王小明', 'أحمد محمد', 'John Smith']),
      {
        kind: 'ADJUSTMENT',
        msisdn: null,
        employeeName: null,
        quantity: '1',
        unitPrice: '0.500000',
        amountMinor: 50,
      },
    ],
    subtotalMinor: 1550,
    rebateMinor: 0,
    taxMinor: 93,
    totalMinor: 1643,
    tariff: { monthlyFee: '5.00', pricePerLocate: '0.010000', includedLocates: 0 },
    replaces: 'INV-2026-000040',
  };
}

describe('renderInvoicePdf', () => {
  it('renders an Arabic tax invoice right to left, with Arabic words in logical order', async () => {
    const input = arabicInvoice();
    const pdf = await renderInvoicePdf(input);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);

    // Whole phrases, so that a reversed word order fails.
    expect(text).toContain('شركة ألفا للخدمات');
    expect(text).toContain('شركة الاتصالات المتنقلة');
    for (const name of ARABIC_EMPLOYEES) expect(text).toContain(name);
    expect(text).toContain('INV-2026-000042');
    expect(text).toContain('+966501200000');
    expect(text).toContain('300000000000003');
    // Labels in Arabic and English (الإجمالي: the lam-alef ligature extracts as its two letters, in order).
    for (const label of [
      'فاتورة ضريبية',
      'Tax invoice',
      'المجموع الفرعي',
      'الإجمالي',
      'Grand total',
      'Tax (15٪)',
    ]) {
      expect(text).toContain(label);
    }

    const money = pdfNumberFormat('ar-SA', 'SAR', 2);
    expect(money.money(1850)).toMatch(/^\u200F?18\.50\s?ر\.س\.\u200F?$/u); // Western digits, Saudi riyal sign
    expect(compact(text)).toContain(compact(money.money(1850)));
    expect(compact(text)).toContain(compact(money.money(241)));
  });

  it('renders Chinese and mixed-script names in a Chinese invoice with English labels', async () => {
    const input = chineseInvoice();
    const text = pdfText(await renderInvoicePdf(input));

    expect(text).toContain('北京贝塔科技有限公司');
    expect(text).toContain('北京市朝阳区建国路88号');
    expect(text).toContain('王小明');
    expect(text).toContain('أحمد محمد');
    expect(text).toContain('INV-2026-000043');
    expect(text).toContain('INV-2026-000040'); // replaces
    for (const label of [
      '发票',
      'Invoice',
      '总计 / Grand total',
      '客户',
      'Client',
      '每个 MSISDN 的月费',
      '调整 / Adjustment',
    ]) {
      expect(text).toContain(label);
    }
    const grandTotal = pdfNumberFormat('zh-Hans-CN', 'CNY', 2).money(1643);
    expect(grandTotal).toBe('¥16.43');
    expect(text).toContain(grandTotal);
    expect(text).not.toContain('MSIS-'); // no hyphenation inside words
  });

  it('prints English only for en-US, and a credit note heading for a credit note', async () => {
    const input: InvoicePdfInput = {
      ...chineseInvoice(),
      kind: 'CREDIT_NOTE',
      locale: 'en-US',
      number: 'CN-2026-000003',
      currency: 'JPY',
      minorDigits: 0,
      totalMinor: 1643,
    };
    const text = pdfText(await renderInvoicePdf(input));
    expect(text).toContain('Credit note');
    expect(text).toContain('Corrects invoice');
    expect(text).toContain('CN-2026-000003');
    expect(text).toContain('¥1,643');
    // Regular-weight punctuation extracts too (see warmGlyphCache in pdf.ts): an Arabic invoice was rendered before.
    expect(text).toContain('CN-2026-000003 · LBS Mobile Operator Ltd.');
    expect(text).not.toContain('总计');
    expect(text).toContain('北京贝塔科技有限公司'); // data keeps its script
  });

  it('paginates 300 MSISDNs over several pages, repeating the table header and numbering the pages', async () => {
    const pdf = await renderInvoicePdf(arabicInvoice(monthlyFees(300, ARABIC_EMPLOYEES)));
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThan(1);

    const second = pdfText(pdf, { first: 2, last: 2 });
    expect(second).toContain('Item description'); // the fixed table header
    expect(second).toContain(`Page 2 / ${pages}`);
    const last = pdfText(pdf, { first: pages, last: pages });
    expect(last).toContain('Grand total');
    expect(last).toContain(`Page ${pages} / ${pages}`);
    // Every MSISDN is printed once.
    const all = pdfText(pdf);
    expect(all.match(/\+9665012\d{5}/gu)).toHaveLength(300);
  }, 120_000);

  it('renders the same input to the same bytes, whatever was rendered before', async () => {
    const input = arabicInvoice();
    const first = await renderInvoicePdf(input);
    await renderInvoicePdf(chineseInvoice());
    const second = await renderInvoicePdf(structuredClone(input));
    expect(pdfText(second)).toBe(pdfText(first));
    expect(second.equals(first)).toBe(true);

    // The PDF dates come from issuedAt, not from the clock.
    const info = execFileSync(POPPLER.pdfinfo, ['-isodates', writePdf(first)], { encoding: 'utf8' });
    expect(info).toMatch(/^CreationDate:\s+2026-02-01T06:30:00/mu);
  });

  describe('without the fonts', () => {
    const saved = process.env.PDF_FONT_DIR;
    afterEach(() => {
      if (saved === undefined) delete process.env.PDF_FONT_DIR;
      else process.env.PDF_FONT_DIR = saved;
      vi.resetModules();
    });

    it('fails with an error naming the Debian font packages', async () => {
      process.env.PDF_FONT_DIR = join(workDir, 'no-fonts-here');
      vi.resetModules(); // a fresh module, which has not registered its fonts yet
      const fresh = await import('./pdf.ts');
      await expect(fresh.renderInvoicePdf(arabicInvoice())).rejects.toThrow(
        /fonts-noto-core and fonts-noto-cjk/,
      );
    });
  });
});

describe('renderPdf (the PDF thread)', () => {
  it('renders on its worker thread the very bytes the renderer makes in this one', async () => {
    expect(await pdfThreadRunning()).toBe(true);
    const input = arabicInvoice();
    const [offThread, here] = await Promise.all([renderPdf(input), renderInvoicePdf(input)]);
    expect(offThread.subarray(0, 5).toString()).toBe('%PDF-');
    expect(offThread.equals(here)).toBe(true);
  }, 60_000);
});

describe('zatcaQrPayload', () => {
  /** Splits a TLV byte string into [tag, value bytes]. */
  function decodeTlv(base64: string): [number, Buffer][] {
    const bytes = Buffer.from(base64, 'base64');
    const fields: [number, Buffer][] = [];
    let offset = 0;
    while (offset < bytes.length) {
      const tag = bytes[offset] ?? -1;
      const length = bytes[offset + 1] ?? 0;
      fields.push([tag, bytes.subarray(offset + 2, offset + 2 + length)]);
      offset += 2 + length;
    }
    expect(offset).toBe(bytes.length);
    return fields;
  }

  it('encodes the ZATCA sample as published', () => {
    const payload = zatcaQrPayload({
      seller: 'Bobs Records',
      vatNumber: '310122393500003',
      timestamp: '2022-04-25T15:30:00Z',
      total: '1000.00',
      vat: '150.00',
    });
    expect(payload).toBe(
      'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==',
    );
    const bytes = Buffer.from(payload, 'base64');
    expect([...bytes.subarray(0, 2)]).toEqual([1, 12]); // tag 1, 12 bytes: "Bobs Records"
    expect(bytes.subarray(2, 14).toString('utf8')).toBe('Bobs Records');
    expect([...bytes.subarray(14, 16)]).toEqual([2, 15]);
  });

  it('measures lengths in UTF-8 bytes, so an Arabic seller name takes two bytes a letter', () => {
    const seller = 'شركة ألفا';
    const fields = decodeTlv(
      zatcaQrPayload({
        seller,
        vatNumber: '300000000000003',
        timestamp: '2026-02-01T06:30:00Z',
        total: '18.50',
        vat: '2.41',
      }),
    );
    expect(fields.map(([tag]) => tag)).toEqual([1, 2, 3, 4, 5]);
    const [sellerField, vatNumber, timestamp, total, vat] = fields.map(([, value]) => value);
    expect(sellerField?.length).toBe(17); // 8 letters × 2 bytes + 1 space
    expect(sellerField?.toString('utf8')).toBe(seller);
    expect(vatNumber?.toString('utf8')).toBe('300000000000003');
    expect(timestamp?.toString('utf8')).toBe('2026-02-01T06:30:00Z');
    expect(total?.toString('utf8')).toBe('18.50');
    expect(vat?.toString('utf8')).toBe('2.41');
  });

  it('rejects a value longer than a one-byte length can say', () => {
    const fields = { seller: 'ش'.repeat(128), vatNumber: '1', timestamp: 't', total: '1', vat: '0' };
    expect(() => zatcaQrPayload(fields)).toThrow(/seller is 256 bytes/);
  });
});

describe('PDF labels and numbers', () => {
  it('has every label in all six languages, Arabic in Arabic script and Chinese in Han', () => {
    for (const [key, row] of Object.entries(PDF_LABELS)) {
      for (const locale of PDF_LOCALES) expect(row[locale].trim(), `${key} ${locale}`).not.toBe('');
      expect(row['ar-SA'], key).toMatch(/\p{Script=Arabic}/u);
      expect(row['zh-Hans-CN'], key).toMatch(/\p{Script=Han}/u);
    }
  });

  it('formats minor units exactly, with the currency and its minor digits', () => {
    expect(minorToDecimal(-123456, 2)).toBe('-1234.56');
    expect(minorToDecimal(5, 3)).toBe('0.005');
    expect(minorToDecimal(1234, 0)).toBe('1234');
    expect(() => minorToDecimal(1.5, 2)).toThrow(RangeError);

    expect(pdfNumberFormat('en-US', 'SAR', 2).money(123456789)).toBe('SAR\u00A01,234,567.89');
    expect(pdfNumberFormat('en-US', 'JPY', 0).money(-1234)).toBe('-¥1,234');
    expect(pdfNumberFormat('en-US', 'KWD', 3).money(12345)).toBe('KWD\u00A012.345');
    expect(pdfNumberFormat('it-IT', 'EUR', 2).money(12345678)).toBe('123.456,78\u00A0€');
    expect(pdfNumberFormat('en-US', 'SAR', 2).unitPrice('0.002500')).toBe('SAR\u00A00.0025');
    expect(pdfNumberFormat('en-US', 'SAR', 2).unitPrice('5.000000')).toBe('SAR\u00A05.00');
    expect(pdfNumberFormat('fr-FR', 'EUR', 2).quantity('1234.5')).toBe('1\u202F234,5');
    expect(pdfNumberFormat('en-US', 'SAR', 2).percent('0.15')).toBe('15%');
  });
});
