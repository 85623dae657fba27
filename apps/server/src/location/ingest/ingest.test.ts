import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
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

const server = useTestServer();
let admin: string;
let granted: MsisdnRow;
let pending: MsisdnRow;
let trackingOff: MsisdnRow;
const tokens = new Map<number, string>();

async function issue(msisdnId: number): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: `${API_BASE_PATH}/msisdns/${msisdnId}/device-token`,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(response.statusCode).toBe(201);
  return response.json().token as string;
}

beforeAll(async () => {
  const { db } = server.context;
  await setTrackingWindow(db, 'ALPHA', ALWAYS);
  admin = await mintAccessToken(db, server.config, 'companyadmin');
  const alpha = await companyMsisdns(db, 'ALPHA');
  granted = alpha.find(trackable)!;
  pending = alpha.find((m) => m.consent_status === 'PENDING')!;
  trackingOff = alpha.find((m) => m.consent_status === 'GRANTED' && !m.tracking_enabled)!;
  for (const m of [granted, pending, trackingOff]) tokens.set(m.id, await issue(m.id));
});

const positionsOf = (msisdnId: number) =>
  server.context.db
    .selectFrom('positions')
    .selectAll()
    .where('msisdn_id', '=', msisdnId)
    .orderBy('id', 'desc')
    .execute();
const nowS = () => Math.floor(Date.now() / 1000);
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function expectProblem(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ status, code });
}

