import { createServer, request, type Server } from 'node:http';
import { sql } from 'kysely';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../src/demo/index.ts';
import { listJobs } from '../src/jobs/queue.ts';
import { issueDeviceToken } from '../src/location/device-tokens.ts';
import { BILLING_RUN_JOB, queueRuns } from '../src/modules/billing/index.ts';
import { REPORT_EXPORT_JOB } from '../src/modules/reports/exports.ts';
import { refreshAttendance } from '../src/modules/attendance/jobs.ts';
import { databaseSubscribers } from '../src/location/index.ts';
import { startSimulator, type RunningSimulator } from '../src/location/simulator/simulator.ts';
import { until } from './capture-log.ts';
import { createTestDatabase, freePort, type TestDatabase } from './helpers.ts';
import { startReplica, stopReplicas, type ReplicaProcess } from './replica-process.ts';
import { ALWAYS, companyMsisdns, setTrackingWindow, trackable } from './location-fixtures.ts';
import { Browser, discover, signIn } from './oidc-browser.ts';
import { DEMO_PASSWORD } from './oidc-server.ts';
import { mintAccessToken } from './tokens.ts';

/**
 * Three replicas of the server on one PostgreSQL database, each with its worker on, behind a round-robin proxy
 * (issue 18): started at once on an empty database they migrate and seed once; no MSISDN is asked of the network
 * twice in one interval (counted at one shared simulator); a position reported to replica A reaches a live stream
 * open on replica B; a sign-in on A refreshes on C; invoice runs, attendance finalisation and a due report schedule
 * run once per key; a job whose replica is killed is finished by another, once.
 */
const pgOnly = process.env['DATABASE_URL'] ? describe : describe.skip;

type Replica = ReplicaProcess;

let testDb: TestDatabase;
let database: DatabaseHandle;
let simulator: RunningSimulator;
let proxy: Server;
let publicUrl: string;
const replicas: Replica[] = [];

/**
 * A round-robin HTTP proxy over the replicas (streams pass through as they come); a request with `x-replica: <n>`
 * goes to replica n (a test that must reach one replica through the public URL).
 */
