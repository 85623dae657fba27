import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  DeviceToken,
  Msisdn,
  MsisdnPage,
  NotificationPage,
  NotificationRulePage,
  Poi,
  PoiAssignmentPage,
  PoiPage,
} from '@lbs/contracts';
import { accessTokenOf, apiAs, fillField } from '../src/forms.ts';
import { browserSuite } from '../src/suite.ts';

/**
 * Notifications end to end (issue 15): the demo CompanyAdmin creates a rule for arrivals at a demo client site in
 * the portal, a demo employee's tracking app reports arriving there (the real ingest endpoint, the presence engine,
 * the notifications processor), the bell's count goes up on its own, the inbox shows the arrival and its link opens
 * the employee; the same inbox reads right to left in Arabic, and the rule's page shows what it delivered. The pages
 * are photographed in both languages for a person to look at.
 */
const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
const suffix = Date.now().toString(36).toUpperCase().slice(-5);
const SITE = 'Client site: Central Hospital';
const SHOTS_DIR = path.join(tmpdir(), 'shots-notify');
const MINUTE = 60_000;

/** The server's worker — the job runner and the event processors — runs once the demo history is in. */
async function workerRunning(): Promise<void> {
  const deadline = Date.now() + 170_000;
  for (;;) {
    const ready = (await (await fetch(`${baseUrl}/readyz`)).json()) as { worker?: { status: string } };
    if (ready.worker?.status === 'up') return;
    if (Date.now() > deadline)
      throw new Error(`the server's worker is not running: ${JSON.stringify(ready)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const suite = browserSuite('notifications', baseUrl);
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await workerRunning();
}, 180_000);

async function api<T>(p: Page, method: string, apiPath: string, body?: unknown, expected = 200): Promise<T> {
  const res = await apiAs(baseUrl, await accessTokenOf(p), method, apiPath, body);
  expect(res.status, `${method} ${apiPath}: ${JSON.stringify(res.json)}`).toBe(expected);
  return res.json as T;
}

/** The bell's count, as its name says it ("Notifications: 3 unread"; without a number when none is unread). */
async function bellCount(p: Page): Promise<number> {
  const name =
    (await p
      .locator('button[aria-haspopup="menu"][aria-label^="Notifications"]')
      .getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(name)?.[1] ?? 0);
}

/** The e-mails the company admin received from a rule (each names its rule's page, the List-Unsubscribe target). */
async function mailsOfRule(ruleId: number): Promise<{ subject: string; text: string }[]> {
  const response = await fetch(`${mailboxUrl}?to=${encodeURIComponent('companyadmin@lbs.example.com')}`);
  const mails = (await response.json()) as { subject: string; text: string }[];
  return mails.filter((m) => m.text.includes(`/notification-rules/${ruleId}`));
}

/** One report of the tracking app (OsmAnd protocol), taken by the real ingest endpoint. */
async function report(token: string, at: Date, lat: number, lon: number): Promise<void> {
  const query = new URLSearchParams({
    id: token,
    lat: lat.toFixed(6),
    lon: lon.toFixed(6),
    timestamp: String(Math.floor(at.getTime() / 1000)),
    accuracy: '10',
  });
  const response = await fetch(`${baseUrl}/ingest/osmand?${query.toString()}`, { method: 'POST' });
  expect(response.status, await response.text()).toBe(200);
}

describe('Notifications: a rule, an arrival, the bell, the inbox', () => {
  let site: Poi;
  let ruleId: number;
  let employee: Msisdn;
  const ruleName = `Arrivals at Central Hospital ${suffix}`;

  it('creates a rule for arrivals at a demo client site, in the inbox and by e-mail (English)', async () => {
    page = suite.page = await suite.open('en-US', '/notification-rules/new');
    site = (await api<PoiPage>(page, 'GET', `/pois?q=${encodeURIComponent('Central Hospital')}`)).items[0]!;
    expect(site.name).toBe(SITE);

    await fillField(page, 'name', ruleName);
    await page.getByRole('combobox', { name: 'Events' }).click();
    await page.getByRole('option', { name: 'Arrival at a POI' }).click();
    await page.keyboard.press('Escape');
    const pois = page.getByRole('combobox', { name: 'POIs' });
    await pois.click();
    await pois.fill('Central Hospital');
    await page.getByRole('option', { name: `${SITE} · Client sites` }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Channels' }).click();
    await page.getByRole('option', { name: 'E-mail' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Recipient roles' }).click();
    await page.getByRole('option', { name: 'Company Admin' }).click();
    await page.keyboard.press('Escape');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/notification-rules', { timeout: 20_000 }),
      page.getByRole('button', { name: 'Create rule' }).click(),
    ]);
    await page.getByText(`Rule “${ruleName}” created`).waitFor();

    const rules = await api<NotificationRulePage>(
      page,
      'GET',
      `/notification-rules?q=${encodeURIComponent(ruleName)}`,
    );
    expect(rules.items).toHaveLength(1);
    const rule = rules.items[0]!;
    ruleId = rule.id;
    expect([rule.eventTypes, rule.filters.poiIds, rule.channels, rule.recipients.roles, rule.active]).toEqual(
      [['GEOFENCE_ENTER'], [site.id], ['IN_APP', 'EMAIL'], ['CompanyAdmin'], true],
    );
  });

  it(
    'a demo employee arrives there: the bell’s count goes up by itself, and one e-mail goes out',
    { timeout: 240_000 },
    async () => {
      // A consenting, tracked employee of Alpha not sent to the hospital by the demo.
      const assigned = await api<PoiAssignmentPage>(
        page,
        'GET',
        `/poi-assignments?poiId=${site.id}&size=100`,
      );
      const taken = new Set(assigned.items.map((a) => a.msisdnId));
      const candidates = await api<MsisdnPage>(
        page,
        'GET',
        '/msisdns?consentStatus=GRANTED&trackingEnabled=true&size=100&sort=employeeName',
      );
      employee = candidates.items.find((m) => !taken.has(m.id))!;
      expect(employee).toBeDefined();
      const { token } = await api<DeviceToken>(page, 'POST', `/msisdns/${employee.id}/device-token`, {}, 201);

      await page.goto(`${baseUrl}/notifications`);
      await page.getByRole('grid').first().waitFor({ timeout: 30_000 });
      // The bell as it stands before the arrival: showing the server's count.
      const { count: before } = await api<{ count: number }>(page, 'GET', '/notifications/unread-count');
      await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBe(before);

      // Far away first (20 km north), then sent to the hospital for the whole week, round the clock; then two fixes
      // inside it five minutes apart (the least dwell of an entry), sent together, the second ahead of the clock as a
      // phone's may be. Not backdated: the network locates this phone every few minutes elsewhere, and an app fix older
      // than its latest position waits for a replay that those network fixes contradict.
      const now = Date.now();
      const { lat, lon } = site.centroid;
      await report(token, new Date(now), lat + 0.18, lon);
      await api(
        page,
        'POST',
        '/poi-assignments',
        {
          poiId: site.id,
          msisdnIds: [employee.id],
          purpose: 'VISIT',
          days: [1, 2, 3, 4, 5, 6, 7],
          windows: [{ start: '00:00', end: '00:00' }],
        },
        201,
      );
      await report(token, new Date(now + 1000), lat, lon);
      await report(token, new Date(now + 5 * MINUTE + 1000), lat, lon);

      // The bell asks on its own (every minute): no reload, no click.
      await expect.poll(() => bellCount(page), { timeout: 150_000, interval: 2000 }).toBeGreaterThan(before);
      const unread = await api<NotificationPage>(page, 'GET', '/notifications?unread=true&size=100');
      const arrivals = unread.items.filter(
        (n) => n.ruleId === ruleId && n.eventType === 'GEOFENCE_ENTER' && n.msisdnId === employee.id,
      );
      expect(arrivals).toHaveLength(1);
      expect(arrivals[0]!.data).toMatchObject({ poiName: SITE, employeeName: employee.employeeName });
      // The e-mail, once: the relay sends what the processor queued.
      await expect.poll(() => mailsOfRule(ruleId), { timeout: 60_000, interval: 1000 }).not.toHaveLength(0);
      const mails = await mailsOfRule(ruleId);
      expect(mails).toHaveLength(1);
      // (The mailbox reads the first line of a folded Subject header: the body has the whole sentence.)
      expect(mails[0]!.text).toContain(`${employee.employeeName} (${employee.msisdn}) arrived at ${SITE}`);
    },
  );

  it('opens the inbox and follows the link to the employee (English)', async () => {
    // The inbox, opened again: the arrival is there, unread.
    await page.reload();
    const row = page
      .getByRole('row')
      .filter({ hasText: `${employee.employeeName} (${employee.msisdn}) arrived at ${SITE}` });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByText('Unread', { exact: true }).count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'notifications-en.png'), fullPage: true });
    await Promise.all([
      page.waitForURL((url) => url.pathname === `/msisdn-details/${employee.id}`, { timeout: 20_000 }),
      row.getByRole('link', { name: `Employee: ${employee.employeeName}` }).click(),
    ]);
    await page.getByText(employee.msisdn).first().waitFor({ timeout: 30_000 });

    // The rule's page lists the delivery, and photographs.
    await page.goto(`${baseUrl}/notification-rules/${ruleId}`);
    const log = page.getByRole('grid', { name: 'Delivery log' });
    await log.getByRole('row').filter({ hasText: 'E-mail' }).first().waitFor({ timeout: 30_000 });
    expect(await log.getByRole('row').filter({ hasText: 'In the portal' }).count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'rule-en.png'), fullPage: true });
  });

  it('shows the same inbox right to left in Arabic, and its link opens the employee', async () => {
    page = suite.page = await suite.open('ar-SA', '/notifications');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dir), { timeout: 15_000 })
      .toBe('rtl');
    const row = page
      .getByRole('row')
      .filter({ hasText: `وصل ${employee.employeeName} (${employee.msisdn}) إلى ${SITE}` });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByText('وصول إلى نقطة اهتمام').count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'notifications-ar.png'), fullPage: true });
    await Promise.all([
      page.waitForURL((url) => url.pathname === `/msisdn-details/${employee.id}`, { timeout: 20_000 }),
      row.getByRole('link', { name: `الموظف: ${employee.employeeName}` }).click(),
    ]);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await page.goto(`${baseUrl}/notification-rules/${ruleId}`);
    await page
      .getByRole('grid', { name: 'سجل الإرسال' })
      .getByRole('row')
      .nth(1)
      .waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(SHOTS_DIR, 'rule-ar.png'), fullPage: true });
  });
});
