import { describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { CLIENT_ID } from '@lbs/contracts';
import { Browser, authorizationRequest, openLoginPage, redirectTarget } from '../../test/oidc-browser.ts';
import { useOidcTestServer } from '../../test/oidc-server.ts';

const oidc = useOidcTestServer();

const invalidGrant = { error: 'invalid_grant' };

describe('refresh tokens', () => {
  it('rotate on every use, each new token working and lasting the 30-minute idle window', async () => {
    const first = await oidc.signInAs('companyadmin');
    const second = await client.refreshTokenGrant(oidc.config, first.refresh_token!);
    const third = await client.refreshTokenGrant(oidc.config, second.refresh_token!);
    expect(new Set([first.refresh_token, second.refresh_token, third.refresh_token]).size).toBe(3);
    expect(await oidc.verify(third.access_token)).toMatchObject({
      preferred_username: 'companyadmin',
      realm_access: { roles: ['COMPANY_ADMIN'] },
    });
    expect(third.claims()).toMatchObject({ preferred_username: 'companyadmin' });

    const rows = await oidc.server.database.db
      .selectFrom('oidc_payloads')
      .select(['expires_at', 'consumed_at'])
      .where('model', '=', 'RefreshToken')
      .where('id', '=', third.refresh_token!)
      .executeTakeFirstOrThrow();
    const lifetime = (rows.expires_at!.getTime() - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(29 * 60);
    expect(lifetime).toBeLessThanOrEqual(30 * 60);
    expect(rows.consumed_at).toBeNull();
  });

  it('count as session activity: a refresh slides the SSO session’s idle window', async () => {
    const tokens = await oidc.signInAs('superadmin');
    const subject = decodeJwt(tokens.access_token).sub!;
    const sessionExpiry = async () => {
      const row = await oidc.server.database.db
        .selectFrom('oidc_payloads')
        .select('expires_at')
        .where('model', '=', 'Session')
        .where(sql<string>`payload->>'accountId'`, '=', subject)
        .orderBy('expires_at', 'desc')
        .executeTakeFirstOrThrow();
      return row.expires_at!.getTime();
    };
    const before = await sessionExpiry();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await client.refreshTokenGrant(oidc.config, tokens.refresh_token!);
    const after = await sessionExpiry();
    expect(after).toBeGreaterThan(before);
    expect((after - Date.now()) / 1000).toBeGreaterThan(29 * 60);
  });

  it('refuses a rotated (replayed) refresh token and then revokes the whole grant', async () => {
    const first = await oidc.signInAs('deptadmin');
    const second = await client.refreshTokenGrant(oidc.config, first.refresh_token!);
    await expect(client.refreshTokenGrant(oidc.config, first.refresh_token!)).rejects.toMatchObject(
      invalidGrant,
    );
    // The replay proves the token chain leaked: the newest token dies with it.
    await expect(client.refreshTokenGrant(oidc.config, second.refresh_token!)).rejects.toMatchObject(
      invalidGrant,
    );
  });

  it('are refused once the user is deactivated, and the user can no longer sign in', async () => {
    const browser = new Browser();
    const tokens = await oidc.signInAs('dueadmin', browser);
    await oidc.server.database.db
      .updateTable('users')
      .set({ active: false, sessions_revoked_at: new Date() })
      .where('username', '=', 'dueadmin')
      .execute();
    try {
      await expect(client.refreshTokenGrant(oidc.config, tokens.refresh_token!)).rejects.toMatchObject(
        invalidGrant,
      );
      // The browser's SSO session no longer counts either: the sign-in page comes back.
      const auth = await authorizationRequest(oidc.config, oidc.server.config.publicUrl);
      const page = await openLoginPage(browser, auth.url);
      expect(page.status).toBe(200);
      expect(page.html).toContain('name="password"');
    } finally {
      await oidc.server.database.db
        .updateTable('users')
        .set({ active: true })
        .where('username', '=', 'dueadmin')
        .execute();
    }
  });

  it('are refused after the user’s sessions were revoked (password change), while a new login works', async () => {
    const old = await oidc.signInAs('companyadmin2');
    // Revocation is compared at one-second resolution (login times are whole seconds).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await oidc.server.database.db
      .updateTable('users')
      .set({ sessions_revoked_at: new Date() })
      .where('username', '=', 'companyadmin2')
      .execute();
    await expect(client.refreshTokenGrant(oidc.config, old.refresh_token!)).rejects.toMatchObject(
      invalidGrant,
    );

    const fresh = await oidc.signInAs('companyadmin2');
    const refreshed = await client.refreshTokenGrant(oidc.config, fresh.refresh_token!);
    expect(decodeJwt(refreshed.access_token)['preferred_username']).toBe('companyadmin2');
  });
});

describe('sessions and logout', () => {
  it('signs a returning browser in without the password page (SSO), like Keycloak', async () => {
    const browser = new Browser();
    await oidc.signInAs('zoneadmin', browser);
    const auth = await authorizationRequest(oidc.config, oidc.server.config.publicUrl);
    const callback = redirectTarget(await browser.request(auth.url));
    expect(`${callback.origin}${callback.pathname}`).toBe(`${oidc.server.config.publicUrl}/authenticate`);
    expect(callback.searchParams.get('code')).toEqual(expect.any(String));
    expect(callback.searchParams.get('state')).toBe(auth.state);
  });

  it('logs out with id_token_hint straight back to PUBLIC_URL/ and ends the session', async () => {
    const browser = new Browser();
    const tokens = await oidc.signInAs('zoneadmin', browser);
    const logoutUrl = client.buildEndSessionUrl(oidc.config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${oidc.server.config.publicUrl}/`,
    });
    expect(logoutUrl.pathname).toBe('/realms/lbs/protocol/openid-connect/logout');

    const response = await browser.request(logoutUrl);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${oidc.server.config.publicUrl}/`);
    expect(browser.jar.names()).not.toContain('_session');

    await expect(client.refreshTokenGrant(oidc.config, tokens.refresh_token!)).rejects.toMatchObject(
      invalidGrant,
    );
    const auth = await authorizationRequest(oidc.config, oidc.server.config.publicUrl);
    const page = await openLoginPage(browser, auth.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="username"');

    const audited = await oidc.server.database.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'auth.logout')
      .execute();
    expect(audited.map((a) => a.actor)).toContain('zoneadmin');
  });

  it('shows a translated signed-out page when no post_logout_redirect_uri is given', async () => {
    const browser = new Browser({ 'accept-language': 'it-IT' });
    const tokens = await oidc.signInAs('superadmin', browser);
    const response = await browser.request(
      client.buildEndSessionUrl(oidc.config, { id_token_hint: tokens.id_token! }),
    );
    const success = redirectTarget(response);
    expect(success.pathname).toBe('/realms/lbs/protocol/openid-connect/logout/success');
    const page = await browser.request(success);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="it-IT" dir="ltr">');
    expect(html).toContain('Sei uscito dal Portale LBS.');
    await expect(client.refreshTokenGrant(oidc.config, tokens.refresh_token!)).rejects.toMatchObject(
      invalidGrant,
    );
  });

  it('passes state through to the post-logout redirect', async () => {
    const browser = new Browser();
    const tokens = await oidc.signInAs('superadmin', browser);
    const logoutUrl = client.buildEndSessionUrl(oidc.config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${oidc.server.config.publicUrl}/`,
      state: 'bye',
    });
    const response = await browser.request(logoutUrl);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${oidc.server.config.publicUrl}/?state=bye`);
  });

  it('asks for confirmation (no script) when the logout request has no id_token_hint', async () => {
    const browser = new Browser();
    const tokens = await oidc.signInAs('superadmin', browser);
    const logoutUrl = client.buildEndSessionUrl(oidc.config, {
      client_id: CLIENT_ID,
      post_logout_redirect_uri: `${oidc.server.config.publicUrl}/`,
    });
    const response = await browser.request(logoutUrl);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Do you want to sign out of LBS Portal?');
    expect(html).not.toContain('<script');

    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action).toBe(`${oidc.server.config.issuer}/protocol/openid-connect/logout/confirm`);
    const confirmed = await browser.request(action!, { form: { xsrf: xsrf!, logout: 'yes' } });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${oidc.server.config.publicUrl}/`);
    await expect(client.refreshTokenGrant(oidc.config, tokens.refresh_token!)).rejects.toMatchObject(
      invalidGrant,
    );
  });

  it('refuses a post_logout_redirect_uri that is not registered', async () => {
    const browser = new Browser();
    const tokens = await oidc.signInAs('superadmin', browser);
    const logoutUrl = client.buildEndSessionUrl(oidc.config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: 'https://evil.example/',
    });
    const response = await browser.request(logoutUrl);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Ah! Something went wrong.');
    // Nothing was ended.
    expect((await client.refreshTokenGrant(oidc.config, tokens.refresh_token!)).access_token).toEqual(
      expect.any(String),
    );
  });
});
