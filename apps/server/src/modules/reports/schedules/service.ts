import {
  REPORTS,
  fieldMessage,
  type ReportKey,
  type ReportRun,
  type ReportRunList,
  type ReportSchedule,
  type ReportScheduleCreate,
  type ReportScheduleList,
  type ReportScheduleParams,
  type ReportScheduleRun,
  type ReportScheduleUpdate,
  type LocaleCode,
} from '@lbs/contracts';
import { authorize, type Caller } from '../../../access/caller.ts';
import { reaches, tierReach, type Scope } from '../../../access/scope.ts';
import type { Db, Executor } from '../../../db/database.ts';
import type { ReportSchedulesTable } from '../../../db/schema.ts';
import { actorOf, audit } from '../../../events/audit.ts';
import { enqueue } from '../../../jobs/queue.ts';
import {
  AppError,
  fieldErrorFrom,
  notFound,
  validationFailed,
  type FieldError,
} from '../../../lib/errors.ts';
import type { Selectable } from 'kysely';
import type { ReportsService } from '../service.ts';
import { companyTimeZone } from '../../../lib/company-time-zone.ts';
import { loadOwner } from './owner.ts';
import { DEFAULT_PERIOD, compileCron, nextSlot, periodBefore } from './timing.ts';

export const SCHEDULE_RUN_JOB = 'reports.scheduleRun';
/** Attempts of one run before it stays FAILED (each retry skips the deliveries already queued). */
export const RUN_MAX_ATTEMPTS = 3;

type ScheduleRow = Selectable<ReportSchedulesTable>;

const DAY_MS = 86_400_000;

/** Who may see a schedule: its owner; a CompanyAdmin the company's; a SuperAdmin all. Others: 404. */
export function scheduleVisible(caller: Caller, row: { company_id: number; owner_id: number }): boolean {
  if (caller.scope.tier === 'all') return true;
  if (caller.user.role === 'CompanyAdmin' && caller.scope.tier === 'company')
    return row.company_id === caller.scope.companyId;
  return row.owner_id === caller.user.id;
}

/** May this user approve external addresses on a company's schedules (CompanyAdmin of it, or SuperAdmin)? */
export function mayApproveExternals(
  user: { role: string; companyId: number | null; active: boolean },
  companyId: number,
): boolean {
  if (!user.active) return false;
  return user.role === 'SuperAdmin' || (user.role === 'CompanyAdmin' && user.companyId === companyId);
}

export interface RecipientUser {
  id: number;
  email: string;
  full_name: string;
  active: boolean;
  company_id: number | null;
  department_id: number | null;
  zone_id: number | null;
}

/** Why a user may not receive the owner's report, or undefined when they may. */
export function recipientProblem(
  owner: { id: number; scope: Scope },
  companyId: number,
  user: RecipientUser | undefined,
): 'inactive' | 'outOfScope' | undefined {
  if (!user || !user.active) return 'inactive';
  if (user.id === owner.id) return undefined;
  if (user.company_id !== companyId) return 'outOfScope';
  const placed = { companyId: user.company_id, departmentId: user.department_id, zoneId: user.zone_id };
  return reaches(tierReach(owner.scope), placed) ? undefined : 'outOfScope';
}

