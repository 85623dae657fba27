import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentBulkResult, MsisdnPage, Notification, NotificationPage } from '@lbs/contracts';
import { startSmtpSink, type SmtpSink } from '../../messaging/testing/smtp-sink.ts';
import { isGsm7 } from '../notifications/render.ts';
import { deliveryWorld } from '../notifications/testing/delivery-fixtures.ts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';
import { runConsentJob } from './consent-jobs.ts';

/**
 * Consent reminders and receipts (issue 15) on a real database: a reminder every N days after the grant at a civil
 * hour of the company's wall clock (across a DST change), once per period; a receipt when an admin switches locating
 * off or on; requests unanswered past the limit flagged once, told to the admins in their own tier, and asked again
 * in bulk.
 */
const f = useOrgFixtures();
let alpha: number;
let sink: SmtpSink;
let w: ReturnType<typeof deliveryWorld>;

const DAY = 86_400_000;
const smsTo = async (msisdnId: number) => {
  const { msisdn } = await f.db
    .selectFrom('msisdns')
    .select('msisdn')
    .where('id', '=', msisdnId)
    .executeTakeFirstOrThrow();
  return f.db
    .selectFrom('outbox_messages')
    .select(['body', 'created_at', 'company_id'])
    .where('to', '=', msisdn)
    .where('channel', '=', 'SMS')
    .orderBy('id')
    .execute();
};

/** A number of company A whose consent was granted at `at`. */
async function granted(at: Date, zone = 'North'): Promise<number> {
  const id = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', zone);
  await f.db
    .updateTable('msisdns')
    .set({ consent_status: 'GRANTED', consent_at: at, consent_requested_at: new Date(at.getTime() - DAY) })
    .where('id', '=', id)
    .execute();
  return id;
}

async function setConfig(patch: Record<string, unknown>): Promise<void> {
  await sql`update companies set config = config || ${JSON.stringify(patch)}::jsonb where id = ${alpha}`.execute(
    f.db,
  );
}

beforeAll(async () => {
  alpha = await f.companyId('ALPHA');
  sink = await startSmtpSink();
  w = deliveryWorld(f, sink, f.server.config.publicUrl);
  await setConfig({
    trackingWindow: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '18:00', timezone: 'Europe/London' },
    consentReminderDays: 30,
    consentPendingDays: 14,
  });
});
afterAll(async () => {
  w?.closeMail();
  await sink?.close();
});

describe('consent reminders', () => {
  it('reminds every 30 days at a civil hour of the company’s clock, across the spring DST change, once per period', async () => {
    // Granted 06:30 GMT on 1 March; 30 days later is 06:30 UTC on 31 March = 07:30 BST (clocks went forward on the
    // 29th): too early. 09:00 BST is 08:00 UTC.
    const id = await granted(new Date('2026-03-01T06:30:00Z'));
    await runConsentJob(f.db, new Date('2026-03-31T05:00:00Z'));
    await runConsentJob(f.db, new Date('2026-03-31T07:45:00Z'));
    expect(await smsTo(id)).toEqual([]);
    await runConsentJob(f.db, new Date('2026-03-31T08:00:00Z'));
    await runConsentJob(f.db, new Date('2026-03-31T08:15:00Z'));
    await runConsentJob(f.db, new Date('2026-04-20T10:00:00Z'));
    const first = await smsTo(id);
    expect(first).toHaveLength(1);
    expect(first[0]!.body).toBe(
      'Reminder: Alpha Logistics locates this work phone every day 08:00-18:00 for work purposes. Reply STOP to end it.',
    );
    expect(isGsm7(first[0]!.body) && first[0]!.body.length <= 160).toBe(true);
    // Counted against the company's per-minute SMS limit.
    expect(first[0]!.company_id).toBe(await f.companyId('ALPHA'));
    // The second period: 60 days after the grant.
    await runConsentJob(f.db, new Date('2026-04-30T09:00:00Z'));
    await runConsentJob(f.db, new Date('2026-04-30T09:30:00Z'));
    expect(await smsTo(id)).toHaveLength(2);
    const rows = await f.db
      .selectFrom('consent_reminders')
      .select(['period', 'sent_at', 'outbox_id'])
      .where('msisdn_id', '=', id)
      .orderBy('period')
      .execute();
    expect(rows.map((r) => [r.period, r.sent_at.toISOString(), r.outbox_id !== null])).toEqual([
      [1, '2026-03-31T08:00:00.000Z', true],
      [2, '2026-04-30T09:00:00.000Z', true],
    ]);
    const audited = await f.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('entity', '=', 'msisdn')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audited).toEqual([
      { action: 'msisdn.consent.remind', actor: 'system:consent' },
      { action: 'msisdn.consent.remind', actor: 'system:consent' },
    ]);
  });

  it('after the autumn change a civil hour is still the wall clock’s: 09:00 GMT is 09:00 UTC', async () => {
    const id = await granted(new Date('2026-09-30T07:00:00Z'));
    // Due 30 October 07:00 UTC (07:00 GMT, clocks went back on the 25th): 08:30 UTC is 08:30 GMT, too early.
    await runConsentJob(f.db, new Date('2026-10-30T08:30:00Z'));
    expect(await smsTo(id)).toHaveLength(0);
    await runConsentJob(f.db, new Date('2026-10-30T09:00:00Z'));
    expect(await smsTo(id)).toHaveLength(1);
  });

  it('sends none on a day outside the window, none when switched off (0), none to an untracked number', async () => {
    const id = await granted(new Date('2026-05-01T10:00:00Z'));
    const untracked = await granted(new Date('2026-05-01T10:00:00Z'));
    await f.db.updateTable('msisdns').set({ tracking_enabled: false }).where('id', '=', untracked).execute();
    await setConfig({
      trackingWindow: { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00', timezone: 'UTC' },
    });
    try {
      // 31 May 2026 is a Sunday.
      await runConsentJob(f.db, new Date('2026-05-31T10:00:00Z'));
      expect(await smsTo(id)).toHaveLength(0);
      await setConfig({ consentReminderDays: 0 });
      await runConsentJob(f.db, new Date('2026-06-01T10:00:00Z'));
      expect(await smsTo(id)).toHaveLength(0);
      await setConfig({ consentReminderDays: 30 });
      await runConsentJob(f.db, new Date('2026-06-01T10:00:00Z'));
      expect(await smsTo(id)).toHaveLength(1);
      expect((await smsTo(id))[0]!.body).toContain('Mon-Fri 08:00-18:00');
      expect(await smsTo(untracked)).toHaveLength(0);
    } finally {
      await setConfig({
        trackingWindow: {
          days: [1, 2, 3, 4, 5, 6, 7],
          start: '08:00',
          end: '18:00',
          timezone: 'Europe/London',
        },
        consentReminderDays: 30,
      });
    }
  });
});

