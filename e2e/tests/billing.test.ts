import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { InvoiceDetail, InvoiceItemKind, InvoiceRunResult } from '@lbs/contracts';
import { launchBrowser, signIn } from '../src/browser.ts';
import { accessTokenOf, apiAs, fillDate, fillMonth, idInUrl } from '../src/forms.ts';
import { startE2EServer, type E2EServer } from '../src/server.ts';

/**
 * Billing end to end (issue 14), in Chromium through the real sign-in:
 * - a Company Admin finds its issued invoices under "Billing", opens one (lines grouped by assignment type, totals)
 *   and downloads its PDF; in Arabic the same pages read right to left with Arabic labels;
 * - the SuperAdmin runs a past month for one company, issues the draft and records its payment in full;
 * - on a server of its own (the shared one must keep `dueadmin` locked for the shell suite), the SuperAdmin pays
 *   Gamma's overdue invoices and `dueadmin`, locked to /due-invoice until then, reaches the Monitor.
 */
const baseUrl = inject('baseUrl');
const INVOICE_NUMBER = /^INV-\d{4}-\d{6}$/;
/** Screenshots of the details page in English and Arabic, for a person to look at. */
const SHOTS_DIR = path.join(tmpdir(), 'billing-shots');
const downloads = mkdtempSync(path.join(tmpdir(), 'lbs-e2e-billing-'));

