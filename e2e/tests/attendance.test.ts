import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AttendanceDay, AttendancePage } from '@lbs/contracts';
import { launchBrowser, signIn } from '../src/browser.ts';
import { accessTokenOf, apiAs } from '../src/forms.ts';
import { acceptNoticeIfShown, gridOverflow } from '../src/portal.ts';

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

/** The browser's calendar date of an instant (Chromium runs in this process's time zone). */
function localIsoDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The English names of the statuses, as the Monitor writes them. */
const STATUS: Record<AttendanceDay['status'], string> = {
  PRESENT: 'Present',
  LATE: 'Late',
  EARLY_EXIT: 'Early exit',
  LATE_AND_EARLY_EXIT: 'Late and early exit',
  HALF_DAY: 'Half day',
  ABSENT: 'Absent',
  NO_DATA: 'No data',
  HOLIDAY: 'Holiday',
  WEEKLY_OFF: 'Weekly off',
};

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
    await page.getByRole('button', { name }).first().waitFor();
    expect(await gridOverflow(page), 'the daily list scrolls sideways at 1440 px').toBeLessThanOrEqual(1);
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
    // The menu closed on the choice (while it is open the dialog is hidden from the accessibility tree).
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByRole('combobox', { name: 'Status' }).filter({ hasText: 'Half day' }).waitFor();
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
    page = await open('ar-SA', `/attendance/list?date=${date}&status=PRESENT`);
    await page.getByRole('grid').getByRole('button').first().waitFor({ timeout: 30_000 });
    expect(await gridOverflow(page), 'the daily list scrolls sideways at 1440 px').toBeLessThanOrEqual(1);
    await page.goto(`${baseUrl}/attendance/list?view=monthly&month=${date.slice(0, 7)}`);
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

  it('the Monitor says the selected employee’s attendance around now, as the attendance list has it', async () => {
    page = await open('en-US', '/monitor');
    // The Monitor shows an MSISDN's open (PROVISIONAL) day, else its newest one, between yesterday and tomorrow in
    // the browser's zone: before the first shift of the day (Riyadh's night) that is yesterday's final day. The
    // demo's history has a day there for every member whatever the hour (working, weekly off or holiday).
    const around = `from=${localIsoDate(Date.now() - 86_400_000)}&to=${localIsoDate(Date.now() + 86_400_000)}`;
    await expect
      .poll(async () => (await daysOf(page, `${around}&size=1`)).total, {
        timeout: 120_000,
        interval: 2000,
      })
      .toBeGreaterThan(0);
    const { msisdnId, msisdn } = (await daysOf(page, `${around}&size=1`)).items[0]!;
    const days = (await daysOf(page, `${around}&msisdnId=${msisdnId}&size=3`)).items;
    const day = days.find((d) => d.state === 'PROVISIONAL') ?? days[0]!;
    await page.getByRole('searchbox', { name: 'Search by number or name' }).fill(msisdn);
    await page
      .getByRole('list', { name: 'Monitored numbers' })
      .getByRole('listitem')
      .filter({ hasText: msisdn })
      .getByRole('button')
      .click();
    const line = page.getByTestId('monitor-attendance');
    await line.waitFor({ timeout: 30_000 });
    const text = (await line.textContent()) ?? '';
    if (day.state === 'PROVISIONAL' && !day.override) {
      expect(text).toMatch(/Provisional$/);
      if (day.firstIn && day.stillInside) expect(text).toContain('Present since');
      if (!day.firstIn) expect(text).toContain('Not seen yet');
    } else {
      expect(text.startsWith(STATUS[day.status])).toBe(true);
      if (day.firstIn && day.lastOut) expect(text).toMatch(/ · \d\d:\d\d[^–]*–\d\d:\d\d/);
    }
  });
});
