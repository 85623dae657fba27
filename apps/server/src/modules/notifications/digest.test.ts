import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationDeliveryPage } from '@lbs/contracts';
import { captureLog } from '../../../test/capture-log.ts';
import { JobRunner } from '../../jobs/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { startSmtpSink, type SmtpSink } from '../../messaging/testing/smtp-sink.ts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';
import { DIGEST_JOB, registerNotificationJobs, runDigests } from './digests.ts';
import { deliveryWorld } from './testing/delivery-fixtures.ts';

/**
 * Digests against a real database, with the mail through the outbox and the relay to a real SMTP server on loopback
 * (which counts what arrives): an HOURLY or DAILY rule's e-mail and SMS deliveries wait (SUPPRESSED, DIGESTED) and
 * leave as ONE message per rule, recipient, channel and period once the period has ended — once, whatever reruns or
 * races — with the recipient checked again when it leaves.
 */
const f = useOrgFixtures();
let sink: SmtpSink;
let w: ReturnType<typeof deliveryWorld>;
let main: ReturnType<ReturnType<typeof deliveryWorld>['worker']>;
let publicUrl: string;
let ca: number;
let da: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  publicUrl = f.server.config.publicUrl;
  w = deliveryWorld(f, sink, publicUrl);
  main = w.worker();
  await main.drain(); // its cursor starts now: the seed's events are not this test's
  await w.relay.relayDue(); // the seed's mail (invitations) is not this test's either
  ca = await f.userId('companyadmin');
  da = await f.userId('deptadmin');
  await f.db.updateTable('users').set({ phone_no: '+966501234567' }).where('id', '=', da).execute();
});
beforeEach(async () => {
  await w.relay.relayDue();
  sink.received.length = 0;
});
afterAll(async () => {
  w?.closeMail();
  await sink?.close();
});

const digests = (now: string) => runDigests(f.db, { publicUrl, now: new Date(now) });
const digestRows = (ruleId: number) =>
  f.db.selectFrom('notification_digests').selectAll().where('rule_id', '=', ruleId).orderBy('id').execute();
const outboxOf = (ids: (number | null)[]) =>
  f.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('id', 'in', [...ids.filter((i): i is number => i !== null), -1])
    .orderBy('id')
    .execute();

/** A digest rule of arrivals of one MSISDN (events up to two hours old are still notified: the test's clock). */
async function digestRule(msisdn: number, body: Record<string, unknown>) {
  return w.rule({ filters: { msisdnIds: [msisdn] }, maxAgeMinutes: 120, ...body });
}

/** Arrivals of the MSISDN at the POI at these times, processed a minute after the last. */
async function arrivals(msisdn: number, poiId: number, times: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const t of times) ids.push(await w.presence('GEOFENCE_ENTER', msisdn, poiId, new Date(t)));
  w.clock.now = new Date(Date.parse(times.at(-1)!) + 60_000);
  await main.drain();
  return ids;
}

