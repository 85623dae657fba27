/**
 * Ingest: positions per second through the real pipeline (validate → batched insert + latest-position upsert +
 * NOTIFY, group-committed) against a raw COPY of the same rows into the same table, in the same run and database.
 */
import { Readable } from 'node:stream';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '@lbs/server/internal/db/database.ts';
import { pipelineOptions } from '@lbs/server/internal/location/index.ts';
import { PositionPipeline, type PositionInput } from '@lbs/server/internal/location/pipeline.ts';
import { benchCompany, benchDatabase, benchMsisdns, rate, type BenchRow } from './location-setup.ts';

const POSITIONS = Number(process.env['BENCH_INGEST_POSITIONS'] ?? 100_000);
const DEVICES = 2000;

function positions(ids: number[], count: number): PositionInput[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    msisdnId: ids[i % ids.length]!,
    time: new Date(now - (count - i) * 10),
    lat: 24.7 + ((i * 7919) % 1000) / 10_000,
    lon: 46.6 + ((i * 104_729) % 1000) / 10_000,
    accuracyM: 10 + (i % 50),
    source: 'OSMAND' as const,
    extra: { speedKnots: i % 30, battery: 50 + (i % 50) },
  }));
}

async function truncate(handle: DatabaseHandle): Promise<void> {
  await sql`truncate positions, latest_positions`.execute(handle.db);
}

/** Many devices, one position per submit (like the HTTP ingest), `concurrency` in flight. */
async function throughPipeline(
  pipeline: PositionPipeline,
  rows: PositionInput[],
  perSubmit: number,
  concurrency: number,
): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < rows.length) {
        const start = next;
        next += perSubmit;
        const { rejected } = await pipeline.submit(rows.slice(start, start + perSubmit));
        if (rejected.length) throw new Error(`pipeline rejected ${rejected.length} positions`);
      }
    }),
  );
  return performance.now() - started;
}

function csv(rows: PositionInput[]): string {
  return (
    rows
      .map(
        (p) =>
          `${p.msisdnId},${p.time.toISOString()},${p.lat},${p.lon},${p.accuracyM},${p.source},"${JSON.stringify(p.extra).replace(/"/g, '""')}"`,
      )
      .join('\n') + '\n'
  );
}

async function rawCopy(handle: DatabaseHandle, rows: PositionInput[]): Promise<number> {
  const statement =
    'copy positions (msisdn_id, time, lat, lon, accuracy_m, source, extra) from stdin with (format csv)';
  const data = csv(rows);
  const started = performance.now();
  if (handle.pool) {
    const client = await handle.pool.connect();
    try {
      await streamPipeline(Readable.from([data]), client.query(copyFrom(statement)));
    } finally {
      client.release();
    }
  } else {
    await handle.pglite!.query(statement.replace('from stdin', "from '/dev/blob'"), [], {
      blob: new Blob([data]),
    });
  }
  return performance.now() - started;
}

export async function benchIngest(): Promise<BenchRow[]> {
  const database = await benchDatabase();
  try {
    const { handle } = database;
    const org = await benchCompany(handle.db, 'INGEST');
    const ids = await benchMsisdns(handle.db, org, DEVICES, (i) => `+999100${String(i).padStart(6, '0')}`);
    const rows = positions(ids, POSITIONS);
    // As the server composes it (two batches at once on PostgreSQL), without steps.
    const pipeline = new PositionPipeline(handle.db, pipelineOptions(handle));
    await throughPipeline(pipeline, positions(ids, 2000), 100, 4); // warm-up
    await truncate(handle);
    const single = rows.slice(0, Math.min(POSITIONS, 30_000));
    const singleMs = await throughPipeline(pipeline, single, 1, 256);
    await truncate(handle);
    const batchedMs = await throughPipeline(pipeline, rows, 500, 4);
    const stored = Number(
      (await sql<{ n: number }>`select count(*)::int as n from positions`.execute(handle.db)).rows[0]!.n,
    );
    if (stored !== rows.length) throw new Error(`pipeline stored ${stored} of ${rows.length}`);
    await truncate(handle);
    const copyMs = await rawCopy(handle, rows);
    const copied = Number(
      (await sql<{ n: number }>`select count(*)::int as n from positions`.execute(handle.db)).rows[0]!.n,
    );
    if (copied !== rows.length) throw new Error(`COPY stored ${copied} of ${rows.length}`);
    const pipelineSingle = rate(single.length, singleMs);
    const pipelineBatched = rate(rows.length, batchedMs);
    const copy = rate(rows.length, copyMs);
    return [
      {
        bench: 'ingest',
        metric: `pipeline, 1 position per submit, 256 concurrent (${single.length})`,
        value: pipelineSingle,
        unit: 'positions/s',
      },
      {
        bench: 'ingest',
        metric: `pipeline, 500 per submit, 4 concurrent (${rows.length})`,
        value: pipelineBatched,
        unit: 'positions/s',
      },
      {
        bench: 'ingest',
        metric: `raw COPY into positions (${rows.length})`,
        value: copy,
        unit: 'positions/s',
      },
      {
        bench: 'ingest',
        metric: 'ratio pipeline (1 per submit) / COPY',
        value: pipelineSingle / copy,
        unit: 'ratio',
      },
      {
        bench: 'ingest',
        metric: 'ratio pipeline (500 per submit) / COPY',
        value: pipelineBatched / copy,
        unit: 'ratio',
      },
    ];
  } finally {
    await database.dispose();
  }
}