let browser: Browser;
const contexts: BrowserContext[] = [];
let page: Page | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS_DIR, { recursive: true });
});
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail' || !page) return;
  const file = path.join(tmpdir(), `lbs-e2e-billing-${Date.now()}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => {});
  console.error(`page at ${page.url()}: ${file}`);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});

async function newContext(locale: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 1000 } });
  contexts.push(context);
  // A server just started is still seeding its demo history and running its first jobs: on PGlite (in the server's
  // own process) it answers nothing for many seconds at a time meanwhile.
  context.setDefaultNavigationTimeout(90_000);
  context.setDefaultTimeout(60_000);
  return context;
}

/**
 * Accepts the privacy notice when the portal shows it (another suite may have accepted it for this demo user): the
 * layout renders it with the sidebar. Unlike portal.ts's acceptNoticeIfShown, the answer gets more than 30 s, which
 * a PGlite server in its first minutes needs.
 */
async function acceptNoticeIfShown(p: Page): Promise<void> {
  // (A CSS locator: while the notice is open, the page behind it is hidden from the accessibility tree.)
  await p.locator('nav').first().waitFor();
  const notice = p.getByRole('dialog');
  if ((await notice.count()) === 0) return;
  await notice.getByRole('checkbox').check();
  await notice.getByRole('button', { name: 'Agree and Continue' }).click();
  await notice.waitFor({ state: 'detached', timeout: 90_000 });
}

async function open(server: string, username: string, locale: string, at: string): Promise<Page> {
  const context = await newContext(locale);
  const p = await signIn(context, server, username, { path: at });
  await acceptNoticeIfShown(p);
  return p;
}

/** The month `monthsBack` months before this one (UTC, as the demo seeds its history), as YYYY-MM. */
function monthBefore(monthsBack: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
  return d.toISOString().slice(0, 7);
}

/** An amount as the portal shows it (the browser's own Intl, so the spacing matches). */
function money(p: Page, locale: string, minor: number, currency: string): Promise<string> {
  return p.evaluate(
    ([l, value, c]) =>
      new Intl.NumberFormat(l, {
        style: 'currency',
        currency: c,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(value),
    [locale, minor / 100, currency] as const,
  );
}

async function invoiceOf(server: string, p: Page, id: number): Promise<InvoiceDetail> {
  const res = await apiAs(server, await accessTokenOf(p), 'GET', `/invoices/${id}`);
  expect(res.status).toBe(200);
  return res.json as InvoiceDetail;
}

async function companyId(server: string, p: Page, name: string): Promise<number> {
  const res = await apiAs(
    server,
    await accessTokenOf(p),
    'GET',
    `/companies?q=${encodeURIComponent(name)}&size=5`,
  );
  const company = (res.json as { items: { id: number; name: string }[] }).items.find((c) => c.name === name);
  if (!company) throw new Error(`demo company ${name} not found`);
  return company.id;
}

/**
 * Clicks a Download PDF control and waits for the browser's download; checks the file is a PDF and answers its
 * name and text (pdftotext, poppler-utils).
 */
async function downloadPdf(p: Page, control: Locator): Promise<{ name: string; text: string }> {
  // An issued demo invoice's first download may render its PDF on the server (seconds for the larger ones).
  const [download] = await Promise.all([p.waitForEvent('download', { timeout: 60_000 }), control.click()]);
  const name = download.suggestedFilename();
  const file = path.join(downloads, `${Date.now()}-${name}`);
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { name, text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }) };
}

/** Unfolds an assignment type's block (those of many lines start folded). */
async function expandGroup(group: Locator): Promise<void> {
  const summary = group.locator('.MuiAccordionSummary-root');
  if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
  await group.locator('tbody tr').first().waitFor();
}

const gridRows = (p: Page) => p.locator('.MuiDataGrid-row');
const statusChip = (p: Page, status: string) =>
  p.locator('main .MuiChip-label').filter({ hasText: new RegExp(`^${status}$`) });
/** A value of the invoice's header (the first list of the details page; the totals are a list of their own). */
const detailValue = (p: Page, label: string) =>
  p
    .locator('main dl')
    .first()
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

describe('Company Admin: the invoices under Billing', () => {
  let invoiceId: number;
  let number: string;

  it('lists the issued invoices with the month’s estimate, from the sidebar', async () => {
    page = await open(baseUrl, 'companyadmin', 'en-US', '/monitor');
    await page.getByRole('navigation').first().getByRole('link', { name: 'Billing', exact: true }).click();
    await page.waitForURL(`${baseUrl}/billing/list`);
    await page.getByRole('heading', { name: 'This month so far (estimate)' }).waitFor();
    await page.getByRole('group', { name: 'Estimated total' }).getByText(/^SAR/).first().waitFor();
    await gridRows(page).first().waitFor();
    const numbers = (await page.locator('.MuiDataGrid-row [data-field="number"] a').allTextContents()).map(
      (s) => s.trim(),
    );
    // Six months of issued invoices; a Company Admin never sees a draft.
    expect(numbers.length).toBeGreaterThanOrEqual(6);
    for (const n of numbers) expect(n).toMatch(INVOICE_NUMBER);
    const first = gridRows(page).first();
    number = numbers[0]!;
    expect(await first.locator('[data-field="status"]').textContent()).toMatch(/Issued|Paid|Partially paid/);
    await first.locator('[data-field="number"] a').click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing-details/'));
    invoiceId = idInUrl(page);
  });

  it('shows the invoice’s lines grouped by assignment type and its totals', async () => {
    const p = page!;
    await p.getByRole('heading', { name: number, exact: true }).waitFor();
    const invoice = await invoiceOf(baseUrl, p, invoiceId);
    expect(invoice).toMatchObject({ number, companyName: 'Alpha Logistics', currency: 'SAR' });
    expect(await detailValue(p, 'Client').textContent()).toBe('Alpha Logistics');
    expect(await detailValue(p, 'Invoice').textContent()).toBe(number);

    // One block per assignment type, with its number of lines and its sum.
    const kinds: [InvoiceItemKind, string][] = [
      ['MONTHLY_FEE', 'Monthly fee per MSISDN'],
      ['LOCATES', 'Locates'],
      ['REBATE', 'Rebate'],
      ['ADJUSTMENT', 'Adjustment'],
    ];
    const present = kinds.filter(([kind]) => invoice.items.some((i) => i.kind === kind));
    expect(present.map(([kind]) => kind)).toContain('MONTHLY_FEE');
    const groups = p.locator('main .MuiAccordion-root');
    expect(await groups.count()).toBe(present.length);
    // As a person first sees it (long groups folded), for a person to look at.
    await p.screenshot({ path: path.join(SHOTS_DIR, 'details-en.png'), fullPage: true });
    for (const [index, [kind, label]] of present.entries()) {
      const items = invoice.items.filter((i) => i.kind === kind);
      const summary = groups.nth(index).locator('.MuiAccordionSummary-content');
      await expect
        .poll(() => summary.innerText(), { timeout: 10_000 })
        .toMatch(new RegExp(`Assignment type\\s+${label}\\s+${items.length} lines?\\s`));
      const sum = items.reduce((s, i) => s + i.amountMinor, 0);
      expect(await summary.innerText()).toContain(await money(p, 'en-US', sum, 'SAR'));
      // Its lines (per MSISDN for the monthly fee), once unfolded.
      await expandGroup(groups.nth(index));
      await expect
        .poll(() => groups.nth(index).locator('tbody tr').count(), { timeout: 10_000 })
        .toBe(items.length);
    }
    await p.getByRole('columnheader', { name: 'Item description' }).first().waitFor();
    await p.getByRole('columnheader', { name: 'MSISDN' }).first().waitFor();

    const totals = p.locator('main dl[aria-label="Totals"]');
    const total = async (label: string) =>
      totals.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent();
    expect(await total('Subtotal')).toBe(await money(p, 'en-US', invoice.subtotalMinor, 'SAR'));
    expect(await total('Tax (15%)')).toBe(await money(p, 'en-US', invoice.taxMinor, 'SAR'));
    expect(await total('Grand total')).toBe(await money(p, 'en-US', invoice.totalMinor, 'SAR'));
    expect(await total('Balance')).toBe(await money(p, 'en-US', invoice.balanceMinor, 'SAR'));
    expect(invoice.subtotalMinor).toBe(
      invoice.items.filter((i) => i.kind !== 'REBATE').reduce((s, i) => s + i.amountMinor, 0),
    );
    // A Company Admin has no operator actions.
    for (const action of ['Issue', 'Void', 'Credit note', 'Record payment', 'Rebuild draft'])
      expect(await p.getByRole('button', { name: action, exact: true }).count()).toBe(0);
  });

  it('downloads the invoice’s PDF', { timeout: 120_000 }, async () => {
    const p = page!;
    const pdf = await downloadPdf(p, p.getByRole('button', { name: 'Download PDF' }));
    expect(pdf.name).toBe(`${number}.pdf`);
    expect(pdf.text).toContain(number);
    expect(pdf.text).toContain('Alpha Logistics');
  });

  it('reads right to left in Arabic, with the Arabic labels', async () => {
    page = await open(baseUrl, 'companyadmin', 'ar-SA', '/billing/list');
    const p = page;
    await expect.poll(() => p.evaluate(() => document.documentElement.dir), { timeout: 60_000 }).toBe('rtl');
    expect(await p.evaluate(() => document.documentElement.lang)).toBe('ar-SA');
    await p.getByRole('heading', { name: 'هذا الشهر حتى الآن (تقديري)' }).waitFor();
    await p.getByRole('heading', { name: 'الفواتير' }).waitFor();
    await p.getByRole('link', { name: number, exact: true }).click();
    await p.waitForURL(`${baseUrl}/billing-details/${invoiceId}`);
    await p.getByRole('heading', { name: number, exact: true }).waitFor();
    for (const label of [
      'العميل',
      'الفاتورة',
      'الفترة',
      'تاريخ الاستحقاق',
      'الإجمالي الكلي',
      'المبلغ المتبقي',
    ])
      await p
        .locator('main dt', { hasText: new RegExp(`^${label}$`) })
        .first()
        .waitFor();
    await p.getByRole('heading', { name: 'البنود' }).waitFor();
    await p.getByRole('heading', { name: 'المدفوعات' }).waitFor();
    await p.getByRole('heading', { name: 'الإشعارات الدائنة' }).waitFor();
    await p.getByText('رسوم شهرية لكل رقم').first().waitFor();
    await p.getByText('نوع الاحتساب').first().waitFor();
    await p.screenshot({ path: path.join(SHOTS_DIR, 'details-ar.png'), fullPage: true });
    await expandGroup(p.locator('main .MuiAccordion-root').first());
    await p.getByRole('columnheader', { name: 'وصف البند' }).first().waitFor();
    const totals = p.locator('main dl[aria-label="الإجماليات"]');
    await totals.getByText('المجموع الفرعي').waitFor();
    await totals.getByText('الضريبة', { exact: false }).first().waitFor();
    await p.getByRole('button', { name: 'تنزيل ملف PDF' }).waitFor();
    // The sidebar sits on the right.
    const navBox = await p.getByRole('navigation').first().boundingBox();
    expect(navBox && navBox.x + navBox.width / 2 > 720).toBe(true);
    // No English left on the page's labels.
    for (const english of ['Items', 'Totals', 'Grand total', 'Assignment type', 'Download PDF'])
      expect(await p.locator('main').getByText(english, { exact: true }).count(), english).toBe(0);
  });
});

describe('SuperAdmin: run a month, issue the draft, record its payment', () => {
  // A month before the demo's invoiced history, when its MSISDNs were already active.
  const period = monthBefore(7);
  let betaId: number;
  let invoiceId: number;

  it('runs one company’s past month and finds its draft', async () => {
    page = await open(baseUrl, 'superadmin', 'en-US', '/operator/invoices');
    const p = page;
    betaId = await companyId(baseUrl, p, 'Beta Construction');
    const before = await apiAs(
      baseUrl,
      await accessTokenOf(p),
      'GET',
      `/invoices?companyId=${betaId}&period=${period}`,
    );
    expect((before.json as { total: number }).total).toBe(0);

    await p.getByRole('button', { name: 'Run invoices' }).click();
    const dialog = p.getByRole('dialog', { name: 'Run invoices for a month' });
    const company = dialog.getByRole('combobox', { name: 'Company' });
    await company.click();
    await company.fill('Beta');
    await p.getByRole('option', { name: 'Beta Construction', exact: true }).click();
    await fillMonth(dialog, 'period', period);
    const [response] = await Promise.all([
      p.waitForResponse((r) => r.url().endsWith('/invoices/runs') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Run', exact: true }).click(),
    ]);
    expect(response.status()).toBe(200);
    const result = (await response.json()) as InvoiceRunResult;
    expect(result).toMatchObject({ outcome: 'DRAFTED', invoice: { status: 'DRAFT', period } });
    await p.getByText('The draft invoice was built').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The list, narrowed to that month, shows the draft.
    await fillMonth(p.locator('main'), 'period', period);
    await p.waitForURL((url) => url.searchParams.get('period') === period);
    const row = gridRows(p).filter({ hasText: 'Beta Construction' });
    await expect.poll(() => row.count(), { timeout: 60_000 }).toBe(1);
    expect(await row.locator('[data-field="status"]').textContent()).toBe('Draft');
    await row.getByRole('link', { name: 'Draft', exact: true }).click();
    await p.waitForURL((url) => url.pathname.startsWith('/operator/invoice-details/'));
    invoiceId = idInUrl(p);
    expect(invoiceId).toBe(result.invoice!.id);
    await p.getByRole('heading', { name: 'Draft invoice' }).waitFor();
    await p
      .getByText('This is a draft: its amounts can still change until it is issued.', { exact: false })
      .waitFor();
    await p.getByText('Monthly fee per MSISDN').first().waitFor();
    await p.getByRole('button', { name: 'Rebuild draft' }).waitFor();
    expect(await p.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
  });

  it('issues the draft: it gets its number', async () => {
    const p = page!;
    await p.getByRole('button', { name: 'Issue', exact: true }).click();
    const confirm = p.getByRole('dialog', { name: 'Issue this invoice?' });
    await confirm.getByRole('button', { name: 'Issue', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await p.getByText('The invoice was issued').waitFor();
    const heading = p.locator('main h1, header h1').first();
    await expect.poll(() => heading.textContent(), { timeout: 60_000 }).toMatch(INVOICE_NUMBER);
    const number = (await heading.textContent())!;
    expect(await detailValue(p, 'Invoice').textContent()).toBe(number);
    await statusChip(p, 'Issued').waitFor();
    expect(await p.getByRole('button', { name: 'Rebuild draft' }).count()).toBe(0);
    const invoice = await invoiceOf(baseUrl, p, invoiceId);
    expect(invoice).toMatchObject({ number, status: 'ISSUED', paidMinor: 0 });
  });

  it('records a payment of the whole amount: the invoice is paid', async () => {
    const p = page!;
    const invoice = await invoiceOf(baseUrl, p, invoiceId);
    expect(invoice.balanceMinor).toBeGreaterThan(0);
    await p.getByRole('button', { name: 'Record payment' }).click();
    const dialog = p.getByRole('dialog', { name: 'Record a payment' });
    await dialog.getByText(`Still owed: ${await money(p, 'en-US', invoice.balanceMinor, 'EUR')}`).waitFor();
    await dialog.locator('input[name="amountMinor"]').fill((invoice.balanceMinor / 100).toFixed(2));
    const today = new Date().toISOString().slice(0, 10);
    await fillDate(dialog, 'paidOn', today);
    await dialog.getByRole('combobox', { name: 'Method' }).click();
    await p.getByRole('option', { name: 'Card', exact: true }).click();
    await dialog.locator('input[name="reference"]').fill(`E2E card ${period}`);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.waitFor({ state: 'detached' });
    await p.getByText('The payment was recorded').waitFor();
    await statusChip(p, 'Paid').waitFor();
    const payments = p.getByRole('table', { name: 'Payments' });
    await payments.getByRole('cell', { name: 'Card', exact: true }).waitFor();
    await payments.getByRole('cell', { name: `E2E card ${period}` }).waitFor();
    await payments.getByRole('cell', { name: 'superadmin' }).waitFor();
    expect(await detailValue(p, 'Balance').textContent()).toBe(await money(p, 'en-US', 0, 'EUR'));
    expect(await p.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
    const paid = await invoiceOf(baseUrl, p, invoiceId);
    expect(paid).toMatchObject({ status: 'PAID', balanceMinor: 0, paidMinor: invoice.totalMinor });
    expect(paid.payments).toMatchObject([{ method: 'CARD', paidOn: today, amountMinor: invoice.totalMinor }]);
  });
});

/**
 * Paying Gamma's overdue invoices would unlock `dueadmin` for every later suite (shell expects it locked), so this
 * runs on a server of its own, with its own demo data.
 */
describe('The due lock lifts once the overdue invoices are paid (own server)', () => {
  let server: E2EServer | undefined;
  let due: Page;
  let dueNumbers: string[];

  beforeAll(async () => {
    server = await startE2EServer();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps dueadmin on /due-invoice, with each overdue invoice’s PDF', { timeout: 120_000 }, async () => {
    due = await signIn(await newContext('en-US'), server!.baseUrl, 'dueadmin');
    page = due;
    await due.waitForURL(`${server!.baseUrl}/due-invoice`);
    await due.getByText('Your organisation has an unpaid invoice.', { exact: false }).waitFor();
    const table = due.getByRole('table', { name: 'Due Invoice' });
    await table.locator('tbody tr').first().waitFor();
    dueNumbers = (await table.locator('tbody tr td:first-child').allTextContents()).map((s) => s.trim());
    expect(dueNumbers.length).toBeGreaterThan(0);
    for (const n of dueNumbers) expect(n).toMatch(INVOICE_NUMBER);
    const pdf = await downloadPdf(
      due,
      due.getByRole('button', { name: `Download the PDF of ${dueNumbers[0]}` }),
    );
    expect(pdf.name).toBe(`${dueNumbers[0]}.pdf`);
    expect(pdf.text).toContain(dueNumbers[0]);
    expect(pdf.text).toContain('Gamma Retail');
    await due.goto(`${server!.baseUrl}/monitor`);
    await due.waitForURL(`${server!.baseUrl}/due-invoice`);
  });

  it('shows the locked page right to left within the window, in Arabic', { timeout: 120_000 }, async () => {
    const ar = await signIn(await newContext('ar-SA'), server!.baseUrl, 'dueadmin');
    page = ar;
    await ar.waitForURL(`${server!.baseUrl}/due-invoice`);
    const table = ar.getByRole('table');
    await table.locator('tbody tr').first().waitFor();
    expect(await ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The page does not scroll sideways, and the invoices and how to pay them are in view (a header as wide as the
    // page once pushed all of it out of the window).
    const { scrollWidth, clientWidth } = await ar.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const box = (await table.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(clientWidth);
  });

  it('lets the SuperAdmin pay each overdue invoice in full', { timeout: 180_000 }, async () => {
    const base = server!.baseUrl;
    const sa = await open(base, 'superadmin', 'en-US', '/operator/invoices');
    page = sa;
    const gamma = await companyId(base, sa, 'Gamma Retail');
    await sa.goto(`${base}/operator/invoices?companyId=${gamma}&overdue=true`);
    await gridRows(sa).first().waitFor();
    const overdue = (await sa.locator('.MuiDataGrid-row [data-field="number"] a').allTextContents()).map(
      (s) => s.trim(),
    );
    expect([...overdue].sort()).toEqual([...dueNumbers].sort());
    const hrefs = await sa
      .locator('.MuiDataGrid-row [data-field="number"] a')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    for (const href of hrefs) {
      await sa.goto(`${base}${href}`);
      await statusChip(sa, 'Overdue').waitFor();
      await sa.getByRole('button', { name: 'Record payment' }).click();
      const dialog = sa.getByRole('dialog', { name: 'Record a payment' });
      // The amount starts at what is still owed.
      const invoice = await invoiceOf(base, sa, idInUrl(sa));
      expect(await dialog.locator('input[name="amountMinor"]').inputValue()).toBe(
        (invoice.balanceMinor / 100).toFixed(2),
      );
      await dialog.locator('input[name="reference"]').fill(`Transfer ${invoice.number}`);
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await dialog.waitFor({ state: 'detached' });
      await statusChip(sa, 'Paid').waitFor();
      expect(await statusChip(sa, 'Overdue').count()).toBe(0);
    }
    await sa.goto(`${base}/operator/invoices?companyId=${gamma}&overdue=true`);
    await sa.getByText('No Record Found').waitFor();
    expect(await gridRows(sa).count()).toBe(0);
  });

  it('lets dueadmin into the portal: the Monitor opens', { timeout: 180_000 }, async () => {
    const base = server!.baseUrl;
    page = due;
    await due.goto(`${base}/monitor`);
    // Unlocked, the privacy notice comes first (a locked user never saw it).
    await acceptNoticeIfShown(due);
    await due.getByRole('list', { name: 'Monitored numbers' }).waitFor();
    expect(new URL(due.url()).pathname).toBe('/monitor');
    await due.goto(`${base}/due-invoice`);
    await due.locator('main').getByRole('heading').first().waitFor();
    expect(await due.getByText('Your organisation has an unpaid invoice.', { exact: false }).count()).toBe(0);
  });
});
