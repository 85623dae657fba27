import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
import { until } from '../../test/capture-log.ts';
import { freePort, startTestServer, type TestServer } from '../../test/helpers.ts';
import { ALWAYS, companyMsisdns, setTrackingWindow, trackable } from '../../test/location-fixtures.ts';
import { mintAccessToken } from '../../test/tokens.ts';

/**
 * Two replicas of the server on one PostgreSQL database, each with its caches of token users, `/me` records and
 * device tokens: a change made through one is refused by the other within a second (issue 17).
 */
const CHILD = fileURLToPath(new URL('../../test/replica-server.ts', import.meta.url));
const WEBHOOK_TOKEN = 'replica-caches-webhook-token';
const LIMIT_MS = 1_000;

let a: TestServer;
let b: { url: string; child: ChildProcess } | undefined;

async function call(
  base: string,
  path: string,
  init: { token?: string; method?: string; body?: unknown } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

const me = (base: string, token: string) => call(base, `${API_BASE_PATH}/user-management/me`, { token });
const report = (base: string, deviceToken: string) =>
  call(
    base,
    `/ingest/osmand?id=${encodeURIComponent(deviceToken)}&lat=24.7&lon=46.7&timestamp=${Math.floor(Date.now() / 1000)}`,
  );

/** Both replicas answer `expected` several times in a row: their caches hold the entry. */
async function warm(check: (base: string) => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 5; i++) for (const base of [a.baseUrl, b!.url]) expect(await check(base)).toBe(true);
}

/** How long until replica B answers as `changed` says; fails after a second. */
async function refusedWithin(changed: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await changed()) return performance.now() - start;
    if (performance.now() - start > LIMIT_MS)
      throw new Error(`replica B still answered as before after ${LIMIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(!process.env['DATABASE_URL'])('caches on two replicas of one database', () => {
  const userId = async (username: string) =>
    (
      await a.context.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    a = await startTestServer({ SMS_WEBHOOK_TOKEN: WEBHOOK_TOKEN });
    await setTrackingWindow(a.context.db, 'ALPHA', ALWAYS);
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: {
        ...process.env,
        DATABASE_URL: a.config.databaseUrl,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        // Replicas behind one address: the same issuer and audience for the tokens.
        PUBLIC_URL: a.config.publicUrl,
        LBS_DEMO: 'false',
        LOG_LEVEL: 'silent',
        LBS_WORKER: 'false',
        LBS_SIMULATOR_PORT: '0',
        LBS_SIMULATOR_LATENCY_MS: '0',
        SMS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await until(() => out.includes('LISTENING '), 60_000, 'replica B to listen');
    b = { url: /LISTENING (\S+)/.exec(out)![1]!, child };
  }, 120_000);

  afterAll(async () => {
    if (b) {
      const exited = new Promise((resolve) => b!.child.on('exit', resolve));
      b.child.kill('SIGTERM');
      await exited;
    }
    await a?.dispose();
  });

  it('refuses a deactivated user on the other replica within a second', async () => {
    const token = await mintAccessToken(a.context.db, a.config, 'zoneadmin');
    const superadmin = await mintAccessToken(a.context.db, a.config, 'superadmin');
    await warm(async (base) => (await me(base, token)).status === 200);

    const off = await call(a.baseUrl, `${API_BASE_PATH}/users/${await userId('zoneadmin')}`, {
      token: superadmin,
      method: 'PATCH',
      body: { active: false },
    });
    expect(off.status).toBe(200);
    expect((await me(a.baseUrl, token)).body).toMatchObject({ status: 403, code: 'auth.inactiveUser' });
    await refusedWithin(async () => (await me(b!.url, token)).status === 403);
    expect((await me(b!.url, token)).body).toMatchObject({ status: 403, code: 'auth.inactiveUser' });
  });

  it('applies a role change on the other replica within a second', async () => {
    const token = await mintAccessToken(a.context.db, a.config, 'deptadmin');
    const superadmin = await mintAccessToken(a.context.db, a.config, 'superadmin');
    const roles = async (base: string) =>
      ((await me(base, token)).body?.['roleList'] as { roleName: string }[]).map((r) => r.roleName);
    await warm(async (base) => (await roles(base)).join() === 'DepartmentAdmin');
    // The company's users are out of a DepartmentAdmin's reach (its department's only) until it is CompanyAdmin.
    const companyUsers = (base: string) => call(base, `${API_BASE_PATH}/users?size=100`, { token });
    const before = (await companyUsers(b!.url)).body?.['total'];

    const changed = await call(a.baseUrl, `${API_BASE_PATH}/users/${await userId('deptadmin')}`, {
      token: superadmin,
      method: 'PATCH',
      body: { roles: ['CompanyAdmin'] },
    });
    expect(changed.status).toBe(200);
    expect(await roles(a.baseUrl)).toEqual(['CompanyAdmin']);
    await refusedWithin(async () => (await roles(b!.url)).join() === 'CompanyAdmin');
    expect((await companyUsers(b!.url)).body?.['total']).not.toBe(before);
  });

  it('refuses reports of an MSISDN whose consent was withdrawn, and of a revoked device token, within a second', async () => {
    const admin = await mintAccessToken(a.context.db, a.config, 'companyadmin');
    const [withdrawn, revoked] = (await companyMsisdns(a.context.db, 'ALPHA')).filter(trackable);
    const issue = async (msisdnId: number) => {
      const issued = await call(a.baseUrl, `${API_BASE_PATH}/msisdns/${msisdnId}/device-token`, {
        token: admin,
        method: 'POST',
      });
      expect(issued.status).toBe(201);
      return issued.body!['token'] as string;
    };
    const withdrawnToken = await issue(withdrawn!.id);
    const revokedToken = await issue(revoked!.id);
    await warm(async (base) => (await report(base, withdrawnToken)).status === 200);
    await warm(async (base) => (await report(base, revokedToken)).status === 200);

    const stop = await fetch(`${a.baseUrl}${API_BASE_PATH}/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-token': WEBHOOK_TOKEN },
      body: JSON.stringify({ from: withdrawn!.msisdn, text: 'STOP' }),
    });
    expect(stop.status).toBe(200);
    expect((await report(a.baseUrl, withdrawnToken)).body).toMatchObject({
      status: 403,
      code: 'location.noConsent',
    });
    await refusedWithin(async () => (await report(b!.url, withdrawnToken)).status === 403);
    expect((await report(b!.url, withdrawnToken)).body).toMatchObject({
      status: 403,
      code: 'location.noConsent',
    });

    const revoke = await call(a.baseUrl, `${API_BASE_PATH}/msisdns/${revoked!.id}/device-token`, {
      token: admin,
      method: 'DELETE',
    });
    expect(revoke.status).toBe(204);
    expect((await report(a.baseUrl, revokedToken)).status).toBe(401);
    await refusedWithin(async () => (await report(b!.url, revokedToken)).status === 401);
    expect((await report(b!.url, revokedToken)).body).toMatchObject({
      status: 401,
      code: 'location.deviceTokenInvalid',
    });
  });

  it('serves from its caches: a change that sends no notification is not seen by either replica', async () => {
    // The refusals above came from the notifications, not from caches that read the database each time.
    const token = await mintAccessToken(a.context.db, a.config, 'companyadmin2');
    await warm(async (base) => (await me(base, token)).status === 200);
    await a.context.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('users').set({ active: false }).where('username', '=', 'companyadmin2').execute();
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const base of [a.baseUrl, b!.url]) expect((await me(base, token)).status).toBe(200);
  });
});
