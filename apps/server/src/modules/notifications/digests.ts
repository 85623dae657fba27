import { sql, type Transaction } from 'kysely';
import { routeById } from '@lbs/contracts';
import { unscoped } from '../../access/scoped.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import { companyTimeZone } from '../../lib/company-time-zone.ts';
import { queueMail, queueSms } from '../../messaging/index.ts';
import { digestMail, digestSms } from './digest-render.ts';
import { auditLocationView } from './processor.ts';
import { loadRecipient, type Recipient } from './recipients.ts';
import type { DeliveryRow } from './repository.ts';
import { deliverySubject, roleMayLearn, scopeReaches, type EventSubject } from './subject.ts';

export const DIGEST_JOB = 'notifications.digests';

/**
 * Every five minutes from a minute past the hour: an hour's digest leaves a minute after it ends, so a delivery
 * recorded in its last second is in it (one recorded later still is not lost: it goes with the next digest).
 */
export const DIGEST_SCHEDULE = { name: DIGEST_JOB, kind: DIGEST_JOB, cron: '1-56/5 * * * *' } as const;

type Tx = Transaction<Database>;

/** A rule's waiting deliveries for one recipient and channel, and the period whose digest carries them. */
export interface DueDigest {
  ruleId: number;
  recipientId: number;
  channel: 'EMAIL' | 'SMS';
  digest: 'HOURLY' | 'DAILY';
  periodStart: Date;
  periodEnd: Date;
  /** The company's: the times of the list are written in it. */
  timeZone: string;
}

export interface DigestReport {
  /** Digests queued (one e-mail or SMS each). */
  sent: number;
  /** Deliveries they carried. */
  deliveries: number;
  /** Deliveries not sent: their recipient is inactive, lost the scope of their subject, or has no address now. */
  dropped: number;
}

/**
 * The digests due at `now`: for each (rule, recipient, channel) with DIGESTED deliveries not yet carried, the last
 * period that has ended — the clock hour in UTC for an HOURLY rule, the calendar day in the company's time zone for a
 * DAILY one (a rule switched to IMMEDIATE since sends what waits hourly) — and the deliveries that happened before its
 * end. A delivery recorded after its period's digest left is carried by the next one.
 */
export async function dueDigests(db: Db, now: Date): Promise<DueDigest[]> {
  const at = now.toISOString();
  const result = await sql<DueDigest>`
    select d.rule_id as "ruleId", d.recipient_user_id as "recipientId", d.channel, k.digest,
      (e.local_end - k.length) at time zone k.zone as "periodStart", e.local_end at time zone k.zone as "periodEnd",
      k.company_zone as "timeZone"
    from notification_deliveries d
    join notification_rules r on r.id = d.rule_id
    join companies c on c.id = r.company_id
    cross join lateral (select ${companyTimeZone('c')} as company_zone) z
    cross join lateral (
      select z.company_zone, case when r.digest = 'DAILY' then 'DAILY' else 'HOURLY' end as digest,
        case when r.digest = 'DAILY' then z.company_zone else 'UTC' end as zone,
        case when r.digest = 'DAILY' then interval '1 day' else interval '1 hour' end as length
    ) k
    cross join lateral (
      select date_trunc(case when k.digest = 'DAILY' then 'day' else 'hour' end, ${at}::timestamptz at time zone k.zone)
        as local_end
    ) e
    where d.suppress_reason = 'DIGESTED' and d.digest_id is null
      and d.occurred_at < (e.local_end at time zone k.zone)
    group by d.rule_id, d.recipient_user_id, d.channel, k.digest, k.zone, k.length, e.local_end, k.company_zone
    order by d.rule_id, d.recipient_user_id, d.channel`.execute(db);
  return result.rows;
}

