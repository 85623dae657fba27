import { afterAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../test/helpers.ts';
import { Browser, authorizationRequest, discover, redirectTarget, signIn } from '../../test/oidc-browser.ts';

let database: TestDatabase | undefined;
const servers: TestServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.dispose();
  await database?.drop();
});

describe('embedded OpenID provider across a restart', () => {
  it('keeps refresh tokens and browser sessions valid: a restart logs nobody out', async () => {
    database = await createTestDatabase({ persistent: true });
    const first = await startTestServer({}, { database });
    servers.push(first);
    const browser = new Browser();
    const tokens = await signIn(
      browser,
      await discover(first.config.issuer),
      first.config.publicUrl,
      'superadmin',
      'Demo!2345',
    );
    await first.close();

    // Same database, same PUBLIC_URL (so the same issuer): a new process in every other respect.
    const second = await startTestServer(
      { PORT: String(first.config.port), PUBLIC_URL: first.config.publicUrl },
      { database },
    );
    servers.push(second);
    expect(second.config.issuer).toBe(first.config.issuer);
    const config = await discover(second.config.issuer);

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const me = await fetch(`${second.baseUrl}/api/v1/lbs-backend/user-management/me`, {
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });
    expect(me.status).toBe(200);

    // The browser's session survived too: no sign-in page, straight back with a code.
    const auth = await authorizationRequest(config, second.config.publicUrl);
    const callback = redirectTarget(await browser.request(auth.url));
    expect(callback.searchParams.get('code')).toEqual(expect.any(String));
  });
});