export async function recipientUsers(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, RecipientUser>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'active', 'company_id', 'department_id', 'zone_id'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

async function companyOf(db: Executor, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', companyTimeZone().as('time_zone')])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

const monthDayOut = (v: string | null): number | 'last' | null =>
  v === null ? null : v === 'last' ? 'last' : Number(v);

/** The last complete period of a rule as of `now` in the company's time zone. */
export function lastCompletePeriod(rule: ScheduleRow['period'], now: Date, timeZone: string) {
  return periodBefore(rule, now, timeZone);
}

/**
 * Report schedules: CRUD in the caller's scope, run now, and the run and delivery log. The runs themselves are
 * jobs (./runs.ts); this queues them.
 */
export function reportSchedulesService({ db, reports }: { db: Db; reports: ReportsService }) {
  async function load(caller: Caller, id: number): Promise<ScheduleRow> {
    const row = await db.selectFrom('report_schedules').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || !scheduleVisible(caller, row)) throw notFound('The schedule');
    return row;
  }

  async function present(rows: ScheduleRow[]): Promise<ReportSchedule[]> {
    if (!rows.length) return [];
    const userIds = new Set<number>();
    for (const r of rows) {
      userIds.add(r.owner_id);
      for (const u of r.recipients) userIds.add(u);
    }
    const users = await recipientUsers(db, [...userIds]);
    const companies = new Map(
      (
        await db
          .selectFrom('companies')
          .select(['id', 'name'])
          .where('id', 'in', [...new Set(rows.map((r) => r.company_id))])
          .execute()
      ).map((c) => [c.id, c.name]),
    );
    const lastRuns = new Map(
      (
        await db
          .selectFrom('report_runs')
          .distinctOn('schedule_id')
          .select(['schedule_id', 'id', 'status', 'period_start', 'period_end', 'finished_at'])
          .where(
            'schedule_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('schedule_id')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map((r) => [r.schedule_id, r]),
    );
    return rows.map((r) => {
      const last = lastRuns.get(r.id);
      return {
        id: r.id,
        company: { id: r.company_id, name: companies.get(r.company_id) ?? '' },
        owner: { id: r.owner_id, fullName: users.get(r.owner_id)?.full_name ?? '' },
        name: r.name,
        report: r.report as ReportKey,
        params: r.params as ReportScheduleParams,
        sort: r.sort,
        format: r.format,
        locale: r.locale as LocaleCode,
        recipients: r.recipients.map((id) => {
          const u = users.get(id);
          return { id, fullName: u?.full_name ?? '', email: u?.email ?? '' };
        }),
        externalRecipients: r.external_recipients,
        preset: r.preset,
        weekday: r.weekday,
        monthDay: monthDayOut(r.month_day),
        time: r.time_of_day,
        cron: r.cron,
        timeZone: r.time_zone,
        period: r.period,
        active: r.active,
        pausedReason: r.paused_reason,
        nextRunAt: r.active && r.next_run_at ? r.next_run_at.toISOString() : null,
        lastRun: last
          ? {
              id: last.id,
              status: last.status,
              periodStart: last.period_start,
              periodEnd: last.period_end,
              finishedAt: last.finished_at?.toISOString() ?? null,
            }
          : null,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      };
    });
  }

  /**
   * The owner may run the report with these parameters: its data permission, filters inside the owner's scope, the
   * sort a sortable column, the period rule within the report's cap (the engine's own checks, over the last period).
   */
  async function checkReport(
    owner: Caller,
    companyId: number,
    timeZone: string,
    s: {
      report: ReportKey;
      params: ReportScheduleParams;
      sort?: string | null | undefined;
      period: ScheduleRow['period'];
    },
  ): Promise<void> {
    const meta = REPORTS[s.report];
    const { from, to } = periodBefore(s.period, new Date(), timeZone);
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    // A month spans up to 31 days: the cap must hold for the longest one.
    const longest = s.period === 'previousMonth' ? 31 : days;
    if (longest > meta.maxPeriodDays)
      throw validationFailed([
        fieldErrorFrom('period', fieldMessage('validation.periodTooLong', { max: meta.maxPeriodDays })),
      ]);
    const params = {
      ...s.params,
      ...(s.params.msisdnIds ? { msisdnIds: s.params.msisdnIds } : {}),
      companyId,
      from,
      to,
    };
    try {
      await reports.prepare(owner, s.report, params, s.sort ?? undefined);
    } catch (error) {
      if (error instanceof AppError && error.status === 400 && error.errors)
        throw validationFailed(
          error.errors.map((e) => ({
            ...e,
            // The period comes from the schedule's rule: a period the report refuses is the rule's field.
            path:
              e.path === 'query.sort'
                ? 'sort'
                : e.path === 'query.from' || e.path === 'query.to'
                  ? 'period'
                  : e.path.replace(/^query\./, 'params.'),
          })),
        );
      throw error;
    }
  }

  async function checkRecipients(
    owner: Caller,
    companyId: number,
    recipients: readonly number[],
  ): Promise<void> {
    const users = await recipientUsers(db, recipients);
    const errors: FieldError[] = [];
    recipients.forEach((id, i) => {
      if (recipientProblem({ id: owner.user.id, scope: owner.scope }, companyId, users.get(id)))
        errors.push(fieldErrorFrom(`recipients.${i}`, 'reportSchedule.recipientOutOfScope'));
    });
    if (errors.length) throw validationFailed(errors);
  }

  function sameList(a: readonly string[], b: readonly string[]) {
    const norm = (l: readonly string[]) => [...new Set(l.map((x) => x.toLowerCase()))].sort().join('\n');
    return norm(a) === norm(b);
  }

  async function ownerCallerOf(row: ScheduleRow, caller: Caller): Promise<Caller> {
    if (row.owner_id === caller.user.id) return caller;
    const owner = await loadOwner(db, row.owner_id);
    // An owner who left: the schedule is checked as the caller sees it (the run re-checks and pauses it anyway).
    return owner ?? caller;
  }

  async function queueRun(
    row: ScheduleRow,
    period: { from: string; to: string },
    trigger: 'SCHEDULE' | 'MANUAL',
    executor: Executor,
  ) {
    return queueScheduleRun(executor, row.id, period, trigger);
  }

  return {
    async list(caller: Caller, query: { companyId?: number | undefined }): Promise<ReportScheduleList> {
      authorize(caller, 'reportSchedule', 'list');
      let q = db.selectFrom('report_schedules').selectAll();
      if (caller.scope.tier === 'none') return { items: [] };
      if (caller.scope.tier !== 'all') {
        const scope = caller.scope;
        q =
          caller.user.role === 'CompanyAdmin'
            ? q.where('company_id', '=', scope.companyId)
            : q.where('owner_id', '=', caller.user.id);
      }
      if (query.companyId !== undefined) q = q.where('company_id', '=', query.companyId);
      const rows = await q.orderBy('id', 'desc').limit(500).execute();
      return { items: await present(rows) };
    },

    async get(caller: Caller, id: number): Promise<ReportSchedule> {
      authorize(caller, 'reportSchedule', 'list');
      return (await present([await load(caller, id)]))[0]!;
    },

    async create(caller: Caller, body: ReportScheduleCreate): Promise<ReportSchedule> {
      authorize(caller, 'reportSchedule', 'create');
      const scope = caller.scope;
      if (scope.tier === 'none') throw notFound('The company');
      const companyId = scope.tier === 'all' ? body.companyId : scope.companyId;
      if (companyId === undefined)
        throw validationFailed([fieldErrorFrom('companyId', 'report.companyRequired')]);
      if (body.companyId !== undefined && body.companyId !== companyId) throw notFound('The company');
      const company = await companyOf(db, companyId);
      if (!company) throw notFound('The company');
      const period = body.period ?? DEFAULT_PERIOD[body.preset];
      const externals = [...new Set(body.externalRecipients.map((e) => e.toLowerCase()))];
      if (externals.length && !mayApproveExternals(caller.user, companyId))
        throw validationFailed([fieldErrorFrom('externalRecipients', 'reportSchedule.externalNotAllowed')]);
      await checkRecipients(caller, companyId, body.recipients);
      await checkReport(caller, companyId, company.time_zone, { ...body, period });
      const cron = compileCron(body);
      const now = new Date();
      const row = await db.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto('report_schedules')
          .values({
            company_id: companyId,
            owner_id: caller.user.id,
            name: body.name,
            report: body.report,
            params: JSON.stringify(body.params),
            sort: body.sort ?? null,
            format: body.format,
            locale: body.locale,
            recipients: JSON.stringify([...new Set(body.recipients)]),
            external_recipients: JSON.stringify(externals),
            external_approved_by: externals.length ? caller.user.id : null,
            preset: body.preset,
            weekday: body.preset === 'weekly' ? (body.weekday ?? null) : null,
            month_day: body.preset === 'monthly' ? String(body.monthDay) : null,
            time_of_day: body.time,
            cron,
            time_zone: company.time_zone,
            period,
            active: body.active,
            next_run_at: nextSlot(cron, company.time_zone, now),
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(tx, actorOf(caller), {
          action: 'reportSchedule.create',
          entity: 'reportSchedule',
          entityId: inserted.id,
          companyId,
          detail: {
            report: body.report,
            preset: body.preset,
            recipients: body.recipients.length,
            externals: externals.length,
          },
        });
        return inserted;
      });
      return (await present([row]))[0]!;
    },

    async update(caller: Caller, id: number, body: ReportScheduleUpdate): Promise<ReportSchedule> {
      authorize(caller, 'reportSchedule', 'update');
      const row = await load(caller, id);
      const merged = {
        preset: body.preset ?? row.preset,
        weekday: body.weekday !== undefined ? body.weekday : row.weekday,
        monthDay: body.monthDay !== undefined ? body.monthDay : monthDayOut(row.month_day),
        time: body.time ?? row.time_of_day,
        recipients: body.recipients ?? row.recipients,
        externalRecipients: body.externalRecipients
          ? [...new Set(body.externalRecipients.map((e) => e.toLowerCase()))]
          : row.external_recipients,
        params: body.params ?? (row.params as ReportScheduleParams),
        sort: body.sort !== undefined ? body.sort : row.sort,
        period:
          body.period ??
          (body.preset && body.preset !== row.preset ? DEFAULT_PERIOD[body.preset] : row.period),
      };
      const errors: FieldError[] = [];
      if (merged.preset === 'weekly' && !merged.weekday)
        errors.push(fieldErrorFrom('weekday', 'reportSchedule.weekdayRequired'));
      if (merged.preset === 'monthly' && !merged.monthDay)
        errors.push(fieldErrorFrom('monthDay', 'reportSchedule.monthDayRequired'));
      if (merged.recipients.length + merged.externalRecipients.length === 0)
        errors.push(fieldErrorFrom('recipients', 'reportSchedule.recipientsRequired'));
      if (errors.length) throw validationFailed(errors);
      const externalsChanged = !sameList(merged.externalRecipients, row.external_recipients);
      const approver = mayApproveExternals(caller.user, row.company_id);
      // Removing addresses is anyone's; adding or changing them is a CompanyAdmin's (or SuperAdmin's).
      const onlyRemoved = merged.externalRecipients.every((e) => row.external_recipients.includes(e));
      if (externalsChanged && !onlyRemoved && !approver)
        throw validationFailed([fieldErrorFrom('externalRecipients', 'reportSchedule.externalNotAllowed')]);
      const owner = await ownerCallerOf(row, caller);
      if (body.recipients) await checkRecipients(owner, row.company_id, merged.recipients);
      if (body.params || body.sort !== undefined || body.period)
        await checkReport(owner, row.company_id, row.time_zone, {
          report: row.report as ReportKey,
          params: merged.params,
          sort: merged.sort,
          period: merged.period,
        });
      const company = await companyOf(db, row.company_id);
      const timeZone = company?.time_zone ?? row.time_zone;
      const cron = compileCron(merged);
      const now = new Date();
      const timingChanged = cron !== row.cron || timeZone !== row.time_zone;
      const active = body.active ?? row.active;
      const resumed = active && !row.active;
      const updated = await db.transaction().execute(async (tx) => {
        const next = await tx
          .updateTable('report_schedules')
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.format !== undefined ? { format: body.format } : {}),
            ...(body.locale !== undefined ? { locale: body.locale } : {}),
            params: JSON.stringify(merged.params),
            sort: merged.sort ?? null,
            recipients: JSON.stringify([...new Set(merged.recipients)]),
            external_recipients: JSON.stringify(merged.externalRecipients),
            external_approved_by: merged.externalRecipients.length
              ? externalsChanged && approver
                ? caller.user.id
                : row.external_approved_by
              : null,
            preset: merged.preset,
            weekday: merged.preset === 'weekly' ? (merged.weekday ?? null) : null,
            month_day: merged.preset === 'monthly' ? String(merged.monthDay) : null,
            time_of_day: merged.time,
            cron,
            time_zone: timeZone,
            period: merged.period,
            active,
            paused_reason: active ? null : body.active === false ? null : row.paused_reason,
            // A resumed or re-timed schedule starts from now: what it missed while paused is not sent.
            ...(timingChanged || resumed ? { next_run_at: nextSlot(cron, timeZone, now) } : {}),
            updated_at: now,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(tx, actorOf(caller), {
          action: 'reportSchedule.update',
          entity: 'reportSchedule',
          entityId: id,
          companyId: row.company_id,
          detail: { changed: Object.keys(body) },
        });
        return next;
      });
      return (await present([updated]))[0]!;
    },

    async remove(caller: Caller, id: number): Promise<void> {
      authorize(caller, 'reportSchedule', 'delete');
      const row = await load(caller, id);
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('report_schedules').where('id', '=', id).execute();
        await audit(tx, actorOf(caller), {
          action: 'reportSchedule.delete',
          entity: 'reportSchedule',
          entityId: id,
          companyId: row.company_id,
          detail: { report: row.report, name: row.name },
        });
      });
    },

    /**
     * Runs the schedule now over the last complete period (or the one given): 202 with the run. A period already
     * sent answers 409 (each period runs once); a failed or skipped one is queued again.
     */
    async runNow(caller: Caller, id: number, body: ReportScheduleRun): Promise<ReportRun> {
      authorize(caller, 'reportSchedule', 'update');
      const row = await load(caller, id);
      const period =
        body.from && body.to
          ? { from: body.from, to: body.to }
          : periodBefore(row.period, new Date(), row.time_zone);
      const meta = REPORTS[row.report as ReportKey];
      const days = (Date.parse(period.to) - Date.parse(period.from)) / DAY_MS + 1;
      if (days > meta.maxPeriodDays)
        throw validationFailed([
          fieldErrorFrom('to', fieldMessage('validation.periodTooLong', { max: meta.maxPeriodDays })),
        ]);
      const runId = await db.transaction().execute(async (tx) => {
        const queued = await queueRun(row, period, 'MANUAL', tx);
        if (queued.status === 'DONE')
          throw new AppError(409, 'reportSchedule.alreadyRun', 'This period was already sent.', [
            fieldErrorFrom('from', 'reportSchedule.alreadyRun'),
          ]);
        await audit(tx, actorOf(caller), {
          action: 'reportSchedule.run',
          entity: 'reportSchedule',
          entityId: id,
          companyId: row.company_id,
          detail: { from: period.from, to: period.to, runId: queued.id },
        });
        return queued.id;
      });
      const runs = await runsOf([runId]);
      return runs[0]!;
    },

    async runs(caller: Caller, id: number): Promise<ReportRunList> {
      authorize(caller, 'reportSchedule', 'list');
      await load(caller, id);
      const ids = await db
        .selectFrom('report_runs')
        .select('id')
        .where('schedule_id', '=', id)
        .orderBy('period_start', 'desc')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      return { items: await runsOf(ids.map((r) => r.id)) };
    },
  };

  async function runsOf(ids: number[]): Promise<ReportRun[]> {
    if (!ids.length) return [];
    const runs = await db.selectFrom('report_runs').selectAll().where('id', 'in', ids).execute();
    const deliveries = await db
      .selectFrom('report_deliveries as d')
      .leftJoin('outbox_messages as o', 'o.id', 'd.outbox_id')
      .select([
        'd.id',
        'd.run_id',
        'd.recipient',
        'd.user_id',
        'd.status',
        'd.reason',
        'o.status as outbox_status',
        'o.last_error',
        'o.sent_at',
      ])
      .where('d.run_id', 'in', ids)
      .orderBy('d.id')
      .execute();
    const byRun = new Map<number, ReportRun['deliveries']>();
    for (const d of deliveries) {
      // A queued delivery's state is its e-mail's: SENT once the relay sent it, FAILED once it gave up (DEAD).
      const status =
        d.status !== 'QUEUED'
          ? d.status
          : d.outbox_status === 'SENT'
            ? 'SENT'
            : d.outbox_status === 'DEAD'
              ? 'FAILED'
              : 'QUEUED';
      const list = byRun.get(d.run_id) ?? [];
      list.push({
        id: d.id,
        recipient: d.recipient,
        userId: d.user_id,
        status,
        reason: d.status === 'DROPPED' ? d.reason : (d.last_error ?? d.reason),
        sentAt: d.sent_at ? d.sent_at.toISOString() : null,
      });
      byRun.set(d.run_id, list);
    }
    const order = new Map(ids.map((id, i) => [id, i]));
    return runs
      .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
      .map((r) => ({
        id: r.id,
        scheduleId: r.schedule_id,
        periodStart: r.period_start,
        periodEnd: r.period_end,
        trigger: r.trigger,
        status: r.status,
        attempts: r.attempts,
        rows: r.rows,
        bytes: r.bytes,
        delivery: r.delivery,
        error: r.error,
        createdAt: r.created_at.toISOString(),
        finishedAt: r.finished_at?.toISOString() ?? null,
        deliveries: byRun.get(r.id) ?? [],
      }));
  }
}
export type ReportSchedulesService = ReturnType<typeof reportSchedulesService>;

