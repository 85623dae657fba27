import {
  noNotificationFilters,
  type NotificationDeliveryListQuery,
  type NotificationDeliveryPage,
  type NotificationDeliveryStatus,
  type NotificationFilters,
  type NotificationRecipients,
  type NotificationRule,
  type NotificationRuleCreate,
  type NotificationRuleListQuery,
  type NotificationRulePage,
  type NotificationRuleTestResult,
  type NotificationRuleUpdate,
} from '@lbs/contracts';
import { authorize, fieldNames, type Caller } from '../../access/caller.ts';
import { notificationRulePolicy } from '../../access/policies/notification-rule.ts';
import { resolveCompany } from '../../access/references.ts';
import { writeTransaction, lockInScopeOf } from '../../access/writes.ts';
import type { Db } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { fieldErrorFrom, notFound, validationFailed, type FieldError } from '../../lib/errors.ts';
import { iso } from '../../lib/listing.ts';
import { toNotification } from './inbox.ts';
import { notificationsRepository, type RuleRow } from './repository.ts';
import { sendRuleTest } from './test-send.ts';

const FILTER_KINDS = {
  poiIds: 'pois',
  poiCategoryIds: 'poiCategories',
  msisdnIds: 'msisdns',
  departmentIds: 'departments',
  zoneIds: 'zones',
  designationIds: 'designations',
} as const satisfies Record<keyof NotificationFilters, string>;

/** The tier a new rule belongs to: its creator's department or zone; a company-wide rule for the others. */
function tierOf(caller: Caller): { department_id: number | null; zone_id: number | null } {
  const s = caller.scope;
  return {
    department_id: s.tier === 'department' ? s.departmentId : null,
    zone_id: s.tier === 'zone' ? s.zoneId : null,
  };
}

/**
 * Notification rules: CRUD in the caller's tier. Filters and recipients must lie in the company and in the caller's
 * scope when they are saved (a field error otherwise); deliveries check each recipient again for each event.
 */
