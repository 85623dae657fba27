import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Poi, PoiAssignmentPage } from '@lbs/contracts';
import { launchBrowser, signIn } from '../src/browser.ts';
import { accessTokenOf, apiAs, fillField, idInUrl, tickRows } from '../src/forms.ts';
import { acceptNoticeIfShown } from '../src/portal.ts';

/**
 * POIs end to end (issue 11): a Company Admin draws a circle and a polygon on the map of /poi-create, moves a corner
 * of the polygon on /poi-edit, assigns two employees on /poi-assign and sees detectability; the list page shows
 * the POIs and their visits — in English and in Arabic.
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
  const file = path.join(tmpdir(), `lbs-e2e-pois-${Date.now()}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => {});
  console.error(`page at ${page.url()}: ${file}`);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

async function open(locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 1000 } });
  contexts.push(context);
  const p = await signIn(context, baseUrl, 'companyadmin', { path: '/poi' });
  await acceptNoticeIfShown(p);
  return p;
}

/** The drawing map, once MapLibre has drawn it. */
async function drawingMap(p: Page) {
  const map = p
    .locator('[role="region"][aria-label]')
    .filter({ has: p.locator('canvas') })
    .first();
  await map.locator('canvas').waitFor({ timeout: 30_000 });
  await p.waitForTimeout(1500);
  return map;
}

async function poiOf(p: Page, id: number): Promise<Poi> {
  const res = await apiAs(baseUrl, await accessTokenOf(p), 'GET', `/pois/${id}`);
  expect(res.status).toBe(200);
  return res.json as Poi;
}

async function save(p: Page, fromPath: string) {
  await Promise.all([
    p.waitForURL((url) => url.pathname !== fromPath, { timeout: 20_000 }),
    p.locator('form button[type="submit"]').click(),
  ]);
}

describe('POIs: draw, edit, assign', () => {
  let circleId: number;
  let polygonId: number;

  it('draws a circle by a click, drags its centre and types the radius (English)', async () => {
    page = await open('en-US');
    await page.goto(`${baseUrl}/poi-create`);
    await fillField(page, 'name', `Gate ${suffix}`);
    const map = await drawingMap(page);
    await map.click({ position: { x: 300, y: 250 } });
    const radius = page.getByLabel('Radius (m)');
    await expect.poll(() => radius.inputValue()).not.toBe('');
    // Dragging the centre moves the circle (the typed centre follows).
    const lon = page.getByLabel('Centre longitude');
    const before = Number(await lon.inputValue());
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + 300, box.y + 250);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + 300 + step * 10, box.y + 250);
    await page.mouse.up();
    await expect.poll(async () => Number(await lon.inputValue())).toBeGreaterThan(before);
    await radius.fill('250');
    await save(page, '/poi-create');
    expect(page.url()).toContain('/poi-assign/');
    circleId = idInUrl(page);
    const poi = await poiOf(page, circleId);
    expect(poi.geometry).toMatchObject({ type: 'CIRCLE', radiusM: 250 });
    expect(poi.rEffM).toBe(250);
  });

  it('assigns two employees at once and shows each assignment with its detectability', async () => {
    await tickRows(page, 2);
    await page.getByRole('button', { name: /^Assign \(2\)$/ }).click();
    await page.getByText('2 employees assigned').waitFor({ timeout: 20_000 });
    const res = await apiAs(baseUrl, await accessTokenOf(page), 'GET', `/poi-assignments?poiId=${circleId}`);
    const assignments = res.json as PoiAssignmentPage;
    expect(assignments.total).toBe(2);
    for (const a of assignments.items)
      expect(['DETECTABLE', 'MARGINAL', 'UNDETECTABLE', 'UNKNOWN']).toContain(a.detectability.status);
    await expect
      .poll(() =>
        page
          .locator('.MuiChip-root')
          .filter({ hasText: /Detectable|Marginal|Undetectable|Unknown/ })
          .count(),
      )
      .toBeGreaterThanOrEqual(2);
  });

  it('draws a polygon by clicking its corners, in Arabic (right to left)', async () => {
    page = await open('ar-SA');
    await page.goto(`${baseUrl}/poi-create`);
    expect(await page.evaluate(() => document.dir)).toBe('rtl');
    await fillField(page, 'name', `ساحة ${suffix}`);
    await page.getByRole('button', { name: 'مضلّع' }).click();
    const map = await drawingMap(page);
    for (const [x, y] of [
      [200, 150],
      [420, 160],
      [430, 380],
      [210, 370],
    ])
      await map.click({ position: { x: x!, y: y! } });
    await page.getByText('٤ زوايا').waitFor();
    await save(page, '/poi-create');
    polygonId = idInUrl(page);
    const poi = await poiOf(page, polygonId);
    expect(poi.geometry.type).toBe('POLYGON');
    if (poi.geometry.type === 'POLYGON') expect(poi.geometry.coordinates[0]).toHaveLength(5);
  });

  it('moves a corner of the polygon on /poi-edit', async () => {
    const before = await poiOf(page, polygonId);
    await page.goto(`${baseUrl}/poi-edit/${polygonId}`);
    const map = await drawingMap(page);
    await page.getByRole('button', { name: 'تراجع عن آخر زاوية' }).click();
    await map.click({ position: { x: 150, y: 420 } });
    await save(page, `/poi-edit/${polygonId}`);
    const after = await poiOf(page, polygonId);
    expect(after.geometry.type).toBe('POLYGON');
    expect(after.areaM2).not.toBe(before.areaM2);
  });

  it('lists the POIs beside the map, and a selected one shows who is there and its visits', async () => {
    await page.goto(`${baseUrl}/poi`);
    await page.waitForSelector('.MuiDataGrid-row', { timeout: 30_000 });
    await page.locator('.MuiDataGrid-row', { hasText: 'head office' }).first().click();
    await page.getByText('الزيارات الأخيرة').waitFor();
    await page.getByText('داخلها الآن').first().waitFor();
  });

  it('imports a CSV through the dialog: the check first, then the job', async () => {
    page = await open('en-US');
    await page.goto(`${baseUrl}/poi`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import POIs' });
    const csv = [
      'name,category,lat,lon,radius_m,external_ref',
      `Imported gate ${suffix},Client sites,24.75,46.70,180,IMP-${suffix}`,
      'Too small,,24.75,46.70,5,',
    ].join('\n');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'sites.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog
      .getByText('2 rows: 1 to create, 0 to update, 1 with errors (left out)')
      .waitFor({ timeout: 20_000 });
    await dialog.getByText('Row 2, geometry.radiusM: The radius must be between 25 m and 50 km').waitFor();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Import finished: 1 created, 0 updated').waitFor({ timeout: 30_000 });
    const res = await apiAs(
      baseUrl,
      await accessTokenOf(page),
      'GET',
      `/pois?q=${encodeURIComponent(`Imported gate ${suffix}`)}`,
    );
    expect((res.json as { total: number }).total).toBe(1);
  });
});
