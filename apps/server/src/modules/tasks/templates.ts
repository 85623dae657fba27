import { sql } from 'kysely';
import {
  TASK_RECURRENCE_AHEAD_DAYS,
  type TaskTemplate,
  type TaskTemplateCreateBody,
  type TaskTemplateListQuery,
  type TaskTemplatePage,
  type TaskTemplateUpdateBody,
} from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { actorOf, audit, SYSTEM_ACTOR } from '../../events/audit.ts';
import { emit } from '../../events/emit.ts';
import { notFound } from '../../lib/errors.ts';
import { applyPage, applySearch, applySort, countOf, iso } from '../../lib/listing.ts';
import { authorize, type Caller } from '../../access/caller.ts';
import { roleMay } from '../../access/policies/policy.ts';
import { invalidField } from '../../access/problems.ts';
import { resolveCompany, resolvePlacement } from '../../access/references.ts';
import { scoped } from '../../access/scoped.ts';
import { poiAllows, poiSql } from '../../access/scope.ts';
import { writeTransaction } from '../../access/writes.ts';
import { localTime, zonedTimeToInstant } from '../../location/tracking-window.ts';
import { tasksRepository } from './repository.ts';

/**
 * Recurring tasks: a template names weekdays, a local due window and members; the generator creates one task per
 * template and day (a unique key on template and day, so two workers or a re-run create nothing twice), a couple of
 * days ahead, in the company's time zone, and assigns the members that are still the company's.
 */

export const RECURRING_JOB = 'tasks.recurring';
/** How often the generator looks ahead. */
export const RECURRING_EVERY_MS = 15 * 60_000;

const DAY = 86_400_000;

interface TemplateRow {
  id: number;
  company_id: number;
  company_name: string;
  department_id: number | null;
  zone_id: number | null;
  title: string;
  description: string | null;
  priority: TaskTemplate['priority'];
  labels: string[];
  poi_id: number | null;
  poi_name: string | null;
  completion_rule: TaskTemplate['completionRule'];
  required_dwell_minutes: number | null;
  assignment_mode: TaskTemplate['assignmentMode'];
  weekdays: number[];
  start_time: string;
  end_time: string;
  time_zone: string;
  msisdn_ids: number[];
  active: boolean;
  last_occurrence: string | null;
  created_at: Date;
}

function toTemplate(caller: Caller, r: TemplateRow): TaskTemplate {
  const manages = poiAllows(caller.scope, 'manage', {
    companyId: r.company_id,
    departmentId: r.department_id,
    zoneId: r.zone_id,
  });
  return {
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    title: r.title,
    description: r.description,
    priority: r.priority,
    labels: r.labels,
    poiId: r.poi_id,
    poiName: r.poi_name,
    completionRule: r.completion_rule,
    requiredDwellMinutes: r.required_dwell_minutes,
    assignmentMode: r.assignment_mode,
    weekdays: r.weekdays,
    startTime: r.start_time,
    endTime: r.end_time,
    timeZone: r.time_zone,
    msisdnIds: r.msisdn_ids,
    active: r.active,
    lastOccurrence: r.last_occurrence,
    abilities: {
      update: roleMay(caller, 'task', 'update') && manages,
      delete: roleMay(caller, 'task', 'delete') && manages,
    },
    createdAt: iso(r.created_at),
  };
}

/** The templates in the caller's scope (placed like tasks), with their company, POI and last occurrence. */
function selectTemplates(db: Executor, caller: Caller, purpose: 'see' | 'manage' = 'see') {
  return scoped(db, caller.scope)
    .companyOwned('task_templates')
    .where(
      poiSql(caller.scope, purpose, {
        company: 'task_templates.company_id',
        department: 'task_templates.department_id',
        zone: 'task_templates.zone_id',
      }),
    )
    .innerJoin('companies as c', 'c.id', 'task_templates.company_id')
    .leftJoin('pois as p', 'p.id', 'task_templates.poi_id')
    .select([
      'task_templates.id',
      'task_templates.company_id',
      'c.name as company_name',
      'task_templates.department_id',
      'task_templates.zone_id',
      'task_templates.title',
      'task_templates.description',
      'task_templates.priority',
      'task_templates.labels',
      'task_templates.poi_id',
      'p.name as poi_name',
      'task_templates.completion_rule',
      'task_templates.required_dwell_minutes',
      'task_templates.assignment_mode',
      'task_templates.weekdays',
      'task_templates.start_time',
      'task_templates.end_time',
      'task_templates.time_zone',
      'task_templates.msisdn_ids',
      'task_templates.active',
      'task_templates.created_at',
      sql<
        string | null
      >`(select max(t.occurs_on)::text from tasks t where t.template_id = task_templates.id)`.as(
        'last_occurrence',
      ),
    ]);
}

