import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatDms } from '../mlp/coordinates.ts';
import { MLP_VERSION } from '../mlp/documents.ts';
import { resultText } from '../mlp/result-codes.ts';
import { attr, child, children, escapeXml, parseXml, text, XmlFormatError } from '../mlp/xml.ts';
import { localTime } from '../tracking-window.ts';
import { networkFailure, networkFix, type SimSubscriber } from './movement.ts';
import type { SubscriberDirectory } from './subscribers.ts';

export interface SimulatorOptions {
  subscribers: SubscriberDirectory;
  /** Preferred port (0 = any); a taken port falls back to a free one. */
  port?: number;
  host?: string;
  /** Answer delay range in ms, drawn per request. */
  latencyMs?: [number, number];
  /** Share of locates answered ABSENT SUBSCRIBER (5) and UNKNOWN SUBSCRIBER (4). */
  absentRate?: number;
  unknownRate?: number;
  /** Client credentials the hdr must carry; unset = any. */
  credentials?: { id?: string | undefined; pwd?: string | undefined };
  /** Most msids one request may carry (more: TOO MANY POSITION ITEMS). */
  maxMsids?: number;
  now?: () => number;
}

export interface SimulatorStats {
  requests: number;
  locates: number;
  /** Locates per MSISDN digits (every msid of every request, known or not). */
  perMsisdn: Map<string, number>;
}

export interface RunningSimulator {
  url: string;
  port: number;
  stats: SimulatorStats;
  /** How many times the MSISDN was asked for (any spelling: '+39…' or digits). */
  requestsFor(msisdn: string): number;
  resetStats(): void;
  close(): Promise<void>;
}

const digits = (msisdn: string) => msisdn.replace(/\D/g, '');

function utcOff(timezone: string, at: number): string {
  const l = localTime(timezone, at);
  const minutes = Math.round(
    (Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute) - Math.floor(at / 60_000) * 60_000) / 60_000,
  );
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

function mlpTime(timezone: string, at: number): string {
  const l = localTime(timezone, at);
  const s = Math.floor((at % 60_000) / 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${l.year}${p(l.month)}${p(l.day)}${p(l.hour)}${p(l.minute)}${p(s)}`;
}

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svc_result SYSTEM "MLP_SVC_RESULT_310.DTD">\n<svc_result ver="${MLP_VERSION}"><slia ver="${MLP_VERSION}">${body}</slia></svc_result>`;

const requestError = (code: number) => envelope(`<result resid="${code}">${resultText(code)}</result>`);

function answerPos(
  msid: string,
  sub: SimSubscriber | undefined,
  at: number,
  options: Required<Pick<SimulatorOptions, 'absentRate' | 'unknownRate'>>,
): string {
  const id = `<msid type="MSISDN">${escapeXml(msid)}</msid>`;
  const failure = sub ? networkFailure(sub, at, options.absentRate, options.unknownRate) : 4;
  if (failure !== undefined) {
    const time = sub
      ? `<time utc_off="${utcOff(sub.timezone, at)}">${mlpTime(sub.timezone, at)}</time>`
      : `<time utc_off="+0000">${mlpTime('UTC', at)}</time>`;
    return `<pos>${id}<poserr><result resid="${failure}">${resultText(failure)}</result>${time}</poserr></pos>`;
  }
  const s = sub!;
  const fix = networkFix(s, at);
  return (
    `<pos>${id}<pd><time utc_off="${utcOff(s.timezone, at)}">${mlpTime(s.timezone, at)}</time>` +
    `<shape><CircularArea srsName="www.epsg.org#4326"><coord><X>${formatDms(fix.lat, 'lat')}</X><Y>${formatDms(fix.lon, 'lon')}</Y></coord>` +
    `<radius>${fix.radiusM}</radius></CircularArea></shape></pd></pos>`
  );
}

async function readBody(req: IncomingMessage, limit = 4 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('request too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The bundled network simulator: a GMLC that speaks MLP 3.x (svc_init/slir in, svc_result/slia out) for the
 * directory's subscribers, with realistic latency, a share of failures and a count of requests per MSISDN
 * (GET /stats, GET /stats?msisdn=…, POST /stats/reset).
 */
export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const now = options.now ?? Date.now;
  const [minLatency, maxLatency] = options.latencyMs ?? [50, 300];
  const rates = { absentRate: options.absentRate ?? 0.03, unknownRate: options.unknownRate ?? 0.01 };
  const maxMsids = options.maxMsids ?? 1000;
  const stats: SimulatorStats = { requests: 0, locates: 0, perMsisdn: new Map() };

  async function locate(body: string): Promise<string> {
    let root;
    try {
      root = parseXml(body);
    } catch (error) {
      if (error instanceof XmlFormatError) return requestError(105);
      throw error;
    }
    const svc = child(root, 'svc_init');
    const slir = child(svc, 'slir');
    if (!svc || !slir) return requestError(106);
    const client = child(child(svc, 'hdr'), 'client');
    const wanted = options.credentials;
    if (
      (wanted?.id && text(child(client, 'id')) !== wanted.id) ||
      (wanted?.pwd && text(child(client, 'pwd')) !== wanted.pwd)
    ) {
      return requestError(3);
    }
    const msids = children(child(slir, 'msids'), 'msid')
      .filter((m) => (attr(m, 'type') ?? 'MSISDN') === 'MSISDN')
      .map((m) => digits(text(m) ?? ''))
      .filter(Boolean);
    if (msids.length === 0) return requestError(110);
    if (msids.length > maxMsids) return requestError(104);
    stats.requests++;
    stats.locates += msids.length;
    for (const msid of msids) stats.perMsisdn.set(msid, (stats.perMsisdn.get(msid) ?? 0) + 1);
    const at = now();
    const subscribers = await Promise.all(msids.map((m) => options.subscribers.get(m)));
    return envelope(msids.map((msid, i) => answerPos(msid, subscribers[i], at, rates)).join(''));
  }

  function statsBody(url: URL): string {
    const one = url.searchParams.get('msisdn');
    const perMsisdn = one
      ? { [digits(one)]: stats.perMsisdn.get(digits(one)) ?? 0 }
      : stats.perMsisdn.size <= 10_000
        ? Object.fromEntries(stats.perMsisdn)
        : undefined;
    return JSON.stringify({
      requests: stats.requests,
      locates: stats.locates,
      subscribers: options.subscribers.size(),
      msisdnsAsked: stats.perMsisdn.size,
      perMsisdn,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (url.pathname === '/stats' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(statsBody(url));
      return;
    }
    if (url.pathname === '/stats/reset' && req.method === 'POST') {
      stats.requests = 0;
      stats.locates = 0;
      stats.perMsisdn.clear();
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const answer = await locate(await readBody(req));
    const delay = minLatency + Math.random() * (maxLatency - minLatency);
    if (delay >= 1) await new Promise((resolve) => setTimeout(resolve, delay));
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(answer);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  const host = options.host ?? '127.0.0.1';
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => {
        server.off('listening', onListening);
        reject(error);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve();
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(port, host);
    });
  try {
    await listen(options.port ?? 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await listen(0);
  }
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}/mlp`,
    port,
    stats,
    requestsFor: (msisdn) => stats.perMsisdn.get(digits(msisdn)) ?? 0,
    resetStats() {
      stats.requests = 0;
      stats.locates = 0;
      stats.perMsisdn.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
