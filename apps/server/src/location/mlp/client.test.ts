import { CONSENT_DEFAULTS, type CompanyConfig } from '@lbs/contracts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { mayLocate, type LocatePermit } from '../locate-policy.ts';
import { MlpClient } from './client.ts';
import { CLIENT_RESULTS } from './result-codes.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const CONFIG: CompanyConfig = {
  trackingWindow: { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '00:00', timezone: 'UTC' },
  pollIntervalMinutes: 5,
  retentionDays: 90,
  ...CONSENT_DEFAULTS,
};

function permit(id: number, msisdn: string): LocatePermit {
  const d = mayLocate(
    { id, msisdn, companyId: 1, consentStatus: 'GRANTED', trackingEnabled: true },
    { id: 1, status: 'ACTIVE', config: CONFIG },
    new Date(),
  );
  if (!d.ok) throw new Error(d.reason);
  return d.permit;
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function gmlc(
  handler: (body: string, req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
): Promise<string> {
  server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    await handler(body, req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mlp`;
}

const xml = (res: ServerResponse, body: string): void =>
  void res.writeHead(200, { 'content-type': 'text/xml' }).end(body);

describe('MLP client', () => {
  it('sends one slir for many MSISDNs with the credentials, and maps each pos back to its MSISDN', async () => {
    let received = '';
    const url = await gmlc((body, _req, res) => {
      received = body;
      xml(res, fixture('mixed.xml'));
    });
    const client = new MlpClient({
      url,
      credentials: { id: 'portal', pwd: 'secret' },
      timeoutMs: 2000,
      concurrency: 2,
    });
    const exchange = await client.locate([
      permit(1, '+461011334411'),
      permit(2, '+461018765710'),
      permit(3, '+461018765712'),
      permit(4, '+461099999999'),
    ]);
    expect(received).toContain('<client><id>portal</id><pwd>secret</pwd></client>');
    expect(received.match(/<msid type="MSISDN">/g)).toHaveLength(4);
    expect(exchange.failure).toBeUndefined();
    expect(exchange.attempts).toBe(1);
    expect(exchange.results.map((r) => [r.permit.msisdnId, r.resultCode])).toEqual([
      [1, 0],
      [2, 5],
      [3, CLIENT_RESULTS.INVALID_POSITION],
      [4, CLIENT_RESULTS.MISSING],
    ]);
    expect(exchange.results[0]!.fix).toMatchObject({ accuracyM: 240, shape: 'CircularArea' });
  });

  it('retries an HTTP 503 with backoff, then succeeds', async () => {
    let calls = 0;
    const url = await gmlc((_body, _req, res) => {
      calls++;
      if (calls < 3) res.writeHead(503).end('busy');
      else xml(res, fixture('circular-area-dms.xml'));
    });
    const client = new MlpClient({ url, timeoutMs: 2000, concurrency: 1, retries: 2, backoffMs: 5 });
    const exchange = await client.locate([permit(1, '+966501000000')]);
    expect(calls).toBe(3);
    expect(exchange.attempts).toBe(3);
    expect(exchange.failure).toBeUndefined();
    expect(exchange.results[0]!.resultCode).toBe(0);
  });

  it('records an HTTP error after the last retry, a 4xx at once, without throwing', async () => {
    let calls = 0;
    const url = await gmlc((_body, req, res) => {
      calls++;
      res.writeHead(req.url === '/mlp' ? 500 : 404).end();
    });
    const client = new MlpClient({ url, timeoutMs: 2000, concurrency: 1, retries: 1, backoffMs: 1 });
    const failed = await client.locate([permit(1, '+966501000000'), permit(2, '+966501000001')]);
    expect(calls).toBe(2);
    expect(failed.failure).toEqual({ code: 'HTTP_500', detail: 'HTTP 500' });
    expect(failed.results.map((r) => r.resultCode)).toEqual([CLIENT_RESULTS.NETWORK, CLIENT_RESULTS.NETWORK]);
    const notFound = await new MlpClient({
      url: url.replace('/mlp', '/other'),
      timeoutMs: 2000,
      concurrency: 1,
      retries: 3,
      backoffMs: 1,
    }).locate([permit(1, '+966501000000')]);
    expect(notFound.failure?.code).toBe('HTTP_404');
    expect(notFound.attempts).toBe(1);
  });

  it('times out a GMLC that does not answer, retrying once', async () => {
    let calls = 0;
    const url = await gmlc(() => {
      calls++; // never answers
    });
    const client = new MlpClient({ url, timeoutMs: 150, concurrency: 1, retries: 1, backoffMs: 1 });
    const exchange = await client.locate([permit(1, '+966501000000')]);
    expect(calls).toBe(2);
    expect(exchange.failure?.code).toBe('TIMEOUT');
    expect(exchange.results[0]!.resultCode).toBe(CLIENT_RESULTS.TIMEOUT);
    expect(exchange.latencyMs).toBeGreaterThanOrEqual(290);
  });

  it('records malformed XML and a refused connection as failures', async () => {
    const url = await gmlc((_body, _req, res) => xml(res, fixture('malformed-truncated.xml')));
    const malformed = await new MlpClient({ url, timeoutMs: 2000, concurrency: 1 }).locate([
      permit(1, '+966501000000'),
    ]);
    expect(malformed.failure?.code).toBe('MALFORMED');
    expect(malformed.attempts).toBe(1);
    expect(malformed.results[0]!.resultCode).toBe(CLIENT_RESULTS.MALFORMED);
    const closedPort = new URL(url);
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    const refused = await new MlpClient({
      url: closedPort.toString(),
      timeoutMs: 500,
      concurrency: 1,
      retries: 0,
    }).locate([permit(1, '+966501000000')]);
    expect(refused.failure).toMatchObject({ code: 'NETWORK', detail: 'ECONNREFUSED' });
  });

  it('records a request-level MLP result (UNAUTHORIZED APPLICATION) for every MSISDN', async () => {
    const url = await gmlc((_body, _req, res) => xml(res, fixture('request-error.xml')));
    const exchange = await new MlpClient({ url, timeoutMs: 2000, concurrency: 1 }).locate([
      permit(1, '+1'),
      permit(2, '+2'),
    ]);
    expect(exchange.failure).toEqual({ code: 'MLP_3', detail: 'UNAUTHORIZED APPLICATION' });
    expect(exchange.results.map((r) => r.resultCode)).toEqual([3, 3]);
  });

  it('keeps at most `concurrency` requests in flight to the GMLC', async () => {
    let inFlight = 0;
    let most = 0;
    const url = await gmlc(async (_body, _req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
      xml(res, fixture('circular-area-dms.xml'));
    });
    const client = new MlpClient({ url, timeoutMs: 5000, concurrency: 3 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => client.locate([permit(i + 1, '+966501000000')])));
    expect(most).toBe(3);
  });
});
