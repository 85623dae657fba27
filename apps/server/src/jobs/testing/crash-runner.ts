/**
 * Child process of jobs/crash.test.ts: a job runner on DATABASE_URL whose steps job hangs after step 5 and prints
 * MIDWAY, so the test can kill -9 it there.
 */
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../db/database.ts';
import { JobRunner } from '../runner.ts';
import { stepsJob } from './steps-job.ts';

const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], poolSize: 2 });
const runner = new JobRunner({
  db: database.db,
  log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
  id: 'child',
  leaseMs: 1_000,
  pollMs: 20,
  prune: false,
});
runner.register(
  'steps',
  stepsJob(database.db, 'child', { hangAfter: 5, onHang: () => process.stdout.write('MIDWAY\n') }),
);
await runner.start();
