import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { openDatabase, type Db, type DatabaseHandle } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import {
  drainDefaultPartition,
  ensurePartitions,
  listPartitions,
  PARTITION_AHEAD_DAYS,
  PARTITION_BEHIND_MS,
} from './partitions.ts';
import { runRetention } from './retention.ts';
import { companyWithMsisdns } from '../../test/location-fixtures.ts';

const DAY = 86_400_000;
const NOW = new Date();
const dayOf = (ms: number) => Math.floor(ms / DAY) * DAY;
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
const onPostgres = Boolean(process.env['DATABASE_URL']);

let testDb: TestDatabase | undefined;
const handles: DatabaseHandle[] = [];

async function open(until?: string): Promise<Db> {
  testDb ??= await createTestDatabase();
  const handle = await openDatabase({ databaseUrl: testDb.url, dataDir: testDb.dataDir });
  handles.push(handle);
  await migrate(handle.db, { until });
  return handle.db;
}

afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  await testDb?.drop();
  testDb = undefined;
});

/** One position per MSISDN every `everyMinutes` from `from` until `to`, written as the pipeline would. */
async function positions(db: Db, msisdnIds: number[], from: Date, to: Date, everyMinutes: number) {
  await sql`
    insert into positions (msisdn_id, time, lat, lon, accuracy_m, source)
    select m, t, 24.7 + (m % 100) / 1000.0, 46.7, 300, 'NETWORK'
    from unnest(${msisdnIds}::int[]) m
    cross join generate_series(${from}::timestamptz, ${to}::timestamptz - interval '1 second',
                               make_interval(mins => ${everyMinutes})) t`.execute(db);
}

const partitionOf = async (db: Db, id: number) =>
  (
    await sql<{
      name: string;
    }>`select tableoid::regclass::text as name from positions where id = ${id}`.execute(db)
  ).rows[0]?.name;

