import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLog, until } from '../../test/capture-log.ts';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { EventBus } from '../events/bus.ts';
import { backoffDelay } from '../lib/backoff.ts';
import { enqueue, listJobs, requeue } from './queue.ts';
import { JobRunner, type RunnerOptions } from './runner.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
const T0 = new Date('2026-01-10T10:00:00.000Z');

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.dispose();
});
beforeEach(async () => {
  await handle.db.deleteFrom('jobs').execute();
  await handle.db.deleteFrom('job_schedules').execute();
});

function runner(options: Partial<RunnerOptions> = {}) {
  const { log, lines } = captureLog();
  const r = new JobRunner({ db: handle.db, log, prune: false, pollMs: 10, ...options });
  return Object.assign(r, { lines });
}

async function job(kind: string, key: string) {
  const [row] = await listJobs(handle.db, { kind, key });
  return row!;
}

describe('backoff', () => {
  it('doubles from the base up to the maximum, jittered between half and all of the nominal delay', () => {
    const b = { baseMs: 1000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 40].map((n) => backoffDelay(n, b, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect([1, 2, 5].map((n) => backoffDelay(n, b, () => 0))).toEqual([500, 1000, 5000]);
  });
});

describe('enqueue', () => {
  it('is idempotent per (kind, key) and happens only if the caller’s transaction commits', async () => {
    const first = await enqueue(handle.db, { kind: 'k', key: 'a', payload: { n: 1 } });
    const again = await enqueue(handle.db, { kind: 'k', key: 'a', payload: { n: 2 } });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect((await job('k', 'a')).payload).toEqual({ n: 1 });

    await expect(
      handle.db.transaction().execute(async (trx) => {
        await enqueue(trx, { kind: 'k', key: 'b' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await listJobs(handle.db, { kind: 'k' })).toHaveLength(1);
  });

  it('replace: resets a finished job, and makes a running one run once more after the current run', async () => {
    const seen: unknown[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const r = runner({ clock: () => T0 }).register('wake', async (j) => {
      seen.push(j.payload);
      if (seen.length === 1) await gate;
    });
    await enqueue(handle.db, { kind: 'wake', key: 'x', payload: { v: 1 }, runAt: T0 });
    const draining = r.drain();
    await until(async () => (await job('wake', 'x')).status === 'RUNNING');
    await enqueue(
      handle.db,
      { kind: 'wake', key: 'x', payload: { v: 2 }, runAt: T0 },
      { onConflict: 'replace' },
    );
    release();
    await draining;
    expect(seen).toEqual([{ v: 1 }, { v: 2 }]);
    const done = await job('wake', 'x');
    expect(done).toMatchObject({ status: 'DONE', attempts: 1, payload: { v: 2 } });

    await enqueue(
      handle.db,
      { kind: 'wake', key: 'x', payload: { v: 3 }, runAt: T0 },
      { onConflict: 'replace' },
    );
    expect(await job('wake', 'x')).toMatchObject({ status: 'QUEUED', attempts: 0, finishedAt: null });
    await r.drain();
    expect(seen).toEqual([{ v: 1 }, { v: 2 }, { v: 3 }]);
  });
});

describe('runner', () => {
  it('retries a failing job with exponential backoff, then marks it DONE', async () => {
    let now = T0;
    let calls = 0;
    const r = runner({ clock: () => now, random: () => 0.5 }).register(
      'flaky',
      async (j) => {
        calls++;
        expect(j.attempt).toBe(calls);
        if (calls < 3) throw new Error(`boom ${calls}`);
      },
      { backoff: { baseMs: 1000, maxMs: 60_000 } },
    );
    await enqueue(handle.db, { kind: 'flaky', key: '1', runAt: T0 });
    await r.drain();
    expect(await job('flaky', '1')).toMatchObject({ status: 'FAILED', attempts: 1, lastError: 'boom 1' });
    expect((await job('flaky', '1')).runAt).toEqual(new Date(T0.getTime() + 750));

    await r.drain(); // not due yet
    expect(calls).toBe(1);
    now = new Date(T0.getTime() + 750);
    await r.drain();
    expect(await job('flaky', '1')).toMatchObject({ status: 'FAILED', attempts: 2, lastError: 'boom 2' });
    expect((await job('flaky', '1')).runAt).toEqual(new Date(now.getTime() + 1500));

    now = new Date(now.getTime() + 1500);
    await r.drain();
    expect(calls).toBe(3);
    expect(await job('flaky', '1')).toMatchObject({
      status: 'DONE',
      attempts: 3,
      lastError: null,
      leaseUntil: null,
    });
    expect((await job('flaky', '1')).finishedAt).toEqual(now);
  });

  it('marks a job DEAD after max_attempts, lists it as a dead letter, and requeue revives it', async () => {
    let now = T0;
    const r = runner({ clock: () => now }).register(
      'doomed',
      async () => {
        throw new Error('always');
      },
      { backoff: { baseMs: 10, maxMs: 10 } },
    );
    await enqueue(handle.db, { kind: 'doomed', key: 'd', runAt: T0, maxAttempts: 3 });
    for (let i = 0; i < 5; i++) {
      await r.drain();
      now = new Date(now.getTime() + 1000);
    }
    const dead = await listJobs(handle.db, { status: 'DEAD' });
    expect(dead).toMatchObject([
      { kind: 'doomed', key: 'd', attempts: 3, maxAttempts: 3, lastError: 'always' },
    ]);
    expect(dead[0]!.finishedAt).not.toBeNull();
    expect(r.lines.filter((l) => l.msg === 'job failed for the last time; it is DEAD')).toHaveLength(1);

    expect(await requeue(handle.db, dead[0]!.id)).toBe(true);
    expect(await job('doomed', 'd')).toMatchObject({ status: 'QUEUED', attempts: 0 });
  });

  it('reclaims a job whose runner died (lease expired) and hands it the saved progress', async () => {
    const { id } = await enqueue(handle.db, { kind: 'resume', key: 'r', runAt: T0 });
    // What a runner that died mid-run leaves: RUNNING, an expired lease, its progress.
    await handle.db
      .updateTable('jobs')
      .set({
        status: 'RUNNING',
        attempts: 1,
        locked_by: 'dead',
        lease_until: new Date(T0.getTime() - 1),
        progress: '{"step":4}',
      })
      .where('id', '=', id)
      .execute();
    const resumed: unknown[] = [];
    const r = runner({ clock: () => T0 }).register(
      'resume',
      async (j) => void resumed.push([j.attempt, j.progress]),
    );
    await r.drain();
    expect(resumed).toEqual([[2, { step: 4 }]]);
    expect(await job('resume', 'r')).toMatchObject({ status: 'DONE', attempts: 2, lockedBy: null });
    expect(r.lines.some((l) => l.msg?.startsWith('resuming a job whose runner stopped'))).toBe(true);

    // A live lease is left alone.
    await enqueue(handle.db, { kind: 'resume', key: 'live', runAt: T0 });
    await handle.db
      .updateTable('jobs')
      .set({ status: 'RUNNING', locked_by: 'alive', lease_until: new Date(T0.getTime() + 60_000) })
      .where('key', '=', 'live')
      .execute();
    await r.drain();
    expect(resumed).toHaveLength(1);
  });

  it('claims a job enqueued within the same millisecond as the claim (the clock counts ms, the database µs)', async () => {
    let ran = 0;
    const r = runner({ clock: () => new Date('2030-01-01T00:00:00.123Z') }).register('same-ms', async () => {
      ran++;
    });
    await enqueue(handle.db, { kind: 'same-ms', key: 'm' });
    await handle.db
      .updateTable('jobs')
      .set({ run_at: sql<Date>`'2030-01-01T00:00:00.123456Z'::timestamptz` })
      .where('key', '=', 'm')
      .execute();
    expect(await r.drain()).toBe(1);
    expect(ran).toBe(1);
  });

  it('aborts a handler whose lease another runner took over, and leaves that runner’s job alone', async () => {
    let aborted: unknown;
    const r = runner({ leaseMs: 300 }).register('taken', async (j) => {
      await new Promise<void>((resolve) => j.signal.addEventListener('abort', () => resolve()));
      aborted = j.signal.reason;
      throw new Error('stopped');
    });
    await enqueue(handle.db, { kind: 'taken', key: 't' });
    const draining = r.drain();
    await until(async () => (await job('taken', 't')).status === 'RUNNING');
    // What a reclaim by another runner after an expired lease leaves.
    await handle.db
      .updateTable('jobs')
      .set({ locked_by: 'other', attempts: 2, lease_until: new Date(Date.now() + 60_000) })
      .where('key', '=', 't')
      .execute();
    await draining;
    expect(String(aborted)).toContain('the job lease was lost');
    expect(await job('taken', 't')).toMatchObject({
      status: 'RUNNING',
      lockedBy: 'other',
      attempts: 2,
      lastError: null,
    });
    expect(
      r.lines.some((l) => l.msg === 'lost the lease of a running job (another runner took it over)'),
    ).toBe(true);
  });

  it('stop() waits for running handlers, hands back those that stop early or overrun, and releases their leases', async () => {
    const aborted = (j: { signal: AbortSignal }) =>
      new Promise<void>((resolve) => j.signal.addEventListener('abort', () => resolve()));
    let release!: () => void;
    const never = new Promise<void>((resolve) => (release = resolve));
    const r = runner({ stopTimeoutMs: 300 })
      .register('quick', async (j) => {
        await aborted(j); // finishes its work within the stop timeout
        await new Promise((resolve) => setTimeout(resolve, 50));
      })
      .register('polite', async (j) => {
        await aborted(j);
        j.signal.throwIfAborted();
      })
      .register('stubborn', async () => never);
    for (const kind of ['quick', 'polite', 'stubborn']) await enqueue(handle.db, { kind, key: 'j' });
    await r.start();
    await until(() => r.active === 3, 15_000, 'three running jobs');
    await r.stop();
    release(); // the overrunning handler ends after all: its job was handed back, so it records nothing
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await job('quick', 'j')).toMatchObject({ status: 'DONE' });
    expect(await job('polite', 'j')).toMatchObject({
      status: 'QUEUED',
      attempts: 0,
      lockedBy: null,
      leaseUntil: null,
    });
    expect(await job('stubborn', 'j')).toMatchObject({
      status: 'QUEUED',
      attempts: 0,
      lockedBy: null,
      leaseUntil: null,
    });
  });

  it('starts a job as soon as its enqueue commits when it listens on the bus (no polling needed)', async () => {
    const bus = await EventBus.start(handle, captureLog().log);
    const ran: string[] = [];
    const r = runner({
      pollMs: 60_000,
      listen: (channel, handler) => bus.subscribe(channel, handler),
    }).register('prompt', async (j) => void ran.push(j.key));
    await r.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50)); // the first poll is over; the next is a minute away
      await handle.db.transaction().execute((trx) => enqueue(trx, { kind: 'prompt', key: 'now' }));
      await until(() => ran.length === 1, 5_000, 'the notified job');
    } finally {
      await r.stop();
      await bus.close();
    }
  });

  it('runs each job exactly once with two runners on one database handle', async () => {
    const runs = new Map<string, string[]>();
    const handler = (name: string) => async (j: { key: string }) => {
      runs.set(j.key, [...(runs.get(j.key) ?? []), name]);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    };
    const a = runner({ id: 'a' }).register('share', handler('a'));
    const b = runner({ id: 'b' }).register('share', handler('b'));
    for (let i = 0; i < 40; i++) await enqueue(handle.db, { kind: 'share', key: String(i) });
    await Promise.all([a.start(), b.start()]);
    await until(async () => (await listJobs(handle.db, { kind: 'share', status: 'DONE' })).length === 40);
    await Promise.all([a.stop(), b.stop()]);
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((names) => names.length === 1)).toBe(true);
  });

  it('does not deadlock with request transactions on a single connection (PGlite)', async () => {
    const r = runner({ pollMs: 1, concurrency: 3 }).register('chain', async (j) => {
      // A handler that writes in its own transaction, as real handlers do.
      await handle.db.transaction().execute(async (trx) => {
        await sql`select pg_sleep(0.001)`.execute(trx);
        if (j.key.startsWith('req-')) await enqueue(trx, { kind: 'chain', key: `follow-${j.key}` });
      });
    });
    await r.start();
    // Request-like transactions: a change and the job it needs, atomically, while the runner polls.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        handle.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await enqueue(trx, { kind: 'chain', key: `req-${i}` });
        }),
      ),
    );
    await until(
      async () => (await listJobs(handle.db, { kind: 'chain', status: 'DONE', limit: 100 })).length === 60,
    );
    await r.stop();
  });
});

