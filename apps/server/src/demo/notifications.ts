import { sql } from 'kysely';
import type { NotificationChannel, NotificationEventType, NotificationRecipientRole } from '@lbs/contracts';
import type { Db, Executor } from '../db/database.ts';
import type { DomainEvent } from '../events/types.ts';
import { notifyOverdue } from '../modules/billing/index.ts';
import { notificationProcessor, rulesTaking } from '../modules/notifications/index.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import type { DemoCompany } from './organisation.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Per rule, the newest events it takes that reach the inboxes on first start (one per MSISDN, or per type). */
const PER_RULE = 3;
/** How far back, and through how many of a rule's newest events of its types, those are looked for. */
const LOOK_BACK_DAYS = 14;
const LOOK_BACK_EVENTS = 400;
/** How long after an event the processor delivered it (it runs right after the commit). */
const PROCESSING_DELAY_MS = MINUTE;
/** The newest notifications of each user stay unread; the older ones were read. */
const UNREAD = 2;

interface DemoRule {
  name: string;
  createdBy: string;
  eventTypes: NotificationEventType[];
  channels: NotificationChannel[];
  roles?: NotificationRecipientRole[];
  users?: string[];
  filters?: { poiIds?: number[]; poiCategoryIds?: number[] };
  tier?: { departmentId: number } | { zoneId: number };
  throttle?: { mode: 'MSISDN_POI'; minutes: number };
}

/**
 * The demo's notification rules beside the defaults every company has (consent changes, invoices): arrivals at each company's depot to its admins in the inbox and
 * by e-mail, throttled per MSISDN and POI; completed tasks to every admin tier (each hears of its own unit's); a
 * scheduled report made, in the inbox of its owner and the company admins ("Run now" on /reports shows it); in
 * Alpha, the department admin's and the zone admin's rules about their people at client sites; and the operator's
 * rule on Gamma's invoices and consent withdrawals. Geofence rules name demo POIs (not the head offices), so an
 * event elsewhere — a test's — meets only the defaults.
 */
export async function seedNotificationRules(db: Executor, companies: Iterable<DemoCompany>): Promise<number> {
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
  );
  let count = 0;
  for (const company of companies) {
    const { code, name } = company.seed;
    const depot = await db
      .selectFrom('pois')
      .select(['id', 'name'])
      .where('company_id', '=', company.id)
      .where('external_ref', '=', `${code}-DEPOT`)
      .executeTakeFirstOrThrow();
    const clientSites = await db
      .selectFrom('poi_categories')
      .select('id')
      .where('company_id', '=', company.id)
      .where('name', '=', 'Client sites')
      .executeTakeFirstOrThrow();
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'CompanyAdmin' && a.company === name)!.username;
    const rules: DemoRule[] = [
      {
        name: `Arrivals at ${depot.name}`,
        createdBy: admin,
        eventTypes: ['GEOFENCE_ENTER'],
        channels: ['IN_APP', 'EMAIL'],
        roles: ['CompanyAdmin'],
        filters: { poiIds: [depot.id] },
        throttle: { mode: 'MSISDN_POI', minutes: 30 },
      },
      {
        name: 'Completed tasks',
        createdBy: admin,
        eventTypes: ['TASK_COMPLETED'],
        channels: ['IN_APP'],
        roles: ['CompanyAdmin', 'DepartmentAdmin', 'ZoneAdmin'],
      },
      {
        name: 'Scheduled reports ready',
        createdBy: admin,
        eventTypes: ['REPORT_READY'],
        channels: ['IN_APP'],
        roles: ['CompanyAdmin', 'DepartmentAdmin', 'ZoneAdmin'],
      },
    ];
    if (code === 'ALPHA')
      rules.push(
        {
          name: 'Field Operations: visits to client sites',
          createdBy: 'deptadmin',
          eventTypes: ['GEOFENCE_EXIT', 'VISIT_CLOSED'],
          channels: ['IN_APP'],
          roles: ['DepartmentAdmin'],
          filters: { poiCategoryIds: [clientSites.id] },
          tier: { departmentId: company.departments[0]! },
        },
        {
          name: 'North: arrivals and departures at client sites',
          createdBy: 'zoneadmin',
          eventTypes: ['GEOFENCE_ENTER', 'GEOFENCE_EXIT'],
          channels: ['IN_APP'],
          roles: ['ZoneAdmin'],
          filters: { poiCategoryIds: [clientSites.id] },
          tier: { zoneId: company.zones[0]! },
          throttle: { mode: 'MSISDN_POI', minutes: 30 },
        },
      );
    if (code === 'GAMMA')
      rules.push({
        name: `${name}: invoices and consent withdrawals`,
        createdBy: 'superadmin',
        eventTypes: ['INVOICE_ISSUED', 'INVOICE_OVERDUE', 'CONSENT_REVOKED'],
        channels: ['IN_APP', 'EMAIL'],
        users: ['superadmin'],
      });
    await db
      .insertInto('notification_rules')
      .values(
        rules.map((r) => ({
          company_id: company.id,
          department_id: r.tier && 'departmentId' in r.tier ? r.tier.departmentId : null,
          zone_id: r.tier && 'zoneId' in r.tier ? r.tier.zoneId : null,
          created_by: users.get(r.createdBy)!,
          name: r.name,
          event_types: JSON.stringify(r.eventTypes),
          filters: JSON.stringify(r.filters ?? {}),
          channels: JSON.stringify(r.channels),
          recipient_user_ids: JSON.stringify((r.users ?? []).map((u) => users.get(u)!)),
          recipient_roles: JSON.stringify(r.roles ?? []),
          throttle_mode: r.throttle?.mode ?? 'NONE',
          throttle_minutes: r.throttle?.minutes ?? 0,
        })),
      )
      .execute();
    count += rules.length;
  }
  return count;
}

