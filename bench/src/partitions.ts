/**
 * Positions partitioned by time (issue 18), against the same rows in one plain table (the schema before migration
 * 0020, primary key on id) in the same run and database:
 * - BENCH_PARTITION_ROWS positions (default 10 million) over 30 days, a fix every 5 minutes per MSISDN, generated
 *   in the database a day at a time, interleaved across MSISDNs as they arrive, then vacuumed as autovacuum would;
 * - a location-history read (one MSISDN, one day, as GET /positions/history asks) at 16 connections: p50/p99 on
 *   each, in the database (thin client: target p99 ≤ 20 ms) and through the server's driver;
 * - retention of one day (~330,000 rows): dropping that day's period vs the chunked DELETE the plain table needed.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import {
  drainDefaultPartition,
  dropPartitionsBefore,
  ensurePartitions,
  listPartitions,
} from '@lbs/server/internal/location/partitions.ts';
import { benchCompany, benchDatabase, benchMsisdns, type BenchRow } from './location-setup.ts';

const ROWS = Number(process.env['BENCH_PARTITION_ROWS'] ?? 10_000_000);
const DAYS = 30;
const EVERY_MIN = 5;
const MSISDNS = Math.ceil(ROWS / ((DAYS * 24 * 60) / EVERY_MIN));
const QUERIES = 4000;
const CONNECTIONS = 16;
const DAY = 86_400_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function benchPartitions(): Promise<BenchRow[]> {
  if (!process.env['DATABASE_URL']) return []; // ten million rows are a PostgreSQL bench
  const database = await benchDatabase(CONNECTIONS + 2);
  try {
    const { db } = database.handle;
    const org = await benchCompany(db, 'PARTS');
    const ids = await benchMsisdns(db, org, MSISDNS, (i) => `+999300${String(i).padStart(6, '0')}`);
    const now = Date.now();
    const start = now - DAYS * DAY;
    await ensurePartitions(db, new Date(now));
    // Written a day at a time, each into its period, in the order they arrive (every MSISDN's fix of one moment, then
    // the next moment's).
    const loadStarted = performance.now();
    for (let day = Math.floor(start / DAY) * DAY; day < now; day += DAY) {
      const from = new Date(Math.max(day, start));
      const to = new Date(Math.min(day + DAY, now));
      await sql`
        insert into positions (msisdn_id, time, lat, lon, accuracy_m, source)
        select m, t, 24.7 + (m % 97) / 1000.0, 46.7 + (extract(minute from t)) / 10000.0, 300, 'NETWORK'
        from generate_series(${from}::timestamptz, ${to}::timestamptz - interval '1 millisecond',
                             make_interval(mins => ${EVERY_MIN})) t
        cross join unnest(${ids}::int[]) m
        order by t, m`.execute(db);
    }
    await drainDefaultPartition(db, new Date(0));
    const loadMs = performance.now() - loadStarted;
    const [{ n }] = (await sql<{ n: number }>`select count(*)::int as n from positions`.execute(db)).rows as [
      { n: number },
    ];
    // The same rows in the table as it was before partitioning.
    await sql`create table positions_flat (like positions including defaults including constraints)`.execute(
      db,
    );
    await sql`insert into positions_flat select * from positions order by id`.execute(db);
    await sql`alter table positions_flat add primary key (id)`.execute(db);
    await sql`create index on positions_flat (msisdn_id, time desc)
      include (id, lat, lon, accuracy_m, source, received_at)`.execute(db);
    await sql`create index on positions_flat (time)`.execute(db);
    // As autovacuum leaves days that are no longer written (insert-only tables are vacuumed since PostgreSQL 13):
    // the visibility map set, so a day's history is read from the index alone.
    await sql`vacuum analyze positions`.execute(db);
    await sql`vacuum analyze positions_flat`.execute(db);

    // History of one MSISDN for one day, random MSISDN and day, at 16 connections; one table, then the other, then
    // both again (the second round is measured: both warm). Measured two ways:
    // - in the database: a thin client (a prepared statement, rows left as PostgreSQL's text), as pgbench would —
    //   the read the partitioning is about, and the target's figure;
    // - through the server's driver (Kysely, every row made into JavaScript values): what a replica pays, which on
    //   this machine shares its cores with the database and is the larger part.
    type Table = 'positions' | 'positions_flat';
    type Way = 'database' | 'driver';
    const pool = database.handle.pool!;
    const text = (table: Table) => `select id, time, lat, lon, accuracy_m, source, received_at from ${table}
        where msisdn_id = $1 and time >= $2 and time < $3 order by time desc, id desc limit 500`;
    const asText = { getTypeParser: () => (v: string) => v };
    const history = (way: Way, table: Table, msisdn: number, from: Date) => {
      const to = new Date(from.getTime() + DAY);
      return way === 'database'
        ? pool.query({
            name: `history-${table}`,
            text: text(table),
            values: [msisdn, from, to],
            rowMode: 'array',
            types: asText,
          })
        : sql`select id, time, lat, lon, accuracy_m, source, received_at from ${sql.table(table)}
            where msisdn_id = ${msisdn} and time >= ${from} and time < ${to}
            order by time desc, id desc limit 500`.execute(db);
    };
    const latencies: Record<Way, Record<Table, number[]>> = {
      database: { positions: [], positions_flat: [] },
      driver: { positions: [], positions_flat: [] },
    };
    const load = async (way: Way, table: Table, measured: boolean) => {
      let seed = 12345;
      const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
      let left = QUERIES;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (left-- > 0) {
            const msisdn = ids[Math.floor(random() * ids.length)]!;
            const from = new Date(start + random() * (now - start - DAY));
            const t0 = performance.now();
            await history(way, table, msisdn, from);
            if (measured) latencies[way][table].push(performance.now() - t0);
          }
        }),
      );
    };
    for (const way of ['database', 'driver'] as const)
      for (const measured of [false, true]) {
        await load(way, 'positions_flat', measured);
        await load(way, 'positions', measured);
      }
    const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
    const part = sorted(latencies.database.positions);
    const flat = sorted(latencies.database.positions_flat);
    const partDriver = sorted(latencies.driver.positions);
    const flatDriver = sorted(latencies.driver.positions_flat);

    // Retention of the oldest day (and the partial one before it): their periods dropped vs the plain table's
    // chunked DELETE of the same rows.
    const oldest = (await listPartitions(db)).find((p) => p.from.getTime() >= start)!;
    const [{ dayRows }] = (
      await sql<{ dayRows: number }>`select count(*)::int as "dayRows" from positions
        where time < ${oldest.to}`.execute(db)
    ).rows as [{ dayRows: number }];
    const d0 = performance.now();
    for (;;) {
      const r = await sql`delete from positions_flat where id in (
          select id from positions_flat where time < ${oldest.to} limit 10000)`.execute(db);
      if (Number(r.numAffectedRows ?? 0) < 10_000) break;
    }
    const deleteMs = performance.now() - d0;
    const p0 = performance.now();
    await dropPartitionsBefore(db, oldest.to);
    const dropMs = performance.now() - p0;
    return [
      {
        bench: 'partitions',
        metric: `positions written in daily periods (${n} rows, ${(loadMs / 1000).toFixed(0)} s)`,
        value: (n * 1000) / loadMs,
        unit: 'rows/s',
      },
      {
        bench: 'partitions',
        metric: `history of one MSISDN and day at ${CONNECTIONS} connections, in the database, partitioned: p50`,
        value: percentile(part, 50),
        unit: 'ms',
      },
      {
        bench: 'partitions',
        metric: 'history of one MSISDN and day, in the database, partitioned: p99 (target ≤ 20 ms)',
        value: percentile(part, 99),
        unit: 'ms',
      },
      {
        bench: 'partitions',
        metric: 'history of one MSISDN and day, in the database, one table: p99',
        value: percentile(flat, 99),
        unit: 'ms',
      },
      {
        bench: 'partitions',
        metric: 'history p99 in the database, partitioned / one table (goal ≤ 1)',
        value: percentile(part, 99) / percentile(flat, 99),
        unit: 'ratio',
      },
      {
        bench: 'partitions',
        metric: `history through the server's driver at ${CONNECTIONS} connections, partitioned: p50`,
        value: percentile(partDriver, 50),
        unit: 'ms',
      },
      {
        bench: 'partitions',
        metric: "history through the server's driver, partitioned: p99",
        value: percentile(partDriver, 99),
        unit: 'ms',
      },
      {
        bench: 'partitions',
        metric: "history through the server's driver, one table: p99",
        value: percentile(flatDriver, 99),
        unit: 'ms',
      },
      {
        bench: 'partitions',
        metric: `retention of one day (${dayRows} rows): drop the period`,
        value: dropMs,
        unit: 'ms',
      },
      {
        bench: 'partitions',
        metric: 'retention of one day: chunked DELETE from one table',
        value: deleteMs,
        unit: 'ms',
      },
      { bench: 'partitions', metric: 'retention drop / DELETE', value: dropMs / deleteMs, unit: 'ratio' },
    ];
  } finally {
    await database.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await benchPartitions())
    console.log(`${row.metric}: ${row.value.toFixed(row.unit === 'ratio' ? 4 : 1)} ${row.unit}`);
  process.exit(0);
}