/** The group's waiting deliveries, oldest first, locked: a runner racing for the same group waits, then finds none. */
function waiting(tx: Tx, due: DueDigest): Promise<DeliveryRow[]> {
  return unscoped(tx)
    .selectFrom('notification_deliveries')
    .selectAll()
    .where('rule_id', '=', due.ruleId)
    .where('recipient_user_id', '=', due.recipientId)
    .where('channel', '=', due.channel)
    .where('suppress_reason', '=', 'DIGESTED')
    .where('digest_id', 'is', null)
    .where('occurred_at', '<', due.periodEnd)
    .orderBy('occurred_at')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * The deliveries the recipient may still learn of: active, and the role and scope reaching each subject as it stands
 * now (a DepartmentAdmin moved to another department since the event is told nothing of the old one's MSISDNs).
 */
async function stillAllowed(tx: Tx, recipient: Recipient | undefined, rows: DeliveryRow[]) {
  const subjects = new Map<string, Promise<EventSubject | undefined>>();
  const allowed: DeliveryRow[] = [];
  for (const row of rows) {
    if (!recipient?.active || !roleMayLearn(recipient.role, row.event_type)) continue;
    const key = JSON.stringify([row.event_type, row.msisdn_id, row.data['poiId'], row.data['taskId']]);
    if (!subjects.has(key)) subjects.set(key, deliverySubject(tx, row));
    const s = await subjects.get(key)!;
    if (s && scopeReaches(recipient.scope, s, recipient.id)) allowed.push(row);
  }
  return allowed;
}

async function suppress(tx: Tx, ids: number[], reason: 'OUT_OF_SCOPE' | 'NO_ADDRESS') {
  if (ids.length)
    await unscoped(tx)
      .updateTable('notification_deliveries')
      .set({ suppress_reason: reason })
      .where('id', 'in', ids)
      .execute();
}

/**
 * One digest, in the caller's transaction: the waiting deliveries are locked and checked against the recipient as it
 * stands now (those it may no longer learn of become OUT_OF_SCOPE, all of them NO_ADDRESS when it has none); the
 * digest row is inserted ON CONFLICT DO NOTHING on (rule, recipient, channel, period) — so a period's digest is
 * queued once whatever retries, replays or replicas — then the deliveries are marked with it and ONE e-mail or SMS is
 * queued in the recipient's language. The e-mail names where employees were: each of those is audited as a view.
 */
export async function sendDigest(
  tx: Tx,
  due: DueDigest,
  publicUrl: string,
): Promise<{ deliveries: number; dropped: number }> {
  const rows = await waiting(tx, due);
  if (!rows.length) return { deliveries: 0, dropped: 0 };
  const recipient = await loadRecipient(tx, due.recipientId);
  const allowed = await stillAllowed(tx, recipient, rows);
  const kept = new Set(allowed.map((r) => r.id));
  await suppress(
    tx,
    rows.filter((r) => !kept.has(r.id)).map((r) => r.id),
    'OUT_OF_SCOPE',
  );
  const address = due.channel === 'EMAIL' ? recipient?.email : recipient?.phone;
  if (!address) await suppress(tx, [...kept], 'NO_ADDRESS');
  if (!recipient || !address || !allowed.length) return { deliveries: 0, dropped: rows.length };
  const rule = await unscoped(tx)
    .selectFrom('notification_rules')
    .select(['id', 'name', 'company_id'])
    .where('id', '=', due.ruleId)
    .executeTakeFirstOrThrow();
  const digest = await unscoped(tx)
    .insertInto('notification_digests')
    .values({
      company_id: rule.company_id,
      rule_id: rule.id,
      recipient_user_id: recipient.id,
      channel: due.channel,
      period_start: due.periodStart,
      period_end: due.periodEnd,
      delivery_count: allowed.length,
    })
    .onConflict((oc) => oc.columns(['rule_id', 'recipient_user_id', 'channel', 'period_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // This period's digest has left already: these deliveries (recorded after it) wait for the next one.
  if (!digest) return { deliveries: 0, dropped: rows.length - allowed.length };
  const queued = await queueDigest(tx, { due, recipient, address, rule, rows: allowed, publicUrl });
  await unscoped(tx)
    .updateTable('notification_digests')
    .set({ outbox_id: queued.id })
    .where('id', '=', digest.id)
    .execute();
  await unscoped(tx)
    .updateTable('notification_deliveries')
    .set({ digest_id: digest.id })
    .where('id', 'in', [...kept])
    .execute();
  if (due.channel === 'EMAIL')
    for (const row of allowed)
      await auditLocationView(tx, recipient, {
        channel: 'EMAIL',
        eventId: row.event_id,
        eventType: row.event_type,
        deliveryId: row.id,
        ruleId: rule.id,
        companyId: row.company_id,
        msisdnId: row.msisdn_id,
        digestId: digest.id,
      });
  return { deliveries: allowed.length, dropped: rows.length - allowed.length };
}

function queueDigest(
  tx: Tx,
  d: {
    due: DueDigest;
    recipient: Recipient;
    address: string;
    rule: { id: number; name: string; company_id: number };
    rows: DeliveryRow[];
    publicUrl: string;
  },
) {
  const { due, recipient, rule } = d;
  if (due.channel === 'SMS')
    return queueSms(tx, {
      to: d.address,
      text: digestSms({ locale: recipient.locale, rule, count: d.rows.length }),
      locale: recipient.locale,
      companyId: rule.company_id,
    });
  const mail = digestMail(d.address, {
    locale: recipient.locale,
    timeZone: due.timeZone,
    digest: due.digest,
    period: { start: due.periodStart, end: due.periodEnd },
    rule,
    items: d.rows.map((r) => ({ eventType: r.event_type, data: r.data, occurredAt: r.occurred_at })),
    inboxUrl: d.publicUrl + routeById('notifications').path,
    ruleUrl: `${d.publicUrl}/notification-rules/${rule.id}`,
  });
  return queueMail(tx, { ...mail, companyId: rule.company_id });
}

/** Sends every digest due at `now`, each in its own short transaction; stops between two when `signal` aborts. */
export async function runDigests(
  db: Db,
  options: { publicUrl: string; now: Date; signal?: AbortSignal },
): Promise<DigestReport> {
  const report: DigestReport = { sent: 0, deliveries: 0, dropped: 0 };
  for (const due of await dueDigests(db, options.now)) {
    options.signal?.throwIfAborted();
    const outcome = await db.transaction().execute((tx) => sendDigest(tx, due, options.publicUrl));
    if (outcome.deliveries) report.sent++;
    report.deliveries += outcome.deliveries;
    report.dropped += outcome.dropped;
  }
  return report;
}

/** The digest job and its schedule (workers only). */
export function registerNotificationJobs(runner: JobRunner, deps: { db: Db; publicUrl: string }): void {
  runner
    .register(DIGEST_JOB, async (job: JobContext) => {
      const report = await runDigests(deps.db, {
        publicUrl: deps.publicUrl,
        now: job.now(),
        signal: job.signal,
      });
      if (report.sent || report.dropped) job.log.info({ ...report }, 'notification digests sent');
    })
    .schedule(DIGEST_SCHEDULE);
}