describe.skipIf(!process.env['DATABASE_URL'])('two runners on separate pools (PostgreSQL)', () => {
  let testDb: TestDatabase;
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const h of handles) await h.close();
    await testDb?.drop();
  });

  it('runs each job exactly once', async () => {
    testDb = await createTestDatabase();
    for (let i = 0; i < 2; i++) handles.push(await openDatabase({ databaseUrl: testDb.url, poolSize: 4 }));
    const { migrate } = await import('../db/migrate.ts');
    await migrate(handles[0]!.db);
    const runs = new Map<string, string[]>();
    const runners = handles.map((h, i) =>
      new JobRunner({
        db: h.db,
        log: captureLog().log,
        id: `r${i}`,
        prune: false,
        pollMs: 5,
        concurrency: 4,
      }).register('share', async (j) => {
        runs.set(j.key, [...(runs.get(j.key) ?? []), `r${i}`]);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
      }),
    );
    for (let i = 0; i < 100; i++) await enqueue(handles[0]!.db, { kind: 'share', key: String(i) });
    await Promise.all(runners.map((r) => r.start()));
    await until(async () => (await listJobs(handles[0]!.db, { status: 'DONE', limit: 200 })).length === 100);
    await Promise.all(runners.map((r) => r.stop()));
    expect(runs.size).toBe(100);
    expect([...runs.values()].filter((names) => names.length !== 1)).toEqual([]);
    const perRunner = (name: string) => [...runs.values()].filter((n) => n[0] === name).length;
    expect(perRunner('r0')).toBeGreaterThan(0);
    expect(perRunner('r1')).toBeGreaterThan(0);
  });
});
