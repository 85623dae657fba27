import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
import { useTestServer } from './helpers.ts';
import { ALWAYS, companyMsisdns, setTrackingWindow, trackable, type MsisdnRow } from './location-fixtures.ts';
import { mintAccessToken } from './tokens.ts';

/**
 * Issue 9 items 1–5, one test per case the attack found: each answered 500, a non-problem body or a lenient
 * address on main before this change.
 */
// The API alone (no web build): with one, the SPA's catch-all route answers an over-long path with a 404 problem
// before the router's parameter limit is reached; the property suite sees both setups.
const server = useTestServer({ WEB_DIST_DIR: '/nonexistent/lbs-web-dist' });
let superadmin: string;
let msisdn: MsisdnRow;
let deviceToken: string;

type Injected = Awaited<ReturnType<typeof server.app.inject>>;

function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: method as 'GET',
    url: url.startsWith('/ingest') ? url : `${API_BASE_PATH}${url}`,
    headers: { authorization: `Bearer ${superadmin}`, ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

function expectProblem(response: Injected, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = response.json();
  expect(problem).toMatchObject({ status, code, requestId: expect.any(String) });
  return problem as { errors?: { path: string; code: string; message: string }[] };
}

function expectFieldError(response: Injected, path: string, code: string) {
  const problem = expectProblem(response, 400, 'problem.validation');
  expect(problem.errors).toContainEqual({ path, code, message: expect.any(String) });
}

beforeAll(async () => {
  const { db } = server.context;
  superadmin = await mintAccessToken(db, server.config, 'superadmin');
  await setTrackingWindow(db, 'ALPHA', ALWAYS);
  msisdn = (await companyMsisdns(db, 'ALPHA')).find(trackable)!;
  const issued = await call('POST', `/msisdns/${msisdn.id}/device-token`);
  deviceToken = issued.json().token;
});

const lastExtra = async () =>
  (
    await server.context.db
      .selectFrom('positions')
      .select('extra')
      .where('msisdn_id', '=', msisdn.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).extra as Record<string, unknown>;

describe('1. NUL characters', () => {
  it('in a body text field: 400 with the field’s translated key, not 500', async () => {
    const company = msisdn.company_id;
    expectFieldError(
      await call('POST', '/departments', { companyId: company, name: 'a\u0000b' }),
      'name',
      'validation.textInvalid',
    );
    expectFieldError(
      await call('PATCH', `/msisdns/${msisdn.id}`, { employeeName: 'Omar\u0000' }),
      'employeeName',
      'validation.textInvalid',
    );
  });

  it('in a query parameter: the list search and the import’s file name', async () => {
    expectFieldError(await call('GET', '/companies?q=%00'), 'query.q', 'validation.textInvalid');
    expectFieldError(
      await call('POST', `/msisdns/imports?companyId=${msisdn.company_id}&fileName=a%00.csv`, 'msisdn\n', {
        'content-type': 'text/csv',
      }),
      'query.fileName',
      'validation.textInvalid',
    );
  });
});

describe('2. Lone UTF-16 surrogates', () => {
  it('in a name: 400 with the field’s key', async () => {
    expectFieldError(
      await call('POST', '/companies', { name: 'North \ud800', code: 'NORTH' }),
      'name',
      'validation.textInvalid',
    );
  });

  it('a name is stored trimmed and in NFC; emoji and RTL marks pass', async () => {
    const created = await call('POST', '/designations', {
      companyId: msisdn.company_id,
      name: '  \u200fJose\u0301 😀 ',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().name).toBe('\u200fJosé 😀');
  });

  it('in the extras of app reports: stored, made storable, never a 500', async () => {
    const now = Math.floor(Date.now() / 1000);
    const osmandJson = await call(
      'POST',
      '/ingest/osmand',
      JSON.stringify({
        device_id: deviceToken,
        location: {
          timestamp: new Date().toISOString(),
          coords: { latitude: 24.7, longitude: 46.6 },
          event: '\ud800motion\u0000',
          is_moving: { deep: ['\udfff'] },
        },
      }),
      { 'content-type': 'application/json', authorization: '' },
    );
    expect(osmandJson.statusCode, osmandJson.body).toBe(200);
    expect(await lastExtra()).toMatchObject({ event: '\ufffdmotion\ufffd', isMoving: '{"deep":["\ufffd"]}' });

    const ownTracks = await call(
      'POST',
      '/ingest/owntracks',
      JSON.stringify({ _type: 'location', lat: 24.7, lon: 46.6, tst: now, tid: '\ud800X' }),
      {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`phone:${deviceToken}`).toString('base64')}`,
      },
    );
    expect(ownTracks.statusCode, ownTracks.body).toBe(200);
    expect(await lastExtra()).toMatchObject({ tid: '\ufffdX' });

    const unknownParam = await call(
      'GET',
      `/ingest/osmand?id=${deviceToken}&lat=24.7&lon=46.6&timestamp=${now}&charge=%00${'y'.repeat(5000)}`,
      undefined,
      { authorization: '' },
    );
    expect(unknownParam.statusCode, unknownParam.body).toBe(200);
    const { charging } = await lastExtra();
    expect(charging).toMatch(/^\ufffdy+$/);
    expect(String(charging)).toHaveLength(200);
  });
});

describe('3. Position history with two invalid bounds', () => {
  it('answers 400 with both fields, not 500', async () => {
    const response = await call('GET', `/msisdns/${msisdn.id}/positions?from=a&to=b`);
    expectFieldError(response, 'query.from', 'validation.invalid');
    expectFieldError(response, 'query.to', 'validation.invalid');
  });
});

describe('4. Every error the server sends is problem+json', () => {
  it('a malformed percent-encoding in the path (router)', async () => {
    expectProblem(await call('GET', '/zones/%FF'), 400, 'problem.malformedRequest');
  });

  it('an over-long path parameter (router)', async () => {
    expectProblem(await call('GET', `/zones/${'9'.repeat(150)}`), 414, 'problem.uriTooLong');
  });

  it('an unknown API path, a body that is not JSON, an empty JSON body and an unknown content type', async () => {
    expectProblem(await call('GET', '/no-such-thing'), 404, 'problem.notFound');
    const json = { 'content-type': 'application/json' };
    expectProblem(await call('POST', '/zones', '{"name":', json), 400, 'problem.validation');
    expectProblem(await call('POST', '/zones', '', json), 400, 'problem.validation');
    expectProblem(await call('POST', '/zones', '{"__proto__":{"a":1}}', json), 400, 'problem.validation');
    expectProblem(
      await call('POST', '/zones', '<zone/>', { 'content-type': 'application/xml' }),
      415,
      'problem.unsupportedMediaType',
    );
  });

  it('the rate limiter', async () => {
    let last: Injected | undefined;
    for (let i = 0; i < 40 && last?.statusCode !== 429; i++) {
      last = await server.app.inject({
        method: 'POST',
        url: `${API_BASE_PATH}/invitations/verify`,
        payload: { email: 'nobody@example.com', code: '000000' },
      });
    }
    expectProblem(last!, 429, 'problem.tooManyRequests');
  });
});

describe('5. Path ids are canonical positive decimals in the database’s range', () => {
  it.each(['0x65', '1.01e2', '+101', '%20101', '0101', '0', '-1', '2147483648', '1e3'])(
    '/msisdns/%s answers 400 with a field error',
    async (id) => {
      expectFieldError(await call('GET', `/msisdns/${id}`), 'params.id', 'validation.invalid');
    },
  );

  it('the canonical spelling still addresses the object, on every resource', async () => {
    expect((await call('GET', `/msisdns/${msisdn.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/companies/${msisdn.company_id}`)).statusCode).toBe(200);
    expectFieldError(await call('GET', '/companies/99999999999'), 'params.id', 'validation.invalid');
    expectFieldError(await call('GET', '/msisdns?companyId=0x1'), 'query.companyId', 'validation.invalid');
  });
});
