import { sql, type Transaction } from 'kysely';
import { matchLocale } from '@lbs/contracts';
import { unscoped } from '../../access/scoped.ts';
import type { Database } from '../../db/schema.ts';
import { queueMail } from '../../messaging/index.ts';
import { notificationMail } from './render.ts';
import type { DeliveryRow, RuleRow } from './repository.ts';

/**
 * A rule's test-send to one user: an in-app notification — and an e-mail when the rule sends e-mail — marked as a test
 * and naming only the rule: no employee, no place, nothing to audit as a view of location. SMS is never test-sent
 * (each one costs the company). The deliveries are the rule's, so its log shows them, but no event stands behind
 * them: their event id is reserved from the events' sequence, unique and never a real event's, and they carry no
 * throttle key, so a test never holds back a real notification.
 */
export async function sendRuleTest(
  tx: Transaction<Database>,
  { rule, userId, publicUrl, at }: { rule: RuleRow; userId: number; publicUrl: string; at: Date },
): Promise<{ inApp: DeliveryRow; emailTo: string | null }> {
  const db = unscoped(tx);
  const user = await db
    .selectFrom('users')
    .select(['email', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ id: string }>`select nextval('domain_events_id_seq') as id`.execute(tx);
  const eventType = rule.event_types[0]!;
  const data = { test: true, ruleName: rule.name };
  const delivery = {
    event_id: Number(rows[0]!.id),
    event_type: eventType,
    company_id: rule.company_id,
    rule_id: rule.id,
    recipient_user_id: userId,
    subject_type: 'rule',
    subject_id: String(rule.id),
    data: JSON.stringify(data),
    occurred_at: at,
  };
  const inApp = await db
    .insertInto('notification_deliveries')
    .values({ ...delivery, channel: 'IN_APP', status: 'SENT' })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!rule.channels.includes('EMAIL') || !user.email) return { inApp, emailTo: null };
  const ruleUrl = `${publicUrl}/notification-rules/${rule.id}`;
  const queued = await queueMail(
    tx,
    notificationMail(user.email, {
      locale: user.locale ? matchLocale([user.locale]) : 'en-US',
      eventType,
      data,
      rule: { id: rule.id, name: rule.name },
      url: ruleUrl,
      ruleUrl,
      test: true,
    }),
  );
  await db
    .insertInto('notification_deliveries')
    .values({ ...delivery, channel: 'EMAIL', status: 'QUEUED', address: user.email, outbox_id: queued.id })
    .execute();
  return { inApp, emailTo: user.email };
}
