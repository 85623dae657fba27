import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API_BASE_PATH, type ReportPage } from '@lbs/contracts';
import { launchBrowser, signIn } from '../src/browser.ts';
import { accessTokenOf, apiAs, fillDate } from '../src/forms.ts';
import { acceptNoticeIfShown } from '../src/portal.ts';

/**
 * Reports end to end (issue 16): a Company Admin runs the attendance daily list and the visits report on the demo's
 * data, sees the same rows the API answers, exports each in CSV, XLSX and PDF (the files are what they say: a CSV
 * with its byte-order mark, an XLSX zip, a PDF), and reads the page right to left in Arabic.
 */
const baseUrl = inject('baseUrl');
const downloads = mkdtempSync(path.join(tmpdir(), 'lbs-e2e-reports-'));

let browser: Browser;
const contexts: BrowserContext[] = [];
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail' || !page) return;
  const file = path.join(tmpdir(), `lbs-e2e-reports-${Date.now()}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => {});
  console.error(`page at ${page.url()}: ${file}`);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});

async function open(locale: string, at: string): Promise<Page> {
  const context = await browser.newContext({
    locale,
    viewport: { width: 1440, height: 1000 },
    acceptDownloads: true,
  });
  contexts.push(context);
  const p = await signIn(context, baseUrl, 'companyadmin', { path: at });
  await acceptNoticeIfShown(p);
  return p;
}

/** A day `days` before today in Riyadh (the demo company's zone), `YYYY-MM-DD`. */
function riyadhDay(days: number): string {
  return new Date(Date.now() + 3 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
}

async function rowsOf(p: Page, report: string, query: string): Promise<ReportPage> {
  const res = await apiAs(baseUrl, await accessTokenOf(p), 'GET', `/reports/${report}/rows?${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as ReportPage;
}

/** The first bytes of each format's file. */
const MAGIC = {
  csv: Buffer.from([0xef, 0xbb, 0xbf]), // UTF-8 byte-order mark (Excel then reads Arabic)
  xlsx: Buffer.from('PK\u0003\u0004', 'latin1'), // a zip
  pdf: Buffer.from('%PDF-', 'latin1'),
} as const;
const CONTENT_TYPE = {
  csv: /^text\/csv/,
  xlsx: /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/,
  pdf: /^application\/pdf/,
} as const;
const MENU_ITEM = {
  csv: 'CSV file (any size)',
  xlsx: 'Excel workbook (XLSX)',
  pdf: 'PDF document',
} as const;
type Format = keyof typeof MAGIC;

/**
 * Export → format: the browser's download (at once, or the job's Download link for a large result), checked by its
 * first bytes; and the same export fetched with the token, checked by its content type.
 */
async function exportAs(p: Page, report: string, query: string, format: Format): Promise<void> {
  const started = Date.now();
  const downloaded = p.waitForEvent('download', { timeout: 120_000 });
  await p.getByRole('button', { name: 'Export', exact: true }).click();
  await p.getByRole('menuitem', { name: MENU_ITEM[format] }).click();
  const jobLink = p.getByRole('button', { name: /^Download / });
  const refused = p.getByTestId('report-export').getByRole('alert');
  const first = await Promise.race([
    downloaded.then(() => 'file' as const),
    jobLink.waitFor({ timeout: 120_000 }).then(() => 'job' as const),
    refused.waitFor({ timeout: 120_000 }).then(async () => {
      throw new Error(`${format} export refused: ${await refused.innerText()}`);
    }),
  ]);
  if (first === 'job') await jobLink.click();
  const download = await downloaded;
  // A slow export is said (CI once spent the test's time here without saying where).
  if (Date.now() - started > 30_000)
    console.error(`${report} ${format}: the ${first} took ${Math.round((Date.now() - started) / 1000)} s`);
  const file = path.join(downloads, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
  const bytes = readFileSync(file);
  expect(
    bytes.subarray(0, MAGIC[format].length).equals(MAGIC[format]),
    `${format} starts with its magic`,
  ).toBe(true);

  const response = await fetch(
    `${baseUrl}${API_BASE_PATH}/reports/${report}/export?${query}&format=${format}&locale=en-US`,
    { headers: { authorization: `Bearer ${await accessTokenOf(p)}` } },
  );
  if (response.status === 413) {
    // Above the inline limit: the server says so and the page ran it as a job (above).
    expect(((await response.json()) as { code: string }).code).toBe('report.tooLargeToDownload');
  } else {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(CONTENT_TYPE[format]);
    await response.arrayBuffer();
  }
  // The job's message is closed, so the next export's link is its own.
  if (first === 'job')
    await p
      .getByRole('status')
      .filter({ hasText: 'Your export is ready.' })
      .getByRole('button', { name: 'Close' })
      .click();
}

/** The context line's "Rows: N" as a number. */
async function shownTotal(p: Page): Promise<number> {
  const dl = p.getByRole('definition').last();
  return Number((await dl.innerText()).replace(/[^\d]/g, ''));
}

describe('Reports: run, read and export', () => {
  it('runs the attendance daily list, shows the API’s rows, and exports CSV, XLSX and PDF', async () => {
    page = await open('en-US', '/reports');
    await page.getByRole('heading', { name: /^This month so far: / }).waitFor();
    await page.getByText('Attendance rate', { exact: true }).waitFor();
    const from = riyadhDay(7);
    const to = riyadhDay(1);
    const query = `from=${from}&to=${to}`;
    // The demo's history is computed into attendance days shortly after the first start.
    await expect
      .poll(async () => (await rowsOf(page, 'attendanceDaily', `${query}&size=1`)).total, {
        timeout: 120_000,
        interval: 2000,
      })
      .toBeGreaterThan(0);
    const api = await rowsOf(page, 'attendanceDaily', `${query}&size=20&sort=-date`);

    await page
      .getByRole('navigation', { name: 'Available reports' })
      .getByRole('button', { name: /^Attendance: daily list/ })
      .click();
    const form = page.getByRole('form', { name: 'Parameters of the report' });
    await fillDate(form, 'from', from);
    await fillDate(form, 'to', to);
    await form.getByRole('button', { name: 'Run report' }).click();
    const grid = page.getByRole('grid', { name: 'Attendance: daily list' });
    await grid.waitFor({ timeout: 30_000 });
    await page.getByText(api.context.company.name, { exact: true }).waitFor();
    await page.getByText(api.context.timeZone, { exact: true }).waitFor();
    expect(await shownTotal(page)).toBe(api.total);
    const first = api.items[0]!;
    await grid.locator('.MuiDataGrid-row').first().getByText(String(first.msisdn)).waitFor();
    for (const format of ['csv', 'xlsx', 'pdf'] as const)
      await exportAs(page, 'attendanceDaily', query, format);
    // The wait for the demo's days (up to 2 min) and three exports that may each run as a job (up to 2 min each).
  }, 480_000);

  it('runs the visits report for a few days and exports it in each format', async () => {
    page = await open('en-US', '/reports?report=visits');
    // Four days hold at least two of Company A's working days whatever today is (its weekend is Friday–Saturday,
    // when nobody visits a site: on a Sunday the last two days have no visit).
    const from = riyadhDay(4);
    const to = riyadhDay(1);
    const query = `from=${from}&to=${to}`;
    // The demo's visits are derived from its positions shortly after the first start.
    await expect
      .poll(async () => (await rowsOf(page, 'visits', `${query}&size=1`)).total, {
        timeout: 120_000,
        interval: 2000,
      })
      .toBeGreaterThan(0);
    const api = await rowsOf(page, 'visits', `${query}&size=20`);
    const form = page.getByRole('form', { name: 'Parameters of the report' });
    await fillDate(form, 'from', from);
    await fillDate(form, 'to', to);
    await form.getByRole('button', { name: 'Run report' }).click();
    const grid = page.getByRole('grid', { name: 'Visits' });
    await grid.waitFor({ timeout: 30_000 });
    expect(await shownTotal(page)).toBe(api.total);
    // The visits per day chart.
    await page.getByRole('figure', { name: 'Chart of the report' }).waitFor();
    for (const format of ['csv', 'xlsx', 'pdf'] as const) await exportAs(page, 'visits', query, format);
  }, 480_000);

  it('a period longer than the report allows is refused on its field', async () => {
    page = await open('en-US', '/reports?report=visits');
    const form = page.getByRole('form', { name: 'Parameters of the report' });
    await fillDate(form, 'from', riyadhDay(200));
    await fillDate(form, 'to', riyadhDay(1));
    await form.getByRole('button', { name: 'Run report' }).click();
    await form.getByText('The period may span at most 92 days').waitFor();
  });

  it('reads right to left in Arabic', async () => {
    page = await open('ar-SA', '/reports?report=attendanceDaily');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('heading', { name: 'التقارير', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'تشغيل التقرير' }).click();
    const grid = page.getByRole('grid', { name: 'الحضور: القائمة اليومية' });
    await grid.waitFor({ timeout: 30_000 });
    const headers = grid.getByRole('columnheader');
    const firstBox = await headers.first().boundingBox();
    const secondBox = await headers.nth(1).boundingBox();
    // The first column is on the right.
    expect(firstBox!.x).toBeGreaterThan(secondBox!.x);
    await grid.getByRole('columnheader', { name: 'رقم الجوال' }).waitFor();
  });
});
