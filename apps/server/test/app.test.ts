import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
import { startTestServer, type TestServer } from './helpers.ts';
import { mintAccessToken } from './tokens.ts';

let server: TestServer;
let emptyDist: string;

beforeAll(async () => {
  // A web dist dir without index.html: the API server alone, whether or not apps/web has been built.
  emptyDist = await mkdtemp(path.join(tmpdir(), 'lbs-no-web-'));
  server = await startTestServer({ BODY_LIMIT_BYTES: '2048', WEB_DIST_DIR: emptyDist });
});
afterAll(async () => {
  await server?.dispose();
  await rm(emptyDist, { recursive: true, force: true });
});

describe('the HTTP app', () => {
  it('answers /healthz and /readyz over real HTTP', async () => {
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      database: server.database.kind,
      listen: 'up',
      worker: { status: 'off' },
      eventBacklog: {
        'tasks.autoComplete': expect.any(Number),
        'attendance.fromVisits': expect.any(Number),
        'notifications.deliver': expect.any(Number),
      },
    });
  });

  it('sends the security headers and a request id; no content security policy on an API answer', async () => {
    const response = await fetch(`${server.baseUrl}${API_BASE_PATH}/config`, {
      headers: { 'x-request-id': 'req-123' },
    });
    expect(response.status).toBe(200);
    const h = response.headers;
    expect(h.get('x-request-id')).toBe('req-123');
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(h.get('referrer-policy')).toBe('no-referrer');
    expect(h.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(h.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(h.get('cross-origin-resource-policy')).toBe('same-origin');
    // A policy only means something to a document: JSON answers go without it (issue 17).
    expect(h.get('content-security-policy')).toBeNull();
    expect(h.get('x-powered-by')).toBeNull();
    const missing = await fetch(`${server.baseUrl}${API_BASE_PATH}/no-such-route`);
    expect(missing.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('publishes the client configuration without a token', async () => {
    const response = await server.app.inject({ method: 'GET', url: `${API_BASE_PATH}/config` });
    expect(response.statusCode).toBe(200);
    const issuer = `${server.baseUrl}/realms/lbs`;
    expect(response.json()).toEqual({
      issuer,
      clientId: 'lbs-public',
      authorizationEndpoint: `${issuer}/protocol/openid-connect/auth`,
      tokenEndpoint: `${issuer}/protocol/openid-connect/token`,
      endSessionEndpoint: `${issuer}/protocol/openid-connect/logout`,
    });
  });

  it('lists the API routes in the OpenAPI document', async () => {
    const response = await server.app.inject({ method: 'GET', url: `${API_BASE_PATH}/docs/json` });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { tags?: string[]; requestBody?: unknown; responses: Record<string, unknown> }>
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const um = `${API_BASE_PATH}/user-management`;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([`${API_BASE_PATH}/config`, `${um}/me`, `${um}/me/pia`, `${um}/me/password`]),
    );
    expect(Object.keys(doc.paths[`${um}/me`]!)).toEqual(['get']);
    expect(doc.paths[`${um}/me`]!['get']!.tags).toEqual(['user-management']);
    expect(Object.keys(doc.paths[`${um}/me`]!['get']!.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403']),
    );
    expect(doc.paths[`${um}/me/pia`]!['post']!.requestBody).toBeDefined();
    expect(Object.keys(doc.paths[`${um}/me/password`]!['put']!.responses)).toEqual(
      expect.arrayContaining(['204', '400']),
    );
    // Infrastructure routes stay out of the API document.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/healthz') || p.includes('default-avatar'))).toBe(
      false,
    );
  });

  it('answers an unknown API route with a 404 problem', async () => {
    const response = await server.app.inject({ method: 'GET', url: `${API_BASE_PATH}/no-such-thing?x=1` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toEqual({
      type: 'urn:lbs:problem:problem.notFound',
      title: 'Not Found',
      status: 404,
      code: 'problem.notFound',
      detail: `No route for GET ${API_BASE_PATH}/no-such-thing`,
      requestId: response.headers['x-request-id'],
    });
  });

  it('answers a body over the limit with a 413 problem', async () => {
    const token = await mintAccessToken(server.context.db, server.config, 'companyadmin');
    const response = await server.app.inject({
      method: 'PUT',
      url: `${API_BASE_PATH}/user-management/me/password`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ oldPassword: 'Demo!2345', newPassword: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      status: 413,
      title: 'Payload Too Large',
      code: 'problem.payloadTooLarge',
    });
  });

  it('does not serve an SPA when no web build exists', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/monitor' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

/** A script large enough to be worth compressing. */
const BIG = Array.from({ length: 400 }, (_, i) => `console.log("line ${i}");`).join('\n');

describe('the SPA', () => {
  let spa: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'lbs-web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>LBS Portal</title><div id="root"></div>',
    );
    await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app");');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // A chunk as the build leaves it: the file and its brotli and gzip copies.
    await writeFile(path.join(dist, 'assets', 'big-5678.js'), BIG);
    await writeFile(path.join(dist, 'assets', 'big-5678.js.br'), brotliCompressSync(BIG));
    await writeFile(path.join(dist, 'assets', 'big-5678.js.gz'), gzipSync(BIG));
    spa = await startTestServer({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await spa?.dispose();
    await rm(dist, { recursive: true, force: true });
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const url of ['/', '/monitor', '/user-details/42?tab=roles', '/authenticate?code=abc&state=xyz']) {
      const response = await fetch(`${spa.baseUrl}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(await response.text()).toContain('<title>LBS Portal</title>');
    }
  });

  it('serves built files, hashed assets as immutable', async () => {
    const asset = await fetch(`${spa.baseUrl}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("app");');
    const icon = await fetch(`${spa.baseUrl}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('sends the build’s brotli or gzip copy to a client that accepts it, the file itself to one that does not', async () => {
    const asked = async (encoding: string) => {
      const response = await fetch(`${spa.baseUrl}/assets/big-5678.js`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toBe(BIG); // (fetch decodes what it was sent)
      return response.headers.get('content-encoding');
    };
    expect(await asked('br, gzip')).toBe('br');
    expect(await asked('gzip')).toBe('gzip');
    expect(await asked('identity')).toBeNull();
  });

  it('compresses API answers over 1 KB for clients that accept it', async () => {
    const url = `${spa.baseUrl}${API_BASE_PATH}/docs/json`;
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const body = await plain.text();
    expect(body.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      const packed = await fetch(url, { headers: { 'accept-encoding': encoding } });
      expect(packed.headers.get('content-encoding')).toBe(encoding);
      expect(await packed.text()).toBe(body);
    }
  });

  it('keeps API paths and missing files out of the fallback', async () => {
    const api = await fetch(`${spa.baseUrl}${API_BASE_PATH}/nothing-here`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const missingAsset = await fetch(`${spa.baseUrl}/assets/gone-0000.js`);
    expect(missingAsset.status).toBe(404);
    const traversal = await fetch(`${spa.baseUrl}/..%2f..%2fetc%2fpasswd`);
    expect(await traversal.text()).not.toContain('root:');
    const me = await fetch(`${spa.baseUrl}${API_BASE_PATH}/user-management/me`);
    expect(me.status).toBe(401);
  });
});
