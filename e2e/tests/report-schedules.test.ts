import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ReportScheduleList } from '@lbs/contracts';
import { launchBrowser, signIn } from '../src/browser.ts';
import { accessTokenOf, apiAs } from '../src/forms.ts';
import { acceptNoticeIfShown } from '../src/portal.ts';

/**
 * Scheduled reports end to end (issue 16): in Arabic a Company Admin opens the "Scheduled" tab of /reports,
 * schedules a weekly report (Monday 07:00 by default) and reads its schedule in words, in Arabic, right to left.
 * Needs the /reports page with ScheduledReportsTab mounted as its "Scheduled" tab (مجدولة).
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
const contexts: BrowserContext[] = [];
let page: Page;
const created: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail' || !page) return;
  const file = path.join(tmpdir(), `lbs-e2e-report-schedules-${Date.now()}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => {});
  console.error(`page at ${page.url()}: ${file}`);
});
afterAll(async () => {
  if (page && created.length) {
    const token = await accessTokenOf(page).catch(() => undefined);
    if (token) for (const id of created) await apiAs(baseUrl, token, 'DELETE', `/report-schedules/${id}`);
  }
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('Reports: a weekly e-mailed report', () => {
  it('creates a weekly schedule and shows it in words in Arabic', async () => {
    const context = await browser.newContext({ locale: 'ar-SA', viewport: { width: 1440, height: 1000 } });
    contexts.push(context);
    page = await signIn(context, baseUrl, 'companyadmin', { path: '/reports' });
    await acceptNoticeIfShown(page);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

    await page.getByRole('tab', { name: 'مجدولة' }).click();
    await page.getByRole('button', { name: 'جدولة تقرير' }).click();
    const dialog = page.getByRole('dialog', { name: 'جدولة تقرير' });
    const name = `تقرير الإثنين ${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: /^الاسم/ }).fill(name);
    await dialog.getByRole('combobox', { name: /^التقرير/ }).click();
    await page.getByRole('option').first().click();
    // Weekly on Monday at 07:00 is the form's default; the preview says it in words.
    await dialog
      .getByTestId('schedule-preview')
      .getByText(/الإثنين/)
      .waitFor();
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await expect.poll(async () => row.getByTestId('schedule-description').innerText()).toMatch(/الإثنين/);
    await row.getByText('نشطة').waitFor();

    const res = await apiAs(baseUrl, await accessTokenOf(page), 'GET', '/report-schedules');
    expect(res.status).toBe(200);
    const schedule = (res.json as ReportScheduleList).items.find((s) => s.name === name);
    expect(schedule).toMatchObject({
      preset: 'weekly',
      weekday: 1,
      time: '07:00',
      cron: '0 7 * * 1',
      active: true,
    });
    created.push(schedule!.id);
    expect(schedule!.nextRunAt).not.toBeNull();
  });
});
