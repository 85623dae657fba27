import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AttendancePage } from '@lbs/contracts';
import { launchBrowser, signIn } from '../src/browser.ts';
import { accessTokenOf, apiAs } from '../src/forms.ts';
import { acceptNoticeIfShown } from '../src/portal.ts';

/**
 * Attendance end to end (issue 12): on the demo's first start a Company Admin opens yesterday's attendance, reads a
 * day's evidence and sets a status by hand with a reason; in Arabic the monthly sheet reads right to left (day 1 on
 * the right) and a day opens from it.
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
const contexts: BrowserContext[] = [];
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail' || !page) return;
  const file = path.join(tmpdir(), `lbs-e2e-attendance-${Date.now()}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => {});
  console.error(`page at ${page.url()}: ${file}`);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

async function open(locale: string, at: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 1000 } });
  contexts.push(context);
  const p = await signIn(context, baseUrl, 'companyadmin', { path: at });
  await acceptNoticeIfShown(p);
  return p;
}

/** The latest Sunday–Thursday before today in Riyadh (the demo company's working days). */
function lastWorkingDay(): string {
  const riyadh = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);
  let t = Date.now() - 86_400_000;
  while ([5, 6].includes(new Date(`${riyadh(t)}T00:00:00Z`).getUTCDay())) t -= 86_400_000;
  return riyadh(t);
}

async function daysOf(p: Page, query: string): Promise<AttendancePage> {
  const res = await apiAs(baseUrl, await accessTokenOf(p), 'GET', `/attendance?${query}`);
  expect(res.status).toBe(200);
  return res.json as AttendancePage;
}

describe('Attendance: days from presence, their evidence, a status by hand', () => {
  const date = lastWorkingDay();

  it('shows yesterday’s days with evidence and sets one by hand with a reason (English)', async () => {
    page = await open('en-US', '/attendance/list');
    // The demo's history is computed into days shortly after the first start.
    await expect
      .poll(async () => (await daysOf(page, `date=${date}&status=PRESENT&size=1`)).total, {
        timeout: 120_000,
        interval: 2000,
      })
      .toBeGreaterThan(0);
    const present = (await daysOf(page, `date=${date}&status=PRESENT&size=1`)).items[0]!;
    await page.goto(`${baseUrl}/attendance/list?date=${date}&status=PRESENT`);
    const name = present.employeeName ?? present.msisdn;
    await page.getByRole('button', { name }).first().click();
    const drawer = page.getByRole('region', { name: 'Open the day' });
    await drawer.getByText('Visits at the attendance sites').waitFor();
    await drawer.getByText(/Visits: \d+, \d+ min inside/).waitFor();
    await drawer
      .getByRole('region', { name: 'Attendance sites and the day’s positions' })
      .waitFor({ timeout: 30_000 });
    await drawer.getByRole('button', { name: 'Set status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set the status by hand' });
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Half day' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Comment is required').waitFor();
    await dialog.getByLabel(/Reason/).fill('Doctor’s appointment in the afternoon');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await drawer
      .getByText(/Set by companyadmin .*Doctor’s appointment in the afternoon \(computed: Present\)/)
      .waitFor();
    const after = await daysOf(page, `date=${date}&msisdnId=${present.msisdnId}`);
    expect(after.items[0]).toMatchObject({ status: 'HALF_DAY', computedStatus: 'PRESENT' });
  });

  it('reads the monthly sheet right to left in Arabic and opens a day from it', async () => {
    page = await open('ar-SA', `/attendance/list?view=monthly&month=${date.slice(0, 7)}`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const table = page.getByRole('table', { name: /حضور شهر/ });
    await table.waitFor({ timeout: 30_000 });
    const header = table.locator('thead th');
    const first = await header.nth(1).boundingBox();
    const second = await header.nth(2).boundingBox();
    // Day 1 is on the right of day 2.
    expect(first!.x).toBeGreaterThan(second!.x);
    const day = Number(date.slice(8, 10));
    const cell = table
      .locator('tbody tr')
      .first()
      .locator('td')
      .nth(day - 1);
    await cell.scrollIntoViewIfNeeded();
    expect((await cell.innerText()).trim()).not.toBe('');
    await cell.click();
    await page.getByRole('region', { name: 'فتح اليوم' }).getByText('السبب').waitFor();
  });

  it('the Monitor says the selected employee’s attendance today, as the attendance list has it', async () => {
    page = await open('en-US', '/monitor');
    // Today's open days (the shift date in Riyadh): the first employee with one, and what the list says of it.
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    await expect
      .poll(async () => (await daysOf(page, `date=${today}&size=1`)).total, {
        timeout: 120_000,
        interval: 2000,
      })
      .toBeGreaterThan(0);
    const day = (await daysOf(page, `date=${today}&size=1`)).items[0]!;
    await page.getByRole('searchbox', { name: 'Search by number or name' }).fill(day.msisdn);
    await page
      .getByRole('list', { name: 'Monitored numbers' })
      .getByRole('listitem')
      .filter({ hasText: day.msisdn })
      .getByRole('button')
      .click();
    const line = page.getByTestId('monitor-attendance');
    await line.waitFor({ timeout: 30_000 });
    const text = (await line.textContent()) ?? '';
    if (day.state === 'PROVISIONAL') {
      expect(text).toMatch(/Provisional$/);
      if (day.firstIn && day.stillInside) expect(text).toContain('Present since');
      if (!day.firstIn) expect(text).toContain('Not seen yet');
    } else expect(text.length).toBeGreaterThan(0);
  });
});
