import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLog, until } from '../../test/capture-log.ts';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { openDatabase, type DatabaseHandle, type Db } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { EventBus } from './bus.ts';
import { emit } from './emit.ts';
import { EventDispatcher, type EventProcessor } from './processors.ts';
import type { EventType } from './types.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
const onPostgres = Boolean(process.env['DATABASE_URL']);

beforeAll(async () => {
  handle = await openTestDatabase();
  await sql`create table seen (processor text not null, event_id bigint not null, msisdn text)`.execute(
    handle.db,
  );
});
afterAll(async () => {
  await handle?.dispose();
});
beforeEach(async () => {
  for (const table of ['seen', 'domain_events', 'event_cursors'] as const)
    await sql`delete from ${sql.table(table)}`.execute(handle.db);
});

const deleted = (n: number, db: Db = handle.db) =>
  emit(db, { type: 'MSISDN_DELETED', companyId: 1, payload: { msisdn: `+${n}` } });

/** A processor that records each event in `seen`, in its transaction. */
function recorder(name: string, extra: Partial<EventProcessor<EventType>> = {}): EventProcessor<EventType> {
  return {
    name,
    types: ['MSISDN_DELETED'],
    from: 'start',
    async handle(event, tx) {
      const msisdn = (event.payload as { msisdn?: string }).msisdn ?? null;
      await sql`insert into seen values (${name}, ${event.id}, ${msisdn})`.execute(tx);
    },
    ...extra,
  };
}

/**
 * Drains until `check` holds: an event waits while any older transaction of the cluster (another test file's, say)
 * still runs, so one drain may not reach it yet.
 */
const settle = (d: EventDispatcher, check: () => Promise<boolean>, what: string) =>
  until(async () => (await d.drain()) >= 0 && (await check()), 15_000, what);

const seen = async (db: Db = handle.db) =>
  (
    await sql<{
      processor: string;
      event_id: number;
      msisdn: string;
    }>`select * from seen order by event_id`.execute(db)
  ).rows;

describe('event processors', () => {
  it('handle the events of their types in order; a new processor starts now unless it asks for the start', async () => {
    await deleted(1);
    await emit(handle.db, {
      type: 'MSISDN_CREATED',
      companyId: 1,
      payload: { msisdn: '+9', departmentId: 1, zoneId: null, importId: null },
    });
    const all = new EventDispatcher({ db: handle.db, log: captureLog().log }).register(recorder('all'));
    await settle(all, async () => (await seen()).length === 1, 'the first event');
    // Registered after +1 was processed (so it is below every horizon from now on): it starts after it.
    const fresh = new EventDispatcher({ db: handle.db, log: captureLog().log }).register(
      recorder('fresh', { from: 'now' }),
    );
    await fresh.drain();
    await deleted(2);
    await deleted(3);
    await settle(all, async () => (await seen()).length === 3, 'all');
    await settle(fresh, async () => (await seen()).length === 5, 'fresh');
    const rows = await seen();
    expect(rows.filter((r) => r.processor === 'all').map((r) => r.msisdn)).toEqual(['+1', '+2', '+3']);
    expect(rows.filter((r) => r.processor === 'fresh').map((r) => r.msisdn)).toEqual(['+2', '+3']);
    expect(await all.drain()).toBe(0);
    expect(await fresh.drain()).toBe(0);
  });

  it('retry a processor that throws with backoff, and never skip the failing event or the ones after it', async () => {
    let now = new Date('2026-04-01T10:00:00Z');
    let failures = 0;
    const calls: string[] = [];
    const { log, lines } = captureLog();
    const d = new EventDispatcher({ db: handle.db, log, clock: () => now, random: () => 1 }).register(
      recorder('flaky', {
        backoff: { baseMs: 1_000, maxMs: 60_000 },
        async handle(event, tx) {
          const msisdn = (event.payload as { msisdn: string }).msisdn;
          calls.push(msisdn);
          await sql`insert into seen values ('flaky', ${event.id}, ${msisdn})`.execute(tx);
          if (msisdn === '+3' && failures < 2) {
            failures++;
            throw new Error('downstream unavailable');
          }
        },
      }),
    );
    for (let i = 1; i <= 5; i++) await deleted(i);
    await settle(d, async () => calls.includes('+3'), 'the first failure');
    expect((await seen()).map((r) => r.msisdn)).toEqual(['+1', '+2']);
    const [status] = await d.status();
    expect(status).toMatchObject({
      name: 'flaky',
      attempts: 1,
      nextAttemptAt: new Date(now.getTime() + 1_000),
    });
    expect(status!.lastError).toMatch(/^event \d+: downstream unavailable$/);

    await d.drain(); // not due yet
    expect(calls).toEqual(['+1', '+2', '+3']);
    now = new Date(now.getTime() + 1_000);
    await d.drain();
    expect((await d.status())[0]).toMatchObject({
      attempts: 2,
      nextAttemptAt: new Date(now.getTime() + 2_000),
    });
    now = new Date(now.getTime() + 2_000);
    await settle(d, async () => (await seen()).length === 5, 'the rest');
    expect(calls).toEqual(['+1', '+2', '+3', '+3', '+3', '+4', '+5']);
    expect((await seen()).map((r) => r.msisdn)).toEqual(['+1', '+2', '+3', '+4', '+5']);
    expect((await d.status())[0]).toMatchObject({ attempts: 0, nextAttemptAt: null, lastError: null });
    expect(lines.filter((l) => l.msg === 'event processor failed; it retries this event later')).toHaveLength(
      2,
    );
  });

  it('run right after the commit when the bus notifies them', async () => {
    const bus = await EventBus.start(handle, captureLog().log);
    const d = new EventDispatcher({ db: handle.db, log: captureLog().log, bus, sweepMs: 60_000 }).register(
      recorder('live'),
    );
    await d.start();
    try {
      await handle.db.transaction().execute(async (trx) => {
        await deleted(1, trx);
        await deleted(2, trx);
      });
      await until(async () => (await seen()).length === 2, 10_000, 'the processor to run');
    } finally {
      await d.stop();
      await bus.close();
    }
  });
});

