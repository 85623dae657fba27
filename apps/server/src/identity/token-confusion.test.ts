import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { API_BASE_PATH, CLIENT_ID } from '@lbs/contracts';
import { freePort, startTestServer, type TestServer } from '../../test/helpers.ts';
import { useOidcTestServer } from '../../test/oidc-server.ts';
import { mintAccessToken, signJwt } from '../../test/tokens.ts';
import { signingKeys } from './secrets.ts';

/**
 * The API takes access tokens only. The provider signs its ID tokens, refresh tokens and logout tokens with the same
 * keys and names the same client in them, so each is presented as a bearer token here and must answer 401: with
 * the embedded provider (real tokens from a real sign-in) and with an external Keycloak (tokens of its shapes).
 */
const ME = `${API_BASE_PATH}/user-management/me`;

async function getMe(baseUrl: string, token: string): Promise<Response> {
  return fetch(`${baseUrl}${ME}`, { headers: { authorization: `Bearer ${token}` } });
}

async function expectRefused(baseUrl: string, token: string, what: string) {
  const response = await getMe(baseUrl, token);
  expect(response.status, what).toBe(401);
  expect(response.headers.get('content-type'), what).toMatch(/^application\/problem\+json/);
  expect(await response.json(), what).toMatchObject({ code: 'auth.unauthorized' });
}

describe('embedded provider: only access tokens open the API', () => {
  const oidc = useOidcTestServer();

  it('accepts the access token and refuses the ID token and refresh token of the same sign-in', async () => {
    const tokens = await oidc.signInAs('companyadmin');
    expect((await getMe(oidc.server.baseUrl, tokens.access_token)).status).toBe(200);
    await expectRefused(oidc.server.baseUrl, tokens.id_token!, 'ID token');
    await expectRefused(oidc.server.baseUrl, tokens.refresh_token!, 'refresh token');
  });

  it('refuses a logout token, an ID-token-shaped JWT and an access token without its header type', async () => {
    const { db } = oidc.server.database;
    const jwk = (await signingKeys(db)).keys[0]!;
    const user = await db
      .selectFrom('users')
      .select('subject')
      .where('username', '=', 'companyadmin')
      .executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const common = { iss: oidc.server.config.issuer, sub: user.subject, iat: now, exp: now + 300 };
    const logout = await signJwt(
      {
        ...common,
        aud: CLIENT_ID,
        azp: CLIENT_ID,
        jti: randomUUID(),
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      },
      jwk,
      { typ: 'logout+jwt' },
    );
    await expectRefused(oidc.server.baseUrl, logout, 'logout token');
    const idShaped = await signJwt({ ...common, aud: CLIENT_ID, azp: CLIENT_ID, nonce: 'n' }, jwk);
    await expectRefused(oidc.server.baseUrl, idShaped, 'ID-token-shaped JWT');
    const config = oidc.server.config;
    const untyped = await mintAccessToken(db, config, 'companyadmin', { header: { typ: 'JWT' } });
    await expectRefused(oidc.server.baseUrl, untyped, 'access token claims under typ JWT');
    const clientAudience = await mintAccessToken(db, config, 'companyadmin', { claims: { aud: CLIENT_ID } });
    await expectRefused(oidc.server.baseUrl, clientAudience, 'audience = the client, not the API');
    const keycloakShaped = await mintAccessToken(db, config, 'companyadmin', { shape: 'keycloak' });
    await expectRefused(oidc.server.baseUrl, keycloakShaped, 'Keycloak shape at the embedded provider');
  });
});

/** A Keycloak realm as the portal sees it: discovery and JWKS on loopback, tokens signed with its own key. */
async function startFakeRealm(): Promise<{ issuer: string; jwk: JWK; close(): Promise<void> }> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}/realms/lbs`;
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'keycloak-test';
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server: Server = createServer((request, response) => {
    const body =
      request.url === '/realms/lbs/.well-known/openid-configuration'
        ? { issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }
        : request.url === '/realms/lbs/protocol/openid-connect/certs'
          ? { keys: [publicJwk] }
          : undefined;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    jwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('external Keycloak: only its access tokens open the API', () => {
  let realm: Awaited<ReturnType<typeof startFakeRealm>>;
  let server: TestServer;
  beforeAll(async () => {
    realm = await startFakeRealm();
    server = await startTestServer({ OIDC_ISSUER: realm.issuer });
  });
  afterAll(async () => {
    await server?.dispose();
    await realm?.close();
  });

  const keycloakToken = (typ: string, extra: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return signJwt(
      {
        iss: realm.issuer,
        sub: randomUUID(),
        typ,
        azp: CLIENT_ID,
        iat: now,
        exp: now + 300,
        jti: randomUUID(),
        preferred_username: 'companyadmin',
        email: 'companyadmin@alpha.example',
        ...extra,
      },
      realm.jwk,
    );
  };

  it('accepts an access token (typ Bearer, azp = the client)', async () => {
    const token = await keycloakToken('Bearer', {
      aud: 'account',
      realm_access: { roles: ['COMPANY_ADMIN'] },
    });
    const response = await getMe(server.baseUrl, token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: 'companyadmin' });
  });

  it('refuses its ID, refresh and logout tokens and an access token of another client', async () => {
    await expectRefused(
      server.baseUrl,
      await keycloakToken('ID', { aud: CLIENT_ID, nonce: 'n' }),
      'ID token',
    );
    await expectRefused(
      server.baseUrl,
      await keycloakToken('Refresh', { aud: realm.issuer }),
      'refresh token',
    );
    await expectRefused(
      server.baseUrl,
      await keycloakToken('Logout', {
        aud: CLIENT_ID,
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      }),
      'logout token',
    );
    await expectRefused(
      server.baseUrl,
      await keycloakToken('Bearer', { aud: ['account', CLIENT_ID], azp: undefined }),
      'access token without azp',
    );
    await expectRefused(
      server.baseUrl,
      await keycloakToken('Bearer', { azp: 'another-client' }),
      'access token of another client',
    );
  });
});