async function startProxy(port: number): Promise<Server> {
  let next = 0;
  const server = createServer((req, res) => {
    const chosen = req.headers['x-replica'];
    const index = typeof chosen === 'string' ? Number(chosen) : next++ % replicas.length;
    const target = new URL(replicas[index]!.url);
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  if (!process.env['DATABASE_URL']) return;
  testDb = await createTestDatabase();
  database = await openDatabase({ databaseUrl: testDb.url, poolSize: 2 });
  // One network for the three replicas, so every locate of every replica is counted in one place.
  simulator = await startSimulator({
    subscribers: databaseSubscribers(database.db),
    port: 0,
    latencyMs: [0, 0],
    // Every locate answers (a failure would be retried, and counted twice for a reason of its own).
    absentRate: 0,
    unknownRate: 0,
  });
  const proxyPort = await freePort();
  publicUrl = `http://127.0.0.1:${proxyPort}`;
  const ports = await Promise.all([freePort(), freePort(), freePort()]);
  // All three at once, on an empty database.
  replicas.push(
    ...(await Promise.all(
      ports.map((port) =>
        startReplica({
          DATABASE_URL: testDb.url!,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: publicUrl,
          LBS_DEMO: 'true',
          LBS_WORKER: 'true',
          LBS_MLP_URL: simulator.url,
          LOG_LEVEL: 'silent',
          DATA_DIR: 'memory://',
          // A replica killed mid-export is replaced after 15 s instead of a minute (the test waits for it).
          REPORT_EXPORT_LEASE_MS: '15000',
        }),
      ),
    )),
  );
  proxy = await startProxy(proxyPort);
}, 240_000);

afterAll(async () => {
  await stopReplicas(replicas);
  await new Promise((resolve) => proxy?.close(resolve));
  await simulator?.close();
  await database?.close();
  await testDb?.drop();
});

pgOnly('three replicas on one database', () => {
  it('started together on an empty database: migrated once, demo data seeded once, all three answer', async () => {
    const { db } = database;
    const migrations = await sql<{ n: number; distinct_names: number }>`
      select count(*)::int as n, count(distinct name)::int as distinct_names from schema_migrations`.execute(
      db,
    );
    expect(migrations.rows[0]!.n).toBe(migrations.rows[0]!.distinct_names);
    const users = await db.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());
    const companies = await db.selectFrom('companies').select('name').execute();
    expect(new Set(companies.map((c) => c.name)).size).toBe(companies.length);
    for (const r of replicas) expect((await fetch(`${r.url}/readyz`)).status).toBe(200);
    // Through the proxy: each request to another replica, the same answers.
    const token = await mintAccessToken(db, loadConfig({ PUBLIC_URL: publicUrl }), 'companyadmin');
    for (let i = 0; i < 6; i++) {
      const me = await fetch(`${publicUrl}${API_BASE_PATH}/user-management/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(200);
    }
  });

  it('asks the network for no MSISDN twice in one poll interval, whichever replica’s worker ticks', async () => {
    const { db } = database;
    for (const code of ['ALPHA', 'BETA']) await setTrackingWindow(db, code, ALWAYS);
    const tracked = [...(await companyMsisdns(db, 'ALPHA')), ...(await companyMsisdns(db, 'BETA'))].filter(
      trackable,
    );
    // Polled from now on, spread over the 5-minute interval (a share of the MSISDNs at each 5 s tick, on whichever
    // replica's worker claims it): over half a minute, some are located and none twice.
    const before = new Map(tracked.map((m) => [m.msisdn, simulator.requestsFor(m.msisdn)]));
    const located = () => tracked.filter((m) => simulator.requestsFor(m.msisdn) > before.get(m.msisdn)!);
    await until(() => located().length >= 5, 60_000, 'five tracked MSISDNs to be located');
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    const ticks = await sql<{ n: number }>`
      select count(*)::int as n from jobs where kind = 'location.tick' and status = 'DONE'`.execute(db);
    expect(ticks.rows[0]!.n).toBeGreaterThanOrEqual(6);
    expect(located().length).toBeGreaterThanOrEqual(10);
    for (const m of tracked)
      expect(simulator.requestsFor(m.msisdn) - before.get(m.msisdn)!, m.msisdn).toBeLessThanOrEqual(1);
  }, 120_000);

  it('delivers a position reported to replica A to a live stream open on replica B', async () => {
    const { db } = database;
    const [a, b] = replicas;
    const m = (await companyMsisdns(db, 'ALPHA')).find(trackable)!;
    const { token: deviceToken } = await issueDeviceToken(db, m.id, null);
    const token = await mintAccessToken(db, loadConfig({ PUBLIC_URL: publicUrl }), 'companyadmin');
    const controller = new AbortController();
    const stream = await fetch(`${b!.url}${API_BASE_PATH}/monitor/stream`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let text = '';
    const received = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return false;
        text += decoder.decode(value, { stream: true });
        if (text.includes('event: position') && text.includes(`"msisdnId":${m.id}`)) return true;
      }
    })();
    await until(() => text.includes('event: ready'), 10_000, 'the stream to be ready');
    const lat = 24.123456;
    const reported = await fetch(
      `${a!.url}/ingest/osmand?id=${encodeURIComponent(deviceToken)}&lat=${lat}&lon=46.7&timestamp=${Math.floor(Date.now() / 1000)}`,
    );
    expect(reported.status).toBeLessThan(300);
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000));
    expect(await Promise.race([received, timeout])).toBe(true);
    expect(text).toContain(`"lat":${lat}`);
    controller.abort();
  });

  it('signs a user in through replica A and refreshes their tokens through replica C', async () => {
    const oidc = await discover(`${publicUrl}/realms/lbs`);
    const through = (replica: number) => {
      oidc[client.customFetch] = (url, options) =>
        fetch(url, { ...options, headers: { ...options.headers, 'x-replica': String(replica) } });
    };
    through(0);
    const tokens = await signIn(
      new Browser({ 'x-replica': '0' }),
      oidc,
      publicUrl,
      'companyadmin',
      DEMO_PASSWORD,
    );
    expect(tokens.refresh_token).toBeTruthy();
    through(2);
    const refreshed = await client.refreshTokenGrant(oidc, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    const me = await fetch(`${replicas[2]!.url}${API_BASE_PATH}/user-management/me`, {
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe('companyadmin');
  });

  it('makes each company’s invoice run once when the month is queued by all three at once', async () => {
    const { db } = database;
    // The month before the demo's billing history (its employees were active then, nothing is billed yet): on the
    // 2nd of the month after it, it is "the previous month", and each replica's connection queues it at once, as
    // their hourly ticks would.
    const today = new Date();
    const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 6, 2, 12));
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 7, 1))
      .toISOString()
      .slice(0, 10);
    const companies = await db.selectFrom('companies').select('id').execute();
    const pools = await Promise.all(
      replicas.map(() => openDatabase({ databaseUrl: testDb.url, poolSize: 1 })),
    );
    try {
      const queued = await Promise.all(pools.map((p) => queueRuns(p.db, at)));
      // Each company queued by exactly one of them (the job's key is the company and month).
      expect(queued.reduce((a, b) => a + b, 0)).toBe(companies.length);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
    const runs = () => listJobs(db, { kind: BILLING_RUN_JOB });
    await until(
      async () => (await runs()).every((j) => j.status === 'DONE'),
      120_000,
      'the invoice runs to finish',
    );
    const jobs = await runs();
    expect(jobs).toHaveLength(companies.length);
    expect(jobs.map((j) => j.attempts)).toEqual(companies.map(() => 1));
    const { rows } = await sql<{ company_id: number; n: number }>`
      select company_id, count(*)::int as n from invoices where period_start = ${month}::date
      group by company_id`.execute(db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  }, 150_000);

  it('runs a due report schedule once for its period, whichever replica’s tick sees it', async () => {
    const { db } = database;
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'companyadmin')
      .executeTakeFirstOrThrow();
    const token = await mintAccessToken(db, loadConfig({ PUBLIC_URL: publicUrl }), 'companyadmin');
    const created = await fetch(`${publicUrl}${API_BASE_PATH}/report-schedules`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Daily attendance',
        report: 'attendanceDaily',
        format: 'csv',
        preset: 'daily',
        time: '02:30',
        recipients: [admin.id],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const schedule = (await created.json()) as { id: number };
    // Due a minute ago: the next tick (every minute, one job per slot on one of the three runners) fires it.
    await db
      .updateTable('report_schedules')
      .set({ next_run_at: new Date(Date.now() - 60_000) })
      .where('id', '=', schedule.id)
      .execute();
    const runsOf = () =>
      db
        .selectFrom('report_runs')
        .select(['id', 'status', 'attempts'])
        .where('schedule_id', '=', schedule.id)
        .execute();
    await until(
      async () => (await runsOf()).some((r) => r.status === 'DONE' || r.status === 'FAILED'),
      150_000,
      'the schedule’s run',
    );
    const runs = await runsOf();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'DONE', attempts: 1 });
    const deliveries = await db
      .selectFrom('report_deliveries')
      .select(['recipient', 'status', 'outbox_id'])
      .where('run_id', '=', runs[0]!.id)
      .execute();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.status).not.toBe('DROPPED');
    const mails = await db
      .selectFrom('outbox_messages')
      .select('id')
      .where('id', '=', Number(deliveries[0]!.outbox_id))
      .execute();
    expect(mails).toHaveLength(1);
  }, 200_000);

  it('finalises each attendance day once when all three replicas refresh at the same moment', async () => {
    const { db } = database;
    // Today's and yesterday's days as the refresh makes them (the replicas' own ticks may have made them already).
    await refreshAttendance(db, new Date());
    // The moment: half an hour after the latest window that has closed (whatever the weekday and hour the test runs
    // at: over a weekend that is days ago), so the days around it are FINAL, as a refresh then would store them.
    const { latest } = await db
      .selectFrom('attendance_days')
      .select((eb) => eb.fn.max('window_end').as('latest'))
      .where('state', '=', 'FINAL')
      .executeTakeFirstOrThrow();
    expect(latest).toBeTruthy();
    const now = new Date(new Date(latest!).getTime() + 30 * 60_000);
    await refreshAttendance(db, now);
    const finals = () =>
      db
        .selectFrom('attendance_days')
        .select(['msisdn_id', 'date', 'status', 'finalized_at'])
        .where('state', '=', 'FINAL')
        .where('window_end', '>=', new Date(now.getTime() - 30 * 3_600_000))
        .where('window_end', '<=', now)
        .execute();
    const before = await finals();
    expect(before.length).toBeGreaterThan(0);
    // Each FINAL day stored with another status, as if the data had changed since it was finalised: the three
    // refreshes below each compute the true status again, and each day must record one correction, not three.
    const keys = before.map((d) => `${d.msisdn_id}:${String(d.date)}`).sort();
    const since = new Date();
    const lastEvent = await db
      .selectFrom('domain_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await sql`update attendance_days set status = case when status = 'ABSENT' then 'PRESENT' else 'ABSENT' end
      where state = 'FINAL' and window_end >= ${new Date(now.getTime() - 30 * 3_600_000)}
        and window_end <= ${now}`.execute(db);
    const pools = await Promise.all(
      replicas.map(() => openDatabase({ databaseUrl: testDb.url, poolSize: 1 })),
    );
    try {
      await Promise.all(pools.map((p) => refreshAttendance(p.db, now)));
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
    const after = await finals();
    expect(after.map((d) => `${d.msisdn_id}:${String(d.date)}`).sort()).toEqual(keys);
    // Finalised once: the first time is kept, and every status is the computed one again.
    const first = new Map(before.map((d) => [`${d.msisdn_id}:${String(d.date)}`, d]));
    for (const d of after) {
      const was = first.get(`${d.msisdn_id}:${String(d.date)}`)!;
      expect(d.finalized_at).toEqual(was.finalized_at);
      expect(d.status).toBe(was.status);
    }
    const corrections = await db
      .selectFrom('attendance_corrections')
      .select(['msisdn_id', 'date'])
      .where('at', '>=', since)
      .execute();
    expect(corrections.map((c) => `${c.msisdn_id}:${String(c.date)}`).sort()).toEqual(keys);
    const events = await db
      .selectFrom('domain_events')
      .select('id')
      .where('type', '=', 'ATTENDANCE_CORRECTED')
      .where('id', '>', lastEvent.id ?? 0)
      .execute();
    expect(events).toHaveLength(keys.length);
  }, 120_000);

  // Last: it kills a replica.
  it('finishes on another replica a job whose replica was killed with kill -9; its effect happens once', async () => {
    const { db } = database;
    const m = (await companyMsisdns(db, 'ALPHA')).find(trackable)!;
    const ROWS = 100_000;
    await sql`insert into positions (msisdn_id, time, lat, lon, accuracy_m, source)
      select ${m.id}, timestamptz '2026-10-01T00:00:00+03:00' + (i || ' seconds')::interval, 24.7 + (i % 1000) / 100000.0,
             46.6, 150, 'NETWORK'
      from generate_series(0, ${ROWS - 1}) i`.execute(db);
    const token = await mintAccessToken(db, loadConfig({ PUBLIC_URL: publicUrl }), 'companyadmin');
    const created = await fetch(`${publicUrl}${API_BASE_PATH}/report-exports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        report: 'locationHistory',
        format: 'csv',
        params: { from: '2026-10-01', to: '2026-10-07', msisdnIds: String(m.id) },
      }),
    });
    expect(created.status).toBeLessThan(300);
    const id = ((await created.json()) as { id: number }).id;
    const exportRow = () =>
      db
        .selectFrom('report_exports')
        .select(['status', 'rows', 'file_id', 'file_name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    // The replica running it (the runner's id names its process: host:pid:random), caught mid-file.
    let pid = 0;
    let unfinished = 0;
    await until(
      async () => {
        const [job] = await listJobs(db, { kind: REPORT_EXPORT_JOB, key: String(id) });
        const row = await exportRow();
        if (job?.status !== 'RUNNING' || row.rows === 0 || row.file_id === null) return false;
        pid = Number(job.lockedBy!.split(':')[1]);
        unfinished = Number(row.file_id);
        return true;
      },
      60_000,
      'the export to be running',
    );
    const victim = replicas.find((r) => r.child.pid === pid)!;
    expect(victim).toBeDefined();
    victim.child.kill('SIGKILL');
    await new Promise((resolve) => victim.child.once('exit', resolve));
    expect((await exportRow()).status).toBe('RUNNING');
    // Another replica takes the job once its lease (15 s here) lapses, and writes the file again from the start.
    await until(async () => (await exportRow()).status === 'DONE', 150_000, 'another replica to finish it');
    const done = await exportRow();
    expect(done.rows).toBe(ROWS);
    // The runner marks the job done in its own statement after the export's last write: wait for it to settle.
    await until(
      async () => (await listJobs(db, { kind: REPORT_EXPORT_JOB, key: String(id) }))[0]?.status !== 'RUNNING',
      30_000,
      'the job to settle',
    );
    const [job] = await listJobs(db, { kind: REPORT_EXPORT_JOB, key: String(id) });
    expect(job).toMatchObject({ status: 'DONE', attempts: 2 });
    expect(Number(job!.lockedBy?.split(':')[1] ?? 0)).not.toBe(pid);
    const files = await db
      .selectFrom('stored_files')
      .select(['id', 'complete'])
      .where('name', '=', done.file_name)
      .execute();
    // One file: the killed run's unfinished one is gone.
    expect(files).toEqual([{ id: done.file_id, complete: true }]);
    expect(files.some((f) => Number(f.id) === unfinished)).toBe(false);
  }, 240_000);
});
