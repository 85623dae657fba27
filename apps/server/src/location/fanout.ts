import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { LivePosition } from '@lbs/contracts';
import type { DatabaseHandle, Db } from '../db/database.ts';
import { scopeAllows, type Scope } from '../access/scope.ts';
import { POSITIONS_CHANNEL } from './position-store.ts';

interface Subscriber {
  scope: Scope;
  send(position: LivePosition): void;
}

/** Loads what the Monitor shows for new positions (current MSISDN data, so moves between departments count). */
export async function livePositions(db: Db, ids: number[]): Promise<LivePosition[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('positions as p')
    .innerJoin('msisdns as m', 'm.id', 'p.msisdn_id')
    .select([
      'p.id',
      'p.msisdn_id',
      'p.time',
      'p.lat',
      'p.lon',
      'p.accuracy_m',
      'p.source',
      'm.msisdn',
      'm.employee_name',
      'm.company_id',
      'm.department_id',
      'm.zone_id',
    ])
    .where('p.id', 'in', ids)
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    positionId: r.id,
    msisdnId: r.msisdn_id,
    msisdn: r.msisdn,
    employeeName: r.employee_name,
    companyId: r.company_id,
    departmentId: r.department_id,
    zoneId: r.zone_id,
    lat: r.lat,
    lon: r.lon,
    accuracyM: r.accuracy_m,
    time: new Date(r.time).toISOString(),
    source: r.source,
  }));
}

/**
 * Live fan-out of new positions to this process's Monitor streams. Every replica LISTENs on the positions channel
 * (PostgreSQL: a dedicated connection that reconnects; PGlite: its in-process listen), loads the notified positions
 * once and hands each to the streams whose scope covers it.
 */
export class PositionHub {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #subscribers = new Map<number, Subscriber>();
  #nextId = 1;
  #chain: Promise<void> = Promise.resolve();
  #stop: (() => Promise<void>) | undefined;
  #closed = false;

  private constructor(db: Db, log: FastifyBaseLogger) {
    this.#db = db;
    this.#log = log;
  }

  static async start(
    database: DatabaseHandle,
    databaseUrl: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<PositionHub> {
    const hub = new PositionHub(database.db, log);
    if (database.pglite) {
      const unlisten = await database.pglite.listen(POSITIONS_CHANNEL, (payload) => hub.#notified(payload));
      hub.#stop = async () => {
        if (!database.pglite!.closed) await unlisten();
      };
    } else if (databaseUrl) {
      await hub.#listenPostgres(databaseUrl);
    }
    return hub;
  }

  get size(): number {
    return this.#subscribers.size;
  }

  subscribe(scope: Scope, send: (position: LivePosition) => void): () => void {
    const id = this.#nextId++;
    this.#subscribers.set(id, { scope, send });
    return () => void this.#subscribers.delete(id);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#subscribers.clear();
    await this.#stop?.();
    await this.#chain;
  }

  async #listenPostgres(url: string, attempt = 0): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    let stopped = false;
    const retry = () => {
      if (stopped || this.#closed) return;
      stopped = true;
      client.end().catch(() => {});
      const delay = Math.min(30_000, 500 * 2 ** attempt);
      this.#log.warn({ delay }, 'position fan-out: LISTEN connection lost; reconnecting');
      setTimeout(() => void this.#listenPostgres(url, attempt + 1).catch(() => retry()), delay).unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      if (message.channel === POSITIONS_CHANNEL && message.payload) this.#notified(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${POSITIONS_CHANNEL}`);
    } catch (error) {
      if (attempt === 0) throw error;
      retry();
      return;
    }
    this.#stop = async () => {
      stopped = true;
      await client.end().catch(() => {});
    };
  }

  #notified(payload: string): void {
    if (this.#closed || this.#subscribers.size === 0) return;
    const ids = payload.split(',').map(Number).filter(Number.isSafeInteger);
    // In order: a later batch is dispatched after an earlier one.
    this.#chain = this.#chain.then(async () => {
      if (this.#closed || this.#subscribers.size === 0) return;
      try {
        const positions = await livePositions(this.#db, ids);
        for (const position of positions) {
          for (const subscriber of this.#subscribers.values()) {
            if (scopeAllows(subscriber.scope, position)) subscriber.send(position);
          }
        }
      } catch (error) {
        this.#log.error({ err: error }, 'position fan-out: could not load notified positions');
      }
    });
  }
}
