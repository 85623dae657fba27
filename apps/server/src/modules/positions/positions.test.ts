import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, monitorPositionsSchema, type MonitorPosition } from '@lbs/contracts';
import { useTestServer } from '../../../test/helpers.ts';
import {
  ALWAYS,
  closedNow,
  companyMsisdns,
  setTrackingWindow,
  trackable,
  type MsisdnRow,
} from '../../../test/location-fixtures.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { issueDeviceToken, TokenUse } from '../../location/device-tokens.ts';
import { Locator } from '../../location/locator.ts';
import { MlpClient } from '../../location/mlp/client.ts';

/** "1-5,9,12-14": the audit's compact form of MSISDN ids (the database computes it; this is the reference). */
function idRanges(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** Retries `check` until it passes (the live stream reaches the snapshot after the commit, asynchronously). */
async function waitFor(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const server = useTestServer({
  LBS_MONITOR_RENDER_MS: '0',
  LOCATE_RATE_LIMIT_PER_MINUTE: '3',
  LBS_SIMULATOR_ABSENT_RATE: '0',
  LBS_SIMULATOR_UNKNOWN_RATE: '0',
});
const tokens: Record<string, string> = {};
let alpha: MsisdnRow[];
let beta: MsisdnRow[];
let users: Record<string, { id: number; department_id: number | null; zone_id: number | null }>;

beforeAll(async () => {
  const { db } = server.context;
  for (const name of ['superadmin', 'companyadmin', 'deptadmin', 'zoneadmin', 'companyadmin2'])
    tokens[name] = await mintAccessToken(db, server.config, name);
  alpha = await companyMsisdns(db, 'ALPHA');
  beta = await companyMsisdns(db, 'BETA');
  const rows = await db.selectFrom('users').select(['id', 'username', 'department_id', 'zone_id']).execute();
  users = Object.fromEntries(rows.map((r) => [r.username, r]));
  // One position for every MSISDN of Alpha and Beta, through the real pipeline.
  const now = Date.now();
  const { stored } = await server.location.pipeline.submit(
    [...alpha, ...beta].map((m, i) => ({
      msisdnId: m.id,
      time: new Date(now - 60_000 + i),
      lat: 24 + i / 1000,
      lon: 46 + i / 1000,
      accuracyM: 100 + i,
      source: 'NETWORK' as const,
    })),
  );
  expect(stored).toHaveLength(alpha.length + beta.length);
});

const get = (url: string, user: string) =>
  server.app.inject({
    method: 'GET',
    url: `${API_BASE_PATH}${url}`,
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
const post = (url: string, user: string) =>
  server.app.inject({
    method: 'POST',
    url: `${API_BASE_PATH}${url}`,
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
const lastAudit = (action: string) =>
  server.context.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirst();

describe('GET /monitor/positions', () => {
  it('answers the latest position of every MSISDN in the caller’s scope, with the documented fields', async () => {
    const response = await get('/monitor/positions', 'companyadmin');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { items: MonitorPosition[]; generatedAt: string };
    expect(body.items.map((i) => i.msisdnId)).toEqual(alpha.map((m) => m.id));
    const first = alpha[0]!;
    expect(body.items[0]).toEqual({
      msisdnId: first.id,
      msisdn: first.msisdn,
      employeeName: expect.any(String),
      companyId: first.company_id,
      departmentId: first.department_id,
      zoneId: first.zone_id,
      lat: 24,
      lon: 46,
      accuracyM: 100,
      time: expect.stringMatching(/Z$/),
      source: 'NETWORK',
    });
    expect(Date.parse(body.generatedAt)).toBeGreaterThan(0);
    // Built by the database: exactly the schema's fields, times as ISO 8601 UTC like every other answer.
    expect(monitorPositionsSchema.parse(body)).toEqual(body);
    const stored = await server.context.db
      .selectFrom('latest_positions')
      .select('time')
      .where('msisdn_id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(body.items[0]!.time).toBe(new Date(stored.time).toISOString());
    // Compressed for clients that accept it (a browser), the same document.
    const gzipped = await server.app.inject({
      method: 'GET',
      url: `${API_BASE_PATH}/monitor/positions`,
      headers: { authorization: `Bearer ${tokens['companyadmin']}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(body);
  });

  it('narrows by tier: department, zone, other company, everything', async () => {
    const ids = async (user: string) =>
      ((await get('/monitor/positions', user)).json() as { items: MonitorPosition[] }).items.map(
        (i) => i.msisdnId,
      );
    expect(await ids('deptadmin')).toEqual(
      alpha.filter((m) => m.department_id === users['deptadmin']!.department_id).map((m) => m.id),
    );
    expect(await ids('zoneadmin')).toEqual(
      alpha.filter((m) => m.zone_id === users['zoneadmin']!.zone_id).map((m) => m.id),
    );
    expect(await ids('companyadmin2')).toEqual(beta.map((m) => m.id));
    expect(await ids('superadmin')).toEqual([...alpha, ...beta].map((m) => m.id));
    // A filter never widens the scope.
    expect(
      await ids('companyadmin2')
        .then(() => get(`/monitor/positions?companyId=${alpha[0]!.company_id}`, 'companyadmin2'))
        .then((r) => r.json().items),
    ).toEqual([]);
  });

  it('filters by department and by `since` (a cursor of an earlier answer)', async () => {
    const dept = alpha[1]!.department_id;
    const byDept = (await get(`/monitor/positions?departmentId=${dept}`, 'companyadmin')).json() as {
      items: MonitorPosition[];
    };
    expect(byDept.items.length).toBeGreaterThan(0);
    expect(byDept.items.every((i) => i.departmentId === dept)).toBe(true);
    const { cursor } = (await get('/monitor/positions', 'companyadmin')).json() as { cursor: string };
    await server.location.pipeline.submit([
      { msisdnId: alpha[2]!.id, time: new Date(), lat: 25, lon: 47, accuracyM: 50, source: 'OSMAND' },
    ]);
    await waitFor(async () => {
      const fresh = (
        await get(`/monitor/positions?since=${encodeURIComponent(cursor)}`, 'companyadmin')
      ).json() as { items: MonitorPosition[]; full: boolean };
      expect(fresh.full).toBe(false);
      expect(fresh.items.map((i) => [i.msisdnId, i.source])).toEqual([[alpha[2]!.id, 'OSMAND']]);
    });
    for (const bad of ['yesterday', '2026-11-26T10:00:00Z', 'abc.-1', 'ABC.1', `${'a'.repeat(17)}.1`]) {
      const response = await get(`/monitor/positions?since=${encodeURIComponent(bad)}`, 'companyadmin');
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json().errors).toEqual([
        expect.objectContaining({ path: 'query.since', code: 'validation.invalid' }),
      ]);
    }
  });

  it('audits who looked at which MSISDNs', async () => {
    await get('/monitor/positions', 'zoneadmin');
    const event = await lastAudit('location.view');
    const zone = alpha.filter((m) => m.zone_id === users['zoneadmin']!.zone_id).map((m) => m.id);
    expect(event).toMatchObject({
      actor: 'zoneadmin',
      actor_user_id: users['zoneadmin']!.id,
      entity: 'msisdn',
      company_id: alpha[0]!.company_id,
    });
    expect(event!.detail).toEqual({ view: 'monitor', count: zone.length, msisdnIds: idRanges(zone) });
  });
});

describe('GET /msisdns/{id}/positions', () => {
  it('answers the history in a period, oldest first, and audits it', async () => {
    const m = alpha[5]!;
    const now = Date.now();
    await server.location.pipeline.submit(
      [3, 2, 1].map((h) => ({
        msisdnId: m.id,
        time: new Date(now - h * 3_600_000),
        lat: 20 + h,
        lon: 40,
        accuracyM: 500,
        source: 'NETWORK' as const,
      })),
    );
    const from = new Date(now - 2.5 * 3_600_000).toISOString();
    const to = new Date(now - 0.5 * 3_600_000).toISOString();
    const response = await get(
      `/msisdns/${m.id}/positions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      'deptadmin',
    );
    expect(response.statusCode).toBe(m.department_id === users['deptadmin']!.department_id ? 200 : 404);
    const body = (
      await get(
        `/msisdns/${m.id}/positions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        'companyadmin',
      )
    ).json();
    expect(body).toMatchObject({ msisdnId: m.id, from, to, truncated: false });
    expect(body.items.map((p: { lat: number }) => p.lat)).toEqual([22, 21]);
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      time: expect.any(String),
      lat: 22,
      lon: 40,
      accuracyM: 500,
      source: 'NETWORK',
      receivedAt: expect.any(String),
    });
    expect(await lastAudit('location.view')).toMatchObject({
      actor: 'companyadmin',
      entity_id: String(m.id),
      detail: { view: 'history', from, to, count: 2 },
    });
    const limited = (
      await get(
        `/msisdns/${m.id}/positions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&limit=1`,
        'companyadmin',
      )
    ).json();
    expect(limited.items).toHaveLength(1);
    expect(limited.truncated).toBe(true);
    // keep=last: the newest of the period instead of the oldest (items still oldest first).
    const latest = (
      await get(
        `/msisdns/${m.id}/positions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&limit=1&keep=last`,
        'companyadmin',
      )
    ).json();
    expect(latest.truncated).toBe(true);
    expect(latest.items).toHaveLength(1);
    expect(latest.items[0].time).toBe(body.items.at(-1).time);
    expect(latest.items[0].time).not.toBe(limited.items[0].time);
    const both = (
      await get(
        `/msisdns/${m.id}/positions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&limit=5&keep=last`,
        'companyadmin',
      )
    ).json();
    expect(both.truncated).toBe(false);
    expect(both.items.map((i: { id: number }) => i.id)).toEqual(body.items.map((i: { id: number }) => i.id));
    expect((await get(`/msisdns/${m.id}/positions?keep=middle`, 'companyadmin')).statusCode).toBe(400);
  });

  it('answers 404 outside the scope and 400 for a bad period', async () => {
    expect((await get(`/msisdns/${alpha[0]!.id}/positions`, 'companyadmin2')).statusCode).toBe(404);
    expect((await get('/msisdns/999999/positions', 'superadmin')).statusCode).toBe(404);
    const reversed = await get(
      `/msisdns/${alpha[0]!.id}/positions?from=2025-11-02T00:00:00Z&to=2025-11-01T00:00:00Z`,
      'companyadmin',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual([
      expect.objectContaining({ path: 'query.from', code: 'location.rangeInvalid' }),
    ]);
    const tooLong = await get(`/msisdns/${alpha[0]!.id}/positions?from=2025-01-01T00:00:00Z`, 'companyadmin');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([expect.objectContaining({ code: 'location.rangeInvalid' })]);
  });
});

describe('POST /msisdns/{id}/locate', () => {
  it('locates a consenting MSISDN inside the window through the network, records and audits it', async () => {
    await setTrackingWindow(server.context.db, 'ALPHA', ALWAYS);
    const m = alpha.find(trackable)!;
    const before = server.simulator!.requestsFor(m.msisdn);
    const response = await post(`/msisdns/${m.id}/locate`, 'companyadmin');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      msisdnId: m.id,
      status: 'LOCATED',
      resultCode: 0,
      result: 'OK',
      reason: null,
      position: { msisdnId: m.id, msisdn: m.msisdn, source: 'NETWORK' },
    });
    expect(body.position.accuracyM).toBeGreaterThanOrEqual(100);
    expect(body.position.accuracyM).toBeLessThanOrEqual(2000);
    expect(server.simulator!.requestsFor(m.msisdn)).toBe(before + 1);
    const recorded = await server.context.db
      .selectFrom('locate_requests')
      .selectAll()
      .where('requested_by', '=', 'USER')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({
      user_id: users['companyadmin']!.id,
      company_id: m.company_id,
      msisdn_ids: [m.id],
      msisdn_count: 1,
      located: 1,
      result_code: 'OK',
      results: { [m.id]: 0 },
    });
    expect(await lastAudit('location.locate')).toMatchObject({
      actor: 'companyadmin',
      entity_id: String(m.id),
      detail: { resultCode: 0, result: 'OK' },
    });
  });

  it('refuses without consent, with tracking off and outside the window (409, translated reason), never asking the network', async () => {
    const { db } = server.context;
    const stats = () => server.simulator!.stats.requests;
    const before = stats();
    const pending = alpha.find((m) => m.consent_status === 'PENDING')!;
    const revoked = alpha.find((m) => m.consent_status === 'REVOKED')!;
    const off = alpha.find((m) => m.consent_status === 'GRANTED' && !m.tracking_enabled)!;
    const expectRefusal = async (id: number, code: string, detail: string) => {
      const response = await post(`/msisdns/${id}/locate`, 'companyadmin');
      expect(response.statusCode).toBe(409);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 409, code, detail });
    };
    await expectRefusal(
      pending.id,
      'location.noConsent',
      'The employee has not granted consent to be located',
    );
    await expectRefusal(
      revoked.id,
      'location.noConsent',
      'The employee has not granted consent to be located',
    );
    await expectRefusal(off.id, 'location.trackingOff', 'Tracking is turned off for this number');
    const previous = await setTrackingWindow(db, 'ALPHA', closedNow('Asia/Riyadh'));
    try {
      await expectRefusal(
        alpha.find(trackable)!.id,
        'location.outsideWindow',
        "Outside the company's tracking window",
      );
    } finally {
      await setTrackingWindow(db, 'ALPHA', previous.trackingWindow);
    }
    expect(stats()).toBe(before);
    expect((await post(`/msisdns/${alpha[0]!.id}/locate`, 'companyadmin2')).statusCode).toBe(404);
  });

  it('limits locate-now per company and minute (429 with Retry-After), counting across the company', async () => {
    await setTrackingWindow(server.context.db, 'BETA', ALWAYS);
    const [m1, m2] = beta.filter(trackable);
    const seconds = new Date().getUTCSeconds();
    if (seconds > 50) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
    const statuses = [];
    for (const m of [m1!, m2!, m1!, m2!])
      statuses.push((await post(`/msisdns/${m.id}/locate`, 'companyadmin2')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await post(`/msisdns/${m1!.id}/locate`, 'superadmin');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'location.rateLimited',
      detail: 'Too many locate requests for this company. Please wait a minute and try again.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  }, 30_000);

  it('answers FAILED with the translated reason for a subscriber the network cannot reach; 502 for an unreachable GMLC', async () => {
    const m = alpha.filter(trackable)[1]!;
    const original = server.location.locator;
    const gmlc = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const msid = /<msid[^>]*>(\d+)<\/msid>/.exec(body)?.[1] ?? '';
        res
          .writeHead(200, { 'content-type': 'text/xml' })
          .end(
            `<svc_result ver="3.1.0"><slia ver="3.1.0"><pos><msid>${msid}</msid><poserr><result resid="5">ABSENT SUBSCRIBER</result></poserr></pos></slia></svc_result>`,
          );
      });
    });
    await new Promise<void>((resolve) => gmlc.listen(0, '127.0.0.1', resolve));
    const useGmlc = (url: string) =>
      (server.location.locator = new Locator(
        server.context.db,
        new MlpClient({ url, timeoutMs: 1000, concurrency: 1, retries: 0 }),
        server.location.pipeline,
        server.app.log,
      ));
    try {
      useGmlc(`http://127.0.0.1:${(gmlc.address() as AddressInfo).port}/mlp`);
      const absent = await post(`/msisdns/${m.id}/locate`, 'companyadmin');
      expect(absent.statusCode).toBe(200);
      expect(absent.json()).toEqual({
        msisdnId: m.id,
        status: 'FAILED',
        resultCode: 5,
        result: 'ABSENT SUBSCRIBER',
        reason: 'location.absentSubscriber',
        position: null,
        latencyMs: expect.any(Number),
      });

      useGmlc('http://127.0.0.1:9/mlp');
      const response = await post(`/msisdns/${m.id}/locate`, 'companyadmin');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'location.networkError' });
      const recorded = await server.context.db
        .selectFrom('locate_requests')
        .select(['gmlc', 'result_code', 'located', 'results'])
        .where('requested_by', '=', 'USER')
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      expect(recorded).toEqual([
        { gmlc: 'http://127.0.0.1:9/mlp', result_code: 'NETWORK', located: 0, results: { [m.id]: -1 } },
        {
          gmlc: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mlp$/),
          result_code: 'FAILED',
          located: 0,
          results: { [m.id]: 5 },
        },
      ]);
    } finally {
      server.location.locator = original;
      gmlc.close();
    }
  });
});

describe('device tokens', () => {
  it('issues a token with the apps’ settings, revokes it, audits both; 404 outside the scope', async () => {
    const m = beta[0]!;
    const before = await get(`/msisdns/${m.id}/device-token`, 'companyadmin2');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ msisdnId: m.id, active: false, createdAt: null, lastUsedAt: null });
    const issued = await post(`/msisdns/${m.id}/device-token`, 'companyadmin2');
    expect(issued.statusCode).toBe(201);
    const body = issued.json();
    expect(body).toEqual({
      msisdnId: m.id,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
      osmand: { url: `${server.config.publicUrl}/ingest/osmand`, id: body.token },
      owntracks: {
        url: `${server.config.publicUrl}/ingest/owntracks`,
        username: m.msisdn.slice(1),
        password: body.token,
      },
    });
    expect(await lastAudit('msisdn.deviceToken.issue')).toMatchObject({
      actor: 'companyadmin2',
      entity_id: String(m.id),
    });
    const stored = await server.context.db
      .selectFrom('device_tokens')
      .selectAll()
      .where('msisdn_id', '=', m.id)
      .execute();
    expect(stored.map((t) => t.token_hash)).not.toContain(body.token);
    const used = await server.app.inject({
      method: 'GET',
      url: `/ingest/osmand?id=${body.token}&lat=45.46&lon=9.19&timestamp=${Math.floor(Date.now() / 1000)}`,
    });
    expect(used.statusCode).toBeLessThan(300);
    // The token's first use is written before the report is acknowledged (later uses off the request path).
    expect((await get(`/msisdns/${m.id}/device-token`, 'companyadmin2')).json().lastUsedAt).toEqual(
      expect.any(String),
    );
    const status = (await get(`/msisdns/${m.id}/device-token`, 'companyadmin2')).json();
    expect(status).toEqual({
      msisdnId: m.id,
      active: true,
      createdAt: body.createdAt,
      lastUsedAt: expect.any(String),
    });
    expect(JSON.stringify(status)).not.toContain(body.token);
    const revoked = await server.app.inject({
      method: 'DELETE',
      url: `${API_BASE_PATH}/msisdns/${m.id}/device-token`,
      headers: { authorization: `Bearer ${tokens['companyadmin2']}` },
    });
    expect(revoked.statusCode).toBe(204);
    expect(await lastAudit('msisdn.deviceToken.revoke')).toMatchObject({ detail: { revoked: 1 } });
    expect(
      (await server.app.inject({ method: 'GET', url: `/ingest/osmand?id=${body.token}&lat=1&lon=1` }))
        .statusCode,
    ).toBe(401);
    expect((await get(`/msisdns/${m.id}/device-token`, 'companyadmin2')).json()).toMatchObject({
      active: false,
      createdAt: null,
    });
    expect((await post(`/msisdns/${m.id}/device-token`, 'companyadmin')).statusCode).toBe(404);
    expect((await get(`/msisdns/${m.id}/device-token`, 'companyadmin')).statusCode).toBe(404);
  });

  it('marks a token used at most once a minute, in one write for every token used meanwhile', async () => {
    const { db } = server.context;
    const ids = (await db.selectFrom('msisdns').select('id').orderBy('id').limit(2).execute()).map(
      (r) => r.id,
    );
    const tokens: number[] = [];
    for (const id of ids) {
      await issueDeviceToken(db, id, null);
      tokens.push(
        (
          await db
            .selectFrom('device_tokens')
            .select('id')
            .where('msisdn_id', '=', id)
            .where('revoked_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    const lastUsed = async () =>
      (
        await db
          .selectFrom('device_tokens')
          .select(['id', 'last_used_at'])
          .where('id', 'in', tokens)
          .orderBy('id')
          .execute()
      ).map((r) => r.last_used_at !== null);
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const use = new TokenUse(db, { delayMs: 60_000, now: () => clock });
    use.touch(tokens[0]!);
    use.touch(tokens[1]!);
    expect(await lastUsed()).toEqual([false, false]); // nothing on the request path
    await use.flush();
    expect(await lastUsed()).toEqual([true, true]);
    await db.updateTable('device_tokens').set({ last_used_at: null }).where('id', 'in', tokens).execute();
    clock += 30_000;
    use.touch(tokens[0]!); // marked within the minute: not written again
    await use.flush();
    expect(await lastUsed()).toEqual([false, false]);
    clock += 31_000;
    use.touch(tokens[0]!);
    await use.flush();
    expect(await lastUsed()).toEqual([true, false]);
  });

  it('writes many first uses at once in a few statements, each answered once its mark is written', async () => {
    const { db } = server.context;
    const ids = (await db.selectFrom('msisdns').select('id').orderBy('id').limit(40).execute()).map(
      (r) => r.id,
    );
    for (const id of ids) await issueDeviceToken(db, id, null);
    const tokens = (
      await db
        .selectFrom('device_tokens')
        .select('id')
        .where('msisdn_id', 'in', ids)
        .where('revoked_at', 'is', null)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    expect(tokens.length).toBe(ids.length);
    let statements = 0;
    const counted = db.withPlugin({
      transformQuery: ({ node }) => {
        statements++;
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    const use = new TokenUse(counted);
    // Each first use waits for its own mark: when its promise settles, the row says so.
    const usedOnceAnswered = await Promise.all(
      tokens.map(async (id) => {
        await use.first(id);
        const row = await db
          .selectFrom('device_tokens')
          .select('last_used_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return row.last_used_at !== null;
      }),
    );
    expect(usedOnceAnswered.every(Boolean)).toBe(true);
    // The first statement takes the first mark; the marks made while it ran go together in the next.
    expect(statements).toBeLessThanOrEqual(2);
    await use.flush();
    expect(statements).toBeLessThanOrEqual(2);
  });
});
