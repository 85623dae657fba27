import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { REPORTS, type ReportRow } from '@lbs/contracts';
import { fakeReport, fakeReportTexts, fakeRow } from './fake-report.ts';
import { columnWidths, reportPdfThreadRunning } from './pdf.ts';
import { reportTexts } from './texts.ts';
import { writeReport } from './write.ts';

const rowAt = fakeRow;

async function toBuffer(
  format: 'xlsx' | 'pdf' | 'csv',
  rows: number,
  locale: 'ar-SA' | 'en-US',
  context = {},
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const result = await writeReport(format, fakeReport(rowAt, rows, { context }), {
    texts: fakeReportTexts(locale),
    out,
  });
  out.end();
  const buffer = Buffer.concat(chunks);
  expect(result.bytes).toBe(buffer.length);
  expect(result.rows).toBe(rows);
  return buffer;
}

describe('XLSX export', () => {
  it('writes typed cells under a bold frozen header, right to left in Arabic, with a details sheet', async () => {
    const buffer = await toBuffer('xlsx', 4, 'ar-SA', { department: 'العمليات الميدانية' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const [sheet, about] = book.worksheets;
    expect(sheet!.name).toBe('سجل المواقع');
    expect(sheet!.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    const header = sheet!.getRow(1);
    expect(header.getCell(1).value).toBe('رقم الجوال');
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(header.getCell(3).value).toBe('المصدر');
    expect(sheet!.rowCount).toBe(5);

    const row = sheet!.getRow(2);
    const cell = (n: number) => row.getCell(n);
    expect(cell(1).value).toBe('+966500000000'); // a number that must stay text
    expect(cell(2).value).toBe('Wang 王伟');
    expect(cell(3).value).toBe('شبكة الجوال'); // enum translated
    expect(cell(4).value).toBe(40);
    expect(cell(4).numFmt).toBe('0');
    expect(cell(5).value).toBe(1.25);
    expect(cell(5).numFmt).toBe('0.00');
    expect(cell(6).value).toBe(0.875);
    expect(cell(6).numFmt).toBe('0.0%');
    // Excel has no zones: the wall clock of the company (Riyadh, UTC+3), named on the details sheet.
    expect(cell(7).value).toEqual(new Date('2026-03-01T12:00:00.000Z'));
    expect(cell(7).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(cell(8).value).toEqual(new Date('2026-03-02T00:00:00.000Z'));
    expect(cell(8).numFmt).toBe('yyyy-mm-dd');
    // A fraction of a day (3725 s = 1:02:05), which Excel — and exceljs reading it back — takes as a time of day.
    expect(cell(9).value).toEqual(new Date(Date.UTC(1899, 11, 30, 1, 2, 5)));
    expect(cell(9).numFmt).toBe('[h]:mm:ss');
    expect(cell(10).value).toBe(1234.5);
    expect(cell(10).numFmt).toBe('#,##0.00 "SAR"');
    expect(cell(12).value).toBe(24.712345);
    expect(cell(13).value).toBe('نعم');
    expect(sheet!.getRow(3).getCell(13).value).toBe('لا');
    expect(sheet!.getRow(3).getCell(2).value).toBe('محمد العتيبي');
    // Nulls are empty cells.
    expect(sheet!.getRow(4).getCell(4).value).toBeNull();
    expect(sheet!.getRow(4).getCell(7).value).toBeNull();

    expect(about!.name).toBe('التفاصيل');
    expect(about!.views[0]).toMatchObject({ rightToLeft: true });
    const lines = Object.fromEntries(
      [2, 3, 4, 5, 7].map((r) => [about!.getRow(r).getCell(1).value, about!.getRow(r).getCell(2).value]),
    );
    expect(lines).toEqual({
      الشركة: 'Alpha Logistics',
      النطاق: 'العمليات الميدانية',
      الفترة: '2026-03-01 – 2026-03-31',
      'المنطقة الزمنية': 'Asia/Riyadh',
      'عدد الصفوف': 4,
    });
    expect(about!.getRow(1).getCell(1).value).toBe('سجل المواقع');
  });

  it('is left to right in English and streams a large sheet without holding it', async () => {
    let bytes = 0;
    let peak = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        setImmediate(callback); // a reader slower than the writer
      },
    });
    const rows = 60_000;
    // What the writer holds, not what the collector has yet to sweep (which depends on the worker's heap and the
    // files it ran before): the heap measured after a full collection, every 5,000 rows.
    const gc = global.gc;
    if (!gc) throw new Error('the memory check needs node --expose-gc (vitest.config.ts execArgv)');
    const held = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = held();
    let measuredAt = 0;
    const result = await writeReport('xlsx', fakeReport(rowAt, rows), {
      texts: reportTexts('en-US'),
      out: sink,
      onRows: (written) => {
        if (written - measuredAt < 5_000) return;
        measuredAt = written;
        peak = Math.max(peak, held() - before);
      },
    });
    sink.end();
    await new Promise((resolve) => sink.on('finish', resolve));
    expect(result).toEqual({ rows, bytes });
    // 60,000 rows of 13 columns held in memory would take hundreds of MB (280 MB, planted); streamed, the heap stays
    // near flat (3 MB).
    expect(measuredAt).toBe(rows);
    expect(peak).toBeLessThan(32 * 1024 * 1024);
  });
});

function pdfText(buffer: Buffer, layout = false): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lbs-pdf-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, buffer);
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-']).toString();
}

