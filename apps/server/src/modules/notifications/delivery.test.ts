import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification, NotificationDeliveryPage, NotificationPage } from '@lbs/contracts';
import { emit, emitConsentGranted, emitConsentRevoked } from '../../events/emit.ts';
import { startSmtpSink, type SmtpSink } from '../../messaging/testing/smtp-sink.ts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';
import { deliveryWorld } from './testing/delivery-fixtures.ts';

/**
 * The delivery engine against a real database, with e-mail through the outbox and the relay to a real SMTP server on
 * loopback (which counts what arrives): exactly once per recipient and channel whatever replays or races, the scope
 * of each recipient re-checked, the guards (too old, quiet hours, throttle, no address), the recipient's language,
 * SMS in one segment without coordinates, and the location view audited with the recipient.
 */
const f = useOrgFixtures();
let sink: SmtpSink;
let w: ReturnType<typeof deliveryWorld>;
let main: ReturnType<ReturnType<typeof deliveryWorld>['worker']>;
let ca: number;
let da: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  w = deliveryWorld(f, sink, f.server.config.publicUrl);
  main = w.worker();
  await main.drain(); // its cursor starts now: the seed's events are not this test's
  // Mail the seed queued (invitations) is not this test's: sent once, out of the way.
  await w.relay.relayDue();
  ca = await f.userId('companyadmin');
  da = await f.userId('deptadmin');
  await f.db.updateTable('users').set({ phone_no: '+966501234567' }).where('id', '=', da).execute();
});
beforeEach(async () => {
  await w.relay.relayDue(); // what an earlier test queued and did not send
  sink.received.length = 0;
  w.clock.now = new Date();
});
afterAll(async () => {
  w?.closeMail();
  await sink?.close();
});

const outbox = (ids: (number | null)[]) =>
  f.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where(
      'id',
      'in',
      ids.filter((i): i is number => i !== null),
    )
    .orderBy('id')
    .execute();

