import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
import { freePort, useTestServer } from '../../../test/helpers.ts';
import { ALWAYS, companyMsisdns, setTrackingWindow, trackable } from '../../../test/location-fixtures.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { enqueue } from '../../jobs/queue.ts';

/**
 * GET /metrics (issue 18): Prometheus text behind the configured bearer token on the main port, and without one on
 * a port of its own; the series the issue lists, fed by real requests, a real locate over MLP and real rows; and
 * /readyz's LISTEN, worker and event-backlog parts.
 */
const TOKEN = 'metrics-token-0123456789';
const metricsPort = await freePort();
// The network finds every phone (the test counts a located answer).
const server = useTestServer({
  METRICS_TOKEN: TOKEN,
  METRICS_PORT: String(metricsPort),
  LBS_SIMULATOR_ABSENT_RATE: '0',
  LBS_SIMULATOR_UNKNOWN_RATE: '0',
});

const scrape = async () => {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
};

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers only with the configured bearer token (401 problem otherwise), never on the public API', async () => {
    const none = await fetch(`${server.baseUrl}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const wrong = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const text = await scrape();
    expect(text).toContain('# TYPE lbs_http_request_duration_seconds histogram');
    expect(text).toContain('lbs_process_resident_memory_bytes');
    // A portal user's token is not the metrics token.
    const userToken = await mintAccessToken(server.context.db, server.config, 'superadmin');
    const asUser = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(asUser.status).toBe(401);
  });

  it('serves the same registry without a token on its own port', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('lbs_process_cpu_seconds_total');
  });

  it('times HTTP answers by route template and status, not by URL', async () => {
    const token = await mintAccessToken(server.context.db, server.config, 'companyadmin');
    for (const id of [1, 2, 999_999])
      await fetch(`${server.baseUrl}${API_BASE_PATH}/companies/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const text = await scrape();
    const route = `${API_BASE_PATH}/companies/:id`;
    const count = (status: string) =>
      sample(text, 'lbs_http_request_duration_seconds_count', { method: 'GET', route, status }) ?? 0;
    expect(count('200') + count('404')).toBe(3);
    expect(count('404')).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain(`/companies/999999`);
  });

  it('counts stored positions by source, pipeline batches, MLP requests and locate results', async () => {
    const { db } = server.context;
    await setTrackingWindow(db, 'ALPHA', ALWAYS);
    const m = (await companyMsisdns(db, 'ALPHA')).find(trackable)!;
    const before = await scrape();
    const token = await mintAccessToken(db, server.config, 'companyadmin');
    const located = await fetch(`${server.baseUrl}${API_BASE_PATH}/msisdns/${m.id}/locate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(located.status).toBe(200);
    expect(((await located.json()) as { status: string }).status).toBe('LOCATED');
    await server.location.pipeline.submit([
      { msisdnId: m.id, time: new Date(), lat: 24.7, lon: 46.7, accuracyM: 20, source: 'OSMAND' },
    ]);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('lbs_positions_stored_total', { source: 'NETWORK' })).toBe(1);
    expect(delta('lbs_positions_stored_total', { source: 'OSMAND' })).toBe(1);
    expect(delta('lbs_pipeline_batch_positions_count')).toBe(2);
    expect(delta('lbs_pipeline_batch_duration_seconds_count', { outcome: 'committed' })).toBe(2);
    expect(delta('lbs_mlp_request_duration_seconds_count', { outcome: 'OK' })).toBe(1);
    expect(delta('lbs_locates_total', { result: 'LOCATED' })).toBe(1);
  });

  it('reads jobs, the event backlog, the outbox, live streams and the pool from their rows at scrape time', async () => {
    const { db } = server.context;
    await enqueue(db, { kind: 'metrics.test', key: 'one' });
    await enqueue(db, { kind: 'metrics.test', key: 'two' });
    await db
      .insertInto('outbox_messages')
      .values({ channel: 'SMS', to: '+966500000000', body: 'hello' })
      .execute();
    const text = await scrape();
    expect(sample(text, 'lbs_jobs', { kind: 'metrics.test', status: 'QUEUED' })).toBe(2);
    expect(sample(text, 'lbs_outbox_messages', { channel: 'SMS', status: 'PENDING' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'lbs_live_streams')).toBe(0);
    expect(sample(text, 'lbs_event_bus_connected')).toBe(1);
    // Every processor has its series (this server runs no worker: whatever the demo emitted waits for it).
    for (const processor of ['tasks.autoComplete', 'attendance.fromVisits'])
      expect(sample(text, 'lbs_domain_events_pending', { processor })).toBeGreaterThanOrEqual(0);
    if (server.database.pool)
      expect(sample(text, 'lbs_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });
});

interface Ready {
  worker: { status: string };
}

describe('GET /readyz', () => {
  it('reports the database, the LISTEN connection, the worker and the event backlog', async () => {
    const response = await fetch(`${server.baseUrl}/readyz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { eventBacklog: Record<string, number> };
    expect(body).toMatchObject({
      status: 'ready',
      database: server.database.kind,
      listen: 'up',
      worker: { status: 'off' },
    });
    expect(Object.keys(body.eventBacklog).length).toBeGreaterThan(0);
  });

  it('is not ready while the LISTEN connection is down, and ready again once it is back (PostgreSQL)', async () => {
    const pid = server.bus.backendPid;
    if (!server.database.pool || pid === undefined) return;
    await server.database.pool.query('select pg_terminate_backend($1)', [pid]);
    await expect
      .poll(async () => (await fetch(`${server.baseUrl}/readyz`)).status, { timeout: 5000, interval: 20 })
      .toBe(503);
    const down = await (await fetch(`${server.baseUrl}/readyz`)).json();
    expect(down).toMatchObject({ status: 'unavailable', listen: 'down' });
    await expect
      .poll(async () => (await fetch(`${server.baseUrl}/readyz`)).status, { timeout: 15_000, interval: 100 })
      .toBe(200);
  });

  it('is not ready when the worker’s loop has stopped looking for work', async () => {
    await server.jobs.start();
    await expect
      .poll(async () => ((await (await fetch(`${server.baseUrl}/readyz`)).json()) as Ready).worker.status, {
        timeout: 5000,
      })
      .toBe('up');
    const lastTick = server.jobs.lastTickAt!;
    // The loop stopped (stuck) WORKER_STALE_MS ago: the runner still counts as started.
    Object.defineProperty(server.jobs, 'lastTickAt', { value: new Date(lastTick.getTime() - 120_000) });
    const response = await fetch(`${server.baseUrl}/readyz`);
    expect(response.status).toBe(503);
    expect(((await response.json()) as Ready).worker.status).toBe('stale');
  });
});
