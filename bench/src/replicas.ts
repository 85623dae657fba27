/**
 * Two replicas vs one on this machine (issue 18), and the HTTP ingest case (issue 17): server processes on one
 * PostgreSQL database, loaded at 64 connections in all (split evenly over the replicas) with GET /healthz, GET
 * /user-management/me (a signed-in CompanyAdmin) and the apps' ingest, one position per request from
 * `BENCH_REPLICA_DEVICES` devices with their own tokens: OsmAnd (GET /ingest/osmand, the token in the query) and
 * OwnTracks (POST /ingest/owntracks, a JSON message, the token as the Basic password). After each ingest run, the
 * positions stored are counted against the acknowledged answers. Printed with the number of cores, so the scaling can
 * be read on bigger machines.
 * Needs DATABASE_URL. `npm run bench:replicas -w @lbs/bench` runs it alone.
 */
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { API_BASE_PATH } from '@lbs/contracts';
import { issueDeviceToken } from '@lbs/server/internal/location/device-tokens.ts';
import { startReplica, stopReplicas, type ReplicaProcess } from '../../apps/server/test/replica-process.ts';
import { loginWithPkce } from './access-token.ts';
import { DISCARD_BODIES, discardBodies } from './discard-bodies.ts';
import { benchCompany, benchDatabase, benchMsisdns, freePort, type BenchRow } from './location-setup.ts';

const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 64);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 10);
const DEVICES = Number(process.env['BENCH_REPLICA_DEVICES'] ?? 1500);

type Replica = ReplicaProcess;

/** Every replica loaded at once with its share of the connections: the summed answers per second. */
async function load(
  replicas: Replica[],
  options: (replica: Replica) => autocannon.Options,
  /** A number of requests to each replica (a warm-up) instead of the timed run. */
  run: { amount?: number } = {},
): Promise<{ perSecond: number; ok: number; failed: number }> {
  const connections = Math.max(1, Math.floor(CONNECTIONS / replicas.length));
  const results = await Promise.all(
    replicas.map((r) =>
      autocannon({
        setupClient: DISCARD_BODIES,
        ...options(r),
        connections,
        // autocannon refuses fewer requests than connections.
        ...(run.amount ? { amount: Math.max(connections, run.amount) } : { duration: DURATION_S }),
      }),
    ),
  );
  return {
    perSecond: results.reduce((sum, r) => sum + r.requests.total / DURATION_S, 0),
    ok: results.reduce((sum, r) => sum + r['2xx'], 0),
    failed: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
  };
}

