import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { JobStatus } from '../db/schema.ts';

export type { JobStatus };

/** NOTIFY channel of new jobs (payload: the kind); runners listening on it poll at once instead of on their timer. */
export const JOBS_CHANNEL = 'lbs_jobs';

export interface JobRequest<P = unknown> {
  kind: string;
  /** Idempotency key, unique per kind: a second request with the same key does not make a second job. */
  key: string;
  payload?: P;
  /** Not before this time; default: now. */
  runAt?: Date;
  /** Runs allowed before the job is DEAD (a run cut short by a crash counts); default 5. */
  maxAttempts?: number;
}

export interface EnqueueOptions {
  /**
   * What a request does when its (kind, key) already exists:
   * - `ignore` (default): nothing; the existing job, whatever its status, stands (idempotent enqueue).
   * - `replace`: a job that is not running is reset to QUEUED with the new payload, run time and a fresh attempt
   *   count; a RUNNING job takes the new payload and run time and is flagged to run once more when the current run
   *   ends. Either way a complete run starts after the request — the right mode for "wake up and drain" jobs.
   */
  onConflict?: 'ignore' | 'replace';
}

export interface Enqueued {
  id: number;
  /** False when the (kind, key) existed already. */
  created: boolean;
}

/**
 * Adds a job. Pass the caller's transaction so the job exists exactly when the change that needs it commits; the
 * runners are notified on commit.
 */
export async function enqueue<P>(
  executor: Db,
  request: JobRequest<P>,
  { onConflict = 'ignore' }: EnqueueOptions = {},
): Promise<Enqueued> {
  const payload = JSON.stringify(request.payload ?? {});
  const runAt = request.runAt ? request.runAt.toISOString() : null;
  const maxAttempts = request.maxAttempts ?? 5;
  const values = sql`(${request.kind}, ${request.key}, ${payload}::jsonb, coalesce(${runAt}::timestamptz, now()), ${maxAttempts})`;
  const conflict =
    onConflict === 'replace'
      ? sql`do update set
          payload = excluded.payload,
          run_at = excluded.run_at,
          max_attempts = excluded.max_attempts,
          rerun = jobs.status = 'RUNNING',
          status = case when jobs.status = 'RUNNING' then 'RUNNING' else 'QUEUED' end,
          attempts = case when jobs.status = 'RUNNING' then jobs.attempts else 0 end,
          progress = case when jobs.status = 'RUNNING' then jobs.progress else null end,
          last_error = case when jobs.status = 'RUNNING' then jobs.last_error else null end,
          finished_at = null,
          updated_at = now()`
      : sql`do nothing`;
  const inserted = await sql<{ id: number; created: boolean }>`
    insert into jobs (kind, key, payload, run_at, max_attempts) values ${values}
    on conflict (kind, key) ${conflict}
    returning id, (xmax::text = '0') as created
  `.execute(executor);
  await sql`select pg_notify(${JOBS_CHANNEL}, ${request.kind})`.execute(executor);
  const row = inserted.rows[0];
  if (row) return { id: Number(row.id), created: row.created };
  const existing = await executor
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', request.kind)
    .where('key', '=', request.key)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

export interface JobInfo {
  id: number;
  kind: string;
  key: string;
  payload: unknown;
  status: JobStatus;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  leaseUntil: Date | null;
  lockedBy: string | null;
  lastError: string | null;
  progress: unknown;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export interface JobQuery {
  status?: JobStatus | JobStatus[];
  kind?: string;
  key?: string;
  /** Newest first; default 100. */
  limit?: number;
  /** Keyset paging: jobs with an id below this one. */
  beforeId?: number;
}

/** Jobs, newest first: the dead letters are `listJobs(db, { status: 'DEAD' })`. */
export async function listJobs(db: Db, query: JobQuery = {}): Promise<JobInfo[]> {
  let q = db.selectFrom('jobs').selectAll();
  if (query.status) q = q.where('status', 'in', [query.status].flat());
  if (query.kind) q = q.where('kind', '=', query.kind);
  if (query.key) q = q.where('key', '=', query.key);
  if (query.beforeId !== undefined) q = q.where('id', '<', query.beforeId);
  const rows = await q
    .orderBy('id', 'desc')
    .limit(query.limit ?? 100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    key: r.key,
    payload: r.payload,
    status: r.status,
    runAt: r.run_at,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    leaseUntil: r.lease_until,
    lockedBy: r.locked_by,
    lastError: r.last_error,
    progress: r.progress,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
  }));
}

/** Gives a DEAD (or FAILED) job a fresh set of attempts, due now; false when it is in neither state. */
export async function requeue(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'QUEUED', attempts: 0, run_at: sql`now()`, finished_at: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['DEAD', 'FAILED'])
    .executeTakeFirst();
  await sql`select pg_notify(${JOBS_CHANNEL}, 'requeue')`.execute(db);
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes finished jobs: DONE ones that finished before `doneBefore`, DEAD ones before `deadBefore`. A deleted job's
 * key can be enqueued again, so the idempotency window of a key is the retention of its finished job.
 */
export async function pruneJobs(
  db: Db,
  { doneBefore, deadBefore }: { doneBefore: Date; deadBefore: Date },
): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'DONE'), eb('finished_at', '<', doneBefore)]),
        eb.and([eb('status', '=', 'DEAD'), eb('finished_at', '<', deadBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