describe('consent receipts', () => {
  it('tells a consenting employee when an admin switches locating off and on; a pending one hears nothing', async () => {
    const id = await granted(new Date());
    const off = await f.call('CA', 'PATCH', `/msisdns/${id}`, { trackingEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    const on = await f.call('CA', 'PATCH', `/msisdns/${id}`, { trackingEnabled: true });
    expect(on.statusCode).toBe(200);
    expect((await smsTo(id)).map((m) => m.body)).toEqual([
      'Alpha Logistics has switched off locating of this phone. Your consent stays on record; reply STOP to withdraw it.',
      'Alpha Logistics locates this phone again during working hours. Reply STOP at any time to end it.',
    ]);
    const pending = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    expect((await f.call('CA', 'PATCH', `/msisdns/${pending}`, { trackingEnabled: false })).statusCode).toBe(
      200,
    );
    expect(await smsTo(pending)).toHaveLength(0);
  });
});

describe('consent requests left unanswered', () => {
  it('the demo starts with some, flagged a week ago and told to the admins', async () => {
    const listed = (await f.call('CA', 'GET', '/msisdns?pendingExpired=true&size=100')).json() as MsisdnPage;
    expect(listed.total).toBeGreaterThan(0);
    expect(listed.items.every((m) => m.consentStatus === 'PENDING')).toBe(true);
    const seeded = await f.db
      .selectFrom('domain_events')
      .select('payload')
      .where('type', '=', 'CONSENT_PENDING_EXPIRED')
      .where('company_id', '=', alpha)
      .execute();
    expect(seeded).toHaveLength(1);
    expect((seeded[0]!.payload as unknown as { msisdnIds: number[] }).msisdnIds.sort()).toEqual(
      listed.items.map((m) => m.id).sort(),
    );
  });

  it('flags them once, tells each admin of those in its tier, and asks them again in bulk', async () => {
    const worker = w.worker();
    await worker.drain();
    const now = new Date('2026-11-20T10:00:00Z');
    const north = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    const south = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'South');
    const recent = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    const at = (ms: number) => new Date(now.getTime() - ms);
    await f.db
      .updateTable('msisdns')
      .set({ consent_requested_at: at(15 * DAY) })
      .where('id', 'in', [north, south])
      .execute();
    await f.db
      .updateTable('msisdns')
      .set({ consent_requested_at: at(3 * DAY) })
      .where('id', '=', recent)
      .execute();

    const report = await runConsentJob(f.db, now);
    expect(report.flagged).toBeGreaterThanOrEqual(2);
    expect((await runConsentJob(f.db, new Date(now.getTime() + 900_000))).flagged).toBe(0);
    const events = await f.db
      .selectFrom('domain_events')
      .select(['payload', 'subject_type'])
      .where('type', '=', 'CONSENT_PENDING_EXPIRED')
      .where('company_id', '=', alpha)
      .where('occurred_at', '=', now)
      .execute();
    expect(events).toHaveLength(1);
    const payload = events[0]!.payload as unknown as { msisdnIds: number[]; days: number };
    expect(payload.msisdnIds).toEqual(expect.arrayContaining([north, south]));
    expect(payload.msisdnIds).not.toContain(recent);
    expect(payload.days).toBe(14);

    // The company admins hear of it by the default consent rule; a zone admin's own rule tells it of its zone's only.
    const zoneRule = await f.call('ZA', 'POST', '/notification-rules', {
      name: `Unanswered ${f.unique()}`,
      eventTypes: ['CONSENT_PENDING_EXPIRED'],
      channels: ['IN_APP'],
      recipients: { userIds: [], roles: ['ZoneAdmin'] },
    });
    expect(zoneRule.statusCode, zoneRule.body).toBe(201);
    // The event was written before the rule: deliver it as the worker would, now.
    w.clock.now = now;
    await sql`update domain_events set occurred_at = ${now} where type = 'CONSENT_PENDING_EXPIRED'`.execute(
      f.db,
    );
    await worker.drain();
    const inbox = async (who: 'CA' | 'ZA') =>
      ((await f.call(who, 'GET', '/notifications?size=50')).json() as NotificationPage).items.filter(
        (n: Notification) => n.eventType === 'CONSENT_PENDING_EXPIRED',
      );
    const ca = await inbox('CA');
    expect(ca).toHaveLength(1);
    expect(ca[0]!.data).toMatchObject({ count: payload.msisdnIds.length, days: 14 });
    const za = await inbox('ZA');
    const northCount = (
      await f.db
        .selectFrom('msisdns')
        .innerJoin('zones', 'zones.id', 'msisdns.zone_id')
        .select('msisdns.id')
        .where('msisdns.id', 'in', payload.msisdnIds)
        .where('zones.name', '=', 'North')
        .execute()
    ).length;
    expect(za).toHaveLength(1);
    expect(za[0]!.data).toMatchObject({ count: northCount });
    expect(northCount).toBeLessThan(payload.msisdnIds.length);
    // The mail to the company admins names the count in words, never a number's position.
    await w.relay.relayDue();
    expect(sink.received.some((m) => m.subject.includes('Consent pending for over 14 days'))).toBe(true);

    // The list shows them; the zone admin sees its zone's.
    const listed = (await f.call('CA', 'GET', '/msisdns?pendingExpired=true&size=100')).json() as MsisdnPage;
    expect(listed.items.map((m) => m.id)).toEqual(expect.arrayContaining([north, south]));
    expect(listed.items.map((m) => m.id)).not.toContain(recent);
    const zoneListed = (
      await f.call('ZA', 'GET', '/msisdns?pendingExpired=true&size=100')
    ).json() as MsisdnPage;
    expect(zoneListed.items.map((m) => m.id)).toContain(north);
    expect(zoneListed.items.map((m) => m.id)).not.toContain(south);

    // Asked again in bulk by the zone admin: its zone's only; a second click sends nothing.
    const before = (await smsTo(south)).length;
    const bulk = await f.call('ZA', 'POST', '/msisdns/consent-requests', { pendingExpired: true });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((bulk.json() as ConsentBulkResult).requested).toBe(northCount);
    expect(await smsTo(north)).toHaveLength(1);
    expect(await smsTo(south)).toHaveLength(before);
    const again = await f.call('CA', 'POST', '/msisdns/consent-requests', { ids: [north] });
    expect(again.json()).toEqual({ requested: 0, skipped: 1 });
    const after = (await f.call('CA', 'GET', '/msisdns?pendingExpired=true&size=100')).json() as MsisdnPage;
    expect(after.items.map((m) => m.id)).not.toContain(north);
    expect(after.items.map((m) => m.id)).toContain(south);
    // Another company's numbers answer as if they did not exist: nothing asked.
    const other = await f.freshMsisdn('BETA', 'Site Crew', 'Site Engineer');
    expect((await f.call('CA', 'POST', '/msisdns/consent-requests', { ids: [other] })).json()).toEqual({
      requested: 0,
      skipped: 0,
    });
  });

  it('refuses a body naming neither ids nor the flag, or both, on its field', async () => {
    for (const body of [{}, { ids: [1], pendingExpired: true }, { ids: [] }]) {
      const response = await f.call('CA', 'POST', '/msisdns/consent-requests', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'ids' })] });
    }
  });
});