describe('positions partitioned by time', () => {
  it('a new database has a partitioned table, a default partition and periods from today', async () => {
    const db = await open();
    const { rows } = await sql<{ kind: string }>`
      select c.relkind as kind from pg_class c where c.oid = 'positions'::regclass`.execute(db);
    expect(rows[0]!.kind).toBe('p');
    const today = dayOf(Date.now());
    const periods = await listPartitions(db);
    expect(periods.map((p) => [p.from.getTime(), p.to.getTime()])).toEqual([
      [today, today + DAY],
      [today + DAY, today + 2 * DAY],
    ]);
    const [{ n }] = (
      await sql<{
        n: number;
      }>`select count(*)::int as n from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'positions'::regclass and c.relname = 'positions_default'`.execute(db)
    ).rows as [{ n: number }];
    expect(n).toBe(1);
  });

  it('creates daily periods from the oldest accepted time to a week ahead, once, without gaps', async () => {
    const db = await open();
    const created = await ensurePartitions(db, NOW);
    expect(created.length).toBeGreaterThan(30);
    const periods = await listPartitions(db);
    const first = dayOf(NOW.getTime() - PARTITION_BEHIND_MS);
    expect(periods[0]!.from.getTime()).toBe(first);
    expect(periods.at(-1)!.to.getTime()).toBeGreaterThanOrEqual(NOW.getTime() + PARTITION_AHEAD_DAYS * DAY);
    for (let i = 1; i < periods.length; i++) expect(periods[i]!.from).toEqual(periods[i - 1]!.to);
    expect(periods.every((p) => p.to.getTime() - p.from.getTime() === DAY)).toBe(true);
    expect(await ensurePartitions(db, NOW)).toEqual([]);
    // A week later only the new days are added, in periods of the size asked for.
    const later = await ensurePartitions(db, new Date(NOW.getTime() + 7 * DAY), 3);
    expect(later.map((p) => [p.from.getTime(), (p.to.getTime() - p.from.getTime()) / DAY])).toEqual([
      [periods.at(-1)!.to.getTime(), 3],
      [periods.at(-1)!.to.getTime() + 3 * DAY, 3],
      [periods.at(-1)!.to.getTime() + 6 * DAY, 3],
    ]);
  });

  it.skipIf(!onPostgres)('two replicas creating periods at once create each once', async () => {
    const a = await open();
    const b = await open();
    const [x, y] = await Promise.all([ensurePartitions(a, NOW), ensurePartitions(b, NOW)]);
    // The migration made today's and tomorrow's; each other period was made by exactly one of the two.
    expect(x.length * y.length).toBe(0);
    expect(x.length + y.length).toBe((await listPartitions(a)).length - 2);
  });

  it('moves rows no period covers out of the default partition, and deletes expired ones there', async () => {
    const db = await open();
    await ensurePartitions(db, NOW);
    const [m] = await companyWithMsisdns(db, 'ALPHA', 1, 400);
    const far = new Date('2025-03-14T12:00:00Z'); // before every period: the default partition
    const older = new Date('2024-01-01T00:00:00Z');
    const ids = (
      await db
        .insertInto('positions')
        .values(
          [far, older, NOW].map((time) => ({
            msisdn_id: m!,
            time,
            lat: 1,
            lon: 2,
            accuracy_m: 50,
            source: 'NETWORK' as const,
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => Number(r.id));
    expect(await partitionOf(db, ids[0]!)).toBe('positions_default');
    expect(await partitionOf(db, ids[2]!)).toBe(`positions_p${stamp(NOW.getTime())}`);

    const report = await drainDefaultPartition(db, new Date('2025-01-01T00:00:00Z'));
    expect(report).toMatchObject({ moved: 1, expired: 1 });
    expect(report.created.map((p) => p.name)).toEqual(['positions_p20250314']);
    expect(await partitionOf(db, ids[0]!)).toBe('positions_p20250314');
    expect(await partitionOf(db, ids[1]!)).toBeUndefined();
    const [{ n }] = (await sql<{ n: number }>`select count(*)::int as n from positions_default`.execute(db))
      .rows as [{ n: number }];
    expect(n).toBe(0);
    expect(await drainDefaultPartition(db, new Date('2025-01-01T00:00:00Z'))).toEqual({
      moved: 0,
      expired: 0,
      created: [],
    });
  });

  it('retention drops whole periods older than every company keeps, and deletes per company in newer ones', async () => {
    const db = await open();
    await ensurePartitions(db, NOW);
    const short = await companyWithMsisdns(db, 'SHORT', 3, 7);
    const long = await companyWithMsisdns(db, 'LONG', 3, 45);
    // 60 days back, hourly: the oldest days went to the default partition and get periods of their own.
    await positions(db, [...short, ...long], new Date(NOW.getTime() - 60 * DAY), NOW, 60);
    await drainDefaultPartition(db, new Date(0));
    const before = await listPartitions(db);

    const report = await runRetention(db, NOW);
    const horizon = NOW.getTime() - 45 * DAY;
    expect(report.partitions.sort()).toEqual(
      before
        .filter((p) => p.to.getTime() <= horizon)
        .map((p) => p.name)
        .sort(),
    );
    expect(report.partitions.length).toBeGreaterThanOrEqual(14);
    const ages = async (ids: number[]) => {
      const { rows } = await sql<{ oldest: Date; n: number }>`
        select min(time) as oldest, count(*)::int as n from positions where msisdn_id = any(${ids}::int[])`.execute(
        db,
      );
      return { days: (NOW.getTime() - new Date(rows[0]!.oldest).getTime()) / DAY, n: rows[0]!.n };
    };
    const s = await ages(short);
    const l = await ages(long);
    expect(s.days).toBeLessThanOrEqual(7);
    expect(s.days).toBeGreaterThan(6.9);
    expect(s.n).toBe(3 * 7 * 24);
    expect(l.days).toBeLessThanOrEqual(45);
    expect(l.days).toBeGreaterThan(44.9);
    expect(l.n).toBe(3 * 45 * 24);
    // Nothing left to do.
    expect(await runRetention(db, NOW)).toMatchObject({ positions: 0, partitions: [] });
  });

  it('reads one MSISDN’s day from the index alone (the history’s columns are in it)', async () => {
    const db = await open();
    await ensurePartitions(db, NOW);
    const ids = await companyWithMsisdns(db, 'COVER', 20, 30);
    const from = new Date(dayOf(NOW.getTime()) - 2 * DAY);
    await positions(db, ids, from, new Date(from.getTime() + 2 * DAY), 5);
    await sql`vacuum analyze positions`.execute(db);
    const plan = await db.transaction().execute(async (tx) => {
      // Too few rows for the planner to prefer an index on its own: the question is whether it can use it alone.
      await sql`set local enable_seqscan = off`.execute(tx);
      await sql`set local enable_bitmapscan = off`.execute(tx);
      // The columns and order of positionsRepository.history (and the presence catch-up's subset).
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        explain (analyze, costs off, timing off, summary off)
        select id, time, lat, lon, accuracy_m, source, received_at from positions
        where msisdn_id = ${ids[7]!} and time >= ${new Date(from.getTime() + DAY)}
          and time < ${new Date(from.getTime() + 2 * DAY)}
        order by time desc, id desc limit 501`.execute(tx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Only Scan');
    expect(plan).toMatch(/Heap Fetches: 0/);
    expect(plan).toMatch(/rows=288/);
  });

  it('converts an existing table in place: every row kept with its id, ids continue', async () => {
    const db = await open('0019-notifications');
    const ids = await companyWithMsisdns(db, 'OLD', onPostgres ? 100 : 10, 90);
    // 40 days of positions every 10 minutes (PostgreSQL: 576,000 rows).
    await positions(db, ids, new Date(Date.now() - 40 * DAY), new Date(), 10);
    const fingerprint = () =>
      sql<{ n: number; ids: string; times: string; coords: string }>`
        select count(*)::int as n, sum(id)::text as ids, sum(extract(epoch from time))::text as times,
               sum(lat::numeric + lon::numeric)::text as coords from positions`.execute(db);
    const before = (await fingerprint()).rows[0]!;
    const maxId = Number(
      (await sql<{ m: string }>`select max(id)::text as m from positions`.execute(db)).rows[0]!.m,
    );

    expect(await migrate(db, { until: '0020-positions-partitioned' })).toEqual([
      '0020-positions-partitioned',
    ]);
    expect((await fingerprint()).rows[0]).toEqual(before);
    const periods = await listPartitions(db);
    const today = dayOf(Date.now());
    // The old rows are one period up to tomorrow, then tomorrow's own.
    expect(periods[0]!.to.getTime()).toBe(today + DAY);
    expect(periods[0]!.from.getTime()).toBe(dayOf(Date.now() - 40 * DAY));
    expect(periods.slice(1).map((p) => p.from.getTime())).toEqual([today + DAY]);
    const [{ n }] = (await sql<{ n: number }>`select count(*)::int as n from positions_default`.execute(db))
      .rows as [{ n: number }];
    expect(n).toBe(0);
    const next = await db
      .insertInto('positions')
      .values({ msisdn_id: ids[0]!, time: new Date(), lat: 1, lon: 1, accuracy_m: null, source: 'NETWORK' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(Number(next.id)).toBeGreaterThan(maxId);
    // A query by MSISDN and time reads only the periods of its range (here tomorrow's).
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select * from positions
      where msisdn_id = ${ids[0]!} and time >= ${new Date(today + DAY)} and time < ${new Date(today + 2 * DAY)}`.execute(
      db,
    );
    const scanned = new Set(
      plan.rows.flatMap((r) => r['QUERY PLAN'].match(/positions_(p\d+(_\d+)?|default)\b/g) ?? []),
    );
    expect([...scanned]).toEqual([`positions_p${stamp(today + DAY)}`]);
  });
});
