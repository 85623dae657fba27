import type { Db } from '../db/database.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { drainDefaultPartition, ensurePartitions } from './partitions.ts';
import { positionsKeptSince, runRetention } from './retention.ts';
import type { LocationWorker } from './scheduler.ts';

/** How often the scheduler looks for due MSISDNs; a slow tick is never overtaken (schedules do not overlap). */
export const LOCATION_TICK_MS = 5_000;
/** Retention deletes in chunks; once an hour keeps the tables within a day of each company's retention. */
export const RETENTION_EVERY_MS = 3_600_000;

/** Periods of `positions` are made ahead, and the default partition drained, this often. */
export const PARTITIONS_EVERY_MS = 3_600_000;

/**
 * The location jobs on the durable job runner (workers only): the polling tick, retention, and the periods of
 * `positions` (`partitionDays` long each).
 */
export function registerLocationJobs(
  runner: JobRunner,
  { db, worker, partitionDays }: { db: Db; worker: LocationWorker; partitionDays: number },
) {
  runner
    .register('location.tick', async (job) => {
      const report = await worker.tick(job.now());
      if (report.claimed) job.log.debug({ ...report }, 'location tick');
    })
    .schedule({ name: 'location.tick', kind: 'location.tick', every: LOCATION_TICK_MS, maxAttempts: 1 })
    .register('location.retention', async (job) => {
      const report = await runRetention(db, job.now());
      if (report.positions || report.latest || report.partitions.length)
        job.log.info({ ...report }, 'retention: old positions deleted');
    })
    .schedule({ name: 'location.retention', kind: 'location.retention', every: RETENTION_EVERY_MS })
    .register('location.partitions', async (job) => {
      const now = job.now();
      const created = await ensurePartitions(db, now, partitionDays);
      if (created.length)
        job.log.info({ periods: created.map((p) => p.name) }, 'positions: periods created ahead');
      // Rows in the default partition were written outside every prepared period: say so, and give them one.
      const drained = await drainDefaultPartition(db, await positionsKeptSince(db, now), partitionDays);
      if (drained.moved || drained.expired)
        job.log.warn(
          { moved: drained.moved, expired: drained.expired, periods: drained.created.map((p) => p.name) },
          'positions: rows outside every period moved out of the default partition',
        );
    })
    .schedule({ name: 'location.partitions', kind: 'location.partitions', every: PARTITIONS_EVERY_MS });
}
