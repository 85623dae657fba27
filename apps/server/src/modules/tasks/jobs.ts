import { sql } from 'kysely';
import { TASK_MIN_CONFIDENCE, type PoiGeometry, type TaskCompletionRule } from '@lbs/contracts';
import type { Db } from '../../db/database.ts';
import { emit } from '../../events/emit.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { openVisitsNow, pairKey } from '../pois/index.ts';
import { completeByVisit, DEFAULT_DWELL_MINUTES, type AutoCandidate } from './completion.ts';
import { generateRecurring, RECURRING_EVERY_MS, RECURRING_JOB } from './templates.ts';

export const TASK_SWEEP_JOB = 'tasks.sweep';
/** How often open visits are checked against pending tasks and overdue tasks are announced. */
export const TASK_SWEEP_EVERY_MS = 60_000;
const BATCH = 500;

interface OpenVisitRow {
  task_id: number;
  msisdn_id: number;
  company_id: number;
  completion_rule: TaskCompletionRule;
  title: string;
  due_start: Date | null;
  due_end: Date | null;
  required_dwell_minutes: number | null;
  category_dwell: number | null;
  geometry: PoiGeometry;
  key: string;
  poi_id: number;
  entered_at: Date;
  entered_earliest: Date | null;
  entered_latest: Date;
  dwell_minutes: number;
  confidence: number;
  closed_by: string;
  needed: number;
}

/**
 * A visit still open that has already lasted the task's required dwell (longer than the entry's confirmation) proves
 * the task while the employee is still there: the pending assignments it qualifies for complete now, not when the
 * visit closes. Same rule and key as the event processor, so whichever comes first completes it, once.
 */
export async function completeFromOpenVisits(db: Db): Promise<number> {
  const { rows } = await sql<OpenVisitRow>`
    select ta.task_id, ta.msisdn_id, ta.company_id, ta.completion_rule, t.title, t.due_start, t.due_end,
           t.required_dwell_minutes, pc.default_min_dwell_minutes as category_dwell, p.geometry,
           v.key, v.poi_id, v.entered_at, v.entered_earliest, v.entered_latest, v.dwell_minutes, v.confidence,
           v.closed_by,
           coalesce(t.required_dwell_minutes, pc.default_min_dwell_minutes, ${DEFAULT_DWELL_MINUTES}) as needed
    from task_assignments ta
    join tasks t on t.id = ta.task_id and t.status = 'PENDING'
    join pois p on p.id = t.poi_id
    left join poi_categories pc on pc.id = p.category_id
    join visits v on v.msisdn_id = ta.msisdn_id and v.poi_id = t.poi_id and v.exited_at is null
    join latest_positions lp on lp.msisdn_id = ta.msisdn_id
    where ta.status = 'PENDING' and ta.completion_rule <> 'MANUAL'
      -- The row of an open visit follows its checkpoint; the stay so far is at most up to the latest position.
      and lp.time - v.entered_at >= make_interval(mins => coalesce(t.required_dwell_minutes,
            pc.default_min_dwell_minutes, ${DEFAULT_DWELL_MINUTES}))
      and not exists (select 1 from task_completions c
                      where c.task_id = ta.task_id and c.msisdn_id = ta.msisdn_id and c.visit_key = v.key)
    order by ta.task_id, ta.msisdn_id
    limit ${BATCH}`.execute(db);
  const now = await openVisitsNow(
    db,
    rows.map((r) => ({ msisdnId: r.msisdn_id, poiId: r.poi_id })),
  );
  let completed = 0;
  for (const row of rows) {
    // The visit as it stands now: the same visit (key), still open, its dwell and confidence from every fix so far.
    const current = now.get(pairKey(row.msisdn_id, row.poi_id));
    if (!current || current.key !== row.key || current.exitedAt !== null) continue;
    if (current.confidence < TASK_MIN_CONFIDENCE || current.dwellMinutes < Number(row.needed)) continue;
    const r = { ...row, dwell_minutes: current.dwellMinutes, confidence: current.confidence };
    const candidate: AutoCandidate = r;
    const done = await db.transaction().execute((tx) =>
      completeByVisit(
        tx,
        candidate,
        {
          key: r.key,
          poiId: r.poi_id,
          enteredAt: r.entered_at,
          earliest: r.entered_earliest,
          latest: r.entered_latest,
          exitedAt: null,
          dwellMinutes: Number(r.dwell_minutes),
          confidence: Number(r.confidence),
          closedBy: r.closed_by,
        },
        // The evidence runs to the last fix inside the visit: its entry plus the dwell the fixes prove.
        new Date(r.entered_at.getTime() + Number(r.dwell_minutes) * 60_000),
      ),
    );
    if (done) completed++;
  }
  return completed;
}

/** TASK_OVERDUE, once per task and due time, for pending tasks past their due end. */
export async function announceOverdue(db: Db, now: Date): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('tasks')
      .select(['id', 'company_id', 'title', 'due_end'])
      .where('status', '=', 'PENDING')
      .where('due_end', '<', now)
      .where(sql<boolean>`overdue_event_for is distinct from due_end`)
      .orderBy('due_end')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const t of due) {
      const pending = await tx
        .selectFrom('task_assignments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('task_id', '=', t.id)
        .where('status', '=', 'PENDING')
        .executeTakeFirstOrThrow();
      const dueEnd = t.due_end!.toISOString();
      await emit(tx, {
        type: 'TASK_OVERDUE',
        companyId: t.company_id,
        subject: { type: 'task', id: t.id },
        payload: { taskId: t.id, title: t.title, dueEnd, pending: Number(pending.n) },
        idempotencyKey: `TASK_OVERDUE:${t.id}:${dueEnd}`,
        occurredAt: t.due_end!,
      });
      await tx.updateTable('tasks').set({ overdue_event_for: t.due_end }).where('id', '=', t.id).execute();
    }
    return due.length;
  });
}

/**
 * tasks.sweep (every minute): completions proven by open visits, then overdue announcements; tasks.recurring (every
 * 15 minutes): the recurring tasks of today and the next days.
 */
export function registerTaskJobs(runner: JobRunner, { db }: { db: Db }): void {
  runner
    .register(TASK_SWEEP_JOB, async (job) => {
      const completed = await completeFromOpenVisits(db);
      const overdue = await announceOverdue(db, job.now());
      if (completed || overdue) job.log.debug({ completed, overdue }, 'tasks swept');
    })
    .schedule({ name: TASK_SWEEP_JOB, kind: TASK_SWEEP_JOB, every: TASK_SWEEP_EVERY_MS, maxAttempts: 1 });
  runner
    .register(RECURRING_JOB, async (job) => {
      const created = await generateRecurring(db, job.now());
      if (created) job.log.info({ created }, 'recurring tasks created');
    })
    .schedule({ name: RECURRING_JOB, kind: RECURRING_JOB, every: RECURRING_EVERY_MS });
}
