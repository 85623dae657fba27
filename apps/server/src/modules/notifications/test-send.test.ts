import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  NotificationDeliveryPage,
  NotificationPage,
  NotificationRule,
  NotificationRuleTestResult,
} from '@lbs/contracts';
import { startSmtpSink, type SmtpSink } from '../../messaging/testing/smtp-sink.ts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';
import { deliveryWorld } from './testing/delivery-fixtures.ts';

/**
 * POST /notification-rules/{id}/test against a real database, the e-mail through the outbox and the relay to a real
 * SMTP server on loopback: the caller alone receives one in-app notification and, when the rule sends e-mail, one
 * e-mail — marked as a test, naming the rule and no employee or place, never an SMS — shown in the rule's log; it is
 * authorised like a change of the rule, audited, and never throttles a real notification.
 */
const f = useOrgFixtures();
let sink: SmtpSink;
let w: ReturnType<typeof deliveryWorld>;
let main: ReturnType<ReturnType<typeof deliveryWorld>['worker']>;
let ca: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  w = deliveryWorld(f, sink, f.server.config.publicUrl);
  main = w.worker();
  await main.drain(); // its cursor starts now
  await w.relay.relayDue(); // the seed's mail (invitations), out of the way
  ca = await f.userId('companyadmin');
});
beforeEach(async () => {
  await w.relay.relayDue();
  sink.received.length = 0;
  w.clock.now = new Date();
});
afterAll(async () => {
  w?.closeMail();
  await sink?.close();
});

const ruleDeliveries = (ruleId: number) =>
  f.db
    .selectFrom('notification_deliveries')
    .selectAll()
    .where('rule_id', '=', ruleId)
    .orderBy('id')
    .execute();

