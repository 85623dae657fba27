import { sql, type Transaction } from 'kysely';
import {
  LOCATION_REVEALING_EVENTS,
  NOTIFICATION_EVENT_TYPES,
  PENDING_CONSENT_QUERY,
  reportScheduleQuery,
  routeById,
  type NotificationChannel,
  type NotificationEventType,
  type NotificationSuppressReason,
} from '@lbs/contracts';
import { unscoped } from '../../access/scoped.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { audit } from '../../events/audit.ts';
import type { EventProcessor } from '../../events/processors.ts';
import type { DomainEvent } from '../../events/types.ts';
import { isWithinWindow } from '../../location/tracking-window.ts';
import { queueMail, queueSms } from '../../messaging/index.ts';
import { notificationMail, notificationSms } from './render.ts';
import type { RuleRow } from './repository.ts';
import { notifyInbox } from './stream.ts';
import { ruleRecipients, ruleScope, type Recipient } from './recipients.ts';
import {
  loadSubject,
  narrowGroup,
  passesFilters,
  roleMayLearn,
  scopeReaches,
  type EventSubject,
} from './subject.ts';

export const NOTIFICATION_PROCESSOR = 'notifications.deliver';

export interface NotificationProcessorOptions {
  /** The portal's public URL (links in e-mails, List-Unsubscribe). */
  publicUrl: string;
  now?: () => Date;
}

type Tx = Transaction<Database>;

/** The key a throttle counts apart: nothing, the MSISDN at the POI, the MSISDN, or the whole rule. */
function throttleKey(rule: RuleRow, s: EventSubject): string | null {
  switch (rule.throttle_mode) {
    case 'NONE':
      return null;
    case 'RULE':
      return 'rule';
    case 'MSISDN':
      return `m:${s.msisdn?.id ?? '-'}`;
    case 'MSISDN_POI':
      return `m:${s.msisdn?.id ?? '-'}:p:${s.poi?.id ?? '-'}`;
  }
}

/** The portal page of the event's subject, as the recipient's role opens it. */
function subjectUrl(publicUrl: string, s: EventSubject, recipient: Recipient): string {
  if (!s.link) return `${publicUrl}/monitor`;
  if (s.link.type === 'pendingConsent')
    return `${publicUrl}${routeById('msisdnList').path}?${PENDING_CONSENT_QUERY}`;
  if (s.link.type === 'reportSchedule')
    return `${publicUrl}${routeById('reports').path}?${reportScheduleQuery(s.link.id)}`;
  const route = {
    msisdn: 'msisdnDetails',
    poi: 'poiEdit',
    task: 'taskEdit',
    invoice: recipient.role === 'SuperAdmin' ? 'operatorInvoiceDetails' : 'billingDetails',
  }[s.link.type];
  return publicUrl + routeById(route).path.replace(':id', String(s.link.id));
}

