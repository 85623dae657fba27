import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLog } from '../../test/capture-log.ts';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { openDatabase, type DatabaseHandle, type Db } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { listJobs } from './queue.ts';
import { JobRunner } from './runner.ts';
import { dueSlots, type ScheduleDefinition } from './schedules.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;

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

/** A runner with one schedule, its clock in the test's hands, recording the slot of every run. */
function scheduled(def: Omit<ScheduleDefinition, 'name' | 'kind'>, start: string, db: Db = handle.db) {
  const clock = { now: new Date(start) };
  const slots: string[] = [];
  const runner = new JobRunner({ db, log: captureLog().log, clock: () => clock.now, prune: false })
    .register<{ slot: string }>('report', async (job) => void slots.push(job.payload.slot))
    .schedule({ name: 'daily-report', kind: 'report', ...def });
  return { runner, clock, slots };
}

async function nextRunAt(db: Db = handle.db): Promise<Date> {
  const row = await db.selectFrom('job_schedules').select('next_run_at').executeTakeFirstOrThrow();
  return row.next_run_at;
}

/** Moves the clock from slot to slot up to `end`, running what is due at each. */
async function runUntil(s: ReturnType<typeof scheduled>, end: string): Promise<void> {
  await s.runner.drain();
  for (;;) {
    const next = await nextRunAt();
    if (next > new Date(end)) return;
    s.clock.now = next;
    await s.runner.drain();
  }
}

describe('cron schedules in a time zone', () => {
  it('Europe/Rome: 09:00 local is 08:00Z before and 07:00Z after the last Sunday of March, and back in October', async () => {
    const s = scheduled({ cron: '0 9 * * *', timezone: 'Europe/Rome' }, '2025-03-28T12:00:00Z');
    await runUntil(s, '2025-03-31T12:00:00Z');
    expect(s.slots).toEqual([
      '2025-03-29T08:00:00.000Z',
      '2025-03-30T07:00:00.000Z',
      '2025-03-31T07:00:00.000Z',
    ]);

    await handle.db.deleteFrom('job_schedules').execute();
    const autumn = scheduled({ cron: '0 9 * * *', timezone: 'Europe/Rome' }, '2025-10-24T12:00:00Z');
    await runUntil(autumn, '2025-10-27T12:00:00Z');
    expect(autumn.slots).toEqual([
      '2025-10-25T07:00:00.000Z',
      '2025-10-26T08:00:00.000Z',
      '2025-10-27T08:00:00.000Z',
    ]);
  });

  it('Europe/Rome: a time in the skipped hour runs once that day, a time in the repeated hour runs once, not twice', async () => {
    const spring = scheduled({ cron: '30 2 * * *', timezone: 'Europe/Rome' }, '2025-03-29T00:00:00Z');
    await runUntil(spring, '2025-03-31T12:00:00Z');
    // 02:30 does not exist on 30 March: it runs at 03:00 CEST, once.
    expect(spring.slots).toEqual([
      '2025-03-29T01:30:00.000Z',
      '2025-03-30T01:00:00.000Z',
      '2025-03-31T00:30:00.000Z',
    ]);

    await handle.db.deleteFrom('job_schedules').execute();
    const autumn = scheduled({ cron: '30 2 * * *', timezone: 'Europe/Rome' }, '2025-10-25T00:00:00Z');
    await runUntil(autumn, '2025-10-27T12:00:00Z');
    // 02:30 happens twice on 26 October (CEST, then CET): one run.
    expect(autumn.slots).toEqual([
      '2025-10-25T00:30:00.000Z',
      '2025-10-26T00:30:00.000Z',
      '2025-10-27T01:30:00.000Z',
    ]);
  });

  it('Asia/Riyadh (no daylight saving): 09:00 local is 06:00Z across Rome’s change dates', async () => {
    const s = scheduled({ cron: '0 9 * * *', timezone: 'Asia/Riyadh' }, '2025-03-29T00:00:00Z');
    await runUntil(s, '2025-03-31T12:00:00Z');
    expect(s.slots).toEqual([
      '2025-03-29T06:00:00.000Z',
      '2025-03-30T06:00:00.000Z',
      '2025-03-31T06:00:00.000Z',
    ]);

    await handle.db.deleteFrom('job_schedules').execute();
    const autumn = scheduled({ cron: '0 9 * * *', timezone: 'Asia/Riyadh' }, '2025-10-25T00:00:00Z');
    await runUntil(autumn, '2025-10-27T12:00:00Z');
    expect(autumn.slots).toEqual([
      '2025-10-25T06:00:00.000Z',
      '2025-10-26T06:00:00.000Z',
      '2025-10-27T06:00:00.000Z',
    ]);
  });
});

