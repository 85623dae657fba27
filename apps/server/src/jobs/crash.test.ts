import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { captureLog, until } from '../../test/capture-log.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { enqueue, listJobs } from './queue.ts';
import { JobRunner } from './runner.ts';
import { createStepTables, stepsJob } from './testing/steps-job.ts';

const CHILD = fileURLToPath(new URL('./testing/crash-runner.ts', import.meta.url));

describe.skipIf(!process.env['DATABASE_URL'])('a runner killed with kill -9 mid-job (PostgreSQL)', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  afterAll(async () => {
    await handle?.dispose();
  });

  it('is resumed by another runner from its saved progress, and its effect happens once', async () => {
    handle = await openTestDatabase();
    const db = handle.db;
    await createStepTables(db);
    await enqueue(db, { kind: 'steps', key: 'import-1', payload: { steps: 10 } });

    const url = (await sql<{ db: string }>`select current_database() as db`.execute(db)).rows[0]!.db;
    const base = new URL(process.env['DATABASE_URL']!);
    base.pathname = `/${url}`;
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, DATABASE_URL: base.toString() },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await until(() => out.includes('MIDWAY'), 30_000, 'the child runner to reach step 5');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const [killed] = await listJobs(db, { key: 'import-1' });
    expect(killed).toMatchObject({
      status: 'RUNNING',
      lockedBy: 'child',
      attempts: 1,
      progress: { step: 5 },
    });

    const { log, lines } = captureLog();
    const runner = new JobRunner({ db, log, id: 'survivor', leaseMs: 1_000, pollMs: 20, prune: false });
    runner.register('steps', stepsJob(db, 'survivor'));
    await runner.start();
    await until(
      async () => (await listJobs(db, { key: 'import-1' }))[0]!.status === 'DONE',
      20_000,
      'the job to finish',
    );
    await runner.stop();

    const runs = await sql`select * from step_runs order by attempt`.execute(db);
    expect(runs.rows).toEqual([
      { job_key: 'import-1', attempt: 1, runner: 'child', from_step: 0 },
      { job_key: 'import-1', attempt: 2, runner: 'survivor', from_step: 5 },
    ]);
    const effects = await sql<{ step: number }>`select step from step_effects order by step`.execute(db);
    expect(effects.rows.map((r) => r.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const done = await sql`select job_key from step_done`.execute(db);
    expect(done.rows).toEqual([{ job_key: 'import-1' }]);
    expect((await listJobs(db, { key: 'import-1' }))[0]).toMatchObject({
      status: 'DONE',
      attempts: 2,
      lockedBy: null,
    });
    expect(
      lines.some((l) => l.msg?.startsWith('resuming a job whose runner stopped') && l['key'] === 'import-1'),
    ).toBe(true);
  });
});