describe('test-send', () => {
  it('sends the caller alone one in-app notification and one e-mail, marked as a test, never an SMS', async () => {
    const rule = await w.rule({
      channels: ['IN_APP', 'EMAIL', 'SMS'],
      filters: { msisdnIds: [await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North')] },
      recipients: { userIds: [await f.userId('deptadmin')], roles: ['CompanyAdmin'] },
    });
    const unread = async () =>
      ((await f.call('CA', 'GET', '/notifications/unread-count')).json() as { count: number }).count;
    const before = await unread();

    const response = await f.call('CA', 'POST', `/notification-rules/${rule.id}/test`);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as NotificationRuleTestResult;
    expect(result.emailTo).toBe('companyadmin@lbs.example.com');
    expect(result.notification).toMatchObject({
      eventType: 'GEOFENCE_ENTER',
      ruleId: rule.id,
      msisdnId: null,
      subject: { type: 'rule', id: String(rule.id) },
      data: { test: true, ruleName: rule.name },
      readAt: null,
    });

    // Two deliveries, both the caller's: none to the rule's other recipients, none by SMS.
    const rows = await ruleDeliveries(rule.id);
    expect(rows.map((r) => [r.recipient_user_id, r.channel, r.status, r.throttle_key, r.msisdn_id])).toEqual([
      [ca, 'IN_APP', 'SENT', null, null],
      [ca, 'EMAIL', 'QUEUED', null, null],
    ]);
    expect(rows[0]!.event_id).toBe(rows[1]!.event_id);
    const event = await f.db
      .selectFrom('domain_events')
      .select('id')
      .where('id', '=', rows[0]!.event_id)
      .executeTakeFirst();
    expect(event).toBeUndefined(); // no event stands behind a test
    expect(await unread()).toBe(before + 1);
    const inbox = (await f.call('CA', 'GET', '/notifications?size=1')).json() as NotificationPage;
    expect(inbox.items[0]!.id).toBe(result.notification.id);

    // The e-mail: the rule's name and nothing about anybody's whereabouts.
    const mail = await f.db
      .selectFrom('outbox_messages')
      .select(['to', 'subject', 'body'])
      .where('id', '=', rows[1]!.outbox_id)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(
      `Test of the notification rule “${rule.name}”: its notifications reach you like this`,
    );
    expect(mail.body).toContain(`/notification-rules/${rule.id}`);
    expect(mail.body).not.toMatch(/\d{1,3}\.\d{4,}/);
    expect(await w.relay.relayDue()).toEqual({ sent: 1, failed: 0, dead: 0 });
    expect(sink.received.map((m) => m.to)).toEqual([['companyadmin@lbs.example.com']]);

    // The rule's log shows both, as tests; no view of location was audited, the test was.
    const log = (
      await f.call('CA', 'GET', `/notification-rules/${rule.id}/deliveries`)
    ).json() as NotificationDeliveryPage;
    expect(log.items.map((d) => [d.channel, d.status, d.test, d.recipient.id])).toEqual([
      ['EMAIL', 'SENT', true, ca],
      ['IN_APP', 'SENT', true, ca],
    ]);
    const audits = await f.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'detail'])
      .where('entity', '=', 'notificationRule')
      .where('entity_id', '=', String(rule.id))
      .where('action', '=', 'notificationRule.test')
      .execute();
    expect(audits).toEqual([
      { action: 'notificationRule.test', actor_user_id: ca, detail: { channels: ['IN_APP', 'EMAIL'] } },
    ]);
    const views = await f.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'location.view')
      .where(sql<boolean>`detail->>'ruleId' = ${String(rule.id)}`)
      .execute();
    expect(views).toEqual([]);
  });

  it('an in-app rule is tested in the inbox only; the test is written in the caller’s language', async () => {
    const da = await f.userId('deptadmin');
    const created = await f.call('DA', 'POST', '/notification-rules', {
      name: `Departures ${f.unique()}`,
      eventTypes: ['GEOFENCE_EXIT'],
      channels: ['IN_APP'],
      recipients: { userIds: [], roles: ['DepartmentAdmin'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json() as NotificationRule;
    const response = await f.call('DA', 'POST', `/notification-rules/${rule.id}/test`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as NotificationRuleTestResult).emailTo).toBeNull();
    expect((await ruleDeliveries(rule.id)).map((r) => [r.recipient_user_id, r.channel])).toEqual([
      [da, 'IN_APP'],
    ]);

    // By e-mail, in the language the user last chose in the portal: Arabic, right to left.
    await f.call('DA', 'PATCH', `/notification-rules/${rule.id}`, { channels: ['IN_APP', 'EMAIL'] });
    expect((await f.call('DA', 'PUT', '/user-management/me/locale', { locale: 'ar-SA' })).statusCode).toBe(
      204,
    );
    try {
      expect((await f.call('DA', 'POST', `/notification-rules/${rule.id}/test`)).statusCode).toBe(200);
      const mail = await f.db
        .selectFrom('outbox_messages')
        .select(['to', 'subject', 'html', 'locale'])
        .where('to', '=', 'deptadmin@lbs.example.com')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.locale).toBe('ar-SA');
      expect(mail.subject).toBe(`اختبار قاعدة الإشعارات «${rule.name}»: هكذا تصلك إشعاراتها`);
      expect(mail.html).toContain('<html lang="ar-SA" dir="rtl">');
    } finally {
      await f.db.updateTable('users').set({ locale: null }).where('id', '=', da).execute();
    }
  });

  it('is authorised like a change of the rule: another tier or tenant gets 404, an anonymous caller 401', async () => {
    const rule = await w.rule({
      filters: { msisdnIds: [await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North')] },
      recipients: { userIds: [], roles: ['CompanyAdmin'] },
    });
    for (const who of ['ZA', 'DA', 'CB'] as const)
      expect((await f.call(who, 'POST', `/notification-rules/${rule.id}/test`)).statusCode, who).toBe(404);
    expect((await f.call('anon', 'POST', `/notification-rules/${rule.id}/test`)).statusCode).toBe(401);
    expect((await f.call('CA', 'POST', '/notification-rules/2147483000/test')).statusCode).toBe(404);
    expect(await ruleDeliveries(rule.id)).toEqual([]);
    // The SuperAdmin reaches every company's rules: the test is its own.
    const sa = await f.call('SA', 'POST', `/notification-rules/${rule.id}/test`);
    expect(sa.statusCode, sa.body).toBe(200);
    expect((await ruleDeliveries(rule.id)).map((r) => r.recipient_user_id)).toEqual([
      await f.userId('superadmin'),
    ]);
  });

  it('never throttles a real notification: the rule’s first event after a test is delivered', async () => {
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    const poi = await w.poi();
    const rule = await w.rule({
      filters: { msisdnIds: [msisdn] },
      recipients: { userIds: [ca], roles: [] },
      throttle: { mode: 'RULE', minIntervalMinutes: 60 },
    });
    expect((await f.call('CA', 'POST', `/notification-rules/${rule.id}/test`)).statusCode).toBe(200);
    const event = await w.presence('GEOFENCE_ENTER', msisdn, poi.id, w.clock.now);
    await main.drain();
    expect(
      (await w.deliveries([event])).map((r) => [r.rule_id, r.channel, r.status, r.suppress_reason]),
    ).toEqual([[rule.id, 'IN_APP', 'SENT', null]]);
  });
});
