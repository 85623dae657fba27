/**
 * GET /monitor/positions with 10,000 and 100,000 MSISDNs in the caller's scope (a CompanyAdmin): latency and
 * throughput at 64 connections against the trivial route (GET /healthz) of the same server, in the same run; as the
 * Monitor page asks (`format=columns`, gzip), one object per position (`items`, gzip and uncompressed), revalidated
 * (If-None-Match → 304) and as a `since` refresh. Goals (issue 17, the 10,000 case): p99 ≤ 50 ms and ≥ 0.25 ×
 * /healthz req/s as the page asks. `BENCH_MONITOR_MSISDNS` ("10000,100000") chooses
 * the sizes; `npm run bench:monitor -w @lbs/bench` runs it alone.
 */
import { get } from 'node:http';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import autocannon from 'autocannon';
import { API_BASE_PATH, monitorItemsOfColumns, monitorPositionColumnsSchema } from '@lbs/contracts';
import { mintWithSigningKey } from './access-token.ts';
import { DISCARD_BODIES } from './discard-bodies.ts';
import { benchMsisdns, benchServer, type BenchRow } from './location-setup.ts';

const SIZES = (process.env['BENCH_MONITOR_MSISDNS'] ?? '10000,100000').split(',').map(Number);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 64);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 10);
const WARMUP_S = Number(process.env['BENCH_WARMUP'] ?? 2);
/** The goals hold for the 10,000 case. */
const GOAL_SIZE = 10_000;
const GOAL_P99_MS = 50;
const GOAL_RATIO = 0.25;

/** One raw request: status, headers and bytes on the wire (node's fetch would decompress). */
function raw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: NodeJS.Dict<string | string[]>; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          bytes,
          ms: performance.now() - started,
        }),
      );
    }).on('error', reject);
  });
}

/** Seconds before autocannon gives a request up (the machine is shared: a slow answer is a figure, not a failure). */
const TIMEOUT_S = 30;

