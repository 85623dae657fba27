import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { API_BASE_PATH, CLIENT_ID } from '@lbs/contracts';
import { loggerOptions } from '../src/lib/log-redaction.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { ALWAYS, companyMsisdns, setTrackingWindow, trackable } from './location-fixtures.ts';
import { DEMO_PASSWORD } from './oidc-server.ts';
import { Browser, discover, redirectTarget, signIn } from './oidc-browser.ts';

/**
 * Issue 9 item 7: no credential reaches the server log. The server logs at `trace` into memory while a whole session
 * runs through it — sign-in, refresh, API calls, a device token and app reports, the SMS webhook, logout — with the
 * production logger options; then the log must hold none of the credentials used, and nothing shaped like a JWT or
 * a device token (43 base64url characters, also the shape of the provider's opaque refresh tokens).
 */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});
const WEBHOOK_TOKEN = 'webhook-secret-4f9c2d7e1a8b6350';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(
    { SMS_WEBHOOK_TOKEN: WEBHOOK_TOKEN },
    { logger: { ...loggerOptions('trace'), stream: capture } },
  );
});
afterAll(() => server?.dispose());

const JWT_SHAPE = /eyJ[\w-]{2,}\.[\w-]{2,}\.[\w-]*/;
const DEVICE_TOKEN_SHAPE = /(?<![\w-])[\w-]{43}(?![\w-])/;

describe('the server log during a whole session', () => {
  it('holds no token, code, password or device token', async () => {
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${server.baseUrl}${API_BASE_PATH}${path}`, init);
    const secrets: string[] = [DEMO_PASSWORD, WEBHOOK_TOKEN];

    // Sign-in (authorization code + PKCE through the real pages), then a refresh.
    const oidcConfig = await discover(server.config.issuer);
    const browser = new Browser();
    const tokens = await signIn(browser, oidcConfig, server.config.publicUrl, 'companyadmin', DEMO_PASSWORD);
    const refreshed = await client.refreshTokenGrant(oidcConfig, tokens.refresh_token!);
    secrets.push(tokens.access_token, tokens.refresh_token!, tokens.id_token!, refreshed.access_token);
    secrets.push(refreshed.refresh_token!);
    const bearer = { authorization: `Bearer ${refreshed.access_token}` };

    // API calls, one of them refused, and a device token for the tracking app.
    expect((await api('/user-management/me', { headers: bearer })).status).toBe(200);
    expect(
      (await api('/user-management/me', { headers: { authorization: `Bearer ${tokens.id_token}` } })).status,
    ).toBe(401);
    await setTrackingWindow(server.database.db, 'ALPHA', ALWAYS);
    const msisdn = (await companyMsisdns(server.database.db, 'ALPHA')).find(trackable)!;
    const issued = await api(`/msisdns/${msisdn.id}/device-token`, { method: 'POST', headers: bearer });
    expect(issued.status).toBe(201);
    const deviceToken = ((await issued.json()) as { token: string }).token;
    secrets.push(deviceToken);

    // App reports: OsmAnd with the token in the query (`id`, `deviceid`) and in JSON, OwnTracks with Basic auth.
    const now = Math.floor(Date.now() / 1000);
    const osmand = await fetch(
      `${server.baseUrl}/ingest/osmand?id=${deviceToken}&lat=24.71&lon=46.67&timestamp=${now}`,
    );
    expect(osmand.status).toBe(200);
    await fetch(`${server.baseUrl}/ingest/osmand?deviceid=${deviceToken}&lat=24.71&lon=46.67`, {
      method: 'POST',
    });
    await fetch(`${server.baseUrl}/ingest/osmand`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        device_id: deviceToken,
        location: { timestamp: new Date().toISOString(), coords: { latitude: 24.71, longitude: 46.67 } },
      }),
    });
    const owntracks = await fetch(`${server.baseUrl}/ingest/owntracks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`phone:${deviceToken}`).toString('base64')}`,
      },
      body: JSON.stringify({ _type: 'location', lat: 24.71, lon: 46.67, tst: now }),
    });
    expect(owntracks.status).toBe(200);

    // The SMS gateway's webhook, with its token in the header.
    const sms = await api('/sms/inbound', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-token': WEBHOOK_TOKEN },
      body: JSON.stringify({ from: msisdn.msisdn, text: 'HELLO' }),
    });
    expect(sms.status).toBe(200);

    // RP-initiated logout with the ID token as hint, as the portal does it.
    const logout = new URL(`${server.config.issuer}/protocol/openid-connect/logout`);
    logout.search = new URLSearchParams({
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${server.config.publicUrl}/`,
      client_id: CLIENT_ID,
    }).toString();
    expect(redirectTarget(await browser.request(logout)).href).toBe(`${server.config.publicUrl}/`);

    await server.dispose();
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('/protocol/openid-connect/logout?id_token_hint=%5Bredacted%5D');
    expect(log).toContain('/ingest/osmand?id=%5Bredacted%5D');
    for (const secret of secrets) expect(log.includes(secret), `a credential is in the log`).toBe(false);
    expect(log.match(JWT_SHAPE)?.[0]).toBeUndefined();
    expect(lines.filter((l) => DEVICE_TOKEN_SHAPE.test(l))).toEqual([]);
  });
});