describe('OsmAnd ingest (Traccar Client)', () => {
  it('stores a GET report with query parameters and a timestamp in seconds', async () => {
    const t = nowS() - 30;
    const token = tokens.get(granted.id)!;
    const response = await server.app.inject({
      method: 'GET',
      url: `/ingest/osmand?id=${token}&lat=24.7136&lon=46.6753&timestamp=${t}&accuracy=12.5&speed=3.2&bearing=270&altitude=612&batt=87`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    const [stored] = await positionsOf(granted.id);
    expect(stored).toMatchObject({
      lat: 24.7136,
      lon: 46.6753,
      accuracy_m: 12.5,
      source: 'OSMAND',
      extra: { speedKnots: 3.2, bearing: 270, altitude: 612, battery: 87 },
    });
    expect(new Date(stored!.time).getTime()).toBe(t * 1000);
    const latest = await server.context.db
      .selectFrom('latest_positions')
      .selectAll()
      .where('msisdn_id', '=', granted.id)
      .executeTakeFirstOrThrow();
    expect(latest.position_id).toBe(stored!.id);
  });

  it('takes POST forms with milliseconds, `location=lat,lon` with ISO time, and the JSON variant', async () => {
    const token = tokens.get(granted.id)!;
    const ms = Date.now() - 20_000;
    const form = await server.app.inject({
      method: 'POST',
      url: '/ingest/osmand',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${token}&lat=-33.5&lon=151.25&timestamp=${ms}`,
    });
    expect(form.statusCode).toBe(200);
    expect(new Date((await positionsOf(granted.id))[0]!.time).getTime()).toBe(ms);

    const iso = new Date(Date.now() - 10_000).toISOString();
    const query = await server.app.inject({
      method: 'POST',
      url: `/ingest/osmand?id=${token}&location=40.4168,-3.7038&timestamp=${encodeURIComponent(iso)}`,
    });
    expect(query.statusCode).toBe(200);
    expect((await positionsOf(granted.id))[0]).toMatchObject({
      lat: 40.4168,
      lon: -3.7038,
      accuracy_m: null,
    });

    const json = await server.app.inject({
      method: 'POST',
      url: '/ingest/osmand',
      headers: { 'content-type': 'application/json' },
      payload: {
        device_id: token,
        location: {
          timestamp: new Date(Date.now() - 5000).toISOString(),
          coords: { latitude: 45.4642, longitude: 9.19, accuracy: 8, speed: 1.5, heading: 90, altitude: 120 },
          battery: { level: 0.82, is_charging: false },
          is_moving: true,
        },
      },
    });
    expect(json.statusCode).toBe(200);
    expect((await positionsOf(granted.id))[0]).toMatchObject({
      lat: 45.4642,
      lon: 9.19,
      accuracy_m: 8,
      extra: { speedMps: 1.5, bearing: 90, altitude: 120, battery: 0.82, isMoving: true },
    });
  });

  it('answers 400 for bad coordinates or times, naming the field', async () => {
    const token = tokens.get(granted.id)!;
    const before = (await positionsOf(granted.id)).length;
    const cases: [string, string, string][] = [
      [`lat=91&lon=10&timestamp=${nowS()}`, 'lat', 'location.coordinatesInvalid'],
      [`lat=10&lon=east&timestamp=${nowS()}`, 'lon', 'location.coordinatesInvalid'],
      [`lon=10&timestamp=${nowS()}`, 'lat', 'location.coordinatesInvalid'],
      ['lat=10&lon=10&timestamp=yesterday', 'timestamp', 'location.timeInvalid'],
      [`lat=10&lon=10&timestamp=${nowS() + 86_400}`, 'position', 'location.timeInvalid'],
      [`lat=10&lon=10&timestamp=${nowS() - 40 * 86_400}`, 'position', 'location.timeInvalid'],
      [`lat=10&lon=10&timestamp=${nowS()}&accuracy=-5`, 'accuracy', 'validation.invalid'],
    ];
    for (const [query, path, code] of cases) {
      const response = await server.app.inject({ method: 'GET', url: `/ingest/osmand?id=${token}&${query}` });
      expectProblem(response, 400, 'problem.validation');
      expect(response.json().errors, query).toEqual([expect.objectContaining({ path, code })]);
    }
    expect((await positionsOf(granted.id)).length).toBe(before);
  });

  it('answers 401 for a missing, unknown or revoked token', async () => {
    expectProblem(
      await server.app.inject({ method: 'GET', url: `/ingest/osmand?lat=10&lon=10` }),
      401,
      'location.deviceTokenInvalid',
    );
    expectProblem(
      await server.app.inject({ method: 'GET', url: `/ingest/osmand?id=not-a-token&lat=10&lon=10` }),
      401,
      'location.deviceTokenInvalid',
    );
    const old = tokens.get(granted.id)!;
    const fresh = await issue(granted.id);
    tokens.set(granted.id, fresh);
    expectProblem(
      await server.app.inject({ method: 'GET', url: `/ingest/osmand?id=${old}&lat=10&lon=10` }),
      401,
      'location.deviceTokenInvalid',
    );
    expect(
      (await server.app.inject({ method: 'GET', url: `/ingest/osmand?id=${fresh}&lat=10&lon=10` }))
        .statusCode,
    ).toBe(200);
  });

  it('applies consent: no consent or tracking off → 403 and nothing stored; outside the window → taken but dropped', async () => {
    const pendingResponse = await server.app.inject({
      method: 'GET',
      url: `/ingest/osmand?id=${tokens.get(pending.id)}&lat=10&lon=10`,
    });
    expectProblem(pendingResponse, 403, 'location.noConsent');
    expect(pendingResponse.json().detail).toBe('The employee has not granted consent to be located');
    expectProblem(
      await server.app.inject({
        method: 'GET',
        url: `/ingest/osmand?id=${tokens.get(trackingOff.id)}&lat=10&lon=10`,
      }),
      403,
      'location.trackingOff',
    );
    expect(await positionsOf(pending.id)).toEqual([]);
    expect(await positionsOf(trackingOff.id)).toEqual([]);

    const previous = await setTrackingWindow(server.context.db, 'ALPHA', closedNow('Asia/Riyadh'));
    try {
      const before = (await positionsOf(granted.id)).length;
      const response = await server.app.inject({
        method: 'GET',
        url: `/ingest/osmand?id=${tokens.get(granted.id)}&lat=10&lon=10`,
      });
      expect(response.statusCode).toBe(200);
      expect((await positionsOf(granted.id)).length).toBe(before);
    } finally {
      await setTrackingWindow(server.context.db, 'ALPHA', previous.trackingWindow);
    }
  });

  it('drops a backlog fix taken before consent was given (taken, never stored) and stores the ones after it', async () => {
    const { db } = server.context;
    const other = (await companyMsisdns(db, 'ALPHA')).filter(trackable).find((m) => m.id !== granted.id)!;
    const consentAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * 3_600_000);
    // Consent given two hours ago, before the MSISDN's token is first used (the owner cache reads it then).
    await db.updateTable('msisdns').set({ consent_at: consentAt }).where('id', '=', other.id).execute();
    const token = await issue(other.id);
    const before = (await positionsOf(other.id)).length;
    const send = async (ms: number) =>
      (
        await server.app.inject({
          method: 'GET',
          url: `/ingest/osmand?id=${token}&lat=24.7&lon=46.7&accuracy=20&timestamp=${Math.floor(ms / 1000)}`,
        })
      ).statusCode;
    expect(await send(consentAt.getTime() - 30 * 60_000)).toBe(200);
    expect(await send(consentAt.getTime() - 1000)).toBe(200);
    expect((await positionsOf(other.id)).length).toBe(before);
    const after = consentAt.getTime() + 60_000;
    expect(await send(after)).toBe(200);
    const stored = await positionsOf(other.id);
    expect(stored.length).toBe(before + 1);
    expect(stored[0]!.time.getTime()).toBe(after);
  });
});

describe('OwnTracks ingest (HTTP mode)', () => {
  it('stores a location message authenticated by Basic auth and answers an empty JSON list', async () => {
    const tst = nowS() - 15;
    const response = await server.app.inject({
      method: 'POST',
      url: '/ingest/owntracks',
      headers: {
        authorization: basic('966500000000', tokens.get(granted.id)!),
        'content-type': 'application/json',
        'x-limit-u': 'employee',
      },
      payload: {
        _type: 'location',
        lat: 24.75,
        lon: 46.7,
        tst,
        acc: 25,
        alt: 600,
        vel: 36,
        cog: 180,
        batt: 55,
        tid: 'EM',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual([]);
    const [stored] = await positionsOf(granted.id);
    expect(stored).toMatchObject({
      lat: 24.75,
      lon: 46.7,
      accuracy_m: 25,
      source: 'OWNTRACKS',
      extra: { altitude: 600, speedKmh: 36, bearing: 180, battery: 55, tid: 'EM' },
    });
    expect(new Date(stored!.time).getTime()).toBe(tst * 1000);
  });

  it('skips messages that are not locations; 400 for a bad one; 401 with a Basic challenge for a wrong password', async () => {
    const auth = basic('u', tokens.get(granted.id)!);
    const before = (await positionsOf(granted.id)).length;
    const other = await server.app.inject({
      method: 'POST',
      url: '/ingest/owntracks',
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: { _type: 'transition', event: 'enter', tst: nowS() },
    });
    expect(other.statusCode).toBe(200);
    expect((await positionsOf(granted.id)).length).toBe(before);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/ingest/owntracks',
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: { _type: 'location', lat: 10, lon: 200, tst: nowS() },
    });
    expectProblem(bad, 400, 'problem.validation');
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ path: 'lon', code: 'location.coordinatesInvalid' }),
    ]);
    const noTime = await server.app.inject({
      method: 'POST',
      url: '/ingest/owntracks',
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: { _type: 'location', lat: 10, lon: 20 },
    });
    expect(noTime.json().errors).toEqual([
      expect.objectContaining({ path: 'tst', code: 'location.timeInvalid' }),
    ]);
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/ingest/owntracks',
      headers: { authorization: basic('u', 'wrong'), 'content-type': 'application/json' },
      payload: { _type: 'location', lat: 10, lon: 20, tst: nowS() },
    });
    expectProblem(wrong, 401, 'location.deviceTokenInvalid');
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic realm="lbs-ingest"/);
    expectProblem(
      await server.app.inject({ method: 'POST', url: '/ingest/owntracks', payload: {} }),
      401,
      'location.deviceTokenInvalid',
    );
    expect((await positionsOf(granted.id)).length).toBe(before);
  });
});