describe('catch-up after downtime', () => {
  it('an interval schedule runs the latest missed slot once, not the backlog, and keeps its phase', async () => {
    const s = scheduled({ every: 3_600_000 }, '2026-02-01T10:00:00Z');
    await s.runner.drain();
    expect(await nextRunAt()).toEqual(new Date('2026-02-01T11:00:00Z'));
    s.clock.now = new Date('2026-02-01T11:00:00.200Z');
    await s.runner.drain();
    expect(s.slots).toEqual(['2026-02-01T11:00:00.000Z']);

    // Every runner down for five days; a new runner (a restart) registers the same schedule.
    const restarted = scheduled({ every: 3_600_000 }, '2026-02-06T10:30:00Z');
    await restarted.runner.drain();
    await restarted.runner.drain();
    expect(restarted.slots).toEqual(['2026-02-06T10:00:00.000Z']);
    expect(await nextRunAt()).toEqual(new Date('2026-02-06T11:00:00Z'));
    expect(await listJobs(handle.db, { kind: 'report' })).toHaveLength(2);
  });

  it('a cron schedule missed for three days runs once, for the latest slot', async () => {
    const s = scheduled({ cron: '0 9 * * *', timezone: 'Europe/Rome' }, '2026-03-02T12:00:00Z');
    await s.runner.drain();
    const restarted = scheduled({ cron: '0 9 * * *', timezone: 'Europe/Rome' }, '2026-03-05T12:00:00Z');
    await restarted.runner.drain();
    expect(restarted.slots).toEqual(['2026-03-05T08:00:00.000Z']);
    expect(await nextRunAt()).toEqual(new Date('2026-03-06T08:00:00Z'));
  });

  it('a changed definition starts again from now', async () => {
    const s = scheduled({ every: 3_600_000 }, '2026-02-01T10:00:00Z');
    await s.runner.drain();
    const changed = scheduled({ every: 60_000 }, '2026-02-01T10:10:00Z');
    await changed.runner.drain();
    expect(changed.slots).toEqual([]);
    expect(await nextRunAt()).toEqual(new Date('2026-02-01T10:11:00Z'));
  });
});

describe('slots', () => {
  it('skips a slot while the previous slot’s job is unfinished (overlap off), and runs it with overlap on', async () => {
    for (const overlap of [false, true]) {
      await handle.db.deleteFrom('jobs').execute();
      await handle.db.deleteFrom('job_schedules').execute();
      const s = scheduled({ every: 5_000, overlap }, '2026-02-01T10:00:00Z');
      await s.runner.drain();
      s.clock.now = new Date('2026-02-01T10:00:05Z');
      await s.runner.drain();
      await handle.db
        .updateTable('jobs')
        .set({ status: 'RUNNING', lease_until: new Date('2030-01-01') })
        .execute();
      s.clock.now = new Date('2026-02-01T10:00:10Z');
      await s.runner.drain();
      expect((await listJobs(handle.db, { kind: 'report' })).length).toBe(overlap ? 2 : 1);
      expect(await nextRunAt()).toEqual(new Date('2026-02-01T10:00:15Z'));
    }
  });

  it('computes the due and next slot of an interval and of a cron', () => {
    const every = { name: 'x', kind: 'x', every: 10_000 };
    expect(dueSlots(every, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:35Z'))).toEqual({
      slot: new Date('2026-01-01T00:00:30Z'),
      next: new Date('2026-01-01T00:00:40Z'),
    });
    const cron = { name: 'x', kind: 'x', cron: '*/15 * * * *' };
    expect(dueSlots(cron, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T01:20:00Z'))).toEqual({
      slot: new Date('2026-01-01T01:15:00Z'),
      next: new Date('2026-01-01T01:30:00Z'),
    });
  });

  it('rejects a bad cron expression, a bad time zone and a schedule with both or neither', () => {
    const r = new JobRunner({ db: handle.db, log: captureLog().log });
    expect(() => r.schedule({ name: 'a', kind: 'k', cron: '61 * * * *' })).toThrow();
    expect(() => r.schedule({ name: 'b', kind: 'k', cron: '0 9 * * *', timezone: 'Mars/Olympus' })).toThrow();
    expect(() => r.schedule({ name: 'c', kind: 'k' })).toThrow('give either cron or every');
    expect(() => r.schedule({ name: 'd', kind: 'k', cron: '* * * * *', every: 5 })).toThrow(
      'give either cron or every',
    );
  });
});

describe('two runners firing one schedule', () => {
  let testDb: TestDatabase | undefined;
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const h of handles) await h.close();
    await testDb?.drop();
  });

  it('make one job per slot (separate pools on PostgreSQL, one handle on PGlite)', async () => {
    let dbs: Db[] = [handle.db, handle.db];
    if (process.env['DATABASE_URL']) {
      testDb = await createTestDatabase();
      for (let i = 0; i < 2; i++) handles.push(await openDatabase({ databaseUrl: testDb.url }));
      await migrate(handles[0]!.db);
      dbs = handles.map((h) => h.db);
    }
    const a = scheduled({ every: 1_000 }, '2026-02-01T10:00:00Z', dbs[0]);
    const b = scheduled({ every: 1_000 }, '2026-02-01T10:00:00Z', dbs[1]);
    await Promise.all([a.runner.drain(), b.runner.drain()]);
    for (let i = 1; i <= 20; i++) {
      a.clock.now = b.clock.now = new Date(Date.parse('2026-02-01T10:00:00Z') + i * 1_000);
      await Promise.all([a.runner.drain(), b.runner.drain()]);
    }
    const slots = [...a.slots, ...b.slots].sort();
    expect(slots).toHaveLength(20);
    expect(new Set(slots).size).toBe(20);
  });
});