export function notificationRulesService({
  db,
  publicUrl,
  now = () => new Date(),
}: {
  db: Db;
  /** The portal's public URL (the test e-mail's links). */
  publicUrl: string;
  now?: () => Date;
}) {
  const repo = notificationsRepository(db);
  const lockInScope = lockInScopeOf(notificationsRepository, 'The notification rule');

  async function present(caller: Caller, rows: RuleRow[]): Promise<NotificationRule[]> {
    const userIds = new Set<number>();
    for (const r of rows) {
      if (r.created_by !== null) userIds.add(r.created_by);
      for (const u of r.recipient_user_ids) userIds.add(u);
    }
    const names = await repo.names([...new Set(rows.map((r) => r.company_id))], [...userIds]);
    return rows.map((r) => ({
      id: r.id,
      company: { id: r.company_id, name: names.companies.get(r.company_id) ?? '' },
      departmentId: r.department_id,
      zoneId: r.zone_id,
      createdBy:
        r.created_by === null
          ? null
          : { id: r.created_by, fullName: names.users.get(r.created_by)?.full_name ?? '' },
      defaultKey: r.default_key,
      name: r.name,
      eventTypes: r.event_types,
      filters: { ...noNotificationFilters(), ...r.filters },
      channels: r.channels,
      recipients: {
        users: r.recipient_user_ids.map((id) => {
          const u = names.users.get(id);
          return { id, fullName: u?.full_name ?? '', email: u?.email ?? '' };
        }),
        roles: r.recipient_roles,
      },
      activeHours: r.active_hours,
      throttle: { mode: r.throttle_mode, minIntervalMinutes: r.throttle_minutes },
      digest: r.digest,
      maxAgeMinutes: r.max_age_minutes,
      active: r.active,
      ...notificationRulePolicy(caller),
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    }));
  }

  /** Field errors for filters and recipient users the caller's scope does not reach in the company. */
  async function checkReferences(
    caller: Caller,
    companyId: number,
    body: { filters?: NotificationFilters | undefined; recipients?: NotificationRecipients | undefined },
  ): Promise<void> {
    const errors: FieldError[] = [];
    const check = async (
      path: string,
      kind: Parameters<typeof repo.reachable>[1],
      ids: readonly number[],
      code: 'notificationRule.filterOutOfScope' | 'notificationRule.recipientOutOfScope',
      allowed: (id: number) => boolean = () => false,
    ) => {
      const found = await repo.reachable(caller.scope, kind, companyId, ids);
      ids.forEach((id, i) => {
        if (!found.has(id) && !allowed(id)) errors.push(fieldErrorFrom(`${path}.${i}`, code));
      });
    };
    if (body.filters)
      for (const field of Object.keys(FILTER_KINDS) as (keyof NotificationFilters)[])
        await check(
          `filters.${field}`,
          FILTER_KINDS[field],
          body.filters[field],
          'notificationRule.filterOutOfScope',
        );
    if (body.recipients)
      await check(
        'recipients.userIds',
        'users',
        body.recipients.userIds,
        'notificationRule.recipientOutOfScope',
        (id) => id === caller.user.id,
      );
    if (errors.length) throw validationFailed(errors);
  }

  async function list(caller: Caller, query: NotificationRuleListQuery): Promise<NotificationRulePage> {
    authorize(caller, 'notificationRule', 'list');
    const { rows, total } = await repo.listRules(caller.scope, query);
    return { items: await present(caller, rows), total, page: query.page, size: query.size };
  }

  async function get(caller: Caller, id: number): Promise<NotificationRule> {
    authorize(caller, 'notificationRule', 'read');
    const row = await repo.findRule(caller.scope, id);
    if (!row) throw notFound('The notification rule');
    return (await present(caller, [row]))[0]!;
  }

  async function create(caller: Caller, body: NotificationRuleCreate): Promise<NotificationRule> {
    authorize(caller, 'notificationRule', 'create');
    const company = await resolveCompany(db, caller.scope, body.companyId);
    await checkReferences(caller, company.id, body);
    const row = await writeTransaction(db, async (tx) => {
      const inserted = await tx
        .insertInto('notification_rules')
        .values({
          company_id: company.id,
          ...tierOf(caller),
          created_by: caller.user.id,
          name: body.name,
          event_types: JSON.stringify(body.eventTypes),
          filters: JSON.stringify(body.filters),
          channels: JSON.stringify(body.channels),
          recipient_user_ids: JSON.stringify(body.recipients.userIds),
          recipient_roles: JSON.stringify(body.recipients.roles),
          active_hours: body.activeHours ? JSON.stringify(body.activeHours) : null,
          throttle_mode: body.throttle.mode,
          throttle_minutes: body.throttle.mode === 'NONE' ? 0 : body.throttle.minIntervalMinutes,
          digest: body.digest,
          max_age_minutes: body.maxAgeMinutes,
          active: body.active,
          updated_at: now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(tx, actorOf(caller), {
        action: 'notificationRule.create',
        entity: 'notificationRule',
        entityId: inserted.id,
        companyId: company.id,
        detail: { name: body.name, eventTypes: body.eventTypes, channels: body.channels },
      });
      return inserted;
    });
    return (await present(caller, [row]))[0]!;
  }

  async function update(caller: Caller, id: number, body: NotificationRuleUpdate): Promise<NotificationRule> {
    authorize(caller, 'notificationRule', 'update');
    const current = await repo.findRule(caller.scope, id);
    if (!current) throw notFound('The notification rule');
    const recipients = body.recipients ?? {
      userIds: current.recipient_user_ids,
      roles: current.recipient_roles,
    };
    if (recipients.userIds.length + recipients.roles.length === 0)
      throw validationFailed([fieldErrorFrom('recipients', 'notificationRule.recipientsRequired')]);
    // Only what the body changes is checked: a stored filter that left the scope does not block a rename.
    await checkReferences(caller, current.company_id, body);
    const changes = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.eventTypes ? { event_types: JSON.stringify(body.eventTypes) } : {}),
      ...(body.filters ? { filters: JSON.stringify(body.filters) } : {}),
      ...(body.channels ? { channels: JSON.stringify(body.channels) } : {}),
      ...(body.recipients
        ? {
            recipient_user_ids: JSON.stringify(body.recipients.userIds),
            recipient_roles: JSON.stringify(body.recipients.roles),
          }
        : {}),
      ...(body.activeHours !== undefined
        ? { active_hours: body.activeHours ? JSON.stringify(body.activeHours) : null }
        : {}),
      ...(body.throttle
        ? {
            throttle_mode: body.throttle.mode,
            throttle_minutes: body.throttle.mode === 'NONE' ? 0 : body.throttle.minIntervalMinutes,
          }
        : {}),
      ...(body.digest ? { digest: body.digest } : {}),
      ...(body.maxAgeMinutes !== undefined ? { max_age_minutes: body.maxAgeMinutes } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    };
    const row = await writeTransaction(db, async (trx) => {
      const { locked } = await lockInScope(trx, caller, id);
      const updated = await trx
        .updateTable('notification_rules')
        .set({ ...changes, updated_at: now() })
        .where('id', '=', locked.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, actorOf(caller), {
        action: 'notificationRule.update',
        entity: 'notificationRule',
        entityId: id,
        companyId: locked.company_id,
        detail: { changed: fieldNames(Object.keys(changes)) },
      });
      return updated;
    });
    return (await present(caller, [row]))[0]!;
  }

  async function remove(caller: Caller, id: number): Promise<void> {
    authorize(caller, 'notificationRule', 'delete');
    await writeTransaction(db, async (trx) => {
      const { locked } = await lockInScope(trx, caller, id);
      await trx.deleteFrom('notification_rules').where('id', '=', locked.id).execute();
      await audit(trx, actorOf(caller), {
        action: 'notificationRule.delete',
        entity: 'notificationRule',
        entityId: id,
        companyId: locked.company_id,
        detail: { name: locked.name },
      });
    });
  }

  /** The delivery log of a rule in the caller's tier. */
  async function deliveries(
    caller: Caller,
    id: number,
    query: NotificationDeliveryListQuery,
  ): Promise<NotificationDeliveryPage> {
    authorize(caller, 'notificationRule', 'read');
    const rule = await repo.findRule(caller.scope, id);
    if (!rule) throw notFound('The notification rule');
    const { rows, total } = await repo.ruleDeliveries(rule.id, query);
    return {
      items: rows.map((r) => ({
        id: r.id,
        eventId: r.event_id,
        eventType: r.event_type,
        recipient: { id: r.recipient_user_id, fullName: r.full_name },
        channel: r.channel,
        status: r.status as NotificationDeliveryStatus,
        reason: r.reason,
        attempts: Number(r.attempts),
        digest:
          r.digest_period_start && r.digest_period_end
            ? { periodStart: iso(r.digest_period_start), periodEnd: iso(r.digest_period_end) }
            : null,
        occurredAt: iso(r.occurred_at),
        createdAt: iso(r.created_at),
        sentAt: r.sent_at ? iso(new Date(r.sent_at)) : null,
        test: r.test,
      })),
      total,
      page: query.page,
      size: query.size,
    };
  }

  /** A test of a rule the caller may change, sent to the caller only (see test-send.ts). */
  async function test(caller: Caller, id: number): Promise<NotificationRuleTestResult> {
    authorize(caller, 'notificationRule', 'update');
    const rule = await repo.findRule(caller.scope, id);
    if (!rule) throw notFound('The notification rule');
    return writeTransaction(db, async (tx) => {
      const sent = await sendRuleTest(tx, { rule, userId: caller.user.id, publicUrl, at: now() });
      await audit(tx, actorOf(caller), {
        action: 'notificationRule.test',
        entity: 'notificationRule',
        entityId: rule.id,
        companyId: rule.company_id,
        detail: { channels: sent.emailTo ? ['IN_APP', 'EMAIL'] : ['IN_APP'] },
      });
      return { notification: toNotification(sent.inApp), emailTo: sent.emailTo };
    });
  }

  return { list, get, create, update, remove, deliveries, test };
}

export type NotificationRulesService = ReturnType<typeof notificationRulesService>;
