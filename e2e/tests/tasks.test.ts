import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TaskAssignmentPage } from '@lbs/contracts';
import { launchBrowser, signIn } from '../src/browser.ts';
import { accessTokenOf, apiAs, fillField, idInUrl, tickRows } from '../src/forms.ts';
import { acceptNoticeIfShown, gridOverflow } from '../src/portal.ts';

/**
 * Tasks end to end (issue 13): a Company Admin adds a task at a demo client site, assigns two employees, completes
 * one by hand with a reason and reads the evidence; in Arabic, the assignment list shows (right to left) the demo
 * assignments the seeded history completed by a visit, with the visit and its fixes as evidence.
 */
const baseUrl = inject('baseUrl');
const suffix = Date.now().toString(36).toUpperCase().slice(-5);

let browser: Browser;
const contexts: BrowserContext[] = [];
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail' || !page) return;
  const file = path.join(tmpdir(), `lbs-e2e-tasks-${Date.now()}.png`);
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

/**
 * The texts of the task list's cells in `fields` that do not show whole (cut at the end of their line or lines), with
 * the number of cells looked at.
 */
async function clippedCells(p: Page, fields: string[]): Promise<{ seen: number; clipped: string[] }> {
  return p
    .locator('.MuiDataGrid-virtualScroller')
    .first()
    .evaluate((scroller, names) => {
      const cells = names.flatMap((n) =>
        Array.from(scroller.querySelectorAll<HTMLElement>(`.MuiDataGrid-cell[data-field="${n}"]`)),
      );
      const clipped = cells.filter((cell) =>
        [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))].some(
          // Arabic glyphs reach a few pixels beyond their lines' box: a line more is 17.5 px.
          (e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 8,
        ),
      );
      return { seen: cells.length, clipped: clipped.map((c) => c.textContent ?? '') };
    }, fields);
}

async function assignmentsOf(p: Page, query: string): Promise<TaskAssignmentPage> {
  const res = await apiAs(baseUrl, await accessTokenOf(p), 'GET', `/task-assignments?${query}`);
  expect(res.status).toBe(200);
  return res.json as TaskAssignmentPage;
}

describe('Tasks: add, assign, complete with proof', () => {
  let taskId: number;

  it('adds a task at a client site and assigns two employees (English)', async () => {
    page = await open('en-US', '/task/add');
    await fillField(page, 'title', `Inspect the loading bay ${suffix}`);
    await page.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await page.getByRole('combobox', { name: 'POI' }).click();
    await page.getByRole('option', { name: 'Client site: City Mall' }).click();
    await Promise.all([
      page.waitForURL((url) => url.pathname.startsWith('/task-details/assign/'), { timeout: 20_000 }),
      page.locator('form button[type="submit"]').click(),
    ]);
    taskId = idInUrl(page);
    await tickRows(page, 2);
    await page.getByRole('button', { name: 'Assign selected (2)' }).click();
    await page.getByText('2 employees assigned').waitFor({ timeout: 20_000 });
    const members = await assignmentsOf(page, `taskId=${taskId}`);
    expect(members.total).toBe(2);
    expect(members.items.every((m) => m.status === 'PENDING' && m.completionRule === 'AUTO_OR_MANUAL')).toBe(
      true,
    );
  });

  it('completes one assignment by hand with a reason, and shows it as evidence', async () => {
    const reason = `The client confirmed by phone ${suffix}`;
    const membersGrid = page.getByRole('grid').last();
    await membersGrid.getByRole('button', { name: 'Complete' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await page.getByText('Completed by hand').first().waitFor({ timeout: 20_000 });
    const done = (await assignmentsOf(page, `taskId=${taskId}&status=COMPLETED`)).items;
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ completionSource: 'MANUAL', reason, completedBy: 'companyadmin' });
    await membersGrid.getByRole('button', { name: 'Evidence' }).first().click();
    await page.getByRole('dialog').getByText(`By companyadmin: ${reason}`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  });

  it('attaches a file on the edit page and lists it with its size', async () => {
    await page.goto(`${baseUrl}/task-details/edit/${taskId}`);
    await page.locator('form [name="title"]').waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: `bay-${suffix}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from('Loading bay 2: the ramp is cracked.'),
    });
    await page.getByText(`bay-${suffix}.txt`).waitFor({ timeout: 20_000 });
    const res = await apiAs(baseUrl, await accessTokenOf(page), 'GET', `/tasks/${taskId}/attachments`);
    expect(res.json).toMatchObject({ items: [{ fileName: `bay-${suffix}.txt`, contentType: 'text/plain' }] });
  });

  it('shows each task’s title and whole due window in the list, and every column of both lists, in English and Arabic', async () => {
    for (const locale of ['en-US', 'ar-SA']) {
      page = await open(locale, '/task/list');
      await page.locator('.MuiDataGrid-row').nth(5).waitFor({ timeout: 30_000 });
      const { seen, clipped } = await clippedCells(page, ['title', 'dueEnd']);
      expect(seen, locale).toBeGreaterThan(10);
      expect(clipped, `${locale}: cut short in the task list`).toEqual([]);
      expect(await gridOverflow(page), `${locale}: the task list scrolls sideways`).toBeLessThanOrEqual(1);
      await page.goto(`${baseUrl}/task-assign-list`);
      await page.locator('.MuiDataGrid-row').nth(5).waitFor({ timeout: 30_000 });
      expect(await gridOverflow(page), `${locale}: the assignment list scrolls sideways`).toBeLessThanOrEqual(
        1,
      );
    }
  });

  it('lists, right to left in Arabic, demo assignments a visit completed, with the visit and its fixes', async () => {
    page = await open('ar-SA', '/task-assign-list');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // The seeded history's visits reach the task processor shortly after the first start.
    await expect
      .poll(
        async () =>
          (await assignmentsOf(page, 'status=COMPLETED&size=100')).items.filter(
            (a) => a.completionSource === 'AUTO_VISIT',
          ).length,
        { timeout: 90_000, interval: 2000 },
      )
      .toBeGreaterThan(0);
    await page.goto(`${baseUrl}/task-assign-list?status=COMPLETED`);
    const row = page.locator('.MuiDataGrid-row', { hasText: 'زيارة' }).first();
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'الأدلة' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('زيارة نقطة الاهتمام').first().waitFor();
    await dialog
      .getByRole('region', { name: 'خريطة المواقع التي أثبتت الزيارة' })
      .waitFor({ timeout: 30_000 });
  });
});