describe('delivery', () => {
  it('delivers once per recipient and channel, however often the event is processed, and mails once', async () => {
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    const poi = await w.poi();
    const rule = await w.rule({
      channels: ['IN_APP', 'EMAIL', 'SMS'],
      filters: { msisdnIds: [msisdn] },
      recipients: { userIds: [ca, da], roles: [] },
    });
    const event = await w.presence('GEOFENCE_ENTER', msisdn, poi.id, w.clock.now);
    expect(await main.drain()).toBe(1);
    // Processed again: the cursor moved back (a replay) and the event handled a second time.
    const { txid } = await f.db
      .selectFrom('domain_events')
      .select('txid')
      .where('id', '=', event)
      .executeTakeFirstOrThrow();
    await f.db
      .updateTable('event_cursors')
      .set({ last_txid: txid, last_id: event - 1 })
      .where('processor', '=', 'notifications.deliver')
      .execute();
    expect(await main.drain()).toBeGreaterThanOrEqual(1);
    const rows = await w.deliveries([event]);
    expect(rows.map((r) => [r.recipient_user_id, r.channel, r.status, r.suppress_reason])).toEqual([
      [ca, 'EMAIL', 'QUEUED', null],
      [ca, 'IN_APP', 'SENT', null],
      [ca, 'SMS', 'SUPPRESSED', 'NO_ADDRESS'], // the company admin has no phone number
      [da, 'EMAIL', 'QUEUED', null],
      [da, 'IN_APP', 'SENT', null],
      [da, 'SMS', 'QUEUED', null],
    ]);
    expect(rows.every((r) => r.rule_id === rule.id && r.data['poiName'] === poi.name)).toBe(true);
    const messages = await outbox(rows.map((r) => r.outbox_id));
    expect(messages.map((m) => m.channel)).toEqual(['EMAIL', 'EMAIL', 'SMS']);
    // Each counts against the company's sending limit in the relay.
    expect(messages.map((m) => m.company_id)).toEqual(Array(3).fill(await f.companyId('ALPHA')));
    expect(await w.relay.relayDue()).toEqual({ sent: 3, failed: 0, dead: 0 });
    expect(await w.relay.relayDue()).toEqual({ sent: 0, failed: 0, dead: 0 });
    expect(sink.received.map((m) => m.to).sort()).toEqual([
      ['companyadmin@lbs.example.com'],
      ['deptadmin@lbs.example.com'],
    ]);
    expect(sink.received[0]!.raw).toMatch(
      /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/notification-rules\/\d+>$/im,
    );

    // The rule's delivery log: each e-mail and SMS as the relay left it, the suppressed one with its reason.
    const log = await f.call('CA', 'GET', `/notification-rules/${rule.id}/deliveries?sort=createdAt`);
    expect(log.statusCode, log.body).toBe(200);
    const page = log.json() as NotificationDeliveryPage;
    expect(page.total).toBe(6);
    expect(
      page.items
        .map((d) => [d.recipient.id, d.channel, d.status, d.reason, d.attempts, d.sentAt !== null])
        .sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual(
      [
        [ca, 'EMAIL', 'SENT', null, 1, true],
        [ca, 'IN_APP', 'SENT', null, 0, true],
        [ca, 'SMS', 'SUPPRESSED', 'NO_ADDRESS', 0, false],
        [da, 'EMAIL', 'SENT', null, 1, true],
        [da, 'IN_APP', 'SENT', null, 0, true],
        [da, 'SMS', 'SENT', null, 1, true],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
    const suppressed = (
      await f.call('CA', 'GET', `/notification-rules/${rule.id}/deliveries?status=SUPPRESSED`)
    ).json();
    expect((suppressed as NotificationDeliveryPage).items.map((d) => d.channel)).toEqual(['SMS']);
    for (const who of ['ZA', 'CB'] as const)
      expect((await f.call(who, 'GET', `/notification-rules/${rule.id}/deliveries`)).statusCode, who).toBe(
        404,
      );
  });

  it('two workers racing over the same event — one processor, or two under different names — deliver once', async () => {
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    const poi = await w.poi();
    await w.rule({
      channels: ['IN_APP', 'EMAIL'],
      filters: { msisdnIds: [msisdn] },
      recipients: { userIds: [ca, da], roles: [] },
    });
    const second = w.worker(); // the same processor on another worker
    const renamed = w.worker('notifications.deliver.race'); // a second processor over the same events
    await renamed.drain();
    const event = await w.presence('GEOFENCE_ENTER', msisdn, poi.id, w.clock.now);
    await Promise.all([main.drain(), second.drain(), renamed.drain()]);
    const rows = await w.deliveries([event]);
    expect(rows.map((r) => [r.recipient_user_id, r.channel])).toEqual([
      [ca, 'EMAIL'],
      [ca, 'IN_APP'],
      [da, 'EMAIL'],
      [da, 'IN_APP'],
    ]);
    expect(await outbox(rows.map((r) => r.outbox_id))).toHaveLength(2);
    const pending = await f.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('status', '=', 'PENDING')
      .execute();
    expect(pending).toHaveLength(2); // no orphan mail from the worker that lost
    await w.relay.relayDue();
    expect(sink.received).toHaveLength(2);
  });

  it('never tells a DepartmentAdmin about another department’s MSISDN: named, it is recorded out of scope; by role, not at all', async () => {
    const other = await f.freshMsisdn('ALPHA', 'Warehouse', 'Driver');
    const own = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver');
    const poi = await w.poi();
    await w.rule({
      channels: ['IN_APP', 'EMAIL'],
      filters: { msisdnIds: [other, own] },
      recipients: { userIds: [da, ca], roles: ['DepartmentAdmin'] },
    });
    const byRole = await w.rule({
      channels: ['IN_APP'],
      filters: { msisdnIds: [other, own] },
      recipients: { userIds: [], roles: ['DepartmentAdmin'] },
    });
    const otherEvent = await w.presence('GEOFENCE_ENTER', other, poi.id, w.clock.now);
    const ownEvent = await w.presence('GEOFENCE_ENTER', own, poi.id, w.clock.now);
    await main.drain();
    const rows = await w.deliveries([otherEvent, ownEvent]);
    const seen = rows.map((r) => [r.event_id, r.recipient_user_id, r.channel, r.status, r.suppress_reason]);
    expect(seen).toEqual([
      [otherEvent, ca, 'EMAIL', 'QUEUED', null],
      [otherEvent, ca, 'IN_APP', 'SENT', null],
      [otherEvent, da, 'EMAIL', 'SUPPRESSED', 'OUT_OF_SCOPE'],
      [otherEvent, da, 'IN_APP', 'SUPPRESSED', 'OUT_OF_SCOPE'],
      [ownEvent, ca, 'EMAIL', 'QUEUED', null],
      [ownEvent, ca, 'IN_APP', 'SENT', null],
      [ownEvent, da, 'EMAIL', 'QUEUED', null],
      [ownEvent, da, 'IN_APP', 'SENT', null],
    ]);
    // The department admin's own department: the role rule would have delivered, the first rule already did.
    expect(rows.filter((r) => r.rule_id === byRole.id)).toEqual([]);
    await w.relay.relayDue();
    expect(sink.received.filter((m) => m.to.includes('deptadmin@lbs.example.com'))).toHaveLength(1);
  });

  it('audits each delivery that reveals a location as a view by its recipient', async () => {
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver');
    const poi = await w.poi();
    await w.rule({
      channels: ['IN_APP', 'EMAIL'],
      filters: { msisdnIds: [msisdn] },
      recipients: { userIds: [da], roles: [] },
    });
    const event = await w.presence('GEOFENCE_EXIT', msisdn, poi.id, w.clock.now);
    await main.drain();
    // The rule names GEOFENCE_ENTER only: an exit is not delivered, and not audited.
    expect(await w.deliveries([event])).toEqual([]);
    const enter = await w.presence('GEOFENCE_ENTER', msisdn, poi.id, w.clock.now);
    await main.drain();
    const views = await f.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'actor', 'entity', 'entity_id', 'detail'])
      .where('action', '=', 'location.view')
      .where(sql<boolean>`detail->>'eventId' = ${String(enter)}`)
      .orderBy('id')
      .execute();
    expect(views.map((v) => [v.actor_user_id, v.actor, v.entity, v.entity_id, v.detail['channel']])).toEqual([
      [da, 'deptadmin', 'msisdn', String(msisdn), 'IN_APP'],
      [da, 'deptadmin', 'msisdn', String(msisdn), 'EMAIL'],
    ]);
  });
});

describe('scheduled reports', () => {
  it('tells a schedule’s owner and the company’s admins that its report is ready — no other unit admin — linking its delivery log', async () => {
    const company = await f.companyId('ALPHA');
    // Another department's admin, named in the rule: the schedule is not theirs to see.
    const stranger = await f.freshUser('ALPHA', ['DepartmentAdmin']);
    await f.db
      .updateTable('users')
      .set({ department_id: await f.unitId('departments', 'ALPHA', 'Warehouse') })
      .where('id', '=', stranger)
      .execute();
    const schedule = await f.db
      .insertInto('report_schedules')
      .values({
        company_id: company,
        owner_id: da,
        name: 'Weekly visits',
        report: 'visits',
        format: 'csv',
        locale: 'en-US',
        recipients: JSON.stringify([da]),
        preset: 'weekly',
        weekday: 1,
        time_of_day: '06:00',
        cron: '0 6 * * 1',
        time_zone: 'UTC',
        period: 'previousWeek',
        next_run_at: new Date('2030-01-01T06:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rule = await w.rule({
      eventTypes: ['REPORT_READY'],
      channels: ['IN_APP', 'EMAIL'],
      recipients: { userIds: [stranger], roles: ['CompanyAdmin', 'DepartmentAdmin'] },
    });
    const event = await f.db.transaction().execute((tx) =>
      emit(tx, {
        type: 'REPORT_READY',
        companyId: company,
        subject: { type: 'reportSchedule', id: schedule.id },
        payload: {
          runId: 1,
          report: 'visits',
          periodStart: '2026-11-16',
          periodEnd: '2026-11-22',
          format: 'csv',
          rows: 42,
          bytes: 1000,
          delivery: 'ATTACHED',
          queued: 1,
          dropped: 0,
        },
        occurredAt: w.clock.now,
      }),
    );
    await main.drain();
    // Of every rule that takes it (the seed's demo rule on scheduled reports too): one per recipient and channel.
    const rows = await w.deliveries([event!]);
    expect(rows.some((r) => r.rule_id === rule.id)).toBe(true);
    const seen = rows.map((r) => [r.recipient_user_id, r.channel, r.status, r.suppress_reason]);
    // Company admins (ca and the other CompanyAdmins of the seed) and the owner; the stranger out of scope.
    expect(seen).toContainEqual([ca, 'IN_APP', 'SENT', null]);
    expect(seen).toContainEqual([da, 'IN_APP', 'SENT', null]);
    expect(seen).toContainEqual([da, 'EMAIL', 'QUEUED', null]);
    expect(seen).toContainEqual([stranger, 'IN_APP', 'SUPPRESSED', 'OUT_OF_SCOPE']);
    const placed = await f.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select('users.id')
      .where('users.company_id', '=', company)
      .where('user_roles.role', '=', 'DepartmentAdmin')
      .where('users.id', 'not in', [da, stranger])
      .execute();
    // Other department admins hear nothing, not even a suppressed row.
    for (const other of placed) expect(rows.some((r) => r.recipient_user_id === other.id)).toBe(false);

    const inbox = (await f.call('DA', 'GET', '/notifications')).json() as NotificationPage;
    const note = inbox.items.find((n) => n.eventType === 'REPORT_READY')!;
    expect(note.subject).toEqual({ type: 'reportSchedule', id: String(schedule.id) });
    expect(note.data).toMatchObject({
      scheduleName: 'Weekly visits',
      periodStart: '2026-11-16',
      periodEnd: '2026-11-22',
      rows: 42,
    });
    const [mail] = await outbox(rows.filter((r) => r.recipient_user_id === da).map((r) => r.outbox_id));
    expect(mail!.subject).toBe('Scheduled report “Weekly visits” is ready for 2026-11-16 – 2026-11-22');
    expect(mail!.body).toContain(`${f.server.config.publicUrl}/reports?tab=scheduled&log=${schedule.id}`);
  });
});

describe('guards', () => {
  it('suppresses an event older than the rule’s maximum age (a replayed backlog), and one outside the active hours', async () => {
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver');
    const poi = await w.poi();
    w.clock.now = new Date('2026-11-25T20:00:00Z'); // a Wednesday, 20:00 UTC
    await w.rule({
      channels: ['IN_APP'],
      filters: { msisdnIds: [msisdn] },
      recipients: { userIds: [ca], roles: [] },
      activeHours: { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00', timezone: 'UTC' },
    });
    const old = await w.presence('GEOFENCE_ENTER', msisdn, poi.id, new Date('2026-11-25T19:44:00Z'));
    const evening = await w.presence('GEOFENCE_ENTER', msisdn, poi.id, new Date('2026-11-25T19:59:00Z'));
    await main.drain();
    w.clock.now = new Date('2026-11-26T10:00:00Z');
    const morning = await w.presence('GEOFENCE_ENTER', msisdn, poi.id, new Date('2026-11-26T09:58:00Z'));
    await main.drain();
    const rows = await w.deliveries([old, evening, morning]);
    expect(rows.map((r) => [r.event_id, r.status, r.suppress_reason])).toEqual([
      [old, 'SUPPRESSED', 'TOO_OLD'],
      [evening, 'SUPPRESSED', 'QUIET_HOURS'],
      [morning, 'SENT', null],
    ]);
  });

  it('a geofence flapping every minute for an hour notifies at most once per throttle interval and channel', async () => {
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver');
    const poi = await w.poi();
    await w.rule({
      eventTypes: ['GEOFENCE_ENTER', 'GEOFENCE_EXIT'],
      channels: ['IN_APP', 'EMAIL'],
      filters: { msisdnIds: [msisdn] },
      recipients: { userIds: [ca], roles: [] },
      throttle: { mode: 'MSISDN_POI', minIntervalMinutes: 15 },
      maxAgeMinutes: 120,
    });
    const start = Date.parse('2026-11-26T08:00:00Z');
    const events: number[] = [];
    for (let minute = 0; minute < 60; minute++) {
      const at = new Date(start + minute * 60_000);
      events.push(await w.presence(minute % 2 ? 'GEOFENCE_EXIT' : 'GEOFENCE_ENTER', msisdn, poi.id, at));
    }
    // Processed in one go, an hour later (within the rule's maximum age): each event sees the deliveries before it.
    w.clock.now = new Date(start + 60 * 60_000);
    expect(await main.drain()).toBe(60);
    const rows = await w.deliveries(events);
    expect(rows).toHaveLength(120);
    for (const channel of ['IN_APP', 'EMAIL'] as const) {
      const sent = rows.filter((r) => r.channel === channel && r.status !== 'SUPPRESSED');
      expect(
        sent.map((r) => (r.occurred_at.getTime() - start) / 60_000),
        channel,
      ).toEqual([0, 15, 30, 45]);
      expect(rows.filter((r) => r.channel === channel && r.suppress_reason === 'THROTTLED')).toHaveLength(56);
    }
    await w.relay.relayDue();
    expect(sink.received).toHaveLength(4);
  });
});

describe('content', () => {
  it('writes the e-mail in the recipient’s language — Arabic right to left with its plural forms — and the SMS in one segment without coordinates', async () => {
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver');
    const poi = await w.poi();
    const named = `Depot 24.713612,46.675301`;
    await f.db.updateTable('pois').set({ name: named }).where('id', '=', poi.id).execute();
    // The portal records the language the user picked; an unknown one is refused.
    expect((await f.call('DA', 'PUT', '/user-management/me/locale', { locale: 'xx-XX' })).statusCode).toBe(
      400,
    );
    expect((await f.call('DA', 'PUT', '/user-management/me/locale', { locale: 'ar-SA' })).statusCode).toBe(
      204,
    );
    try {
      await w.rule({
        eventTypes: ['VISIT_CLOSED'],
        channels: ['EMAIL', 'SMS'],
        filters: { msisdnIds: [msisdn] },
        recipients: { userIds: [da], roles: [] },
      });
      const { company_id: companyId } = await f.db
        .selectFrom('msisdns')
        .select('company_id')
        .where('id', '=', msisdn)
        .executeTakeFirstOrThrow();
      const at = w.clock.now;
      const event = await f.db.transaction().execute((tx) =>
        emit(tx, {
          type: 'VISIT_CLOSED',
          companyId,
          msisdnId: msisdn,
          subject: { type: 'msisdn', id: msisdn },
          payload: {
            poiId: poi.id,
            visitKey: `v-${msisdn}`,
            earliest: null,
            latest: null,
            enteredAt: new Date(at.getTime() - 2 * 60_000).toISOString(),
            exitedAt: at.toISOString(),
            dwellMinutes: 2,
            confidence: 0.95,
            closedBy: 'EXIT',
          },
          occurredAt: at,
        }),
      );
      await main.drain();
      const rows = await w.deliveries([event!]);
      const [mail, sms] = await outbox(rows.map((r) => r.outbox_id));
      expect(mail!.locale).toBe('ar-SA');
      expect(mail!.html).toContain('<html lang="ar-SA" dir="rtl">');
      // Two minutes in Arabic is the dual form, not "2 دقائق".
      expect(mail!.subject).toContain('لمدة دقيقتين');
      expect(mail!.body).toContain('تصلك هذه الرسالة بسبب قاعدة الإشعارات');
      expect(sms!.channel).toBe('SMS');
      expect(sms!.to).toBe('+966501234567');
      expect(sms!.body.length).toBeLessThanOrEqual(70);
      expect(sms!.body).not.toMatch(/\d+\.\d{4,}/);
      expect(sms!.body).toContain('Depot');
      await w.relay.relayDue();
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]!.raw).toMatch(/^Content-Language: ar-SA$/im);
    } finally {
      await f.db.updateTable('pois').set({ name: poi.name }).where('id', '=', poi.id).execute();
      await f.db.updateTable('users').set({ locale: null }).where('id', '=', da).execute();
    }
  });
});

describe('inbox', () => {
  it('shows each user its own in-app notifications, newest first, with the unread count and read state', async () => {
    // The default rule: a consent change goes to the company admins, in the inbox and by e-mail.
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver');
    const m = await f.db
      .selectFrom('msisdns')
      .select(['id', 'msisdn', 'company_id as companyId'])
      .where('id', '=', msisdn)
      .executeTakeFirstOrThrow();
    await f.db.updateTable('notification_deliveries').set({ read_at: new Date() }).execute();
    const granted = await f.db.transaction().execute((tx) =>
      emitConsentGranted(tx, m, {
        via: 'SMS',
        previous: 'PENDING',
        at: new Date(w.clock.now.getTime() - 60_000),
      }),
    );
    const revoked = await f.db
      .transaction()
      .execute((tx) => emitConsentRevoked(tx, m, { via: 'SMS', previous: 'GRANTED', at: w.clock.now }));
    await main.drain();
    const consentRule = await f.db
      .selectFrom('notification_rules')
      .select('id')
      .where('company_id', '=', m.companyId)
      .where('default_key', '=', 'consent')
      .executeTakeFirstOrThrow();
    expect(
      (await w.deliveries([granted!, revoked!])).map((r) => [
        r.event_id,
        r.recipient_user_id,
        r.channel,
        r.rule_id,
      ]),
    ).toEqual([
      [granted, ca, 'EMAIL', consentRule.id],
      [granted, ca, 'IN_APP', consentRule.id],
      [revoked, ca, 'EMAIL', consentRule.id],
      [revoked, ca, 'IN_APP', consentRule.id],
    ]);

    expect((await f.call('CA', 'GET', '/notifications/unread-count')).json()).toEqual({ count: 2 });
    const unread = await f.call('CA', 'GET', '/notifications?unread=true');
    expect(unread.statusCode, unread.body).toBe(200);
    const page = unread.json() as { items: Notification[]; total: number };
    expect(page.total).toBe(2);
    expect(page.items.map((n) => [n.eventType, n.subject, n.msisdnId, n.data['msisdn'], n.readAt])).toEqual([
      ['CONSENT_REVOKED', { type: 'msisdn', id: String(msisdn) }, msisdn, m.msisdn, null],
      ['CONSENT_GRANTED', { type: 'msisdn', id: String(msisdn) }, msisdn, m.msisdn, null],
    ]);
    const [newest, older] = page.items;

    // Only the recipient reaches its notifications: another user's answers 404, like one that does not exist.
    for (const who of ['DA', 'CB', 'SA'] as const) {
      expect((await f.call(who, 'POST', `/notifications/${newest!.id}/read`)).statusCode, who).toBe(404);
      const theirs = (await f.call(who, 'GET', '/notifications?size=100')).json() as {
        items: Notification[];
      };
      expect(
        theirs.items.map((n) => n.id),
        who,
      ).not.toContain(newest!.id);
    }
    const read = await f.call('CA', 'POST', `/notifications/${newest!.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    const readAt = (read.json() as Notification).readAt;
    expect(readAt).not.toBeNull();
    // Reading it again keeps the first time.
    expect(
      ((await f.call('CA', 'POST', `/notifications/${newest!.id}/read`)).json() as Notification).readAt,
    ).toBe(readAt);
    expect((await f.call('CA', 'GET', '/notifications/unread-count')).json()).toEqual({ count: 1 });
    const stillUnread = (await f.call('CA', 'GET', '/notifications?unread=true')).json() as {
      items: Notification[];
    };
    expect(stillUnread.items.map((n) => n.id)).toEqual([older!.id]);
    const readOnes = (await f.call('CA', 'GET', '/notifications?unread=false&size=100')).json() as {
      items: Notification[];
    };
    expect(readOnes.items.map((n) => n.id)).toContain(newest!.id);
    expect(readOnes.items.map((n) => n.id)).not.toContain(older!.id);

    expect((await f.call('CA', 'POST', '/notifications/read-all')).json()).toEqual({ updated: 1 });
    expect((await f.call('CA', 'GET', '/notifications/unread-count')).json()).toEqual({ count: 0 });
    expect((await f.call('CA', 'POST', '/notifications/read-all')).json()).toEqual({ updated: 0 });
    // Suppressed and e-mail deliveries are not inbox items; the page and size are the list's.
    const all = (await f.call('CA', 'GET', '/notifications?size=1&page=2')).json() as NotificationPage;
    expect(all.items).toHaveLength(1);
    expect(all.page).toBe(2);
    const inApp = await f.db
      .selectFrom('notification_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('recipient_user_id', '=', ca)
      .where('channel', '=', 'IN_APP')
      .where('status', '=', 'SENT')
      .executeTakeFirstOrThrow();
    expect(all.total).toBe(Number(inApp.n));
    expect((await f.call('anon', 'GET', '/notifications')).statusCode).toBe(401);
  });
});
