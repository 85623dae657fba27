/**
 * Child process of exports.test.ts: a job runner on DATABASE_URL that runs report exports, and hangs after the first
 * batch of rows is written (printing MIDWAY) so the test can kill -9 it there.
 */
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../../db/database.ts';
import { JobRunner } from '../../../jobs/runner.ts';
import { REPORT_EXPORT_JOB, reportExports } from '../exports.ts';
import { reportsService } from '../service.ts';

const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], poolSize: 2 });
const db = database.db;
const exports = reportExports({
  db,
  reports: reportsService({ db }),
  ttlHours: 24,
});
const runner = new JobRunner({
  db,
  log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
  id: 'child',
  leaseMs: 1_000,
  pollMs: 20,
  prune: false,
});
runner.register<{ exportId: number }>(REPORT_EXPORT_JOB, (job) =>
  exports.runJob({
    ...job,
    saveProgress: async () => {
      process.stdout.write('MIDWAY\n');
      await new Promise(() => {});
    },
  }),
);
await runner.start();
