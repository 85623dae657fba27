import type { z } from 'zod';
import {
  taskRules,
  type AccuracyStats,
  type Task,
  type TaskAssignBody,
  type TaskAssignment,
  type TaskAssignmentListQuery,
  type TaskAssignmentPage,
  type TaskAssignResult,
  type TaskCompleteBody,
  type TaskCompletionRule,
  type TaskCreateBody,
  type TaskEvidence,
  type TaskListQuery,
  type TaskPage,
  type TaskReopenBody,
  type TaskUpdateBody,
} from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { emit } from '../../events/emit.ts';
import { fieldErrorFrom, notFound, validationFailed, type FieldError } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/listing.ts';
import { authorize, type Caller } from '../../access/caller.ts';
import { taskAssignmentPolicy, taskPolicy } from '../../access/policies/task.ts';
import { conflictOn, invalidField } from '../../access/problems.ts';
import { resolveCompany, resolvePlacement } from '../../access/references.ts';
import { unscoped } from '../../access/scoped.ts';
import { writeTransaction } from '../../access/writes.ts';
import { detectability } from '../../location/geofence/index.ts';
import { accuracyOf } from '../pois/index.ts';
import {
  completeByVisit,
  DEFAULT_DWELL_MINUTES,
  settleTask,
  type AutoCandidate,
  type VisitEvidence,
} from './completion.ts';
import { autoCandidates, tasksRepository, type AssignmentRecord, type TaskRecord } from './repository.ts';

const overdue = (status: string, dueEnd: Date | null, now: Date) =>
  status === 'PENDING' && dueEnd !== null && dueEnd.getTime() < now.getTime();

