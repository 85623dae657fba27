import { describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { decodeJwt } from 'jose';
import { CLIENT_ID, OIDC_PATHS, REALM_ROLE_NAMES } from '@lbs/contracts';
import { DEMO_ACCOUNTS } from '../demo/index.ts';
import { Browser, authorizationRequest, openLoginPage, redirectTarget } from '../../test/oidc-browser.ts';
import { useOidcTestServer } from '../../test/oidc-server.ts';
import { publicJwks, signingKeys } from './secrets.ts';

const oidc = useOidcTestServer();

describe('embedded OpenID provider: discovery and code flow', () => {
  it('publishes Keycloak paths under PUBLIC_URL/realms/lbs', async () => {
    const response = await fetch(`${oidc.server.baseUrl}/realms/lbs${OIDC_PATHS.discovery}`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Record<string, unknown>;
    const realm = `${oidc.server.config.publicUrl}/realms/lbs`;
    expect(doc).toMatchObject({
      issuer: realm,
      authorization_endpoint: `${realm}/protocol/openid-connect/auth`,
      token_endpoint: `${realm}/protocol/openid-connect/token`,
      userinfo_endpoint: `${realm}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${realm}/protocol/openid-connect/logout`,
      jwks_uri: `${realm}/protocol/openid-connect/certs`,
      revocation_endpoint: `${realm}/protocol/openid-connect/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(doc['grant_types_supported']).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(doc).not.toHaveProperty('pushed_authorization_request_endpoint');
  });

  it('keeps PUBLIC_URL in the discovery document whatever Host the request names', async () => {
    const response = await fetch(`${oidc.server.baseUrl}/realms/lbs${OIDC_PATHS.discovery}`, {
      headers: { host: 'evil.example' },
    });
    const doc = (await response.json()) as { token_endpoint: string };
    expect(doc.token_endpoint).toBe(`${oidc.server.config.issuer}${OIDC_PATHS.token}`);
  });

  it('serves the signing keys the API verifies with', async () => {
    const response = await fetch(`${oidc.server.config.issuer}${OIDC_PATHS.jwks}`);
    const jwks = (await response.json()) as { keys: Array<Record<string, unknown>> };
    const expected = publicJwks(await signingKeys(oidc.server.database.db));
    expect(jwks.keys.map((k) => k['kid'])).toEqual(expected.keys.map((k) => k.kid));
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.username, a.role] as const))(
    'signs %s in with code + PKCE and issues a Keycloak-shaped access token',
    async (username, role) => {
      const tokens = await oidc.signInAs(username);
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      expect(tokens.expires_in).toBe(300);
      expect(tokens.refresh_token).toEqual(expect.any(String));

      const claims = await oidc.verify(tokens.access_token);
      const user = await oidc.server.database.db
        .selectFrom('users')
        .select(['subject', 'email'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      expect(claims).toMatchObject({
        iss: oidc.server.config.issuer,
        sub: user.subject,
        azp: CLIENT_ID,
        typ: 'Bearer',
        preferred_username: username,
        email: user.email,
        realm_access: { roles: [REALM_ROLE_NAMES[role]] },
      });
      expect(claims.exp! - claims.iat!).toBe(300);

      const idToken = tokens.claims()!;
      expect(idToken).toMatchObject({
        iss: oidc.server.config.issuer,
        aud: CLIENT_ID,
        sub: user.subject,
        preferred_username: username,
        email: user.email,
      });
      expect(idToken['name']).toEqual(expect.any(String));
      expect(idToken['nonce']).toEqual(expect.any(String));
    },
  );

  it('answers userinfo for a JWT access token and refuses a forged one', async () => {
    const tokens = await oidc.signInAs('deptadmin');
    const sub = decodeJwt(tokens.access_token).sub!;
    const info = await client.fetchUserInfo(oidc.config, tokens.access_token, sub);
    expect(info).toMatchObject({
      sub,
      preferred_username: 'deptadmin',
      email: expect.any(String),
      name: expect.any(String),
    });

    const [header, payload] = tokens.access_token.split('.');
    const forged = await fetch(`${oidc.server.config.issuer}${OIDC_PATHS.userinfo}`, {
      headers: { authorization: `Bearer ${header}.${payload}.AAAA` },
    });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('accepts the access token at the API', async () => {
    const tokens = await oidc.signInAs('zoneadmin');
    const response = await fetch(`${oidc.server.baseUrl}/api/v1/lbs-backend/user-management/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: 'zoneadmin' });
  });

  it('refuses an authorization request without code_challenge', async () => {
    const auth = await authorizationRequest(oidc.config, oidc.server.config.publicUrl);
    auth.url.searchParams.delete('code_challenge');
    auth.url.searchParams.delete('code_challenge_method');
    const target = redirectTarget(await new Browser().request(auth.url));
    expect(`${target.origin}${target.pathname}`).toBe(`${oidc.server.config.publicUrl}/authenticate`);
    expect(target.searchParams.get('error')).toBe('invalid_request');
    expect(target.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(target.searchParams.get('code')).toBeNull();
  });

  it('refuses the plain code_challenge_method', async () => {
    const auth = await authorizationRequest(oidc.config, oidc.server.config.publicUrl, {
      code_challenge_method: 'plain',
      code_challenge: 'a'.repeat(43),
    });
    const target = redirectTarget(await new Browser().request(auth.url));
    expect(target.searchParams.get('error')).toBe('invalid_request');
    expect(target.searchParams.get('error_description')).toMatch(/code_challenge_method/);
  });

  it('refuses a redirect_uri that is not registered, on a branded error page', async () => {
    const auth = await authorizationRequest(oidc.config, oidc.server.config.publicUrl, {
      redirect_uri: 'https://evil.example/cb',
    });
    const response = await new Browser().request(auth.url);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Ah! Something went wrong.');
    expect(html).toContain('invalid_redirect_uri');
    expect(html).not.toMatch(/at .*\.js:\d+/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('shows the sign-in page without a consent screen and with the product look', async () => {
    const auth = await authorizationRequest(oidc.config, oidc.server.config.publicUrl);
    const page = await openLoginPage(new Browser(), auth.url);
    expect(page.status).toBe(200);
    expect(page.loginUrl.pathname).toMatch(/^\/realms\/lbs\/login\/[\w-]+$/);
    expect(page.html).toContain('<html lang="en-US" dir="ltr">');
    expect(page.html).toMatch(/<input id="username" name="username"/);
    expect(page.html).toMatch(/<input id="password" name="password" type="password"/);
    expect(page.html).toContain('<button class="btn" type="submit">Sign in</button>');
    expect(page.html).toContain('#0A8FDC');
    expect(page.html).not.toContain('<script');
  });
});
