import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { JobHandler } from '../runner.ts';

/** Tables the crash test's job writes: one row per run, one per step done, one per finished job. */
export async function createStepTables(db: Db): Promise<void> {
  await sql`create table if not exists step_runs (job_key text not null, attempt int not null, runner text not null, from_step int not null)`.execute(
    db,
  );
  await sql`create table if not exists step_effects (job_key text not null, step int not null)`.execute(db);
  await sql`create table if not exists step_done (job_key text primary key, at timestamptz not null default now())`.execute(
    db,
  );
}

/**
 * A job of `steps` steps, like an import in batches: each step writes its effect and its progress in one
 * transaction, so a run that resumes after a crash starts after the last committed step. The finished job writes one
 * row keyed by its job key. `hangAfter`: stop there and hang (the test kills the process).
 */
export function stepsJob(
  db: Db,
  runnerName: string,
  options: { hangAfter?: number; onHang?: () => void } = {},
): JobHandler<{ steps: number }> {
  return async (job) => {
    let done = (job.progress as { step: number } | null)?.step ?? 0;
    await sql`insert into step_runs values (${job.key}, ${job.attempt}, ${runnerName}, ${done})`.execute(db);
    while (done < job.payload.steps) {
      job.signal.throwIfAborted();
      const step = done + 1;
      await db.transaction().execute(async (trx) => {
        await sql`insert into step_effects values (${job.key}, ${step})`.execute(trx);
        await trx
          .updateTable('jobs')
          .set({ progress: JSON.stringify({ step }) })
          .where('id', '=', job.id)
          .execute();
      });
      done = step;
      if (options.hangAfter === step) {
        options.onHang?.();
        await new Promise(() => {});
      }
    }
    await sql`insert into step_done (job_key) values (${job.key}) on conflict do nothing`.execute(db);
  };
}
