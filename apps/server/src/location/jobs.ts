import type { Db } from '../db/database.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { runRetention } from './retention.ts';
import type { LocationWorker } from './scheduler.ts';

/** How often the scheduler looks for due MSISDNs; a slow tick is never overtaken (schedules do not overlap). */
export const LOCATION_TICK_MS = 5_000;
/** Retention deletes in chunks; once an hour keeps the tables within a day of each company's retention. */
export const RETENTION_EVERY_MS = 3_600_000;

/** The location jobs: the polling tick and retention, on the durable job runner (workers only). */
export function registerLocationJobs(runner: JobRunner, { db, worker }: { db: Db; worker: LocationWorker }) {
  runner
    .register('location.tick', async (job) => {
      const report = await worker.tick(job.now());
      if (report.claimed) job.log.debug({ ...report }, 'location tick');
    })
    .schedule({ name: 'location.tick', kind: 'location.tick', every: LOCATION_TICK_MS, maxAttempts: 1 })
    .register('location.retention', async (job) => {
      const report = await runRetention(db, job.now());
      if (report.positions || report.latest) job.log.info({ ...report }, 'retention: old positions deleted');
    })
    .schedule({ name: 'location.retention', kind: 'location.retention', every: RETENTION_EVERY_MS });
}
