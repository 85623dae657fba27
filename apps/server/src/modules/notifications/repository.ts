import { sql, type Selectable } from 'kysely';
import type {
  NotificationDeliveryListQuery,
  NotificationListQuery,
  NotificationRuleListQuery,
} from '@lbs/contracts';
import type { Executor } from '../../db/database.ts';
import type { NotificationDeliveriesTable, NotificationRulesTable } from '../../db/schema.ts';
import { scoped, unscoped } from '../../access/scoped.ts';
import type { Scope } from '../../access/scope.ts';
import { applyPage, applySearch, applySort, countOf } from '../../lib/listing.ts';

export type RuleRow = Selectable<NotificationRulesTable>;
export type DeliveryRow = Selectable<NotificationDeliveriesTable>;

const RULE_SORT = {
  name: 'notification_rules.name',
  createdAt: 'notification_rules.created_at',
  updatedAt: 'notification_rules.updated_at',
};

/**
 * Rules and deliveries. A rule belongs to its creator's tier: every tier of a company reaches the company's rules
 * narrowed like the MSISDN rule — a CompanyAdmin all of them, a DepartmentAdmin its department's, a ZoneAdmin its
 * zone's. The inbox reads only the caller's own rows.
 */
export function notificationsRepository(db: Executor) {
  function rules(scope: Scope) {
    const q = scoped(db, scope).companyOwned('notification_rules');
    if (scope.tier === 'department')
      return q.where('notification_rules.department_id', '=', scope.departmentId);
    if (scope.tier === 'zone') return q.where('notification_rules.zone_id', '=', scope.zoneId);
    return q;
  }

  return {
    async listRules(scope: Scope, query: NotificationRuleListQuery) {
      let q = rules(scope);
      if (query.companyId !== undefined) q = q.where('notification_rules.company_id', '=', query.companyId);
      if (query.active !== undefined) q = q.where('notification_rules.active', '=', query.active);
      if (query.eventType) q = q.where(sql<boolean>`notification_rules.event_types ? ${query.eventType}`);
      q = applySearch(q, query.q, ['notification_rules.name']);
      const total = await countOf(q);
      const rows = await applyPage(
        applySort(q.selectAll('notification_rules'), query.sort, RULE_SORT, 'notification_rules.id', 'name'),
        query,
      ).execute();
      return { rows, total };
    },

    findRule(scope: Scope, id: number): Promise<RuleRow | undefined> {
      return rules(scope)
        .selectAll('notification_rules')
        .where('notification_rules.id', '=', id)
        .executeTakeFirst();
    },

    /** The rule in scope, locked for the caller's transaction (update, delete). */
    lock(scope: Scope, id: number): Promise<RuleRow | undefined> {
      return rules(scope)
        .selectAll('notification_rules')
        .where('notification_rules.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Names of the companies and users a page of rules names. */
    async names(companyIds: number[], userIds: number[]) {
      const companies = companyIds.length
        ? await unscoped(db)
            .selectFrom('companies')
            .select(['id', 'name'])
            .where('id', 'in', companyIds)
            .execute()
        : [];
      const users = userIds.length
        ? await unscoped(db)
            .selectFrom('users')
            .select(['id', 'full_name', 'email'])
            .where('id', 'in', userIds)
            .execute()
        : [];
      return {
        companies: new Map(companies.map((c) => [c.id, c.name])),
        users: new Map(users.map((u) => [u.id, u])),
      };
    },

    /** Which of `ids` the scope reaches among the company's objects of a kind (a rule's filters and recipients). */
    async reachable(
      scope: Scope,
      kind: 'pois' | 'poiCategories' | 'msisdns' | 'departments' | 'zones' | 'designations' | 'users',
      companyId: number,
      ids: readonly number[],
    ): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const s = scoped(db, scope);
      const list = [...ids];
      let rows: { id: number }[];
      switch (kind) {
        case 'pois':
          rows = await s
            .pois('see')
            .select('pois.id')
            .where('pois.company_id', '=', companyId)
            .where('pois.id', 'in', list)
            .execute();
          break;
        case 'poiCategories':
          rows = await s
            .companyOwned('poi_categories')
            .select('poi_categories.id')
            .where('poi_categories.company_id', '=', companyId)
            .where('poi_categories.id', 'in', list)
            .execute();
          break;
        case 'msisdns':
          rows = await s
            .msisdns()
            .select('msisdns.id')
            .where('msisdns.company_id', '=', companyId)
            .where('msisdns.id', 'in', list)
            .execute();
          break;
        case 'users':
          rows = await s
            .users()
            .select('users.id')
            .where('users.company_id', '=', companyId)
            .where('users.active', '=', true)
            .where('users.id', 'in', list)
            .execute();
          break;
        default:
          rows = await s
            .orgUnits(kind)
            .select('u.id')
            .where('u.company_id', '=', companyId)
            .where('u.id', 'in', list)
            .execute();
      }
      return new Set(rows.map((r) => r.id));
    },

    /**
     * The delivery log of a rule the caller reached (its id comes from findRule): newest first, each e-mail or SMS
     * with its outbox message's state, which the relay keeps.
     */
    /**
     * A rule's delivery log. An e-mail or SMS goes as its outbox message went; one a digest carried, as the digest's
     * message went (with the digest's period); a digested one still waiting stays SUPPRESSED (DIGESTED).
     */
    async ruleDeliveries(ruleId: number, query: NotificationDeliveryListQuery) {
      const outboxStatus = (alias: 'o' | 'go') => `case ${alias}.status
        when 'SENT' then 'SENT' when 'DEAD' then 'DEAD' when 'FAILED' then 'FAILED' else 'QUEUED' end`;
      const effective = sql<string>`case
        when d.digest_id is not null then ${sql.raw(outboxStatus('go'))}
        when d.status <> 'QUEUED' or o.id is null then d.status
        else ${sql.raw(outboxStatus('o'))} end`;
      let q = unscoped(db)
        .selectFrom('notification_deliveries as d')
        .leftJoin('outbox_messages as o', 'o.id', 'd.outbox_id')
        .leftJoin('notification_digests as g', 'g.id', 'd.digest_id')
        .leftJoin('outbox_messages as go', 'go.id', 'g.outbox_id')
        .where('d.rule_id', '=', ruleId);
      if (query.status) q = q.where(effective, '=', query.status);
      const total = await countOf(q.select('d.id'));
      const descending = !query.sort || query.sort.startsWith('-');
      const rows = await applyPage(
        q
          .innerJoin('users as u', 'u.id', 'd.recipient_user_id')
          .select([
            'd.id',
            'd.event_id',
            'd.event_type',
            'd.recipient_user_id',
            'u.full_name',
            'd.channel',
            effective.as('status'),
            sql<
              string | null
            >`case when d.digest_id is not null then go.last_error else coalesce(d.suppress_reason, o.last_error) end`.as(
              'reason',
            ),
            sql<boolean>`coalesce((d.data->>'test')::boolean, false)`.as('test'),
            sql<number>`coalesce(go.attempts, o.attempts, 0)`.as('attempts'),
            'g.period_start as digest_period_start',
            'g.period_end as digest_period_end',
            'd.occurred_at',
            'd.created_at',
            sql<Date | null>`case when d.channel = 'IN_APP' and d.status = 'SENT' then d.created_at
              else coalesce(go.sent_at, o.sent_at) end`.as('sent_at'),
          ])
          .orderBy('d.id', descending ? 'desc' : 'asc'),
        query,
      ).execute();
      return { rows, total };
    },

    // ── Inbox: the caller's own in-app notifications ──────────────────────────────────────────────────────────

    async inbox(userId: number, query: NotificationListQuery) {
      let q = unscoped(db)
        .selectFrom('notification_deliveries')
        .where('recipient_user_id', '=', userId)
        .where('channel', '=', 'IN_APP')
        .where('status', '=', 'SENT');
      if (query.unread !== undefined) q = q.where('read_at', query.unread ? 'is' : 'is not', null);
      const total = await countOf(q.select('id'));
      const descending = !query.sort || query.sort.startsWith('-');
      const rows = await applyPage(
        q
          .selectAll()
          .orderBy('created_at', descending ? 'desc' : 'asc')
          .orderBy('id', descending ? 'desc' : 'asc'),
        query,
      ).execute();
      return { rows, total };
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await unscoped(db)
        .selectFrom('notification_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient_user_id', '=', userId)
        .where('channel', '=', 'IN_APP')
        .where('status', '=', 'SENT')
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks the caller's notification read (once: a second call keeps the first time); undefined if not theirs. */
    async markRead(userId: number, id: number, at: Date): Promise<DeliveryRow | undefined> {
      return unscoped(db)
        .updateTable('notification_deliveries')
        .set({ read_at: sql<Date>`coalesce(read_at, ${at})` })
        .where('id', '=', id)
        .where('recipient_user_id', '=', userId)
        .where('channel', '=', 'IN_APP')
        .where('status', '=', 'SENT')
        .returningAll()
        .executeTakeFirst();
    },

    async markAllRead(userId: number, at: Date): Promise<number> {
      const result = await unscoped(db)
        .updateTable('notification_deliveries')
        .set({ read_at: at })
        .where('recipient_user_id', '=', userId)
        .where('channel', '=', 'IN_APP')
        .where('status', '=', 'SENT')
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