async function load(url: string, headers: Record<string, string>, expect: number) {
  const options = {
    url,
    headers,
    connections: CONNECTIONS,
    workers: 1,
    timeout: TIMEOUT_S,
    setupClient: DISCARD_BODIES,
  };
  if (WARMUP_S > 0) await autocannon({ ...options, duration: WARMUP_S });
  const r = await autocannon({ ...options, duration: DURATION_S });
  const wrong = Object.entries(r.statusCodeStats ?? {}).filter(([code]) => Number(code) !== expect);
  if (r.errors > r.timeouts || wrong.length > 0)
    throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, statuses ${JSON.stringify(wrong)}`);
  if (r.timeouts) console.warn(`${url}: ${r.timeouts} requests took longer than ${TIMEOUT_S} s`);
  return r;
}

const goal = (met: boolean, text: string) => `goal ${text}: ${met ? 'met' : 'NOT met'}`;

async function benchSize(msisdns: number): Promise<BenchRow[]> {
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
      msisdns - existing,
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
    const page = `${url}?format=columns`;
    // The first request loads the snapshot from the database (once per scope and process).
    const cold = await raw(page, { ...auth, 'accept-encoding': 'gzip' });
    const check = await fetch(page, { headers: auth });
    const columns = await check.text();
    const body = monitorItemsOfColumns(monitorPositionColumnsSchema.parse(JSON.parse(columns)));
    if (check.status !== 200 || body.items.length !== msisdns)
      throw new Error(`GET /monitor/positions answered ${check.status} with ${body.items.length} items`);
    const itemsBytes = (await (await fetch(url, { headers: auth })).text()).length;
    const gz = await raw(page, { ...auth, 'accept-encoding': 'gzip' });
    const itemsGz = await raw(url, { ...auth, 'accept-encoding': 'gzip' });
    if (gz.headers['content-encoding'] !== 'gzip' || itemsGz.headers['content-encoding'] !== 'gzip')
      throw new Error('not gzip');
    const etag = String(gz.headers['etag']);
    const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
    const size = `${msisdns} MSISDNs`;

    const trivial = await load(`${server.url}/healthz`, {}, 200);
    // The cheapest authenticated route: what token verification and the caller's record cost every request.
    const me = await load(`${server.url}${API_BASE_PATH}/user-management/me`, auth, 200);
    const gzipped = await load(page, { ...auth, 'accept-encoding': 'gzip' }, 200);
    const itemsGzipped = await load(url, { ...auth, 'accept-encoding': 'gzip' }, 200);
    const identity = await load(url, auth, 200);
    const revalidated = await load(page, { ...auth, 'accept-encoding': 'gzip', 'if-none-match': etag }, 304);
    const since = await load(`${page}&since=${body.cursor}`, { ...auth, 'accept-encoding': 'gzip' }, 200);

    const ratio = gzipped.requests.average / Math.max(trivial.requests.average, 1);
    const goals = msisdns === GOAL_SIZE;
    const row = (metric: string, value: number, unit: string): BenchRow => ({
      bench: 'monitor',
      metric,
      value,
      unit,
    });
    return [
      row(
        `[${size}] trivial GET /healthz throughput (${CONNECTIONS} connections)`,
        trivial.requests.average,
        'req/s',
      ),
      row(`[${size}] trivial GET /healthz p99`, trivial.latency.p99, 'ms'),
      row(
        `[${size}] GET /user-management/me throughput (the authenticated floor)`,
        me.requests.average,
        'req/s',
      ),
      row(`[${size}] first request, snapshot loaded from the database (gzip)`, cold.ms, 'ms'),
      row(
        `[${size}] GET /monitor/positions?format=columns, gzip (as the page asks; ${mb(gz.bytes)} of ${mb(columns.length)}) p99${goals ? ` — ${goal(gzipped.latency.p99 <= GOAL_P99_MS, `≤ ${GOAL_P99_MS} ms`)}` : ''}`,
        gzipped.latency.p99,
        'ms',
      ),
      row(`[${size}] GET /monitor/positions?format=columns, gzip p50`, gzipped.latency.p50, 'ms'),
      row(
        `[${size}] GET /monitor/positions?format=columns, gzip throughput`,
        gzipped.requests.average,
        'req/s',
      ),
      row(
        `[${size}] ratio gzip req/s / trivial req/s${goals ? ` — ${goal(ratio >= GOAL_RATIO, `≥ ${GOAL_RATIO}`)}` : ''}`,
        ratio,
        'ratio',
      ),
      row(
        `[${size}] GET /monitor/positions (items), gzip (${mb(itemsGz.bytes)} of ${mb(itemsBytes)}) p99`,
        itemsGzipped.latency.p99,
        'ms',
      ),
      row(
        `[${size}] GET /monitor/positions (items), gzip throughput`,
        itemsGzipped.requests.average,
        'req/s',
      ),
      row(`[${size}] GET /monitor/positions (items), uncompressed p99`, identity.latency.p99, 'ms'),
      row(
        `[${size}] GET /monitor/positions (items), uncompressed throughput`,
        identity.requests.average,
        'req/s',
      ),
      row(`[${size}] If-None-Match (304) p99`, revalidated.latency.p99, 'ms'),
      row(`[${size}] If-None-Match (304) throughput`, revalidated.requests.average, 'req/s'),
      row(`[${size}] ?since=<current cursor> (nothing changed) p99`, since.latency.p99, 'ms'),
      row(`[${size}] ?since=<current cursor> throughput`, since.requests.average, 'req/s'),
    ];
  } finally {
    await dispose();
  }
}

export async function benchMonitorPositions(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const size of SIZES) rows.push(...(await benchSize(size)));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchMonitorPositions()
    .then((rows) => {
      for (const row of rows)
        console.log(
          `${row.bench.padEnd(8)} ${row.metric.padEnd(120)} ${row.value.toFixed(row.unit === 'ratio' ? 3 : 0).padStart(8)} ${row.unit}`,
        );
    })
    .catch((error: unknown) => {
      console.error('monitor bench failed:', error);
      process.exit(1);
    });
}