/** A rule's newest events of its types (within LOOK_BACK_DAYS), newest first. */
async function newestEvents(
  db: Db,
  rule: { company_id: number; event_types: NotificationEventType[] },
  now: Date,
): Promise<DomainEvent<NotificationEventType>[]> {
  const rows = await db
    .selectFrom('domain_events')
    .selectAll()
    .where('company_id', '=', rule.company_id)
    .where('type', 'in', rule.event_types)
    .where('occurred_at', '>=', new Date(now.getTime() - LOOK_BACK_DAYS * DAY))
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LOOK_BACK_EVENTS)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type as NotificationEventType,
    companyId: r.company_id,
    msisdnId: r.msisdn_id,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    payload: r.payload as DomainEvent<NotificationEventType>['payload'],
    occurredAt: new Date(r.occurred_at),
  }));
}

/**
 * The demo's inboxes on first start, made the way live ones are: the notifications processor runs over the demo's
 * own domain events (the history's arrivals, departures and visits, completed tasks, consent withdrawals, issued and
 * overdue invoices) on each event's clock, a minute after it happened, as it would have then — so its guards, the
 * scope of each recipient, the throttle, the e-mails in the outbox and the audited views of location are all the real
 * ones. Which events: per rule, the newest few it takes, one per MSISDN (or per type: this month's invoice). Each
 * user's newest two stay unread. The dispatcher's cursor starts after them when the server's worker starts (`from:
 * 'now'`); a replay would find every delivery made (one per event, recipient and channel).
 */
export async function deliverDemoNotifications(
  db: Db,
  { publicUrl }: { publicUrl: string },
): Promise<number> {
  // The overdue notices the billing job sends on its first run (Gamma's unpaid invoice), made now with the rest.
  await notifyOverdue(db);
  const now = new Date();
  const rules = await db
    .selectFrom('notification_rules')
    .select(['id', 'company_id', 'event_types'])
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  const picked = new Map<number, DomainEvent<NotificationEventType>>();
  for (const rule of rules) {
    const seen = new Set<string>();
    const take = async (event: DomainEvent<NotificationEventType>): Promise<boolean> => {
      // One per MSISDN (a second would mostly be throttled), one per type of the others (this month's invoice).
      const about = event.msisdnId !== null ? `msisdn:${event.msisdnId}` : event.type;
      if (seen.has(about)) return false;
      const taking = await rulesTaking(db, event);
      if (!taking?.rules.some((r) => r.id === rule.id)) return false;
      seen.add(about);
      picked.set(event.id, event);
      return true;
    };
    const events = await newestEvents(db, rule, now);
    // First the newest of each of the rule's kinds, so that every kind shows whatever the hour (on a working morning
    // the newest few at client sites are all arrivals), then the newest of any kind.
    for (const type of rule.event_types)
      for (const event of events)
        if (seen.size < PER_RULE && event.type === type && (await take(event))) break;
    for (const event of events) {
      if (seen.size >= PER_RULE) break;
      if (!picked.has(event.id)) await take(event);
    }
  }
  let clock = new Date();
  const processor = notificationProcessor({ publicUrl, now: () => clock });
  const events = [...picked.values()].sort(
    (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.id - b.id,
  );
  for (const event of events) {
    clock = new Date(event.occurredAt.getTime() + PROCESSING_DELAY_MS);
    await db.transaction().execute(async (tx) => {
      await processor.handle(event, tx);
      // Delivered then, as the processor would have (the inbox lists by arrival and says when one came late).
      await sql`update notification_deliveries set created_at = ${clock.toISOString()}::timestamptz
        where event_id = ${event.id}`.execute(tx);
    });
  }
  // The older ones were read within a couple of hours of arriving.
  await sql`
    update notification_deliveries set read_at = least(created_at + interval '2 hours', now())
    where id in (
      select id from (
        select id, row_number() over (partition by recipient_user_id order by created_at desc, id desc) as n
        from notification_deliveries where channel = 'IN_APP' and status = 'SENT' and read_at is null
      ) newest
      where n > ${UNREAD}
    )`.execute(db);
  return events.length;
}