describe('hourly digest', () => {
  it('sends no mail per event, then ONE mail listing the hour’s five once the hour has ended — once, however often the job runs', async () => {
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver');
    const poi = await w.poi();
    const rule = await digestRule(msisdn, {
      channels: ['IN_APP', 'EMAIL'],
      recipients: { userIds: [ca], roles: [] },
      digest: 'HOURLY',
    });
    const times = ['08:05', '08:17', '08:29', '08:41', '08:53'].map((t) => `2026-11-26T${t}:00Z`);
    const events = await arrivals(msisdn, poi.id, times);
    const rows = await w.deliveries(events);
    // The inbox has them at once; the e-mails wait.
    expect(rows.map((r) => [r.channel, r.status, r.suppress_reason, r.outbox_id, r.digest_id])).toEqual(
      events.flatMap(() => [
        ['EMAIL', 'SUPPRESSED', 'DIGESTED', null, null],
        ['IN_APP', 'SENT', null, null, null],
      ]),
    );
    expect(await w.relay.relayDue()).toEqual({ sent: 0, failed: 0, dead: 0 });
    expect(sink.received).toHaveLength(0);
    // The delivery log says the e-mails wait for the digest.
    const mailLog = async () =>
      (
        (
          await f.call('CA', 'GET', `/notification-rules/${rule.id}/deliveries?size=100`)
        ).json() as NotificationDeliveryPage
      ).items.filter((d) => d.channel === 'EMAIL');
    expect((await mailLog()).map((d) => [d.status, d.reason, d.digest, d.sentAt])).toEqual(
      events.map(() => ['SUPPRESSED', 'DIGESTED', null, null]),
    );

    // Within the hour, nothing is due.
    expect(await digests('2026-11-26T08:59:59Z')).toEqual({ sent: 0, deliveries: 0, dropped: 0 });
    expect(await digestRows(rule.id)).toEqual([]);

    expect(await digests('2026-11-26T09:01:00Z')).toEqual({ sent: 1, deliveries: 5, dropped: 0 });
    expect(await digests('2026-11-26T09:06:00Z')).toEqual({ sent: 0, deliveries: 0, dropped: 0 });
    const [digest, ...more] = await digestRows(rule.id);
    expect(more).toEqual([]);
    expect(digest).toMatchObject({
      recipient_user_id: ca,
      channel: 'EMAIL',
      period_start: new Date('2026-11-26T08:00:00Z'),
      period_end: new Date('2026-11-26T09:00:00Z'),
      delivery_count: 5,
    });
    const mailed = (await w.deliveries(events)).filter((r) => r.channel === 'EMAIL');
    expect(mailed.map((r) => [r.status, r.suppress_reason, r.digest_id])).toEqual(
      events.map(() => ['SUPPRESSED', 'DIGESTED', digest!.id]),
    );
    const [message] = await outboxOf([digest!.outbox_id]);
    expect(message).toMatchObject({
      channel: 'EMAIL',
      to: 'companyadmin@lbs.example.com',
      company_id: await f.companyId('ALPHA'),
    });
    expect(message!.subject).toBe(`5 notifications from the rule “${rule.name}”`);
    expect(message!.body.match(/ arrived at /g)).toHaveLength(5);
    expect(message!.body).toContain(`${publicUrl}/notifications`);
    expect(message!.html).toContain('<html lang="en-US" dir="ltr">');
    expect(message!.headers).toEqual({ 'List-Unsubscribe': `<${publicUrl}/notification-rules/${rule.id}>` });

    expect(await w.relay.relayDue()).toEqual({ sent: 1, failed: 0, dead: 0 });
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.messageId).toBe(message!.message_id);
    // Now the log shows each as sent, in the digest of its hour, when the digest left.
    const sentLog = await mailLog();
    expect(sentLog.map((d) => [d.status, d.reason, d.digest])).toEqual(
      events.map(() => [
        'SENT',
        null,
        { periodStart: '2026-11-26T08:00:00.000Z', periodEnd: '2026-11-26T09:00:00.000Z' },
      ]),
    );
    expect(sentLog.every((d) => d.sentAt !== null)).toBe(true);

    // The e-mail tells where the employee was: each listed arrival is a view of location by its recipient.
    const views = await f.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'detail'])
      .where('action', '=', 'location.view')
      .where(sql<boolean>`detail->>'digestId' = ${String(digest!.id)}`)
      .execute();
    expect(views.map((v) => [v.actor_user_id, v.detail['channel'], v.detail['eventId']])).toEqual(
      events.map((e) => [ca, 'EMAIL', e]),
    );
  });

  it('two runners racing over the same hour queue one digest', async () => {
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver');
    const poi = await w.poi();
    const rule = await digestRule(msisdn, {
      channels: ['EMAIL'],
      recipients: { userIds: [ca, da], roles: [] },
      digest: 'HOURLY',
    });
    await arrivals(msisdn, poi.id, ['2026-11-27T10:10:00Z', '2026-11-27T10:20:00Z']);
    const now = new Date('2026-11-27T11:01:00Z');
    const { log } = captureLog();
    const runners = [1, 2].map((i) => {
      const runner = new JobRunner({ db: f.db, log, id: `digest-${i}`, clock: () => now, prune: false });
      registerNotificationJobs(runner, { db: f.db, publicUrl });
      return runner;
    });
    // Two slots' jobs (a replica catching up, say), drained by two runners at once; and the function twice more.
    await enqueue(f.db, { kind: DIGEST_JOB, key: 'race-1', runAt: now });
    await enqueue(f.db, { kind: DIGEST_JOB, key: 'race-2', runAt: now });
    await Promise.all([
      ...runners.map((r) => r.drain()),
      runDigests(f.db, { publicUrl, now }),
      runDigests(f.db, { publicUrl, now }),
    ]);
    const rows = await digestRows(rule.id);
    expect(rows.map((d) => [d.recipient_user_id, d.delivery_count])).toEqual([
      [ca, 2],
      [da, 2],
    ]);
    expect(await outboxOf(rows.map((d) => d.outbox_id))).toHaveLength(2);
    await w.relay.relayDue();
    expect(sink.received.map((m) => m.to).sort()).toEqual([
      ['companyadmin@lbs.example.com'],
      ['deptadmin@lbs.example.com'],
    ]);
  });
});

