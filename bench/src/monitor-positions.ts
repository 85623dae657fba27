/**
 * GET /monitor/positions with 10,000 MSISDNs in the caller's scope (a CompanyAdmin): latency at 64 connections
 * against the trivial route (GET /healthz) of the same server, in the same run.
 */
import { get } from 'node:http';
import { sql } from 'kysely';
import autocannon from 'autocannon';
import { API_BASE_PATH } from '@lbs/contracts';
import { mintWithSigningKey } from './access-token.ts';
import { benchMsisdns, benchServer, type BenchRow } from './location-setup.ts';

const MSISDNS = Number(process.env['BENCH_MONITOR_MSISDNS'] ?? 10_000);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 64);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 10);
const WARMUP_S = Number(process.env['BENCH_WARMUP'] ?? 2);

/** Bytes on the wire of one gzip answer (node's fetch would decompress it, so a raw http request). */
function compressedSize(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { ...headers, 'accept-encoding': 'gzip' } }, (response) => {
      let n = 0;
      response.on('data', (chunk: Buffer) => (n += chunk.length));
      response.on('end', () =>
        response.headers['content-encoding'] === 'gzip' ? resolve(n) : reject(new Error('not gzip')),
      );
    }).on('error', reject);
  });
}

async function load(url: string, headers: Record<string, string>) {
  if (WARMUP_S > 0)
    await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_S, workers: 1 });
  return autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S, workers: 1 });
}

export async function benchMonitorPositions(): Promise<BenchRow[]> {
  const { server, dispose } = await benchServer();
  try {
    const { db } = server.context;
    const admin = await db
      .selectFrom('users')
      .select(['company_id', 'department_id', 'designation_id'])
      .where('username', '=', 'companyadmin')
      .executeTakeFirstOrThrow();
    const companyId = admin.company_id!;
    const existing = Number(
      (
        await db
          .selectFrom('msisdns')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const department = await db
      .selectFrom('departments')
      .select('id')
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    await benchMsisdns(
      db,
      { companyId, departmentId: department.id, designationId: admin.designation_id! },
      MSISDNS - existing,
      (i) => `+999200${String(i).padStart(6, '0')}`,
    );
    await sql`
      insert into latest_positions (msisdn_id, position_id, time, lat, lon, accuracy_m, source, received_at)
      select m.id, 0, now() - (m.id % 300) * interval '1 second', 24.6 + (m.id % 1000) / 5000.0, 46.6 + (m.id % 777) / 5000.0, 100 + m.id % 1900, 'NETWORK', now()
      from msisdns m where m.company_id = ${companyId}
      on conflict (msisdn_id) do nothing
    `.execute(db);
    const token = await mintWithSigningKey(server, 'companyadmin');
    const auth = { authorization: `Bearer ${token}` };
    const url = `${server.url}${API_BASE_PATH}/monitor/positions`;
    const check = await fetch(url, { headers: auth });
    const body = (await check.json()) as { items?: unknown[] };
    if (check.status !== 200 || body.items?.length !== MSISDNS)
      throw new Error(`GET /monitor/positions answered ${check.status} with ${body.items?.length} items`);
    const bytes = JSON.stringify(body).length;
    const compressed = await compressedSize(url, auth);
    const trivial = await load(`${server.url}/healthz`, {});
    const monitor = await load(url, auth);
    // What a browser gets: it always accepts gzip (the server compresses each snapshot once).
    const gzipped = await load(url, { ...auth, 'accept-encoding': 'gzip' });
    if (
      monitor.non2xx ||
      monitor.errors ||
      gzipped.non2xx ||
      gzipped.errors ||
      trivial.non2xx ||
      trivial.errors
    )
      throw new Error('some requests failed');
    return [
      {
        bench: 'monitor',
        metric: `trivial GET /healthz p99 (${CONNECTIONS} connections)`,
        value: trivial.latency.p99,
        unit: 'ms',
      },
      {
        bench: 'monitor',
        metric: `GET /monitor/positions p99 (${MSISDNS} MSISDNs, ${(bytes / 1e6).toFixed(1)} MB)`,
        value: monitor.latency.p99,
        unit: 'ms',
      },
      { bench: 'monitor', metric: 'GET /monitor/positions p50', value: monitor.latency.p50, unit: 'ms' },
      {
        bench: 'monitor',
        metric: 'GET /monitor/positions throughput',
        value: monitor.requests.average,
        unit: 'req/s',
      },
      {
        bench: 'monitor',
        metric: 'ratio monitor / trivial p99',
        value: monitor.latency.p99 / Math.max(trivial.latency.p99, 1),
        unit: 'ratio',
      },
      {
        bench: 'monitor',
        metric: `GET /monitor/positions with Accept-Encoding: gzip p99 (as browsers ask; ${(compressed / 1e6).toFixed(2)} MB)`,
        value: gzipped.latency.p99,
        unit: 'ms',
      },
      {
        bench: 'monitor',
        metric: 'GET /monitor/positions with gzip throughput',
        value: gzipped.requests.average,
        unit: 'req/s',
      },
      {
        bench: 'monitor',
        metric: 'ratio monitor (gzip) / trivial p99',
        value: gzipped.latency.p99 / Math.max(trivial.latency.p99, 1),
        unit: 'ratio',
      },
    ];
  } finally {
    await dispose();
  }
}
