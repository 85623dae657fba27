import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The statements of a job's life while a runner holds it. Each is one statement guarded by `locked_by`, `status =
 * 'RUNNING'` and the attempt it claimed, so a run whose lease was taken over (by another runner, or by a later claim
 * after its heartbeat came too late) changes nothing; none
 * runs inside a transaction of its own, so none can wait on PGlite's single connection while holding it.
 */

export interface Claimed {
  id: number;
  kind: string;
  key: string;
  payload: unknown;
  attempts: number;
  progress: unknown;
  /** RUNNING: reclaimed after its lease expired (its runner died). */
  previous: 'QUEUED' | 'FAILED' | 'RUNNING';
}

/** Claims the next due job of these kinds (or one whose lease expired), counting an attempt. */
export async function claimJob(
  db: Db,
  {
    kinds,
    now,
    leaseUntil,
    runner,
    running,
  }: { kinds: string[]; now: Date; leaseUntil: Date; runner: string; running: number[] },
): Promise<Claimed | undefined> {
  const at = now.toISOString();
  // The runner's clock counts milliseconds, the database microseconds: a job enqueued at 12:00:00.123456 is due for
  // a claim at 12:00:00.123 (drain() right after an enqueue would otherwise find nothing and return).
  const result = await sql<Claimed>`
    with next as (
      select id, status from jobs
      where kind = any(${kinds}::text[])
        and ((status in ('QUEUED', 'FAILED') and run_at < ${at}::timestamptz + interval '1 millisecond')
          or (status = 'RUNNING' and lease_until < ${at}::timestamptz and id <> all(${running}::bigint[])))
      order by run_at, id
      limit 1
      for update skip locked
    )
    update jobs j set
      status = 'RUNNING',
      attempts = j.attempts + 1,
      lease_until = ${leaseUntil.toISOString()}::timestamptz,
      locked_by = ${runner},
      rerun = false,
      updated_at = ${at}::timestamptz
    from next
    where j.id = next.id
    returning j.id, j.kind, j.key, j.payload, j.attempts, j.progress, next.status as previous
  `.execute(db);
  return result.rows[0];
}

type Held = { id: number; runner: string; attempt: number; now: Date };

/** Extends the lease (and stores progress); false when this runner no longer holds the job. */
export async function renewLease(
  db: Db,
  { id, runner, attempt, until, now, progress }: Held & { until: Date; progress?: unknown },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      lease_until: until,
      updated_at: now,
      ...(progress === undefined ? {} : { progress: JSON.stringify(progress) }),
    })
    .where('id', '=', id)
    .where('locked_by', '=', runner)
    .where('attempts', '=', attempt)
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** DONE — or QUEUED again with fresh attempts if a replace-enqueue arrived during the run. */
export async function completeJob(db: Db, { id, runner, attempt, now }: Held): Promise<void> {
  const at = now.toISOString();
  await sql`
    update jobs set
      status = case when rerun then 'QUEUED' else 'DONE' end,
      attempts = case when rerun then 0 else attempts end,
      progress = case when rerun then null else progress end,
      finished_at = case when rerun then null else ${at}::timestamptz end,
      rerun = false, last_error = null, lease_until = null, locked_by = null, updated_at = ${at}::timestamptz
    where id = ${id} and locked_by = ${runner} and attempts = ${attempt} and status = 'RUNNING'
  `.execute(db);
}

/** FAILED until `retryAt`, DEAD when its attempts are used up (QUEUED afresh if a replace-enqueue arrived). */
export async function failJob(
  db: Db,
  { id, runner, attempt, now, retryAt, error }: Held & { retryAt: Date; error: string },
): Promise<{ status: string; run_at: Date } | undefined> {
  const at = now.toISOString();
  const result = await sql<{ status: string; run_at: Date }>`
    update jobs set
      status = case when rerun then 'QUEUED' when attempts >= max_attempts then 'DEAD' else 'FAILED' end,
      run_at = case when rerun or attempts >= max_attempts then run_at else ${retryAt.toISOString()}::timestamptz end,
      attempts = case when rerun then 0 else attempts end,
      finished_at = case when not rerun and attempts >= max_attempts then ${at}::timestamptz end,
      rerun = false, last_error = ${error}, lease_until = null, locked_by = null, updated_at = ${at}::timestamptz
    where id = ${id} and locked_by = ${runner} and attempts = ${attempt} and status = 'RUNNING'
    returning status, run_at
  `.execute(db);
  return result.rows[0];
}

/** Back to QUEUED, due now, without counting the interrupted attempt (the runner is stopping). */
export async function handBackJob(db: Db, { id, runner, attempt, now }: Held): Promise<void> {
  const at = now.toISOString();
  await sql`
    update jobs set status = 'QUEUED', attempts = greatest(attempts - 1, 0), run_at = least(run_at, ${at}::timestamptz),
      rerun = false, lease_until = null, locked_by = null, updated_at = ${at}::timestamptz
    where id = ${id} and locked_by = ${runner} and attempts = ${attempt} and status = 'RUNNING'
  `.execute(db);
}