export async function benchReplicas(): Promise<BenchRow[]> {
  if (!process.env['DATABASE_URL']) {
    console.warn('replicas bench: needs PostgreSQL (DATABASE_URL); skipped');
    return [];
  }
  const database = await benchDatabase();
  const { db } = database.handle;
  const org = await benchCompany(db, 'REPLICAS');
  const ids = await benchMsisdns(db, org, DEVICES, (i) => `+999400${String(i).padStart(6, '0')}`);
  const tokens: string[] = [];
  for (const id of ids) tokens.push((await issueDeviceToken(db, id, null)).token);
  const ports = await Promise.all([freePort(), freePort()]);
  const env = (port: number): Record<string, string> => ({
    DATABASE_URL: database.url!,
    PORT: String(port),
    HOST: '127.0.0.1',
    // One public URL for all (as behind a load balancer): the token of one is the token of every replica.
    PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
    LBS_DEMO: 'true',
    LBS_WORKER: 'false',
    LBS_SIMULATOR_PORT: '0',
    LOG_LEVEL: 'silent',
  });
  const rows: BenchRow[] = [];
  const figures = new Map<string, number>();
  // The apps' reports, one position per request, each connection's devices in turn. Built once, before the load:
  // autocannon rebuilds a request given by `setupRequest` each time it sends it (49–72 µs of the load generator's CPU
  // per request, on the cores the server shares, against 28 µs for /healthz's request, built once), and the ratio
  // would weigh the load generator. The devices are dealt out over the connections, a share each.
  const lat = (i: number) => 24.7 + (i % 1000) / 10_000;
  // OwnTracks authenticates with Basic (the token as the password).
  const basics = tokens.map((token) => `Basic ${Buffer.from(`bench:${token}`).toString('base64')}`);
  type Request = NonNullable<autocannon.Options['requests']>[number];
  /** Each connection's requests: its devices' reports, stamped `tst` (seconds) when the load starts. */
  const perConnection = (report: (device: number, tst: number) => Request) => (connections: number) => {
    const tst = Math.floor(Date.now() / 1000);
    let client = 0;
    return (c: autocannon.Client) => {
      discardBodies(c);
      const k = client++ % connections;
      const devices = tokens.map((_, i) => i).filter((i) => i % connections === k);
      c.setRequests(devices.map((i) => report(i, tst)));
    };
  };
  const apps: {
    name: string;
    method: string;
    goal: string;
    setupClient: (replicaConnections: number) => (client: autocannon.Client) => void;
  }[] = [
    {
      name: 'OsmAnd',
      method: 'GET',
      goal: ' (issue 17 goal ≥ 0.35)',
      setupClient: perConnection((i, tst) => ({
        method: 'GET',
        path: `/ingest/osmand?id=${tokens[i]}&lat=${lat(i)}&lon=46.7&accuracy=20&timestamp=${tst}`,
      })),
    },
    {
      name: 'OwnTracks',
      method: 'POST',
      goal: '',
      setupClient: perConnection((i, tst) => ({
        method: 'POST',
        path: '/ingest/owntracks',
        headers: { 'content-type': 'application/json', authorization: basics[i]! },
        body: JSON.stringify({ _type: 'location', lat: lat(i), lon: 46.7, acc: 20, tst }),
      })),
    },
  ];
  const appOptions =
    (app: (typeof apps)[number], count: number) =>
    (r: Replica): autocannon.Options => ({
      url: r.url,
      setupClient: app.setupClient(Math.max(1, Math.floor(CONNECTIONS / count))),
    });
  let accessToken = '';
  try {
    for (const count of [1, 2]) {
      const replicas: Replica[] = [];
      // The first alone (it seeds the demo accounts on the first start), then the second.
      for (const port of ports.slice(0, count)) replicas.push(await startReplica(env(port)));
      try {
        accessToken ||= await loginWithPkce(replicas[0]!.url, 'companyadmin', 'Demo!2345');
        const healthz = await load(replicas, (r) => ({ url: `${r.url}/healthz` }));
        const me = await load(replicas, (r) => ({
          url: `${r.url}${API_BASE_PATH}/user-management/me`,
          headers: { authorization: `Bearer ${accessToken}` },
        }));
        const label = count === 1 ? 'one replica' : 'two replicas';
        figures.set(`healthz${count}`, healthz.perSecond);
        figures.set(`me${count}`, me.perSecond);
        rows.push(
          { bench: 'replicas', metric: `${label}: GET /healthz`, value: healthz.perSecond, unit: 'req/s' },
          {
            bench: 'replicas',
            metric: `${label}: GET /user-management/me`,
            value: me.perSecond,
            unit: 'req/s',
          },
        );
        const ratios: BenchRow[] = [];
        for (const app of apps) {
          // The fleet in its steady state: every device has reported before, to each replica in turn (a token's first
          // use is written before it is answered, once per token, and drops the token from every replica's cache
          // once). A warm-up request that failed could still be stored after the truncate: none may fail.
          for (const replica of replicas) {
            const warm = await load([replica], appOptions(app, 1), { amount: 2 * DEVICES });
            if (warm.failed)
              throw new Error(`${warm.failed} ${app.name} warm-up reports failed (${count} replicas)`);
          }
          await sql`truncate positions, latest_positions`.execute(db);
          const run = await load(replicas, appOptions(app, replicas.length));
          const stored = Number(
            (await sql<{ n: string }>`select count(*) as n from positions`.execute(db)).rows[0]!.n,
          );
          if (stored < run.ok)
            throw new Error(
              `${app.name}: ${run.ok} positions acknowledged, ${stored} stored (${count} replicas)`,
            );
          const perSecond = run.ok / DURATION_S;
          figures.set(`${app.name}${count}`, perSecond);
          rows.push({
            bench: 'replicas',
            metric: `${label}: ${app.name} ingest over HTTP (${app.method}), ${DEVICES} devices (${run.ok} acknowledged, ${stored} stored, ${run.failed} refused)`,
            value: perSecond,
            unit: 'positions/s',
          });
          if (count === 1)
            ratios.push({
              bench: 'replicas',
              metric: `one replica: HTTP ingest (${app.name} ${app.method}) / /healthz${app.goal}`,
              value: perSecond / healthz.perSecond,
              unit: 'ratio',
            });
        }
        rows.push(...ratios);
      } finally {
        await stopReplicas(replicas);
      }
    }
    const cores = availableParallelism();
    for (const [name, key] of [['/me', 'me'], ...apps.map((app) => [`HTTP ingest (${app.name})`, app.name])])
      rows.push({
        bench: 'replicas',
        metric: `two replicas / one: ${name} (${cores} cores, shared with PostgreSQL and the load generator)`,
        value: figures.get(`${key}2`)! / figures.get(`${key}1`)!,
        unit: 'ratio',
      });
    return rows;
  } finally {
    await database.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchReplicas()
    .then((rows) => {
      for (const row of rows)
        console.log(
          `${row.bench.padEnd(8)} ${row.metric.padEnd(110)} ${row.value.toFixed(row.unit === 'ratio' ? 3 : 0).padStart(10)} ${row.unit}`,
        );
    })
    .catch((error: unknown) => {
      console.error('replicas bench failed:', error);
      process.exit(1);
    });
}
