import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
import { useTestServer } from '../../test/helpers.ts';
import { foreignKey, mintAccessToken, unsignedToken } from '../../test/tokens.ts';
import { signingKeys } from '../identity/secrets.ts';

const ME = `${API_BASE_PATH}/user-management/me`;
const server = useTestServer();

async function getMe(authorization?: string) {
  return server.app.inject({ method: 'GET', url: ME, headers: authorization ? { authorization } : {} });
}

function expectUnauthorized(response: Awaited<ReturnType<typeof getMe>>, detail: string) {
  expect(response.statusCode).toBe(401);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['www-authenticate']).toBe('Bearer realm="lbs"');
  expect(response.json()).toMatchObject({
    status: 401,
    title: 'Unauthorized',
    code: 'auth.unauthorized',
    detail,
  });
}

describe('bearer authentication of the API', () => {
  it('accepts a valid token', async () => {
    const token = await mintAccessToken(server.context.db, server.config, 'companyadmin');
    const response = await getMe(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'companyadmin' });
  });

  it('answers 401 without a token or with a malformed header', async () => {
    expectUnauthorized(await getMe(), 'A valid bearer token is required.');
    expectUnauthorized(await getMe('Basic dXNlcjpwYXNz'), 'A valid bearer token is required.');
    expectUnauthorized(await getMe('Bearer not-a-jwt'), 'The access token is not valid.');
  });

  it('answers 401 for a token signed by another key, even under the right kid', async () => {
    const realKid = (await signingKeys(server.context.db)).keys[0]!.kid;
    const key = { ...(await foreignKey()), kid: realKid };
    const token = await mintAccessToken(server.context.db, server.config, 'companyadmin', { key });
    expectUnauthorized(await getMe(`Bearer ${token}`), 'The access token is not valid.');
  });

  it('answers 401 for a wrong issuer, a wrong client, an expired token and alg none', async () => {
    const { db } = server.context;
    const mint = (options: Parameters<typeof mintAccessToken>[3]) =>
      mintAccessToken(db, server.config, 'companyadmin', options);
    const wrongIssuer = await mint({ claims: { iss: 'http://evil.example.com/realms/lbs' } });
    const wrongClient = await mint({ claims: { azp: 'another-client' } });
    const audienceOnlyOther = await mint({ claims: { azp: undefined, aud: 'another-client' } });
    const expired = await mint({ expiresIn: -60 });
    const user = await db
      .selectFrom('users')
      .select('subject')
      .where('username', '=', 'companyadmin')
      .executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const none = unsignedToken({
      iss: server.config.issuer,
      sub: user.subject,
      azp: 'lbs-public',
      iat: now,
      exp: now + 300,
    });
    for (const token of [wrongIssuer, wrongClient, audienceOnlyOther, expired, none]) {
      expectUnauthorized(await getMe(`Bearer ${token}`), 'The access token is not valid.');
    }
  });

  // Issue 9 item 6: `aud` = the client without `azp` is how an ID token names its client, so it opens nothing.
  it('answers 401 for a token that names the client only in aud (an ID token’s shape)', async () => {
    const token = await mintAccessToken(server.context.db, server.config, 'companyadmin', {
      claims: { azp: undefined, aud: ['account', 'lbs-public'] },
    });
    expectUnauthorized(await getMe(`Bearer ${token}`), 'The access token is not valid.');
  });

  it('answers 401 when no portal user has the token subject', async () => {
    const token = await mintAccessToken(server.context.db, server.config, 'companyadmin', {
      claims: { sub: '00000000-0000-4000-8000-000000000000' },
    });
    expectUnauthorized(await getMe(`Bearer ${token}`), 'No portal user matches this token.');
  });

  it('answers 403 for an inactive user', async () => {
    const { db } = server.context;
    const token = await mintAccessToken(db, server.config, 'companyadmin2');
    await db.updateTable('users').set({ active: false }).where('username', '=', 'companyadmin2').execute();
    try {
      const response = await getMe(`Bearer ${token}`);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({
        status: 403,
        code: 'auth.inactiveUser',
        detail: 'This account is inactive.',
      });
    } finally {
      await db.updateTable('users').set({ active: true }).where('username', '=', 'companyadmin2').execute();
    }
  });

  it('answers 401 for a token issued before the user’s sessions were revoked', async () => {
    const { db } = server.context;
    const token = await mintAccessToken(db, server.config, 'zoneadmin', {
      claims: { iat: Math.floor(Date.now() / 1000) - 120 },
    });
    await db
      .updateTable('users')
      .set({ sessions_revoked_at: new Date() })
      .where('username', '=', 'zoneadmin')
      .execute();
    expectUnauthorized(await getMe(`Bearer ${token}`), 'This session has been ended.');
    const fresh = await mintAccessToken(db, server.config, 'zoneadmin', {
      claims: { iat: Math.floor(Date.now() / 1000) + 2 },
    });
    expect((await getMe(`Bearer ${fresh}`)).statusCode).toBe(200);
  });
});
