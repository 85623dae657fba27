import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

type Box = { x: number; y: number; width: number; height: number };
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser, signIn } from '../src/browser.ts';
import { acceptNoticeIfShown, nextNetworkMinute } from '../src/portal.ts';
import { accessTokenOf, apiAs } from '../src/forms.ts';
import { pixelStats } from '../src/map-pixels.ts';

const baseUrl = inject('baseUrl');

/** Marker and trail colours of apps/web/src/features/monitor (model/freshness.ts, components/trail-color.ts). */
const MARKERS = { live: '#16A34A', stale: '#F59E0B', noConsent: '#DC2626' };
const TRAIL = { trail: '#7C3AED' };
/** The last position's dot on the MSISDN details page's small map (apps/web/src/components/mini-map-engine.ts). */
const MINI_MAP = { position: '#0A8FDC' };
/** A drawn map: many colours (land, accuracy circles, markers, clusters, their labels) and a few % off-background. */
const DISTINCT_MIN = 30;
const NON_BACKGROUND_MIN = 0.02;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let restoreWindow: (() => Promise<void>) | undefined;

/**
 * "Locate now" obeys the company's tracking window (Alpha: Sunday–Thursday 08:00–18:00 Riyadh time), so a test run
 * at night would only ever see the refusal: the SuperAdmin opens the window to the whole week for this file.
 */
async function openAlphaTrackingWindow(): Promise<() => Promise<void>> {
  const saContext = await browser.newContext({ locale: 'en-US' });
  const sa = await signIn(saContext, baseUrl, 'superadmin');
  const token = await accessTokenOf(sa);
  await saContext.close();
  const list = await apiAs(baseUrl, token, 'GET', '/companies?q=Alpha&size=5');
  const alpha = (
    list.json as { items: { id: number; name: string; config: { trackingWindow: unknown } }[] }
  ).items.find((c) => c.name === 'Alpha Logistics');
  if (!alpha) throw new Error('demo company Alpha Logistics not found');
  const always = { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '23:59', timezone: 'Asia/Riyadh' };
  const patched = await apiAs(baseUrl, token, 'PATCH', `/companies/${alpha.id}`, {
    config: { trackingWindow: always },
  });
  expect(patched.status).toBe(200);
  return async () => {
    await apiAs(baseUrl, token, 'PATCH', `/companies/${alpha.id}`, {
      config: { trackingWindow: alpha.config.trackingWindow },
    });
  };
}

const numbersList = (p: Page) => p.getByRole('list', { name: 'Monitored numbers' });
const mapRegion = (p: Page) => p.getByRole('region', { name: 'Map of the employees’ positions' });
const details = (p: Page) => p.getByRole('complementary');
/** Everything drawn over the map canvas by the page or by MapLibre's controls. */
const overlays = (p: Page): Locator[] => [
  p.getByRole('button', { name: 'Legend' }).locator('xpath=..'),
  details(p),
  p.locator('.maplibregl-ctrl'),
  // The POI layer's switch (and a POI's popup) beside the legend.
  p.getByRole('group', { name: 'POIs' }),
];

beforeAll(async () => {
  browser = await launchBrowser();
  restoreWindow = await openAlphaTrackingWindow();
  context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  page = await signIn(context, baseUrl, 'companyadmin');
  await acceptNoticeIfShown(page);
});

afterAll(async () => {
  await restoreWindow?.();
  await context?.close();
  await browser?.close();
});

