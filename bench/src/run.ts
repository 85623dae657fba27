/**
 * `npm run bench`: the cost of an authenticated API call against the cheapest route of the same server.
 * Starts the real server (fresh embedded PGlite in a temp dir, or DATABASE_URL), signs in as `companyadmin`,
 * loads `GET /healthz` and `GET /api/v1/lbs-backend/user-management/me` with autocannon, and prints the ratios.
 * Then the location benches (location.ts) and the geofence classifier (geofence.ts); `BENCH_ONLY=me` stops after
 * the first part.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_BASE_PATH } from '@lbs/contracts';
import { loadConfig, startServer, type RunningServer } from '@lbs/server';
import { loginWithPkce, mintWithSigningKey } from './access-token.ts';
import { DISCARD_BODIES } from './discard-bodies.ts';
import { runGeofenceBench } from './geofence.ts';
import { runLocationBenches } from './location.ts';
import { freePort } from './location-setup.ts';

const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 64);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 10);
const WARMUP_S = Number(process.env['BENCH_WARMUP'] ?? 2);
const USER = 'companyadmin';

interface Measured {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

async function load(
  baseUrl: string,
  name: string,
  urlPath: string,
  headers: Record<string, string>,
): Promise<Measured> {
  const url = `${baseUrl}${urlPath}`;
  const options = { url, headers, connections: CONNECTIONS, workers: 1, setupClient: DISCARD_BODIES };
  if (WARMUP_S > 0) await autocannon({ ...options, duration: WARMUP_S });
  const r = await autocannon({ ...options, duration: DURATION_S });
  return {
    name,
    path: urlPath,
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

async function accessToken(server: RunningServer): Promise<{ token: string; how: string }> {
  try {
    return {
      token: await loginWithPkce(server.url, USER, server.context.config.demoPassword),
      how: 'authorization code + PKCE login',
    };
  } catch (error) {
    console.warn(
      `bench: the login flow failed (${(error as Error).message}); minting a token with the provider's key`,
    );
    return {
      token: await mintWithSigningKey(server, USER),
      how: "minted with the embedded provider's signing key",
    };
  }
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

async function main(): Promise<void> {
  const external = process.env['DATABASE_URL'];
  const dataDir = external ? undefined : await mkdtemp(path.join(tmpdir(), 'lbs-bench-'));
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
    LBS_DEMO: 'true',
    ...(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: external }),
  });
  const server = await startServer(config, { logger: false });
  try {
    const { token, how } = await accessToken(server);
    const auth = { authorization: `Bearer ${token}` };
    const check = await fetch(`${server.url}${API_BASE_PATH}/user-management/me`, { headers: auth });
    if (check.status !== 200) throw new Error(`GET /me answered ${check.status}: ${await check.text()}`);

    console.log(
      `LBS Portal bench — ${server.database.kind}, Node ${process.version}, ${CONNECTIONS} connections, ` +
        `${DURATION_S} s per route (after ${WARMUP_S} s warm-up); token: ${how}\n`,
    );
    const trivial = await load(server.url, 'trivial (GET /healthz)', '/healthz', {});
    const me = await load(
      server.url,
      'me (GET …/user-management/me)',
      `${API_BASE_PATH}/user-management/me`,
      auth,
    );

    const rows = [
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
      ...[trivial, me].map((m) => [
        m.name,
        m.requestsPerSecond.toFixed(0),
        m.p50.toFixed(1),
        m.p99.toFixed(1),
        String(m.total),
        String(m.non2xx),
        String(m.errors),
      ]),
    ];
    console.log(table(rows));
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(3) : 'n/a');
    console.log(
      `\n${table([
        ['ratio', 'value'],
        ['me / trivial req/s', ratio(me.requestsPerSecond, trivial.requestsPerSecond)],
        ['me / trivial p99', ratio(me.p99, trivial.p99)],
      ])}`,
    );
    if (me.non2xx > 0 || trivial.non2xx > 0 || me.errors > 0 || trivial.errors > 0) {
      console.error('\nbench: some requests failed; the figures above are not trustworthy');
      process.exitCode = 1;
    }
  } finally {
    await server.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

const onlyMe = process.env['BENCH_ONLY'] === 'me';

main()
  .then(() => (onlyMe ? undefined : runLocationBenches()))
  .then(() => (onlyMe ? undefined : runGeofenceBench()))
  .catch((error: unknown) => {
    console.error('bench failed:', error);
    process.exit(1);
  });
