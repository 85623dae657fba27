import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { pipelinedTransaction } from './pipelined.ts';
import { PREPARED } from './prepared.ts';

const url = process.env['DATABASE_URL'];
const table = `pipelined_${randomBytes(4).toString('hex')}`;
let handle: DatabaseHandle;
let pool: pg.Pool;

beforeAll(async () => {
  if (!url) return;
  handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
  pool = handle.pipelined!;
  await sql`create table ${sql.table(table)} (id int primary key, note text)`.execute(handle.db);
});
afterAll(async () => {
  if (!url) return;
  await sql`drop table if exists ${sql.table(table)}`.execute(handle.db);
  await handle.close();
});
beforeEach(async () => {
  if (url) await sql`truncate ${sql.table(table)}`.execute(handle.db);
});

const insert = (id: number, note = 'x') => sql`insert into ${sql.table(table)} values (${id}, ${note})`;
const rows = async () =>
  (
    await sql<{ id: number; note: string }>`select id, note from ${sql.table(table)} order by id`.execute(
      handle.db,
    )
  ).rows;

/** Counts the writes to PostgreSQL's socket of every connection of the pool (corked statements: one write). */
async function countingWrites(): Promise<{ writes: () => number }> {
  const clients = await Promise.all([pool.connect(), pool.connect()]);
  let writes = 0;
  for (const client of clients) {
    const stream = (client as unknown as { connection: { stream: Record<string, unknown> } }).connection
      .stream;
    for (const method of ['_write', '_writev'] as const) {
      const original = stream[method] as (...args: unknown[]) => unknown;
      stream[method] = function (this: unknown, ...args: unknown[]) {
        writes++;
        return original.apply(this, args);
      };
    }
    client.release();
  }
  return { writes: () => writes };
}

describe.skipIf(!url)('pipelinedTransaction', () => {
  it('a database handle with its pipelined connections closes once, however often it is asked', async () => {
    const other = await openDatabase({ databaseUrl: url, poolSize: 1 });
    await pipelinedTransaction(other.pipelined!, async (tx) => {
      await sql`select 1`.execute(tx);
      return { value: undefined, last: [] };
    });
    await Promise.all([other.close(), other.close()]);
    await other.close();
  });

  it('commits the body and its last statements together and answers the value', async () => {
    const value = await pipelinedTransaction(pool, async (tx) => {
      await insert(1).execute(tx);
      const { rows: read } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)}`.execute(tx);
      return { value: read[0]!.n, last: [insert(2, 'last').compile(tx), insert(3, 'last').compile(tx)] };
    });
    expect(value).toBe(1);
    expect(await rows()).toEqual([
      { id: 1, note: 'x' },
      { id: 2, note: 'last' },
      { id: 3, note: 'last' },
    ]);
  });

  it('writes BEGIN with the first statement and the last statements with COMMIT: two writes for one statement', async () => {
    const { writes } = await countingWrites();
    const before = writes();
    await pipelinedTransaction(pool, async (tx) => {
      // A prepared statement (Parse, Bind, Describe, Execute, Sync) behind BEGIN.
      await sql`${PREPARED}insert into ${sql.table(table)} values (${10}, ${'p'})`.execute(tx);
      return { value: undefined, last: [insert(11).compile(tx)] };
    });
    expect(writes() - before).toBe(2);
    expect((await rows()).map((r) => r.id)).toEqual([10, 11]);
  });

  it('rolls back everything when the body fails, and the connection serves the next transaction', async () => {
    await expect(
      pipelinedTransaction(pool, async (tx) => {
        await insert(1).execute(tx);
        throw new Error('the body failed');
      }),
    ).rejects.toThrow('the body failed');
    await expect(
      pipelinedTransaction(pool, async (tx) => {
        await insert(1).execute(tx);
        await insert(1).execute(tx); // duplicate key
        return { value: undefined, last: [] };
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await rows()).toEqual([]);
    for (let i = 0; i < 3; i++)
      await pipelinedTransaction(pool, async (tx) => {
        await insert(20 + i).execute(tx);
        return { value: undefined, last: [] };
      });
    expect((await rows()).map((r) => r.id)).toEqual([20, 21, 22]);
  });

  it('fails and rolls back when a last statement fails (PostgreSQL answers its COMMIT with ROLLBACK)', async () => {
    await expect(
      pipelinedTransaction(pool, async (tx) => {
        await insert(1).execute(tx);
        return {
          value: 'never',
          last: [insert(2).compile(tx), insert(1).compile(tx), insert(3).compile(tx)],
        };
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await rows()).toEqual([]);
    await pipelinedTransaction(pool, async (tx) => {
      await insert(4).execute(tx);
      return { value: undefined, last: [] };
    });
    expect((await rows()).map((r) => r.id)).toEqual([4]);
  });

  it('runs transactions on the pool side by side, each atomic', async () => {
    await Promise.all(
      [0, 1, 2, 3].map((k) =>
        pipelinedTransaction(pool, async (tx) => {
          await insert(100 + k).execute(tx);
          await sql`select pg_sleep(0.02)`.execute(tx);
          if (k === 2) throw new Error('one fails');
          return { value: undefined, last: [insert(200 + k).compile(tx)] };
        }).catch(() => undefined),
      ),
    );
    expect((await rows()).map((r) => r.id)).toEqual([100, 101, 103, 200, 201, 203]);
  });

  it('a statement given without waiting for the one before is written behind it in the transaction', async () => {
    const { writes } = await countingWrites();
    const before = writes();
    await pipelinedTransaction(pool, async (tx) => {
      const first = insert(1).execute(tx);
      const second = sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(tx);
      await first;
      return { value: (await second).rows[0]!.n, last: [] };
    }).then((n) => expect(n).toBe(1));
    // BEGIN with the insert, the count behind it, COMMIT.
    expect(writes() - before).toBe(3);
  });
});
