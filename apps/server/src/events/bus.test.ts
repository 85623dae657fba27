import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, until } from '../../test/capture-log.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { EventBus, notify } from './bus.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.dispose();
});

describe('event bus', () => {
  it('delivers notifications per channel after commit, to every subscriber, until it unsubscribes', async () => {
    const bus = await EventBus.start(handle, captureLog().log);
    const got: string[] = [];
    const offA = await bus.subscribe('chan_a', (p) => got.push(`a1:${p}`));
    await bus.subscribe('chan_a', (p) => got.push(`a2:${p}`));
    await bus.subscribe('chan_b', (p) => got.push(`b:${p}`));
    await handle.db.transaction().execute(async (trx) => {
      await notify(trx, 'chan_a', 'x');
      await notify(trx, 'chan_b', 'y');
      await sql`select pg_sleep(0.05)`.execute(trx);
      expect(got).toEqual([]); // nothing before the commit
    });
    await until(() => got.length === 3, 5_000, 'three deliveries');
    expect(got.sort()).toEqual(['a1:x', 'a2:x', 'b:y']);

    await expect(
      handle.db.transaction().execute(async (trx) => {
        await notify(trx, 'chan_b', 'rolled back');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await offA();
    await notify(handle.db, 'chan_a', 'z');
    await until(() => got.includes('a2:z'), 5_000, 'the remaining subscriber');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(got.filter((g) => g.endsWith(':z'))).toEqual(['a2:z']);
    expect(got).not.toContain('b:rolled back');
    await bus.close();
  });
});

describe.skipIf(!process.env['DATABASE_URL'])('event bus on PostgreSQL', () => {
  it('reconnects after its LISTEN connection is killed, with backoff that resets after each success', async () => {
    const { log, lines } = captureLog();
    const bus = await EventBus.start(handle, log, { minDelayMs: 40, maxDelayMs: 5_000, random: () => 1 });
    const got: string[] = [];
    let reconnects = 0;
    bus.onReconnect(() => reconnects++);
    await bus.subscribe('lbs_test', (p) => got.push(p));
    const database = (await sql<{ db: string }>`select current_database() as db`.execute(handle.db)).rows[0]!
      .db;
    const admin = new pg.Client({ connectionString: process.env['DATABASE_URL'] });
    await admin.connect();
    const kill = () =>
      admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'lbs-bus' and datname = $1`,
        [database],
      );
    const lost = () => lines.filter((l) => l.msg === 'event bus: LISTEN connection lost; reconnecting');
    try {
      for (let round = 1; round <= 2; round++) {
        await kill();
        await until(() => reconnects === round, 10_000, `reconnect ${round}`);
        await notify(handle.db, 'lbs_test', `after ${round}`);
        await until(() => got.includes(`after ${round}`), 5_000, `a notification after reconnect ${round}`);
      }
      // Each loss after a successful reconnect starts again at the first attempt and the shortest delay.
      expect(lost().map((l) => [l['attempt'], l['delay']])).toEqual([
        [1, 40],
        [1, 40],
      ]);

      // While the database refuses connections, the attempts count up and the delay doubles.
      await admin.query(`alter database ${database} with allow_connections false`);
      await kill();
      await until(() => lost().length >= 5, 10_000, 'three failed attempts');
      await admin.query(`alter database ${database} with allow_connections true`);
      await until(() => reconnects === 3, 15_000, 'reconnect 3');
      expect(
        lost()
          .slice(2, 5)
          .map((l) => [l['attempt'], l['delay']]),
      ).toEqual([
        [1, 40],
        [2, 80],
        [3, 160],
      ]);
      await kill();
      await until(() => reconnects === 4, 10_000, 'reconnect 4');
      expect(lost().at(-1)).toMatchObject({ attempt: 1, delay: 40 });
      await notify(handle.db, 'lbs_test', 'at last');
      await until(() => got.includes('at last'), 5_000, 'a notification after reconnect 4');
    } finally {
      await admin.query(`alter database ${database} with allow_connections true`).catch(() => {});
      await admin.end();
      await bus.close();
    }
  });
});