describe('daily digest', () => {
  it('covers the calendar day in the company’s time zone, and an event after its midnight waits for the next day', async () => {
    const companyId = await f.companyId('ALPHA');
    const { config } = await f.db
      .selectFrom('companies')
      .select('config')
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    await f.db
      .updateTable('companies')
      .set({
        config: sql`jsonb_set(config, '{trackingWindow,timezone}', '"Asia/Riyadh"')`,
      })
      .where('id', '=', companyId)
      .execute();
    try {
      const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver');
      const poi = await w.poi();
      const user = await f.freshUser('ALPHA');
      const rule = await digestRule(msisdn, {
        channels: ['EMAIL'],
        recipients: { userIds: [user], roles: [] },
        digest: 'DAILY',
      });
      // 23:30 in Riyadh on 26 November, then 00:30 on the 27th: both the 26th in UTC.
      const [late, afterMidnight] = await arrivals(msisdn, poi.id, ['2026-11-26T20:30:00Z']).then(
        async (first) => [...first, ...(await arrivals(msisdn, poi.id, ['2026-11-26T21:30:00Z']))],
      );
      expect(await digests('2026-11-26T20:59:00Z')).toMatchObject({ sent: 0 });
      expect(await digests('2026-11-27T00:01:00Z')).toMatchObject({ sent: 1, deliveries: 1 });
      const [first] = await digestRows(rule.id);
      expect(first).toMatchObject({
        period_start: new Date('2026-11-25T21:00:00Z'),
        period_end: new Date('2026-11-26T21:00:00Z'),
        delivery_count: 1,
      });
      const [mail] = await outboxOf([first!.outbox_id]);
      expect(mail!.body).toContain('Period: Thursday, November 26, 2026');
      expect(mail!.body).toContain('11:30 PM');
      expect((await w.deliveries([afterMidnight!])).map((r) => r.digest_id)).toEqual([null]);

      expect(await digests('2026-11-27T20:59:00Z')).toMatchObject({ sent: 0 });
      expect(await digests('2026-11-27T21:01:00Z')).toMatchObject({ sent: 1, deliveries: 1 });
      const [, second] = await digestRows(rule.id);
      expect(second).toMatchObject({
        period_start: new Date('2026-11-26T21:00:00Z'),
        period_end: new Date('2026-11-27T21:00:00Z'),
      });
      expect((await w.deliveries([late!, afterMidnight!])).map((r) => r.digest_id)).toEqual([
        first!.id,
        second!.id,
      ]);
    } finally {
      await f.db
        .updateTable('companies')
        .set({ config: JSON.stringify(config) })
        .where('id', '=', companyId)
        .execute();
    }
  });
});