export function taskTemplates({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  async function list(caller: Caller, query: TaskTemplateListQuery): Promise<TaskTemplatePage> {
    authorize(caller, 'task', 'list');
    let base = selectTemplates(db, caller);
    if (query.companyId !== undefined) base = base.where('task_templates.company_id', '=', query.companyId);
    if (query.active !== undefined) base = base.where('task_templates.active', '=', query.active);
    base = applySearch(base, query.q, ['task_templates.title']);
    const [total, rows] = await Promise.all([
      countOf(base),
      applyPage(
        applySort(
          base,
          query.sort,
          { title: 'task_templates.title', createdAt: 'task_templates.created_at' },
          'task_templates.id',
          '-createdAt',
        ),
        query,
      ).execute(),
    ]);
    return {
      items: rows.map((r) => toTemplate(caller, r as TemplateRow)),
      total,
      page: query.page,
      size: query.size,
    };
  }

  async function get(caller: Caller, id: number): Promise<TaskTemplate> {
    authorize(caller, 'task', 'read');
    const row = await selectTemplates(db, caller).where('task_templates.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('The recurring task');
    return toTemplate(caller, row as TemplateRow);
  }

  async function create(caller: Caller, body: TaskTemplateCreateBody): Promise<TaskTemplate> {
    authorize(caller, 'task', 'create');
    const id = await writeTransaction(db, async (trx) => {
      const company = await resolveCompany(trx, caller.scope, body.companyId);
      const place = await resolvePlacement(trx, caller.scope, company, body, 'task.placementOutsideScope');
      if (body.poiId != null && !(await tasksRepository(trx).poiFor(caller.scope, company.id, body.poiId)))
        throw invalidField('poiId', 'task.poiNotFound');
      const found = await tasksRepository(trx).msisdnsIn(caller.scope, company.id, body.msisdnIds);
      if (found.length !== body.msisdnIds.length)
        throw invalidField('msisdnIds', 'taskAssignment.msisdnNotFound');
      const config = await trx
        .selectFrom('companies')
        .select('config')
        .where('id', '=', company.id)
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('task_templates')
        .values({
          company_id: company.id,
          ...place,
          title: body.title,
          description: body.description ?? null,
          priority: body.priority,
          labels: JSON.stringify(body.labels),
          poi_id: body.poiId ?? null,
          completion_rule: body.completionRule,
          required_dwell_minutes: body.requiredDwellMinutes ?? null,
          assignment_mode: body.assignmentMode,
          weekdays: JSON.stringify(body.weekdays),
          start_time: body.startTime,
          end_time: body.endTime,
          time_zone: config.config.trackingWindow?.timezone ?? 'UTC',
          msisdn_ids: JSON.stringify(body.msisdnIds),
          active: body.active,
          created_by: caller.user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, actorOf(caller), {
        action: 'taskTemplate.create',
        entity: 'taskTemplate',
        entityId: row.id,
        companyId: company.id,
        detail: { title: body.title, weekdays: body.weekdays, members: body.msisdnIds.length },
      });
      return row.id;
    });
    // Today's occurrence (and the next days') at once, not at the next generator run.
    await generateRecurring(db, now(), id);
    return get(caller, id);
  }

  async function update(caller: Caller, id: number, body: TaskTemplateUpdateBody): Promise<TaskTemplate> {
    authorize(caller, 'task', 'update');
    await writeTransaction(db, async (trx) => {
      const locked = await selectTemplates(trx, caller, 'manage')
        .where('task_templates.id', '=', id)
        .forUpdate(['task_templates'])
        .executeTakeFirst();
      if (!locked) throw notFound('The recurring task');
      // The template as the change leaves it must still hold together (the create schema's rules).
      const rule = body.completionRule ?? locked.completion_rule;
      const poiId = body.poiId === undefined ? locked.poi_id : body.poiId;
      const start = body.startTime ?? locked.start_time;
      const end = body.endTime ?? locked.end_time;
      if (rule !== 'MANUAL' && !poiId) throw invalidField('poiId', 'task.poiRequiredForAuto');
      if (end <= start) throw invalidField('endTime', 'task.dueEndBeforeStart');
      if (
        body.poiId != null &&
        !(await tasksRepository(trx).poiFor(caller.scope, locked.company_id, body.poiId))
      )
        throw invalidField('poiId', 'task.poiNotFound');
      if (body.msisdnIds) {
        const found = await tasksRepository(trx).msisdnsIn(caller.scope, locked.company_id, body.msisdnIds);
        if (found.length !== body.msisdnIds.length)
          throw invalidField('msisdnIds', 'taskAssignment.msisdnNotFound');
      }
      await trx
        .updateTable('task_templates')
        .set({
          ...(body.active !== undefined ? { active: body.active } : {}),
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description ?? null } : {}),
          ...(body.priority !== undefined ? { priority: body.priority } : {}),
          ...(body.labels !== undefined ? { labels: JSON.stringify(body.labels) } : {}),
          ...(body.poiId !== undefined ? { poi_id: body.poiId ?? null } : {}),
          ...(body.completionRule !== undefined ? { completion_rule: body.completionRule } : {}),
          ...(body.requiredDwellMinutes !== undefined
            ? { required_dwell_minutes: body.requiredDwellMinutes ?? null }
            : {}),
          ...(body.assignmentMode !== undefined ? { assignment_mode: body.assignmentMode } : {}),
          ...(body.weekdays !== undefined ? { weekdays: JSON.stringify(body.weekdays) } : {}),
          ...(body.startTime !== undefined ? { start_time: body.startTime } : {}),
          ...(body.endTime !== undefined ? { end_time: body.endTime } : {}),
          ...(body.msisdnIds !== undefined ? { msisdn_ids: JSON.stringify(body.msisdnIds) } : {}),
          updated_at: now(),
        })
        .where('id', '=', id)
        .execute();
      await audit(trx, actorOf(caller), {
        action: 'taskTemplate.update',
        entity: 'taskTemplate',
        entityId: id,
        companyId: locked.company_id,
        detail: { changed: Object.keys(body) },
      });
    });
    // Days not created yet follow the change at once (a resumed template makes today's task now).
    await generateRecurring(db, now(), id);
    return get(caller, id);
  }

  async function remove(caller: Caller, id: number): Promise<void> {
    authorize(caller, 'task', 'delete');
    await writeTransaction(db, async (trx) => {
      const locked = await selectTemplates(trx, caller, 'manage')
        .where('task_templates.id', '=', id)
        .forUpdate(['task_templates'])
        .executeTakeFirst();
      if (!locked) throw notFound('The recurring task');
      // The tasks it made stay (with their evidence); they just no longer name it.
      await trx.deleteFrom('task_templates').where('id', '=', id).execute();
      await audit(trx, actorOf(caller), {
        action: 'taskTemplate.delete',
        entity: 'taskTemplate',
        entityId: id,
        companyId: locked.company_id,
        detail: { title: locked.title },
      });
    });
  }

  return { list, get, create, update, remove };
}

export type TaskTemplates = ReturnType<typeof taskTemplates>;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Creates the tasks of active templates (or of one) for today and the next days in each template's time zone,
 * one per template and day however often it runs and on however many workers (the unique (template, day) key),
 * and assigns the members that are still the company's. Returns how many tasks it created.
 */
export async function generateRecurring(db: Db, now: Date, templateId?: number): Promise<number> {
  let q = db.selectFrom('task_templates').selectAll().where('active', '=', true);
  if (templateId !== undefined) q = q.where('id', '=', templateId);
  const templates = await q.orderBy('id').execute();
  let created = 0;
  for (const t of templates) {
    for (let ahead = 0; ahead < TASK_RECURRENCE_AHEAD_DAYS; ahead++) {
      const day = localTime(t.time_zone, now.getTime() + ahead * DAY);
      if (!t.weekdays.includes(day.isoDay)) continue;
      const date = `${day.year}-${pad(day.month)}-${pad(day.day)}`;
      const at = (hhmm: string) => {
        const [h = 0, m = 0] = hhmm.split(':').map(Number);
        return new Date(zonedTimeToInstant(t.time_zone, day.year, day.month, day.day, h, m));
      };
      const dueStart = at(t.start_time);
      const dueEnd = at(t.end_time);
      if (dueEnd.getTime() < now.getTime()) continue; // a day already over is not created late
      const made = await db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('tasks')
          .values({
            company_id: t.company_id,
            department_id: t.department_id,
            zone_id: t.zone_id,
            title: t.title,
            description: t.description,
            priority: t.priority,
            labels: JSON.stringify(t.labels),
            poi_id: t.poi_id,
            due_start: dueStart,
            due_end: dueEnd,
            completion_rule: t.completion_rule,
            required_dwell_minutes: t.required_dwell_minutes,
            assignment_mode: t.assignment_mode,
            template_id: t.id,
            occurs_on: date,
            created_by: t.created_by,
          })
          .onConflict((oc) =>
            oc
              .columns(['template_id', 'occurs_on'])
              .where(sql<boolean>`template_id is not null`)
              .doNothing(),
          )
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        const members = t.msisdn_ids.length
          ? await tx
              .selectFrom('msisdns')
              .select('id')
              .where('company_id', '=', t.company_id)
              .where('id', 'in', t.msisdn_ids)
              .execute()
          : [];
        if (members.length)
          await tx
            .insertInto('task_assignments')
            .values(
              members.map((m) => ({
                task_id: row.id,
                msisdn_id: m.id,
                company_id: t.company_id,
                completion_rule: t.completion_rule,
              })),
            )
            .execute();
        for (const m of members)
          await emit(tx, {
            type: 'TASK_ASSIGNED',
            companyId: t.company_id,
            msisdnId: m.id,
            subject: { type: 'task', id: row.id },
            payload: { taskId: row.id, title: t.title, poiId: t.poi_id, completionRule: t.completion_rule },
          });
        await audit(tx, SYSTEM_ACTOR('tasks.recurring'), {
          action: 'task.create',
          entity: 'task',
          entityId: row.id,
          companyId: t.company_id,
          detail: { templateId: t.id, occursOn: date, members: members.length },
        });
        return true;
      });
      if (made) created++;
    }
  }
  return created;
}