describe('PDF export', () => {
  it('prints the title, the context, the table and "Page X of Y" on every page', async () => {
    const text = pdfText(await toBuffer('pdf', 120, 'en-US'), true);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page).toContain('Location history');
      expect(page).toContain('Mobile number');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(pages[0]).toMatch(/Company: Alpha Logistics/);
    expect(pages[0]).toMatch(/Scope: Whole company/);
    expect(pages[0]).toMatch(/Period: 2026-03-01 – 2026-03-31/);
    expect(pages[0]).toMatch(/Time zone: Asia\/Riyadh/);
    expect(pages[0]).toMatch(
      /\+966500000000\s+Wang 王伟\s+Mobile network\s+40\s+1\.25\s+87\.5\s+2026-03-01 12:00:00\s+2026-03-02\s+1:02:05\s+1234\.50/,
    );
    // Every row is there once.
    for (const i of [0, 1, 59, 119]) expect(text).toContain(`+9665${String(i).padStart(8, '0')}`);
  });

  it('is right to left in Arabic, its words in logical order', async () => {
    const text = pdfText(await toBuffer('pdf', 40, 'ar-SA'));
    // pdftotext gives the logical (reading) order of Arabic, between bidi marks.
    const plain = text.replace(/[\u200e\u200f\u202a-\u202e]/g, '');
    expect(plain).toContain('سجل المواقع');
    expect(plain).toContain('محمد العتيبي');
    expect(plain).toContain('شبكة الجوال');
    expect(plain).toContain('الشركة بأكملها');
    expect(plain).toMatch(/الصفحة\s*1\s*من\s*\d+/);
    expect(plain).toContain('2026-03-01 – 2026-03-31');
    // Right to left: in the laid-out text the MSISDN (first column) is the rightmost cell of its row.
    const layout = pdfText(await toBuffer('pdf', 3, 'ar-SA'), true);
    const line = layout.split('\n').find((l) => l.includes('+966500000000'))!;
    expect(
      line
        .trimEnd()
        .replace(/[\u200e\u200f\u202a-\u202e]/g, '')
        .endsWith('+966500000000'),
    ).toBe(true);
  });

  it('gives each column at least its longest word: a phone number or a heading never runs into the next', async () => {
    // The visits report's fourteen columns (a company without zones: one of them empty).
    const visitAt = (i: number): ReportRow => ({
      msisdn: `+3934714${String(i).padStart(5, '0')}`,
      employee: 'Luca Rossi',
      department: 'Field Operations',
      zone: null,
      poi: 'Client site: Central Hospital',
      category: 'Client sites',
      enteredEarliest: '2026-03-01T06:55:00.000Z',
      enteredAt: '2026-03-01T07:00:00.000Z',
      exitedAt: '2026-03-01T09:00:00.000Z',
      exitedLatest: '2026-03-01T09:05:00.000Z',
      dwell: 7200,
      confidence: 91,
      status: 'CLOSED',
      closedBy: 'EXIT',
    });
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeReport(
      'pdf',
      { ...fakeReport(visitAt, 5, { columns: REPORTS.visits.columns }), key: 'visits' },
      { texts: reportTexts('en-US'), out },
    );
    out.end();
    const layout = pdfText(Buffer.concat(chunks), true);
    // Laid out as printed, each value stands apart from the next (text run over its column reads run together).
    expect(layout).toMatch(/\+393471400000\s+Luca Rossi\s+Field Operations/);
    expect(layout).not.toMatch(/\d{5}Luca/);
    expect(layout).toMatch(/Confidence \(%\)\s+Status/);

    const widths = columnWidths(
      [
        { header: 'Mobile number', type: 'msisdn' },
        { header: 'Confidence (%)', type: 'percent' },
        ...Array.from({ length: 12 }, () => ({ header: 'Name', type: 'text' as const })),
      ],
      [['+393471403865', '91', ...Array.from({ length: 12 }, () => 'x')]],
      770,
    );
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(770);
    expect(widths[0]).toBeGreaterThanOrEqual(13 * 0.62 * 7.5 + 6);
    expect(widths[1]).toBeGreaterThanOrEqual(10 * 0.68 * 7.5 + 6);
  });

  it('is laid out on the PDF thread: every page, heading and row of a long Arabic report', async () => {
    expect(await reportPdfThreadRunning()).toBe(true);
    const text = pdfText(await toBuffer('pdf', 150, 'ar-SA'), true);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(3);
    const plain = (page: string) => page.replace(/[\u200e\u200f\u202a-\u202e]/g, '');
    pages.forEach((page, i) => {
      expect(plain(page)).toContain('سجل المواقع');
      expect(plain(page)).toContain('رقم الجوال');
      expect(plain(page)).toMatch(new RegExp(`الصفحة\\s*${i + 1}\\s*من\\s*${pages.length}`));
    });
    for (let i = 0; i < 150; i++) expect(text).toContain(`+9665${String(i).padStart(8, '0')}`);
  }, 120_000);

  it('stops between pages when its signal aborts, and writes nothing more', async () => {
    const controller = new AbortController();
    let written = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        controller.abort(new Error('cancelled'));
        callback();
      },
    });
    const run = writeReport('pdf', fakeReport(rowAt, 400), {
      texts: reportTexts('en-US'),
      out,
      signal: controller.signal,
    });
    await expect(run).rejects.toThrow('cancelled');
    const atStop = written;
    out.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(written).toBe(atStop);
    expect(written).toBeGreaterThan(0);
  });
});
