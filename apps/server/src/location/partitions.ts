import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { MAX_POSITION_AGE_MS } from './pipeline.ts';

/**
 * `positions` is range-partitioned by time (migration 0020): one table per period (a day by default), plus a default
 * partition for anything no period covers. Partitions are created ahead of time, the default partition is drained
 * into periods of its own, and retention drops whole periods (see retention.ts).
 */

export const DAY_MS = 86_400_000;
/** Partitions exist at least this far ahead of the clock. */
export const PARTITION_AHEAD_DAYS = 7;
/** …and from this far back: every time the pipeline accepts (an app's backlog) lands in a period of its own. */
export const PARTITION_BEHIND_MS = MAX_POSITION_AGE_MS + DAY_MS;
export const DEFAULT_PARTITION = 'positions_default';
/** One partition maintainer at a time, across every replica (arbitrary constant shared by the product). */
const PARTITION_LOCK_KEY = 7_305_112_019;

export interface PositionPartition {
  name: string;
  from: Date;
  to: Date;
}

type Executor = Db | Transaction<Database>;

/** The periods of `positions`, oldest first (the default partition is not one). */
export async function listPartitions(db: Executor): Promise<PositionPartition[]> {
  const { rows } = await sql<{ name: string; from_ms: number; to_ms: number }>`
    select c.relname as name,
      (extract(epoch from b[1]::timestamptz) * 1000)::float8 as from_ms,
      (extract(epoch from b[2]::timestamptz) * 1000)::float8 as to_ms
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    cross join lateral regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\) TO \\(''([^'']+)''\\)') b
    where i.inhparent = 'positions'::regclass and b is not null
    order by 2`.execute(db);
  return rows.map((r) => ({
    name: r.name,
    from: new Date(Number(r.from_ms)),
    to: new Date(Number(r.to_ms)),
  }));
}

const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const stamp = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Creates the period [from, to) as a partition. Rows of that period that went to the default partition meanwhile
 * are moved into it in the same transaction (PostgreSQL refuses a partition whose rows sit in the default one).
 */
async function createPartition(tx: Transaction<Database>, from: Date, to: Date): Promise<PositionPartition> {
  const name = `positions_p${stamp(from)}${to.getTime() - from.getTime() === DAY_MS ? '' : `_${stamp(to)}`}`;
  const lo = sql.lit(from.toISOString());
  const hi = sql.lit(to.toISOString());
  const range = sql`time >= ${lo}::timestamptz and time < ${hi}::timestamptz`;
  const { rows } = await sql<{ waiting: boolean }>`
    select exists (select 1 from positions_default where ${range}) as waiting`.execute(tx);
  const waiting = rows[0]!.waiting;
  if (waiting)
    await sql`create temp table positions_moving on commit drop as
      with moved as (delete from positions_default where ${range} returning *) select * from moved`.execute(
      tx,
    );
  await sql`create table ${sql.id(name)} partition of positions for values from (${lo}) to (${hi})`.execute(
    tx,
  );
  if (waiting) {
    await sql`insert into positions select * from positions_moving`.execute(tx);
    await sql`drop table positions_moving`.execute(tx);
  }
  return { name, from, to };
}

async function locked<T>(db: Db, work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${PARTITION_LOCK_KEY})`.execute(tx);
    return work(tx);
  });
}

/**
 * Gives each of the UTC days starting at `days` (epoch ms of midnights) that no period covers a period: `size` long
 * from that day, clipped to the neighbouring periods (every period starts and ends at a UTC midnight, so a day is
 * either covered or lies in a gap). Answers the periods created.
 */
async function coverDays(
  tx: Transaction<Database>,
  days: readonly number[],
  size: number,
): Promise<PositionPartition[]> {
  const periods = await listPartitions(tx);
  const created: PositionPartition[] = [];
  for (const t of days) {
    if (periods.some((p) => p.from.getTime() <= t && t < p.to.getTime())) continue;
    const before = Math.max(
      -Infinity,
      ...periods.filter((p) => p.to.getTime() <= t).map((p) => p.to.getTime()),
    );
    const after = Math.min(
      Infinity,
      ...periods.filter((p) => p.from.getTime() > t).map((p) => p.from.getTime()),
    );
    const period = await createPartition(
      tx,
      new Date(Math.max(before, t)),
      new Date(Math.min(after, t + size)),
    );
    periods.push(period);
    created.push(period);
  }
  return created;
}

/**
 * Periods of `days` days covering every time the pipeline accepts, from PARTITION_BEHIND_MS back to at least
 * PARTITION_AHEAD_DAYS ahead of `now`. Safe on every replica at once. Answers the periods created.
 */
export async function ensurePartitions(db: Db, now: Date, days = 1): Promise<PositionPartition[]> {
  const size = Math.max(1, Math.floor(days)) * DAY_MS;
  const first = dayStart(now.getTime() - PARTITION_BEHIND_MS);
  const until = dayStart(now.getTime()) + (PARTITION_AHEAD_DAYS + 1) * DAY_MS;
  const wanted: number[] = [];
  for (let t = first; t < until; t += DAY_MS) wanted.push(t);
  return locked(db, (tx) => coverDays(tx, wanted, size));
}

export interface DrainReport {
  /** Rows moved from the default partition into periods created for them. */
  moved: number;
  /** Rows deleted from it: older than every company's retention (retention would delete them anyway). */
  expired: number;
  created: PositionPartition[];
}

/**
 * Empties the default partition: rows older than `expiredBefore` are deleted, the others get periods of their own.
 * Rows there mean something wrote outside the prepared periods (a clock far off, partitions not created ahead):
 * the caller logs the report.
 */
export async function drainDefaultPartition(db: Db, expiredBefore: Date, days = 1): Promise<DrainReport> {
  const size = Math.max(1, Math.floor(days)) * DAY_MS;
  return locked(db, async (tx) => {
    const expired = await sql`delete from positions_default where time < ${expiredBefore}`.execute(tx);
    const { rows } = await sql<{ day_ms: number; n: number }>`
      select (extract(epoch from date_trunc('day', time, 'UTC')) * 1000)::float8 as day_ms, count(*)::int as n
      from positions_default group by 1 order by 1`.execute(tx);
    return {
      expired: Number(expired.numAffectedRows ?? 0),
      moved: rows.reduce((sum, r) => sum + r.n, 0),
      created: rows.length
        ? await coverDays(
            tx,
            rows.map((r) => Number(r.day_ms)),
            size,
          )
        : [],
    };
  });
}

/** Detaches and drops every period that ends at or before `horizon`. Answers the dropped periods. */
export async function dropPartitionsBefore(db: Db, horizon: Date): Promise<PositionPartition[]> {
  return locked(db, async (tx) => {
    const old = (await listPartitions(tx)).filter((p) => p.to.getTime() <= horizon.getTime());
    for (const p of old) {
      await sql`alter table positions detach partition ${sql.id(p.name)}`.execute(tx);
      await sql`drop table ${sql.id(p.name)}`.execute(tx);
    }
    return old;
  });
}