/**
 * The run of a schedule for a period, once: inserted with the unique (schedule, period start) or found, and its job
 * queued (keyed by the run) unless it is finished. A FAILED or SKIPPED run is queued again with fresh attempts.
 */
export async function queueScheduleRun(
  executor: Executor,
  scheduleId: number,
  period: { from: string; to: string },
  trigger: 'SCHEDULE' | 'MANUAL',
): Promise<{ id: number; status: string; created: boolean }> {
  const inserted = await executor
    .insertInto('report_runs')
    .values({ schedule_id: scheduleId, period_start: period.from, period_end: period.to, trigger })
    .onConflict((oc) => oc.columns(['schedule_id', 'period_start']).doNothing())
    .returning(['id', 'status'])
    .executeTakeFirst();
  if (inserted) {
    await enqueue(executor as Db, {
      kind: SCHEDULE_RUN_JOB,
      key: `run:${inserted.id}`,
      payload: { runId: inserted.id },
      maxAttempts: RUN_MAX_ATTEMPTS,
    });
    return { id: inserted.id, status: inserted.status, created: true };
  }
  const existing = await executor
    .selectFrom('report_runs')
    .select(['id', 'status'])
    .where('schedule_id', '=', scheduleId)
    .where('period_start', '=', period.from)
    .executeTakeFirstOrThrow();
  if (trigger === 'MANUAL' && (existing.status === 'FAILED' || existing.status === 'SKIPPED')) {
    await executor
      .updateTable('report_runs')
      .set({ status: 'QUEUED', error: null, attempts: 0, finished_at: null })
      .where('id', '=', existing.id)
      .execute();
    await enqueue(
      executor as Db,
      {
        kind: SCHEDULE_RUN_JOB,
        key: `run:${existing.id}`,
        payload: { runId: existing.id },
        maxAttempts: RUN_MAX_ATTEMPTS,
      },
      { onConflict: 'replace' },
    );
    return { id: existing.id, status: 'QUEUED', created: false };
  }
  return { ...existing, created: false };
}