describe('Monitor', () => {
  it('lists the demo MSISDNs and draws them on the map (a blank map fails)', async () => {
    await numbersList(page).getByRole('listitem').first().waitFor({ timeout: 30_000 });
    const shown = await page.getByText(/^Showing \d+ of \d+$/).textContent();
    const total = Number(/of (\d+)/.exec(shown ?? '')?.[1]);
    expect(total).toBeGreaterThan(0);
    expect(await numbersList(page).getByRole('listitem').count()).toBeGreaterThan(0);
    // Windowed: far fewer rows in the DOM than numbers in the list.
    expect(await numbersList(page).getByRole('listitem').count()).toBeLessThan(Math.max(total, 40));

    await page.locator('canvas.maplibregl-canvas').waitFor();
    let stats = await pixelStats(page, mapRegion(page), MARKERS, overlays(page));
    await expect
      .poll(
        async () => {
          stats = await pixelStats(page, mapRegion(page), MARKERS, overlays(page));
          return stats.near.live + stats.near.stale + stats.near.noConsent;
        },
        { timeout: 30_000, message: 'marker and cluster pixels on the map' },
      )
      .toBeGreaterThan(400);
    expect(stats.width).toBeGreaterThan(300);
    expect(stats.height).toBeGreaterThan(300);
    expect(stats.distinct).toBeGreaterThan(DISTINCT_MIN);
    expect(stats.nonBackground).toBeGreaterThan(NON_BACKGROUND_MIN);

    // The same measure on the map with its canvas hidden (what a map that draws nothing looks like) must fail.
    const canvas = page.locator('canvas.maplibregl-canvas');
    await canvas.evaluate((c: HTMLElement) => (c.style.visibility = 'hidden'));
    const blank = await pixelStats(page, mapRegion(page), MARKERS, overlays(page));
    await canvas.evaluate((c: HTMLElement) => (c.style.visibility = ''));
    // (Only the card's rounded corner and the page behind it vary there.)
    expect(blank.distinct).toBeLessThanOrEqual(DISTINCT_MIN);
    expect(blank.nonBackground).toBeLessThanOrEqual(NON_BACKGROUND_MIN);
    expect(blank.near.live + blank.near.stale + blank.near.noConsent).toBe(0);
  });

  it(
    'moves a number on a position from the live stream, without reloading',
    { timeout: 360_000 },
    async () => {
      // A locate made elsewhere (the API, as another user's tab would) reaches this page through the SSE stream only.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      const token = await accessTokenOf(page);
      const candidates = await apiAs(
        baseUrl,
        token,
        'GET',
        '/msisdns?consentStatus=GRANTED&trackingEnabled=true&size=20&sort=employeeName',
      );
      const search = page.getByRole('searchbox', { name: 'Search by number or name' });
      const targets = (candidates.json as { items: { id: number; msisdn: string }[] }).items;
      if (targets.length === 0) throw new Error('no consented, tracked demo MSISDN');
      // The exact time of the shown fix (relative times cannot tell two fixes of the same minute apart).
      const fixTime = details(page).getByTestId('monitor-last-fix').locator('time');
      let chosen: { row: Locator; before: string | null; position: { time: string } } | null = null;
      // A simulated phone is now and then switched off for the whole day (and the network then always answers
      // "absent subscriber"): such a number is left for the next one, as a user would.
      for (const target of targets.slice(0, 4)) {
        await search.fill(target.msisdn);
        const row = numbersList(page).getByRole('listitem').filter({ hasText: target.msisdn });
        await row.getByRole('button').click();
        await fixTime.waitFor();
        const before = await fixTime.getAttribute('datetime');
        for (let attempt = 0; attempt < 2 && !chosen; attempt++) {
          if (attempt > 0) await nextNetworkMinute();
          const answer = await apiAs(baseUrl, token, 'POST', `/msisdns/${target.id}/locate`);
          expect(answer.status).toBe(200);
          const body = answer.json as { status: string; position: { time: string } | null };
          if (body.status === 'LOCATED' && body.position) chosen = { row, before, position: body.position };
        }
        if (chosen) break;
        await details(page).getByRole('button', { name: 'Close the details' }).click();
      }
      if (!chosen) throw new Error('the simulated network located none of the numbers');
      const { row, before, position } = chosen;
      const located = position;
      expect(located.time).not.toBe(before);
      await expect.poll(() => fixTime.getAttribute('datetime'), { timeout: 15_000 }).toBe(located.time);
      await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('now');
      expect(await page.getByRole('button', { name: /^Live · [1-9]/ }).count()).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
      await details(page).getByRole('button', { name: 'Close the details' }).click();
      await page.getByRole('button', { name: 'Clear the search' }).click();
    },
  );

  it(
    '"Locate now" on a consented MSISDN updates its last fix and moves it',
    { timeout: 240_000 },
    async () => {
      // The first number whose "Locate now" is enabled (consent granted, tracking on) and whose phone answers.
      const rows = numbersList(page).getByRole('listitem');
      const panel = details(page);
      const locate = panel.getByRole('button', { name: 'Locate now' });
      const fixTime = panel.getByTestId('monitor-last-fix').locator('time');
      const coordinates = panel.getByTestId('monitor-coordinates');
      let name = '';
      let before: { time: string | null } = { time: null };
      let position: { time: string; lat: number; lon: number } | null = null;
      for (let i = 0; i < 10 && !position; i++) {
        await rows.nth(i).getByRole('button').click();
        await locate.waitFor();
        if (!(await locate.isEnabled())) continue;
        name = (await panel.getByRole('heading', { level: 2 }).textContent()) ?? '';
        before = { time: await fixTime.getAttribute('datetime') };
        // The simulated network answers "absent subscriber" now and then: ask again, as a user would; a phone
        // switched off for the whole day (the simulator does that too) is left for the next number.
        for (let attempt = 0; attempt < 2 && !position; attempt++) {
          if (attempt > 0) await nextNetworkMinute();
          const [response] = await Promise.all([
            page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/locate'), {
              timeout: 30_000,
            }),
            locate.click(),
          ]);
          expect(response.status()).toBe(200);
          const body = (await response.json()) as {
            status: string;
            position: { time: string; lat: number; lon: number } | null;
          };
          if (body.status === 'LOCATED') position = body.position;
          else await panel.getByRole('alert').waitFor(); // the translated reason, e.g. "The phone is switched off…"
        }
      }
      if (!position) throw new Error('the simulated network never located the number');
      await panel.getByText('Located: the position has been updated.').waitFor();
      await expect.poll(() => fixTime.getAttribute('datetime')).toBe(position.time);
      expect(Date.parse(position.time)).toBeGreaterThan(Date.parse(before.time ?? '1970-01-01T00:00:00Z'));
      expect(await panel.getByTestId('monitor-last-fix').textContent()).toContain('now');
      // The marker sits where the network said (the list, the details and the map share one store).
      // Formatted as the page does: ICU rounds the shortest decimal form (46.662895 → 46.66290), where
      // toFixed rounds the binary value (46.66289499… → 46.66289).
      const five = new Intl.NumberFormat('en-US', { minimumFractionDigits: 5, maximumFractionDigits: 5 });
      expect(await coordinates.textContent()).toBe(
        `${five.format(position.lat)}, ${five.format(position.lon)}`,
      );
      const row = numbersList(page).getByRole('listitem').filter({ hasText: name }).first();
      await expect.poll(() => row.textContent()).toContain('now');
    },
  );

  it('draws the history trail of a chosen from–to period', async () => {
    const panel = details(page);
    await panel.getByRole('button', { name: 'From–to' }).click();
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = (d: Date) =>
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    const now = new Date(Date.now() + 60_000);
    await panel.getByLabel('From', { exact: true }).fill(local(new Date(now.getTime() - 4 * 86_400_000)));
    await panel.getByLabel('To', { exact: true }).fill(local(now));
    await panel.getByRole('button', { name: 'Show the trail' }).click();
    const count = panel.getByText(/^Positions in the period: \d+$/);
    await count.waitFor({ timeout: 20_000 });
    expect(Number(/(\d+)$/.exec((await count.textContent()) ?? '')?.[1])).toBeGreaterThan(1);
    await expect
      .poll(async () => (await pixelStats(page, mapRegion(page), TRAIL, overlays(page))).near.trail, {
        timeout: 20_000,
        message: 'trail pixels',
      })
      .toBeGreaterThan(150);
    // The playback slider moves a marker along the trail.
    const slider = panel.getByRole('slider', { name: 'Playback position' });
    await slider.focus();
    await page.keyboard.press('Home');
    expect(await slider.getAttribute('aria-valuenow')).toBe('0');
  });

  it(
    'MSISDN details: the small map shows the last position, and an issued device token takes app positions',
    { timeout: 240_000 },
    async () => {
      const token = await accessTokenOf(page);
      const candidates = await apiAs(
        baseUrl,
        token,
        'GET',
        '/msisdns?consentStatus=GRANTED&trackingEnabled=true&size=5&sort=createdAt',
      );
      const items = (candidates.json as { items: { id: number; msisdn: string }[] }).items;
      if (!items.length) throw new Error('no consented, tracked demo MSISDN');
      // A fresh network fix, so the last 24 hours are never empty whatever the hour of the run. The simulated network
      // answers "absent" for a phone that is off all that local day, so the first of the candidates it finds is taken.
      let target: (typeof items)[number] | undefined;
      for (let attempt = 0; attempt < 2 && !target; attempt++) {
        if (attempt > 0) await nextNetworkMinute();
        for (const candidate of items) {
          const answer = await apiAs(baseUrl, token, 'POST', `/msisdns/${candidate.id}/locate`);
          if ((answer.json as { status: string }).status === 'LOCATED') {
            target = candidate;
            break;
          }
        }
      }
      if (!target) throw new Error('the network located none of the consented, tracked demo MSISDNs');

      await page.goto(`${baseUrl}/msisdn-details/${target.id}`);
      await page.getByRole('heading', { name: 'Location', level: 2 }).waitFor({ timeout: 30_000 });
      const count = page.getByTestId('msisdn-history-count');
      await expect
        .poll(async () => Number(/(\d+)/.exec((await count.textContent()) ?? '')?.[1] ?? 0), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
      const miniMap = page.getByRole('region', { name: /^Last known position of / });
      await miniMap.locator('canvas.maplibregl-canvas').waitFor();
      // The last position is drawn (a blue dot with its accuracy circle) over the world map.
      await expect
        .poll(
          async () =>
            (await pixelStats(page, miniMap, MINI_MAP, [page.locator('.maplibregl-ctrl')])).near.position,
          {
            timeout: 20_000,
            message: 'last-position pixels on the small map',
          },
        )
        .toBeGreaterThan(20);
      const stats = await pixelStats(page, miniMap, MINI_MAP, [page.locator('.maplibregl-ctrl')]);
      expect(stats.distinct).toBeGreaterThan(DISTINCT_MIN);
      expect(await page.getByTestId('msisdn-last-fix').textContent()).toMatch(/now|minute/);

      // The tracking app's token: issued here, shown once, then used as Traccar Client would.
      await page.getByRole('button', { name: 'Issue device token' }).click();
      const dialog = page.getByRole('dialog', { name: 'New device token' });
      const deviceToken = ((await dialog.getByTestId('device-token-value').textContent()) ?? '').trim();
      expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await dialog.getByText(`${baseUrl}/ingest/osmand`).count()).toBe(1);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByText('Issued, the app can send positions').waitFor();

      const report = new URLSearchParams({
        id: deviceToken,
        lat: '24.71234',
        lon: '46.67891',
        timestamp: String(Math.floor(Date.now() / 1000)),
        accuracy: '12',
      });
      expect((await fetch(`${baseUrl}/ingest/osmand?${report.toString()}`, { method: 'POST' })).status).toBe(
        200,
      );
      await page.reload();
      await page.getByText('Traccar Client app').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('msisdn-coordinates').textContent()).toBe('24.71234, 46.67891');
      // …and heads the table of the latest positions.
      const latest = page.getByRole('table', { name: 'Latest positions' }).getByRole('row').nth(1);
      expect(await latest.textContent()).toContain('Traccar Client app');
      expect(await page.getByText('None received yet').count()).toBe(0);

      // Revoked: the app's next report is refused.
      await page.getByRole('button', { name: 'Revoke token' }).click();
      await page
        .getByRole('dialog', { name: 'Revoke the device token?' })
        .getByRole('button', { name: 'Revoke token' })
        .click();
      await page.getByText('None issued').waitFor();
      expect((await fetch(`${baseUrl}/ingest/osmand?${report.toString()}`, { method: 'POST' })).status).toBe(
        401,
      );
      await page.goto(`${baseUrl}/monitor`);
      await numbersList(page).getByRole('listitem').first().waitFor({ timeout: 30_000 });
    },
  );

  it('mirrors the page in Arabic: right-to-left, the list on the right', async () => {
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    // The switch waits for the Arabic texts of every area in use (the Monitor's, and the attendance texts its
    // details loaded): on a loaded CI machine that takes longer than expect.poll's default second.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dir), { timeout: 15_000 })
      .toBe('rtl');
    const list = page.getByRole('list', { name: 'الأرقام المراقَبة' });
    await list.getByRole('listitem').first().waitFor();
    const map = page.getByRole('region', { name: 'خريطة مواقع الموظفين' });
    await map.waitFor();
    const [listBox, mapBox] = [await list.boundingBox(), await map.boundingBox()];
    expect(listBox && mapBox && listBox.x > mapBox.x + mapBox.width / 2).toBe(true);
    // MapLibre's zoom buttons follow: bottom left in English, bottom right (the start side) here.
    const zoom = await page.getByRole('button', { name: 'تكبير' }).boundingBox();
    expect(zoom && mapBox && zoom.x > mapBox.x + mapBox.width / 2).toBe(true);
    // The scale bar in Arabic: Arabic-Indic digits and Arabic units ("٣ كم", "٢٠٠ م"), as every number of the page.
    await expect
      .poll(() => page.locator('.maplibregl-ctrl-scale').textContent())
      .toMatch(/^[٠-٩][٠-٩٫]*\u00a0(كم|م)$/);
    await page.getByRole('button', { name: 'اللغة' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dir), { timeout: 15_000 })
      .toBe('ltr');
  });

  it(
    'works on a 390 px phone: the list and the map as tabs, the map drawn at full height, the legend clear of the filters',
    { timeout: 240_000 },
    async () => {
      const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
      try {
        const p = await signIn(phone, baseUrl, 'companyadmin');
        await acceptNoticeIfShown(p);
        const listTab = p.getByRole('tab', { name: 'Numbers' });
        const mapTab = p.getByRole('tab', { name: 'Map' });
        const search = p.getByRole('searchbox', { name: 'Search by number or name' });
        const legend = p.getByRole('button', { name: 'Legend' });
        const filters = [search, p.getByRole('group', { name: 'Position status' })];
        const overlap = (a: Box | null, b: Box | null) =>
          !!a &&
          !!b &&
          a.x < b.x + b.width &&
          b.x < a.x + a.width &&
          a.y < b.y + b.height &&
          b.y < a.y + a.height;

        // The list first: its rows and filters, nothing of the map over them. (A new browser context loads every
        // chunk afresh while the suite's other page streams positions: a slow machine needs the longer wait.)
        await numbersList(p).getByRole('listitem').first().waitFor({ timeout: 60_000 });
        expect(await listTab.getAttribute('aria-selected')).toBe('true');
        expect(await search.isVisible()).toBe(true);
        expect(await legend.isVisible()).toBe(false);
        expect(await p.locator('.maplibregl-ctrl').first().isVisible()).toBe(false);
        for (const filter of filters) {
          const box = await filter.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
        }
        // The page itself does not scroll sideways.
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

        // The map tab: the map with a real height, drawn (markers and clusters), the list's filters gone.
        await mapTab.click();
        await mapRegion(p).waitFor();
        const mapBox = await mapRegion(p).boundingBox();
        expect(mapBox?.width).toBeGreaterThan(300);
        expect(mapBox?.height).toBeGreaterThan(400);
        await p.locator('canvas.maplibregl-canvas').waitFor();
        await expect
          .poll(
            async () => {
              const stats = await pixelStats(p, mapRegion(p), MARKERS, overlays(p));
              return stats.near.live + stats.near.stale + stats.near.noConsent;
            },
            { timeout: 30_000, message: 'marker and cluster pixels on the phone’s map' },
          )
          .toBeGreaterThan(150);
        const stats = await pixelStats(p, mapRegion(p), MARKERS, overlays(p));
        expect(stats.distinct).toBeGreaterThan(DISTINCT_MIN);
        expect(stats.nonBackground).toBeGreaterThan(NON_BACKGROUND_MIN);
        expect(await search.isVisible()).toBe(false);
        // The legend, opened, stays on the map and clear of the tabs and of the POI layer switch.
        await legend.click();
        const legendBox = await legend.locator('xpath=..').boundingBox();
        expect(
          legendBox &&
            mapBox &&
            legendBox.x >= mapBox.x &&
            legendBox.y >= mapBox.y &&
            legendBox.x + legendBox.width <= mapBox.x + mapBox.width,
        ).toBe(true);
        expect(overlap(legendBox, await mapTab.boundingBox())).toBe(false);
        expect(overlap(legendBox, await p.getByRole('group', { name: 'POIs' }).boundingBox())).toBe(false);
        await legend.click();

        // Back to the list: the filters again, the legend nowhere over them; choosing a number shows it on the map
        // with its details under the map.
        await listTab.click();
        await search.waitFor();
        expect(await legend.isVisible()).toBe(false);
        const first = numbersList(p).getByRole('listitem').first();
        const name = (await first.locator('.MuiTypography-root').first().textContent()) ?? '';
        await first.getByRole('button').click();
        await expect.poll(() => mapTab.getAttribute('aria-selected')).toBe('true');
        await details(p).getByRole('heading', { level: 2, name }).waitFor();
        const [sheet, map] = [await details(p).boundingBox(), await mapRegion(p).boundingBox()];
        expect(map?.height).toBeGreaterThan(180);
        expect(sheet && map && sheet.y >= map.y + map.height - 1).toBe(true);
        expect(sheet && sheet.x >= 0 && sheet.x + sheet.width <= 390).toBe(true);
      } finally {
        await phone.close();
      }
    },
  );
});

describe('Monitor without WebGL', () => {
  it('says so instead of leaving a blank area, and the list still works', async () => {
    const noGl = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--disable-3d-apis'],
      headless: true,
    });
    try {
      const ctx = await noGl.newContext({ locale: 'en-US' });
      const p = await signIn(ctx, baseUrl, 'companyadmin');
      await acceptNoticeIfShown(p);
      await p.getByText('The map cannot be shown').waitFor({ timeout: 30_000 });
      await numbersList(p).getByRole('listitem').first().waitFor({ timeout: 30_000 });
      expect(await p.locator('canvas.maplibregl-canvas').count()).toBe(0);
    } finally {
      await noGl.close();
    }
  });
});
