import type { Db } from '../../db/database.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { REPLAY_JOB, replayMsisdn, sweepDeadlines, SWEEP_JOB } from './presence-engine.ts';

/** How often the presence deadlines (max gap, window end) are applied when no fix comes. */
export const SWEEP_EVERY_MS = 60_000;

/** presence.sweep (every minute) and presence.replay (a late fix's MSISDN, one at a time). */
export function registerPresenceJobs(runner: JobRunner, { db }: { db: Db }): void {
  runner
    .register(SWEEP_JOB, async (job) => {
      let swept = 0;
      let n: number;
      do {
        n = await sweepDeadlines(db, job.now());
        swept += n;
      } while (n >= 1000 && !job.signal.aborted);
      if (swept) job.log.debug({ swept }, 'presence deadlines applied');
    })
    .schedule({ name: SWEEP_JOB, kind: SWEEP_JOB, every: SWEEP_EVERY_MS, maxAttempts: 1 });
  runner.register(
    REPLAY_JOB,
    async (job) => {
      const { msisdnId, from } = job.payload as { msisdnId: number; from: string };
      const corrections = await replayMsisdn(db, msisdnId, Date.parse(from), job.now());
      if (corrections) job.log.info({ msisdnId, corrections }, 'late positions corrected visits');
    },
    { concurrency: 1 },
  );
}