describe.skipIf(!onPostgres)('events that commit out of order (PostgreSQL)', () => {
  it('are all processed, whichever transaction took its id first', async () => {
    const d = new EventDispatcher({ db: handle.db, log: captureLog().log }).register(recorder('ordered'));
    await d.drain();
    for (const xidFirst of ['A', 'B']) {
      let releaseA!: () => void;
      const aMayCommit = new Promise<void>((resolve) => (releaseA = resolve));
      let aEmitted!: () => void;
      const aHasEmitted = new Promise<void>((resolve) => (aEmitted = resolve));
      let bHasXid!: () => void;
      const bXid = new Promise<void>((resolve) => (bHasXid = resolve));
      const a = handle.db.transaction().execute(async (trx) => {
        if (xidFirst === 'B') await bXid;
        await deleted(xidFirst === 'A' ? 10 : 20, trx); // A's event gets the lower id
        aEmitted();
        await aMayCommit;
      });
      await handle.db.transaction().execute(async (trx) => {
        if (xidFirst === 'B') {
          await sql`select pg_current_xact_id()`.execute(trx);
          bHasXid();
        }
        await aHasEmitted;
        await deleted(xidFirst === 'A' ? 11 : 21, trx);
      });
      // A still open. B's event is processed before A commits only when B's transaction is the older one; either
      // way A's event (the lower id) is not skipped once A commits.
      if (xidFirst === 'A') {
        await d.drain();
        expect((await seen()).map((r) => r.msisdn)).not.toContain('+11');
      } else {
        await settle(
          d,
          async () => (await seen()).some((r) => r.msisdn === '+21'),
          'the older transaction’s event',
        );
      }
      releaseA();
      await a;
    }
    await settle(d, async () => (await seen()).length === 4, 'every event');
    const rows = await seen();
    expect(rows.map((r) => r.msisdn).sort()).toEqual(['+10', '+11', '+20', '+21']);
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(4);
  });
});

describe.skipIf(!onPostgres)('a transaction of another database (PostgreSQL)', () => {
  it('does not hold this database’s events back', async () => {
    const d = new EventDispatcher({ db: handle.db, log: captureLog().log }).register(recorder('elsewhere'));
    await d.drain();
    // DATABASE_URL's own database, beside this file's: a write transaction there, older than the event, stays open.
    const other = new pg.Client({ connectionString: process.env['DATABASE_URL'] });
    await other.connect();
    try {
      await other.query('begin');
      const { rows } = await other.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
      await deleted(30);
      const clusterXmin = await sql<{ xmin: string }>`
        select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(handle.db);
      expect(BigInt(clusterXmin.rows[0]!.xmin)).toBeLessThanOrEqual(BigInt(rows[0]!.xid));
      await settle(d, async () => (await seen()).some((r) => r.msisdn === '+30'), 'the event');
    } finally {
      await other.query('rollback').catch(() => {});
      await other.end();
    }
  });
});

describe('two workers', () => {
  let testDb: TestDatabase | undefined;
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const h of handles) await h.close();
    await testDb?.drop();
  });

  it('never process one event twice and miss none (separate pools on PostgreSQL)', async () => {
    let workers: DatabaseHandle[] = [handle, handle];
    if (onPostgres) {
      testDb = await createTestDatabase();
      for (let i = 0; i < 2; i++) handles.push(await openDatabase({ databaseUrl: testDb.url, poolSize: 4 }));
      await migrate(handles[0]!.db);
      await sql`create table seen (processor text not null, event_id bigint not null, msisdn text)`.execute(
        handles[0]!.db,
      );
      workers = handles;
    }
    const db = workers[0]!.db;
    const buses = await Promise.all(workers.map((w) => EventBus.start(w, captureLog().log)));
    const dispatchers = workers.map((w, i) =>
      new EventDispatcher({ db: w.db, log: captureLog().log, bus: buses[i], sweepMs: 50 }).register(
        recorder('shared', { batchSize: 7 }),
      ),
    );
    await Promise.all(dispatchers.map((d) => d.start()));
    try {
      // Ten writers, thirty transactions each, committing in whatever order they finish.
      await Promise.all(
        Array.from({ length: 10 }, (_, w) =>
          (async () => {
            for (let i = 0; i < 30; i++)
              await db.transaction().execute(async (trx) => {
                await deleted(w * 100 + i, trx);
                await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
              });
          })(),
        ),
      );
      await until(async () => (await seen(db)).length >= 300, 30_000, 'every event processed');
      await new Promise((resolve) => setTimeout(resolve, 200)); // a duplicate would show up by now
    } finally {
      await Promise.all(dispatchers.map((d) => d.stop()));
      await Promise.all(buses.map((b) => b.close()));
    }
    const rows = await seen(db);
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(300);
  });
});
