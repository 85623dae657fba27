import type { FastifyBaseLogger } from 'fastify';
import type { LivePosition, MonitorPosition, PositionSource } from '@lbs/contracts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import { sendAll, type Notification } from '../events/emit.ts';
import { timeSpanMs } from '../lib/time-span.ts';
import type { PipelineStep, StoredPosition } from './pipeline.ts';
import { scopeAllows, type Scope } from '../access/scope.ts';

interface Subscriber {
  scope: Scope;
  send(position: LivePosition): void;
}

/**
 * A receiver of whole notified batches (the Monitor snapshots): `seq` is the batch's place among the notifications
 * this process received, numbered when it arrived (`PositionHub.sequence` read before it was: lower). State loaded
 * from the database after a batch arrived already holds its positions (the NOTIFY comes after the commit).
 */
export type BatchReceiver = (positions: readonly LivePosition[], seq: number) => void;

/** A position row joined with its MSISDN's (as both the live batches and the Monitor's snapshot read them). */
export interface MonitorPositionRow {
  msisdn_id: number;
  msisdn: string;
  employee_name: string;
  company_id: number;
  department_id: number;
  zone_id: number | null;
  lat: number;
  lon: number;
  accuracy_m: number | null;
  time: Date;
  source: PositionSource;
}

/** What the Monitor shows of a position: one mapping for the live batches and the snapshots. */
export function monitorPositionOf(r: MonitorPositionRow): MonitorPosition {
  return {
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
  };
}

/**
 * Loads what the Monitor shows for new positions (current MSISDN data, so moves between departments count). `times`
 * bounds their times (the notification carries it), so only the periods of `positions` holding them are read.
 */
export async function livePositions(
  db: Db,
  ids: number[],
  times?: { from: Date; to: Date },
): Promise<LivePosition[]> {
  if (ids.length === 0) return [];
  let query = db
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
    .orderBy('p.id');
  if (times) query = query.where('p.time', '>=', times.from).where('p.time', '<=', times.to);
  const rows = await query.execute();
  return rows.map((r) => ({ positionId: r.id, ...monitorPositionOf(r) }));
}

/**
 * NOTIFY channel of new positions; the payload is `<oldest time>-<newest time>:` (epoch ms) and their ids,
 * comma-separated.
 */
export const POSITIONS_CHANNEL = 'lbs_positions';
/** Ids per NOTIFY, well under PostgreSQL's 8000-byte payload limit (ids of up to 15 digits and a comma, the times). */
const IDS_PER_NOTIFY = 400;

/**
 * The live fan-out's notifications of a batch: its position ids, in NOTIFYs that PostgreSQL delivers to every
 * listening replica when the position transaction commits (and never when it rolls back).
 */
export function fanoutNotifications(positions: readonly StoredPosition[]): Notification[] {
  const out: Notification[] = [];
  for (let i = 0; i < positions.length; i += IDS_PER_NOTIFY) {
    const slice = positions.slice(i, i + IDS_PER_NOTIFY);
    const { from, to } = timeSpanMs(slice);
    out.push({ channel: POSITIONS_CHANNEL, payload: `${from}-${to}:${slice.map((p) => p.id).join(',')}` });
  }
  return out;
}

/**
 * The live fan-out alone as a pipeline step (the server sends these notifications with the batch's event:
 * positionsStoredStep).
 */
export const liveFanoutStep: PipelineStep = {
  name: 'live-fanout',
  async afterStore(positions, tx) {
    await sendAll(tx, fanoutNotifications(positions));
  },
};

/**
 * Live fan-out of new positions to this process's Monitor streams. Every replica's event bus LISTENs on the
 * positions channel (reconnecting when the connection is lost); the hub loads the notified positions once and hands
 * each to the streams whose scope covers it.
 */
export class PositionHub {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #subscribers = new Map<number, Subscriber>();
  readonly #batchReceivers = new Set<BatchReceiver>();
  #nextId = 1;
  #seq = 0;
  #chain: Promise<void> = Promise.resolve();
  #unsubscribe: (() => Promise<void>) | undefined;
  #closed = false;

  private constructor(db: Db, log: FastifyBaseLogger) {
    this.#db = db;
    this.#log = log;
  }

  static async start(db: Db, bus: EventBus, log: FastifyBaseLogger): Promise<PositionHub> {
    const hub = new PositionHub(db, log);
    hub.#unsubscribe = await bus.subscribe(POSITIONS_CHANNEL, (payload) => hub.#notified(payload));
    return hub;
  }

  get size(): number {
    return this.#subscribers.size;
  }

  /** How many notifications of new positions this process has received (see BatchReceiver). */
  get sequence(): number {
    return this.#seq;
  }

  /** Receives every notified batch, loaded once, with its sequence number. */
  receiveBatches(receiver: BatchReceiver): () => void {
    this.#batchReceivers.add(receiver);
    return () => void this.#batchReceivers.delete(receiver);
  }

  subscribe(scope: Scope, send: (position: LivePosition) => void): () => void {
    const id = this.#nextId++;
    this.#subscribers.set(id, { scope, send });
    return () => void this.#subscribers.delete(id);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#subscribers.clear();
    this.#batchReceivers.clear();
    await this.#unsubscribe?.().catch(() => {});
    await this.#chain;
  }

  get #idle(): boolean {
    return this.#closed || (this.#subscribers.size === 0 && this.#batchReceivers.size === 0);
  }

  #notified(payload: string): void {
    const seq = ++this.#seq;
    if (this.#idle) return;
    const { ids, times } = parseNotified(payload);
    // In order: a later batch is dispatched after an earlier one.
    this.#chain = this.#chain.then(async () => {
      if (this.#idle) return;
      try {
        const positions = await livePositions(this.#db, ids, times);
        for (const receiver of this.#batchReceivers) {
          try {
            receiver(positions, seq);
          } catch (error) {
            this.#log.error({ err: error }, 'position fan-out: a batch receiver failed');
          }
        }
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

/** A positions notification: ids, and the range of their times (absent in one from a replica of an older version). */
function parseNotified(payload: string): { ids: number[]; times?: { from: Date; to: Date } } {
  const colon = payload.indexOf(':');
  const ids = payload
    .slice(colon + 1)
    .split(',')
    .map(Number)
    .filter(Number.isSafeInteger);
  const [from, to] = payload.slice(0, Math.max(colon, 0)).split('-').map(Number);
  return Number.isFinite(from) && Number.isFinite(to)
    ? { ids, times: { from: new Date(from!), to: new Date(to!) } }
    : { ids };
}