async function throttled(
  tx: Tx,
  rule: RuleRow,
  recipient: Recipient,
  channel: NotificationChannel,
  key: string | null,
  at: Date,
): Promise<boolean> {
  if (key === null || rule.throttle_minutes <= 0) return false;
  const since = new Date(at.getTime() - rule.throttle_minutes * 60_000);
  const row = await unscoped(tx)
    .selectFrom('notification_deliveries')
    .select('id')
    .where('rule_id', '=', rule.id)
    .where('recipient_user_id', '=', recipient.id)
    .where('channel', '=', channel)
    .where('throttle_key', '=', key)
    .where('status', '<>', 'SUPPRESSED')
    .where('occurred_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Why a delivery is not sent, in the order the rule's guards apply; undefined when it goes out. */
async function suppression(
  tx: Tx,
  ctx: { rule: RuleRow; recipient: Recipient; channel: NotificationChannel; key: string | null },
  event: DomainEvent,
  s: EventSubject,
  now: Date,
): Promise<NotificationSuppressReason | undefined> {
  const { rule, recipient, channel } = ctx;
  const type = event.type as NotificationEventType;
  if (
    !recipient.active ||
    !roleMayLearn(recipient.role, type) ||
    !scopeReaches(recipient.scope, s, recipient.id)
  )
    return 'OUT_OF_SCOPE';
  if (now.getTime() - event.occurredAt.getTime() > rule.max_age_minutes * 60_000) return 'TOO_OLD';
  if (rule.active_hours && !isWithinWindow(rule.active_hours, now)) return 'QUIET_HOURS';
  if ((channel === 'EMAIL' && !recipient.email) || (channel === 'SMS' && !recipient.phone))
    return 'NO_ADDRESS';
  if (await throttled(tx, rule, recipient, channel, ctx.key, event.occurredAt)) return 'THROTTLED';
  if (rule.digest !== 'IMMEDIATE' && channel !== 'IN_APP') return 'DIGESTED';
  return undefined;
}

/** The active rules of the event's company that name its type (most events have none: one cheap query). */
function rulesFor(tx: Executor, event: DomainEvent): Promise<RuleRow[]> {
  if (event.companyId === null) return Promise.resolve([]);
  return unscoped(tx)
    .selectFrom('notification_rules')
    .selectAll()
    .where('company_id', '=', event.companyId)
    .where('active', '=', true)
    .where(sql<boolean>`event_types ? ${event.type}`)
    .orderBy('id')
    .execute();
}

/**
 * The rules that take an event — active, of its company, naming its type, their tier reaching its subject and their
 * filters passing it — with that subject; undefined when none names it or its subject is gone.
 */
export async function rulesTaking(
  tx: Executor,
  event: DomainEvent,
): Promise<{ subject: EventSubject; rules: RuleRow[] } | undefined> {
  const named = await rulesFor(tx, event);
  if (!named.length) return undefined;
  const subject = await loadSubject(tx, event);
  if (!subject) return undefined;
  return {
    subject,
    rules: named.filter((r) => scopeReaches(ruleScope(r), subject) && passesFilters(r.filters, subject)),
  };
}

/**
 * The delivery engine: for each event of a notifiable type, the matching rules' recipients get one delivery row per
 * channel — inserted ON CONFLICT DO NOTHING on (event, recipient, channel), in the transaction that moves the
 * processor's cursor, so a replay, a retry or a second rule never makes a second one. Each recipient is checked
 * against the subject as it stands now (role and scope: OUT_OF_SCOPE), then the rule's guards (TOO_OLD,
 * QUIET_HOURS, NO_ADDRESS, THROTTLED, DIGESTED): a guarded delivery is recorded SUPPRESSED with its reason. An
 * in-app delivery is SENT at once; an e-mail or SMS is QUEUED in the outbox in the same transaction (the relay sends
 * it once, retrying with backoff), in the recipient's language, counted against the company's sending limit. An
 * e-mail or SMS of an HOURLY or DAILY rule waits as DIGESTED for the digest job (digests.ts), which sends it with the
 * others of its period. A delivery that reveals where an employee is, is audited as a view of location by its
 * recipient.
 */
export function notificationProcessor(
  options: NotificationProcessorOptions,
): EventProcessor<NotificationEventType> {
  const now = options.now ?? (() => new Date());
  return {
    name: NOTIFICATION_PROCESSOR,
    types: NOTIFICATION_EVENT_TYPES,
    from: 'now',
    async handle(event, tx) {
      const taken = await rulesTaking(tx, event);
      if (!taken) return;
      const { subject: s, rules } = taken;
      const at = now();
      for (const rule of rules) {
        const key = throttleKey(rule, s);
        for (const recipient of await ruleRecipients(tx, rule)) {
          // A role holder who does not reach this subject is simply not a recipient of it.
          if (!recipient.named && !scopeReaches(recipient.scope, s, recipient.id)) continue;
          // Of MSISDNs flagged together, each recipient learns of those in its tier that pass the rule's filters;
          // a named recipient left with none is recorded out of scope (an empty group reaches nobody).
          const seen = narrowGroup(s, recipient.scope, rule.filters);
          if (!seen && !recipient.named) continue;
          for (const channel of rule.channels)
            await deliver(
              tx,
              { rule, recipient, channel, key },
              event,
              seen ?? { ...s, group: [] },
              at,
              options.publicUrl,
            );
        }
      }
    },
  };
}

async function deliver(
  tx: Tx,
  ctx: { rule: RuleRow; recipient: Recipient; channel: NotificationChannel; key: string | null },
  event: DomainEvent,
  s: EventSubject,
  now: Date,
  publicUrl: string,
): Promise<void> {
  const { rule, recipient, channel } = ctx;
  const reason = await suppression(tx, ctx, event, s, now);
  const inserted = await unscoped(tx)
    .insertInto('notification_deliveries')
    .values({
      event_id: event.id,
      event_type: event.type as NotificationEventType,
      company_id: s.companyId,
      rule_id: rule.id,
      recipient_user_id: recipient.id,
      channel,
      status: reason ? 'SUPPRESSED' : channel === 'IN_APP' ? 'SENT' : 'QUEUED',
      suppress_reason: reason ?? null,
      address: channel === 'EMAIL' ? recipient.email || null : channel === 'SMS' ? recipient.phone : null,
      throttle_key: ctx.key,
      msisdn_id: s.msisdn?.id ?? null,
      subject_type: event.subjectType,
      subject_id: event.subjectId,
      data: JSON.stringify(s.data),
      occurred_at: event.occurredAt,
    })
    .onConflict((oc) => oc.columns(['event_id', 'recipient_user_id', 'channel']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // Delivered already (a replay, or another rule of the same event): nothing more to do.
  if (!inserted || reason) return;
  const type = event.type as NotificationEventType;
  // The recipient's open bells (any replica) ask again once this commits.
  if (channel === 'IN_APP') await notifyInbox(tx, [recipient.id]);
  if (channel !== 'IN_APP') {
    const input = {
      locale: recipient.locale,
      eventType: type,
      data: s.data,
      rule: { id: rule.id, name: rule.name },
      url: subjectUrl(publicUrl, s, recipient),
      ruleUrl: `${publicUrl}/notification-rules/${rule.id}`,
    };
    const queued =
      channel === 'EMAIL'
        ? await queueMail(tx, { ...notificationMail(recipient.email, input), companyId: s.companyId })
        : await queueSms(tx, {
            to: recipient.phone!,
            text: notificationSms(input),
            locale: recipient.locale,
            companyId: s.companyId,
          });
    await tx
      .updateTable('notification_deliveries')
      .set({ outbox_id: queued.id })
      .where('id', '=', inserted.id)
      .execute();
  }
  await auditLocationView(tx, recipient, {
    channel,
    eventId: event.id,
    eventType: type,
    deliveryId: inserted.id,
    ruleId: rule.id,
    companyId: s.companyId,
    msisdnId: s.msisdn?.id ?? null,
  });
}

/** A notification that reveals where an employee is (enter, exit, visit, late) is a view of location: audited. */
export async function auditLocationView(
  tx: Tx,
  recipient: Pick<Recipient, 'id' | 'username'>,
  d: {
    channel: NotificationChannel;
    eventId: number;
    eventType: NotificationEventType;
    deliveryId: number;
    ruleId: number;
    companyId: number;
    msisdnId: number | null;
    digestId?: number;
  },
): Promise<void> {
  if (!LOCATION_REVEALING_EVENTS.includes(d.eventType)) return;
  const { companyId, msisdnId, ...detail } = d;
  await audit(
    tx,
    { userId: recipient.id, name: recipient.username },
    {
      action: 'location.view',
      entity: 'msisdn',
      entityId: msisdnId,
      companyId,
      detail: { view: 'notification', ...detail, msisdnIds: msisdnId === null ? [] : [msisdnId] },
    },
  );
}