describe('recipients checked again when the digest leaves', () => {
  it('sends nothing to a recipient who lost the scope of the subject, or was deactivated, and records why', async () => {
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver');
    const poi = await w.poi();
    const gone = await f.freshUser('ALPHA');
    const rule = await digestRule(msisdn, {
      channels: ['EMAIL'],
      recipients: { userIds: [da, ca, gone], roles: [] },
      digest: 'HOURLY',
    });
    const events = await arrivals(msisdn, poi.id, ['2026-11-28T07:10:00Z', '2026-11-28T07:50:00Z']);
    // The employee moves to another department, and one recipient leaves the company's portal.
    await f.db
      .updateTable('msisdns')
      .set({ department_id: await f.unitId('departments', 'ALPHA', 'Warehouse') })
      .where('id', '=', msisdn)
      .execute();
    await f.db.updateTable('users').set({ active: false }).where('id', '=', gone).execute();

    expect(await digests('2026-11-28T08:01:00Z')).toEqual({ sent: 1, deliveries: 2, dropped: 4 });
    expect((await digestRows(rule.id)).map((d) => [d.recipient_user_id, d.delivery_count])).toEqual([
      [ca, 2],
    ]);
    const rows = await w.deliveries(events);
    expect(rows.map((r) => [r.recipient_user_id, r.suppress_reason, r.digest_id !== null])).toEqual(
      events.flatMap(() =>
        [
          [ca, 'DIGESTED', true],
          [da, 'OUT_OF_SCOPE', false],
          [gone, 'OUT_OF_SCOPE', false],
        ].sort((a, b) => Number(a[0]) - Number(b[0])),
      ),
    );
    await w.relay.relayDue();
    expect(sink.received.map((m) => m.to)).toEqual([['companyadmin@lbs.example.com']]);
    expect(await digests('2026-11-28T09:01:00Z')).toMatchObject({ sent: 0, dropped: 0 });
  });
});

describe('content', () => {
  it('writes the Arabic digest right to left with its plural form, and the SMS in one segment without coordinates', async () => {
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver');
    const poi = await w.poi();
    await f.db.updateTable('users').set({ locale: 'ar-SA' }).where('id', '=', da).execute();
    try {
      const rule = await digestRule(msisdn, {
        name: `Depot 24.713612,46.675301 ${f.unique()}`,
        channels: ['EMAIL', 'SMS'],
        recipients: { userIds: [da], roles: [] },
        digest: 'HOURLY',
      });
      const times = ['05', '15', '25', '35', '45'].map((m) => `2026-11-29T06:${m}:00Z`);
      await arrivals(msisdn, poi.id, times);
      expect(await digests('2026-11-29T07:01:00Z')).toEqual({ sent: 2, deliveries: 10, dropped: 0 });
      const rows = await digestRows(rule.id);
      const [mail, sms] = await outboxOf(rows.map((d) => d.outbox_id));
      expect(mail).toMatchObject({ channel: 'EMAIL', locale: 'ar-SA' });
      expect(mail!.html).toContain('<html lang="ar-SA" dir="rtl">');
      // Five is the "few" form: إشعارات, with Arabic digits.
      expect(mail!.subject).toMatch(/^٥ إشعارات من القاعدة «Depot/);
      expect(sms).toMatchObject({ channel: 'SMS', to: '+966501234567', locale: 'ar-SA' });
      expect(sms!.body).toMatch(/^٥ إشعارات جديدة من القاعدة «Depot/);
      expect(sms!.body.length).toBeLessThanOrEqual(70);
      expect(sms!.body).not.toMatch(/\d+\.\d{4,}/);
      expect(sms!.body).not.toMatch(/24\.7|46\.6/);
      await w.relay.relayDue();
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]!.raw).toMatch(/^Content-Language: ar-SA$/im);
    } finally {
      await f.db.updateTable('users').set({ locale: null }).where('id', '=', da).execute();
    }
  });
});
