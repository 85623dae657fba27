import {
  TASK_EVIDENCE_FIXES_MAX,
  TASK_MIN_CONFIDENCE,
  type PoiGeometry,
  type TaskAssignmentMode,
  type TaskEvidence,
  type TaskStatus,
} from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { emit } from '../../events/emit.ts';
import { unscoped } from '../../access/scoped.ts';
import { classifyFix, preparePoi } from '../../location/geofence/index.ts';

/** The minimum stay when neither the task nor the POI's category says (the presence engine's default). */
export const DEFAULT_DWELL_MINUTES = 5;

/** A visit as the evidence of a completion sees it (from a presence event or a `visits` row). */
export interface VisitEvidence {
  key: string;
  poiId: number;
  enteredAt: Date;
  earliest: Date | null;
  latest: Date | null;
  exitedAt: Date | null;
  dwellMinutes: number;
  confidence: number;
  closedBy: string;
}

/** A pending assignment a visit may complete (task terms included). */
export interface AutoCandidate {
  task_id: number;
  msisdn_id: number;
  company_id: number;
  title: string;
  due_start: Date | null;
  due_end: Date | null;
  required_dwell_minutes: number | null;
  category_dwell: number | null;
  geometry: PoiGeometry;
}

export const effectiveDwell = (t: { required_dwell_minutes: number | null; category_dwell: number | null }) =>
  t.required_dwell_minutes ?? t.category_dwell ?? DEFAULT_DWELL_MINUTES;

/**
 * Whether the visit proves the task: it stayed at least the required dwell, with confidence ≥ 0.6, and overlapped
 * the due window (an open visit up to `asOf`). A drive-by never gets here: the presence engine opens no visit for it.
 */
export function qualifies(c: AutoCandidate, v: VisitEvidence, asOf: Date): boolean {
  if (v.dwellMinutes < effectiveDwell(c)) return false;
  if (v.confidence < TASK_MIN_CONFIDENCE) return false;
  const end = (v.exitedAt ?? asOf).getTime();
  if (c.due_start && end < c.due_start.getTime()) return false;
  if (c.due_end && v.enteredAt.getTime() > c.due_end.getTime()) return false;
  return true;
}

/** The fixes of the visit with their probability of lying inside the POI: copied, as retention deletes positions. */
async function fixesOf(tx: Executor, c: AutoCandidate, v: VisitEvidence, asOf: Date) {
  const rows = await unscoped(tx)
    .selectFrom('positions')
    .select(['time', 'lat', 'lon', 'accuracy_m', 'source'])
    .where('msisdn_id', '=', c.msisdn_id)
    .where('time', '>=', v.enteredAt)
    .where('time', '<=', v.exitedAt ?? asOf)
    .orderBy('time')
    .limit(TASK_EVIDENCE_FIXES_MAX)
    .execute();
  const poi = preparePoi(v.poiId, c.geometry);
  return rows.map((r) => ({
    time: r.time.toISOString(),
    lat: r.lat,
    lon: r.lon,
    accuracyM: r.accuracy_m,
    source: r.source,
    pIn:
      Math.round(
        classifyFix(poi, { lat: r.lat, lon: r.lon, accuracyM: r.accuracy_m, source: r.source }).pIn * 1000,
      ) / 1000,
  }));
}

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Completes the assignment with the visit as its evidence, once per (task, MSISDN, visit) however often the visit is
 * reported (a replay, ENTER then CLOSED): the completion key is inserted first and a second attempt finds it. Settles
 * the task (ANY/EACH) and emits TASK_COMPLETED in the caller's transaction. False when it did nothing.
 */
export async function completeByVisit(
  tx: Executor,
  c: AutoCandidate,
  v: VisitEvidence,
  now: Date,
): Promise<boolean> {
  if (!qualifies(c, v, now)) return false;
  const claimed = await unscoped(tx)
    .insertInto('task_completions')
    .values({ task_id: c.task_id, msisdn_id: c.msisdn_id, visit_key: v.key })
    .onConflict((oc) => oc.doNothing())
    .returning('task_id')
    .executeTakeFirst();
  if (!claimed) return false;
  const current = await unscoped(tx)
    .selectFrom('task_assignments')
    .select(['status', 'evidence'])
    .where('task_id', '=', c.task_id)
    .where('msisdn_id', '=', c.msisdn_id)
    .forUpdate()
    .executeTakeFirst();
  if (!current || current.status !== 'PENDING') return false;
  const evidence: TaskEvidence = {
    kind: 'VISIT',
    at: now.toISOString(),
    by: null,
    reason: null,
    visit: {
      key: v.key,
      poiId: v.poiId,
      enteredAt: v.enteredAt.toISOString(),
      earliest: isoOrNull(v.earliest),
      latest: isoOrNull(v.latest),
      exitedAt: isoOrNull(v.exitedAt),
      dwellMinutes: Math.round(v.dwellMinutes * 10) / 10,
      confidence: Math.round(v.confidence * 1000) / 1000,
      closedBy: v.closedBy,
    },
    fixes: await fixesOf(tx, c, v, now),
  };
  const completedAt = v.exitedAt && v.exitedAt < now ? v.exitedAt : now;
  await unscoped(tx)
    .updateTable('task_assignments')
    .set({
      status: 'COMPLETED',
      completed_at: completedAt,
      completion_source: 'AUTO_VISIT',
      completed_by: null,
      reason: null,
      evidence: JSON.stringify([...(current.evidence ?? []), evidence]),
      updated_at: now,
    })
    .where('task_id', '=', c.task_id)
    .where('msisdn_id', '=', c.msisdn_id)
    .execute();
  const taskCompleted = await settleTask(tx, c.task_id, now);
  await emit(tx as Db, {
    type: 'TASK_COMPLETED',
    companyId: c.company_id,
    msisdnId: c.msisdn_id,
    subject: { type: 'task', id: c.task_id },
    payload: { taskId: c.task_id, title: c.title, source: 'AUTO_VISIT', visitKey: v.key, taskCompleted },
    idempotencyKey: `TASK_COMPLETED:${c.task_id}:${c.msisdn_id}:${v.key}`,
    occurredAt: completedAt,
  });
  return true;
}

/**
 * The task's status from its assignments: ANY completes with the first completed assignment, EACH when every
 * assignee has completed; back to PENDING when that no longer holds (a reopening, a removal). A cancelled task stays.
 * True when the task became COMPLETED now.
 */
export async function settleTask(tx: Executor, taskId: number, now: Date): Promise<boolean> {
  const task = await unscoped(tx)
    .selectFrom('tasks')
    .select(['status', 'assignment_mode'])
    .where('id', '=', taskId)
    .forUpdate()
    .executeTakeFirst();
  if (!task || task.status === 'CANCELLED') return false;
  const counts = await unscoped(tx)
    .selectFrom('task_assignments')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('task_id').filterWhere('status', '=', 'COMPLETED').as('completed'),
    ])
    .where('task_id', '=', taskId)
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirstOrThrow();
  const total = Number(counts.total);
  const completed = Number(counts.completed);
  const done = doneBy(task.assignment_mode, total, completed);
  const status: TaskStatus = done ? 'COMPLETED' : 'PENDING';
  if (status === task.status) return false;
  await unscoped(tx)
    .updateTable('tasks')
    .set({ status, completed_at: done ? now : null, updated_at: now })
    .where('id', '=', taskId)
    .execute();
  return done;
}

export const doneBy = (mode: TaskAssignmentMode, total: number, completed: number) =>
  mode === 'ANY' ? completed > 0 : total > 0 && completed === total;