function toTask(caller: Caller, r: TaskRecord, now: Date): Task {
  return {
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    departmentId: r.department_id,
    departmentName: r.department_name,
    zoneId: r.zone_id,
    zoneName: r.zone_name,
    title: r.title,
    description: r.description,
    priority: r.priority,
    labels: r.labels ?? [],
    poiId: r.poi_id,
    poiName: r.poi_name,
    dueStart: isoOrNull(r.due_start),
    dueEnd: isoOrNull(r.due_end),
    completionRule: r.completion_rule,
    requiredDwellMinutes: r.required_dwell_minutes,
    effectiveDwellMinutes: r.required_dwell_minutes ?? r.category_dwell ?? DEFAULT_DWELL_MINUTES,
    assignmentMode: r.assignment_mode,
    status: r.status,
    overdue: overdue(r.status, r.due_end, now),
    completedAt: isoOrNull(r.completed_at),
    assigneeCount: r.assignee_count,
    completedCount: r.completed_count,
    // Only a pending task waits on them (a task done by any one member is done).
    othersPending: r.status === 'PENDING' && r.others_pending,
    ...taskPolicy(caller, {
      companyId: r.company_id,
      departmentId: r.department_id,
      zoneId: r.zone_id,
      status: r.status,
      hasCompletions: r.has_completions,
    }),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

function toAssignment(
  caller: Caller,
  r: AssignmentRecord,
  now: Date,
  stats: Map<number, AccuracyStats[]>,
): TaskAssignment {
  return {
    taskId: r.task_id,
    taskTitle: r.task_title,
    companyId: r.company_id,
    poiId: r.poi_id,
    poiName: r.poi_name,
    msisdnId: r.msisdn_id,
    msisdn: r.msisdn,
    employeeName: r.employee_name,
    status: r.status,
    completionRule: r.completion_rule,
    completedAt: isoOrNull(r.completed_at),
    completionSource: r.completion_source,
    completedBy: r.completed_by,
    reason: r.reason,
    evidence: r.evidence ?? [],
    dueEnd: isoOrNull(r.due_end),
    overdue: r.status === 'PENDING' && overdue(r.task_status, r.due_end, now),
    detectability:
      r.poi_r_eff_m === null
        ? null
        : detectability(Math.round(r.poi_r_eff_m * 10) / 10, stats.get(r.msisdn_id) ?? []),
    ...taskAssignmentPolicy(caller, {
      status: r.status,
      completionRule: r.completion_rule,
      taskStatus: r.task_status,
    }),
    createdAt: iso(r.created_at),
  };
}

/** Runs the cross-field rules of a task (the schema's) on the task as an update would leave it. */
function checkMerged(task: Parameters<typeof taskRules>[0]): void {
  const errors: FieldError[] = [];
  const ctx = {
    addIssue: (issue: { path?: PropertyKey[]; message?: string }) =>
      errors.push(fieldErrorFrom((issue.path ?? []).join('.'), issue.message)),
  } as unknown as z.RefinementCtx;
  taskRules(task, ctx);
  if (errors.length) throw validationFailed(errors);
}

/** The visits of the MSISDN at the POI that touch the due window (an assignment made after the visit). */
async function visitsFor(tx: Executor, c: AutoCandidate, poiId: number): Promise<VisitEvidence[]> {
  let q = unscoped(tx)
    .selectFrom('visits')
    .selectAll()
    .where('msisdn_id', '=', c.msisdn_id)
    .where('poi_id', '=', poiId);
  if (c.due_end) q = q.where('entered_at', '<=', c.due_end);
  if (c.due_start) {
    const start = c.due_start;
    q = q.where((eb) => eb.or([eb('exited_at', 'is', null), eb('exited_at', '>=', start)]));
  }
  const rows = await q.orderBy('entered_at').limit(50).execute();
  return rows.map((r) => ({
    key: r.key,
    poiId: r.poi_id,
    enteredAt: r.entered_at,
    earliest: r.entered_earliest,
    latest: r.entered_latest,
    exitedAt: r.exited_at,
    dwellMinutes: Number(r.dwell_minutes),
    confidence: Number(r.confidence),
    closedBy: r.closed_by,
  }));
}

export interface TasksServiceOptions {
  db: Db;
  now?: () => Date;
}

/** Tasks, their assignments and completions: every call in the caller's scope. */
export function tasksService({ db, now = () => new Date() }: TasksServiceOptions) {
  const repo = tasksRepository(db);

  async function listTasks(caller: Caller, query: TaskListQuery): Promise<TaskPage> {
    authorize(caller, 'task', 'list');
    const at = now();
    const { rows, total } = await repo.listTasks(caller.scope, query, at);
    return { items: rows.map((r) => toTask(caller, r, at)), total, page: query.page, size: query.size };
  }

  async function getTask(caller: Caller, id: number): Promise<Task> {
    authorize(caller, 'task', 'read');
    const row = await repo.findTask(caller.scope, id);
    if (!row) throw notFound('The task');
    return toTask(caller, row, now());
  }

  async function poiOf(trx: Executor, caller: Caller, companyId: number, poiId: number | null | undefined) {
    if (poiId == null) return null;
    const poi = await tasksRepository(trx).poiFor(caller.scope, companyId, poiId);
    if (!poi) throw invalidField('poiId', 'task.poiNotFound');
    return poi;
  }

  async function createTask(caller: Caller, body: TaskCreateBody): Promise<Task> {
    authorize(caller, 'task', 'create');
    const id = await writeTransaction(db, async (trx) => {
      const company = await resolveCompany(trx, caller.scope, body.companyId);
      const place = await resolvePlacement(trx, caller.scope, company, body, 'task.placementOutsideScope');
      await poiOf(trx, caller, company.id, body.poiId);
      const row = await trx
        .insertInto('tasks')
        .values({
          company_id: company.id,
          ...place,
          title: body.title,
          description: body.description ?? null,
          priority: body.priority,
          labels: JSON.stringify(body.labels),
          poi_id: body.poiId ?? null,
          due_start: body.dueStart ?? null,
          due_end: body.dueEnd ?? null,
          completion_rule: body.completionRule,
          required_dwell_minutes: body.requiredDwellMinutes ?? null,
          assignment_mode: body.assignmentMode,
          created_by: caller.user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, actorOf(caller), {
        action: 'task.create',
        entity: 'task',
        entityId: row.id,
        companyId: company.id,
        detail: { title: body.title, poiId: body.poiId ?? null, completionRule: body.completionRule },
      });
      return row.id;
    });
    return getTask(caller, id);
  }

  async function updateTask(caller: Caller, id: number, body: TaskUpdateBody): Promise<Task> {
    authorize(caller, 'task', 'update');
    await writeTransaction(db, async (trx) => {
      const locked = await tasksRepository(trx).lock(caller.scope, id, 'manage');
      if (!locked) throw notFound('The task');
      const merged = {
        poiId: body.poiId === undefined ? locked.poi_id : body.poiId,
        completionRule: body.completionRule ?? locked.completion_rule,
        dueStart: body.dueStart === undefined ? locked.due_start : body.dueStart,
        dueEnd: body.dueEnd === undefined ? locked.due_end : body.dueEnd,
      };
      checkMerged(merged);
      if (body.status !== undefined && body.status !== locked.status && locked.status === 'COMPLETED')
        throw conflictOn('task.notOpen', 'status');
      const company = { id: locked.company_id, zoneEnabled: true };
      const zoneEnabled = await trx
        .selectFrom('companies')
        .select('zone_enabled')
        .where('id', '=', locked.company_id)
        .executeTakeFirstOrThrow();
      company.zoneEnabled = zoneEnabled.zone_enabled;
      const place =
        body.departmentId !== undefined || body.zoneId !== undefined
          ? await resolvePlacement(trx, caller.scope, company, body, 'task.placementOutsideScope', locked)
          : {};
      if (body.poiId !== undefined) await poiOf(trx, caller, locked.company_id, body.poiId);
      const values = {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description ?? null } : {}),
        ...(body.priority !== undefined ? { priority: body.priority } : {}),
        ...(body.labels !== undefined ? { labels: JSON.stringify(body.labels) } : {}),
        ...(body.poiId !== undefined ? { poi_id: body.poiId ?? null } : {}),
        ...(body.dueStart !== undefined ? { due_start: body.dueStart ?? null } : {}),
        ...(body.dueEnd !== undefined ? { due_end: body.dueEnd ?? null } : {}),
        ...(body.completionRule !== undefined ? { completion_rule: body.completionRule } : {}),
        ...(body.requiredDwellMinutes !== undefined
          ? { required_dwell_minutes: body.requiredDwellMinutes ?? null }
          : {}),
        ...(body.assignmentMode !== undefined ? { assignment_mode: body.assignmentMode } : {}),
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...place,
      };
      await trx
        .updateTable('tasks')
        .set({ ...values, updated_at: now() })
        .where('id', '=', id)
        .execute();
      // The rule of each pending assignment follows the task's; an undetectable phone keeps a manual way out.
      if (body.completionRule !== undefined || body.poiId !== undefined)
        await applyRule(trx, caller, id, locked.company_id, merged.completionRule, merged.poiId ?? null);
      if (body.assignmentMode !== undefined || body.status === 'PENDING') await settleTask(trx, id, now());
      await audit(trx, actorOf(caller), {
        action: 'task.update',
        entity: 'task',
        entityId: id,
        companyId: locked.company_id,
        detail: { changed: Object.keys(body) },
      });
    });
    return getTask(caller, id);
  }

  /** The rule of the task's pending assignments: the task's, AUTO_OR_MANUAL where the phone is undetectable. */
  async function applyRule(
    trx: Executor,
    caller: Caller,
    taskId: number,
    companyId: number,
    rule: TaskCompletionRule,
    poiId: number | null,
  ): Promise<Set<number>> {
    const pending = await trx
      .selectFrom('task_assignments')
      .select('msisdn_id')
      .where('task_id', '=', taskId)
      .where('status', '=', 'PENDING')
      .execute();
    const undetectable = await undetectableAt(
      trx,
      caller,
      companyId,
      poiId,
      rule,
      pending.map((p) => p.msisdn_id),
    );
    await trx
      .updateTable('task_assignments')
      .set({ completion_rule: rule })
      .where('task_id', '=', taskId)
      .where('status', '=', 'PENDING')
      .execute();
    if (undetectable.size)
      await trx
        .updateTable('task_assignments')
        .set({ completion_rule: 'AUTO_OR_MANUAL' })
        .where('task_id', '=', taskId)
        .where('msisdn_id', 'in', [...undetectable])
        .execute();
    return undetectable;
  }

  /** The MSISDNs whose phone the network cannot resolve at the POI, for an AUTO_ON_VISIT task. */
  async function undetectableAt(
    trx: Executor,
    caller: Caller,
    companyId: number,
    poiId: number | null,
    rule: TaskCompletionRule,
    msisdnIds: readonly number[],
  ): Promise<Set<number>> {
    const out = new Set<number>();
    if (rule !== 'AUTO_ON_VISIT' || poiId === null || !msisdnIds.length) return out;
    const poi = await tasksRepository(trx).poiFor(caller.scope, companyId, poiId);
    if (!poi) return out;
    const stats = await accuracyOf(trx, msisdnIds, now());
    for (const id of msisdnIds)
      if (detectability(poi.r_eff_m, stats.get(id) ?? []).status === 'UNDETECTABLE') out.add(id);
    return out;
  }

  async function removeTask(caller: Caller, id: number): Promise<void> {
    authorize(caller, 'task', 'delete');
    await writeTransaction(db, async (trx) => {
      const locked = await tasksRepository(trx).lock(caller.scope, id, 'manage');
      if (!locked) throw notFound('The task');
      // Evidence of a completion is kept: such a task is cancelled, not deleted.
      if (await tasksRepository(trx).hasCompletions(id)) throw conflictOn('task.hasCompletions');
      await trx.deleteFrom('tasks').where('id', '=', id).execute();
      await audit(trx, actorOf(caller), {
        action: 'task.delete',
        entity: 'task',
        entityId: id,
        companyId: locked.company_id,
        detail: { title: locked.title },
      });
    });
  }

  // ── Assignments ──

  async function listAssignments(
    caller: Caller,
    query: TaskAssignmentListQuery,
  ): Promise<TaskAssignmentPage> {
    authorize(caller, 'taskAssignment', 'list');
    const at = now();
    const { rows, total } = await repo.listAssignments(caller.scope, query, at);
    const stats = await accuracyOf(
      db,
      rows.filter((r) => r.poi_id !== null).map((r) => r.msisdn_id),
      at,
    );
    return {
      items: rows.map((r) => toAssignment(caller, r, at, stats)),
      total,
      page: query.page,
      size: query.size,
    };
  }

  async function getAssignment(caller: Caller, taskId: number, msisdnId: number): Promise<TaskAssignment> {
    const row = await repo.findAssignment(caller.scope, taskId, msisdnId);
    if (!row) throw notFound('The assignment');
    const at = now();
    return toAssignment(
      caller,
      row,
      at,
      await accuracyOf(db, row.poi_id === null ? [] : [row.msisdn_id], at),
    );
  }

  async function assign(caller: Caller, taskId: number, body: TaskAssignBody): Promise<TaskAssignResult> {
    authorize(caller, 'taskAssignment', 'create');
    return writeTransaction(db, async (trx) => {
      const tx = tasksRepository(trx);
      const task = await tx.lock(caller.scope, taskId, 'see');
      if (!task) throw notFound('The task');
      if (task.status !== 'PENDING') throw conflictOn('task.notOpen');
      const found = await tx.msisdnsIn(caller.scope, task.company_id, body.msisdnIds);
      if (found.length !== body.msisdnIds.length)
        throw invalidField('msisdnIds', 'taskAssignment.msisdnNotFound');
      const at = now();
      // A phone the network cannot resolve at this POI could never complete an AUTO_ON_VISIT task: it may also be
      // completed by hand.
      const undetectable = await undetectableAt(
        trx,
        caller,
        task.company_id,
        task.poi_id,
        task.completion_rule,
        body.msisdnIds,
      );
      const ruleOf = (id: number): TaskCompletionRule =>
        undetectable.has(id) ? 'AUTO_OR_MANUAL' : task.completion_rule;
      const inserted = await trx
        .insertInto('task_assignments')
        .values(
          body.msisdnIds.map((id) => ({
            task_id: taskId,
            msisdn_id: id,
            company_id: task.company_id,
            completion_rule: ruleOf(id),
          })),
        )
        .onConflict((oc) => oc.columns(['task_id', 'msisdn_id']).doNothing())
        .returning('msisdn_id')
        .execute();
      const assigned = inserted.map((r) => r.msisdn_id);
      const added = new Set(assigned);
      for (const id of assigned)
        await emit(trx, {
          type: 'TASK_ASSIGNED',
          companyId: task.company_id,
          msisdnId: id,
          subject: { type: 'task', id: taskId },
          payload: { taskId, title: task.title, poiId: task.poi_id, completionRule: ruleOf(id) },
        });
      await audit(trx, actorOf(caller), {
        action: 'taskAssignment.create',
        entity: 'task',
        entityId: taskId,
        companyId: task.company_id,
        detail: { msisdnIds: assigned, undetectable: [...undetectable].filter((id) => added.has(id)) },
      });
      // Each assignment starts PENDING (so EACH counts every assignee), then a visit already made completes it.
      await settleTask(trx, taskId, at);
      if (task.poi_id !== null && task.completion_rule !== 'MANUAL' && assigned.length) {
        const poiId = task.poi_id;
        for (const id of assigned) {
          const candidate = (await autoCandidates(trx, id, poiId)).find((c) => c.task_id === taskId);
          if (!candidate) continue;
          for (const visit of await visitsFor(trx, candidate, poiId))
            if (await completeByVisit(trx, candidate, visit, at)) break;
        }
      }
      return {
        assigned,
        alreadyAssigned: body.msisdnIds.filter((id) => !added.has(id)),
        undetectable: [...undetectable].filter((id) => added.has(id)),
      };
    });
  }

  async function unassign(caller: Caller, taskId: number, msisdnId: number): Promise<void> {
    authorize(caller, 'taskAssignment', 'delete');
    await writeTransaction(db, async (trx) => {
      const locked = await tasksRepository(trx).lockAssignment(caller.scope, taskId, msisdnId);
      if (!locked) throw notFound('The assignment');
      await trx
        .deleteFrom('task_assignments')
        .where('task_id', '=', taskId)
        .where('msisdn_id', '=', msisdnId)
        .execute();
      await settleTask(trx, taskId, now());
      await audit(trx, actorOf(caller), {
        action: 'taskAssignment.delete',
        entity: 'task',
        entityId: taskId,
        companyId: locked.company_id,
        detail: { msisdnId, status: locked.status },
      });
    });
  }

  async function complete(
    caller: Caller,
    taskId: number,
    msisdnId: number,
    body: TaskCompleteBody,
  ): Promise<TaskAssignment> {
    authorize(caller, 'taskAssignment', 'complete');
    await writeTransaction(db, async (trx) => {
      const locked = await tasksRepository(trx).lockAssignment(caller.scope, taskId, msisdnId);
      if (!locked) throw notFound('The assignment');
      const task = await unscoped(trx)
        .selectFrom('tasks')
        .select(['status', 'title'])
        .where('id', '=', taskId)
        .executeTakeFirstOrThrow();
      if (locked.status === 'COMPLETED') throw conflictOn('taskAssignment.alreadyCompleted');
      if (task.status !== 'PENDING' || locked.status !== 'PENDING') throw conflictOn('task.notOpen');
      if (locked.completion_rule === 'AUTO_ON_VISIT') throw conflictOn('taskAssignment.manualNotAllowed');
      const at = now();
      const evidence: TaskEvidence = {
        kind: 'MANUAL',
        at: at.toISOString(),
        by: caller.user.username,
        reason: body.reason,
        visit: null,
        fixes: [],
      };
      await trx
        .updateTable('task_assignments')
        .set({
          status: 'COMPLETED',
          completed_at: at,
          completion_source: 'MANUAL',
          completed_by: caller.user.username,
          reason: body.reason,
          evidence: JSON.stringify([...(locked.evidence ?? []), evidence]),
          updated_at: at,
        })
        .where('task_id', '=', taskId)
        .where('msisdn_id', '=', msisdnId)
        .execute();
      const taskCompleted = await settleTask(trx, taskId, at);
      await emit(trx, {
        type: 'TASK_COMPLETED',
        companyId: locked.company_id,
        msisdnId,
        subject: { type: 'task', id: taskId },
        payload: { taskId, title: task.title, source: 'MANUAL', visitKey: null, taskCompleted },
      });
      await audit(trx, actorOf(caller), {
        action: 'taskAssignment.complete',
        entity: 'task',
        entityId: taskId,
        companyId: locked.company_id,
        detail: { msisdnId, reason: body.reason },
      });
    });
    return getAssignment(caller, taskId, msisdnId);
  }

  async function reopen(
    caller: Caller,
    taskId: number,
    msisdnId: number,
    body: TaskReopenBody,
  ): Promise<TaskAssignment> {
    authorize(caller, 'taskAssignment', 'reopen');
    await writeTransaction(db, async (trx) => {
      const locked = await tasksRepository(trx).lockAssignment(caller.scope, taskId, msisdnId);
      if (!locked) throw notFound('The assignment');
      if (locked.status !== 'COMPLETED') throw conflictOn('taskAssignment.notCompleted');
      const at = now();
      const evidence: TaskEvidence = {
        kind: 'REOPENED',
        at: at.toISOString(),
        by: caller.user.username,
        reason: body.reason,
        visit: null,
        fixes: [],
      };
      await trx
        .updateTable('task_assignments')
        .set({
          status: 'PENDING',
          completed_at: null,
          completion_source: null,
          completed_by: null,
          reason: null,
          evidence: JSON.stringify([...(locked.evidence ?? []), evidence]),
          updated_at: at,
        })
        .where('task_id', '=', taskId)
        .where('msisdn_id', '=', msisdnId)
        .execute();
      await settleTask(trx, taskId, at);
      await audit(trx, actorOf(caller), {
        action: 'taskAssignment.reopen',
        entity: 'task',
        entityId: taskId,
        companyId: locked.company_id,
        detail: { msisdnId, reason: body.reason },
      });
    });
    return getAssignment(caller, taskId, msisdnId);
  }

  return {
    listTasks,
    getTask,
    createTask,
    updateTask,
    removeTask,
    listAssignments,
    assign,
    unassign,
    complete,
    reopen,
  };
}

export type TasksService = ReturnType<typeof tasksService>;
