import { sql, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { backoffDelay, type Backoff } from '../lib/backoff.ts';
import { EVENTS_CHANNEL, type DomainEvent, type EventType } from './types.ts';

export interface EventProcessor<T extends EventType = EventType> {
  /** Unique and stable: the name of the processor's cursor row. */
  name: string;
  types: readonly T[];
  /**
   * Reacts to one event inside the transaction that moves the cursor past it: what it writes with `tx` commits
   * exactly once with the cursor. Use `tx` only (on PGlite another connection would wait for this one); anything
   * slow or external is a job or a message queued with `tx`, keyed by `event.id`. Throwing rolls back this event's
   * work and retries it later with backoff; later events wait (the processor never skips one).
   */
  handle(event: DomainEvent<T>, tx: Transaction<Database>): Promise<void>;
  /** Where a new processor starts: 'now' (default, events committed from now on) or 'start' (every stored event). */
  from?: 'now' | 'start';
  /** Events per transaction; default 100. */
  batchSize?: number;
  /** Retry delay after a failure; default 1 s doubling up to 5 min. */
  backoff?: Backoff;
}

export interface ProcessorStatus {
  name: string;
  lastTxid: number;
  lastId: number;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
}

export interface DispatcherOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** The event bus (its subscribe and onReconnect): processors run as soon as an event commits. */
  bus?: {
    subscribe(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
    onReconnect(handler: () => void): () => void;
  };
  /** Every processor also runs this often (events whose notification was lost); default 10 s. */
  sweepMs?: number;
  clock?: () => Date;
  random?: () => number;
}

interface BatchResult {
  processed: number;
  /** A full batch: more may be waiting. */
  more: boolean;
  /** Failing: not before this time. */
  retryAt?: Date;
  /**
   * Events of its types committed by transactions that are not below the horizon yet (an older transaction of this
   * database is still running): look again shortly.
   */
  waiting?: boolean;
}

interface EventRow {
  id: number | null;
  type: string | null;
  company_id: number | null;
  msisdn_id: number | null;
  subject_type: string | null;
  subject_id: string | null;
  payload: unknown;
  occurred_at: Date | null;
  txid: number | null;
  top_txid: number | null;
  top_id: number | null;
  waiting: boolean;
}

const DEFAULT_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 300_000 };
/** How soon a processor looks again at events that committed but are not below the horizon yet. */
const HORIZON_RECHECK_MS = 100;

/**
 * The horizon of this database: the oldest transaction still running in the current snapshot, leaving out those
 * known to be another database's (a backend's own transaction-id lock held by a backend connected elsewhere, or a
 * prepared transaction of another database); without running ones, the snapshot's xmax. Only a transaction of this
 * database can add events here, so transaction ids below it are settled; one that is not identified (it ended
 * meanwhile) counts. pg_snapshot_xmin alone is cluster-wide: any long transaction of any database held events back.
 */
const HORIZON = sql`(
  select coalesce(
    (
      select min(x::text::bigint) from pg_snapshot_xip(s.snap) x
      where not exists (
        select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'transactionid' and l.mode = 'ExclusiveLock' and l.granted
          and l.transactionid = x::xid and a.datname <> current_database()
      )
      and not exists (
        select 1 from pg_prepared_xacts p where p.transaction = x::xid and p.database <> current_database()
      )
    ),
    pg_snapshot_xmax(s.snap)::text::bigint
  )
  from (select pg_current_snapshot() as snap) s
)`;

/**
 * Runs event processors after commit. Each processor has a cursor row (event_cursors): a batch locks it FOR UPDATE
 * SKIP LOCKED, reads the next events of its types in (txid, id) order — only from transactions older than every
 * running one, so none can still appear behind the cursor — handles each in a savepoint and moves the cursor in the
 * same transaction. Two workers never process one event twice; a failing event stops its processor (retried with
 * backoff) and nothing after it is skipped. See events/README.md.
 */
export class EventDispatcher {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #processors = new Map<string, EventProcessor>();
  readonly #options: Required<Pick<DispatcherOptions, 'sweepMs' | 'clock' | 'random'>> &
    Pick<DispatcherOptions, 'bus'>;
  readonly #active = new Map<string, Promise<void>>();
  readonly #again = new Set<string>();
  readonly #retryTimers = new Map<string, NodeJS.Timeout>();
  #sweep: NodeJS.Timeout | undefined;
  #unsubscribe: (() => Promise<void>) | undefined;
  #offReconnect: (() => void) | undefined;
  #prepared = false;
  #stopping = false;

  constructor(options: DispatcherOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.#options = { sweepMs: 10_000, clock: () => new Date(), random: Math.random, ...options };
  }

  register<T extends EventType>(processor: EventProcessor<T>): this {
    if (this.#processors.has(processor.name))
      throw new Error(`event processor ${processor.name} is registered twice`);
    this.#processors.set(processor.name, processor as unknown as EventProcessor);
    return this;
  }

  /** Events of each processor's types behind its cursor (committed, not yet processed): the backlog. */
  async pending(): Promise<{ processor: string; events: number }[]> {
    const out: { processor: string; events: number }[] = [];
    for (const p of this.#processors.values()) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from domain_events e
        left join event_cursors c on c.processor = ${p.name}
        where e.type = any(${[...p.types]}::text[])
          and (e.txid, e.id) > (coalesce(c.last_txid, 0), coalesce(c.last_id, 0))`.execute(this.#db);
      out.push({ processor: p.name, events: Number(rows[0]?.n ?? 0) });
    }
    return out;
  }

  /** Creates missing cursors, listens for new events and sweeps every sweepMs. */
  async start(): Promise<void> {
    await this.#prepare();
    const bus = this.#options.bus;
    if (bus) {
      this.#unsubscribe = await bus.subscribe(EVENTS_CHANNEL, (type) => {
        for (const p of this.#processors.values())
          if ((p.types as readonly string[]).includes(type)) this.#wake(p.name);
      });
      this.#offReconnect = bus.onReconnect(() => this.#wakeAll());
    }
    this.#sweep = setInterval(() => this.#wakeAll(), this.#options.sweepMs);
    this.#sweep.unref();
    this.#wakeAll();
  }

  /** Stops waking processors and waits for the batches in progress (each is one short transaction). */
  async stop(): Promise<void> {
    this.#stopping = true;
    clearInterval(this.#sweep);
    for (const timer of this.#retryTimers.values()) clearTimeout(timer);
    this.#offReconnect?.();
    await this.#unsubscribe?.().catch(() => {});
    await Promise.allSettled([...this.#active.values()]);
  }

  /** Runs every processor until none has anything left that is due (tests and tools); returns events processed. */
  async drain(): Promise<number> {
    await this.#prepare();
    let total = 0;
    for (let progress = true; progress;) {
      progress = false;
      for (const name of this.#processors.keys()) {
        const result = await this.runBatch(name);
        total += result.processed;
        if (result.processed > 0 || result.more) progress = true;
      }
    }
    return total;
  }

  async status(): Promise<ProcessorStatus[]> {
    const rows = await this.#db.selectFrom('event_cursors').selectAll().orderBy('processor').execute();
    return rows.map((r) => ({
      name: r.processor,
      lastTxid: r.last_txid,
      lastId: r.last_id,
      attempts: r.attempts,
      nextAttemptAt: r.next_attempt_at,
      lastError: r.last_error,
    }));
  }

  async #prepare(): Promise<void> {
    if (this.#prepared) return;
    this.#prepared = true;
    for (const p of this.#processors.values()) {
      // 'now': everything of transactions older than every running one counts as seen.
      const start = p.from === 'start' ? sql`0, 0` : sql`${HORIZON} - 1, ${Number.MAX_SAFE_INTEGER}`;
      await sql`
        insert into event_cursors (processor, last_txid, last_id) select ${p.name}, ${start}
        on conflict (processor) do nothing
      `.execute(this.#db);
    }
  }

  #wakeAll(): void {
    for (const name of this.#processors.keys()) this.#wake(name);
  }

  /** Runs a processor's batches until it is drained; a wake while it runs makes it look once more. */
  #wake(name: string): void {
    if (this.#stopping) return;
    if (this.#active.has(name)) {
      this.#again.add(name);
      return;
    }
    const loop = (async () => {
      for (;;) {
        this.#again.delete(name);
        const result = await this.runBatch(name);
        if (result.retryAt) this.#retryAt(name, result.retryAt);
        else if (result.waiting)
          this.#retryAt(name, new Date(this.#options.clock().getTime() + HORIZON_RECHECK_MS));
        if (this.#stopping || !(result.more || this.#again.has(name))) return;
      }
    })()
      .catch((err: unknown) => this.#log.error({ err, processor: name }, 'event processor batch failed'))
      .finally(() => this.#active.delete(name));
    this.#active.set(name, loop);
  }

  #retryAt(name: string, at: Date): void {
    clearTimeout(this.#retryTimers.get(name));
    const timer = setTimeout(
      () => this.#wake(name),
      Math.max(0, at.getTime() - this.#options.clock().getTime()),
    );
    timer.unref();
    this.#retryTimers.set(name, timer);
  }

  /** One batch of one processor in one transaction (exported for tests and tools). */
  async runBatch(name: string): Promise<BatchResult> {
    const processor = this.#processors.get(name);
    if (!processor) throw new Error(`no event processor ${name}`);
    await this.#prepare();
    const now = this.#options.clock();
    const batchSize = processor.batchSize ?? 100;
    return this.#db.transaction().execute(async (tx) => {
      const cursor = await tx
        .selectFrom('event_cursors')
        .selectAll()
        .where('processor', '=', name)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!cursor) return { processed: 0, more: false }; // another worker holds it
      if (cursor.next_attempt_at && cursor.next_attempt_at > now)
        return { processed: 0, more: false, retryAt: cursor.next_attempt_at };
      // One statement, one snapshot: the horizon, the newest event below it, and the batch.
      const result = await sql<EventRow>`
        with h as (select ${HORIZON} as horizon),
        top as (
          select e.txid, e.id from domain_events e, h
          where e.txid < h.horizon and (e.txid, e.id) > (${cursor.last_txid}::bigint, ${cursor.last_id}::bigint)
          order by e.txid desc, e.id desc limit 1
        ),
        batch as (
          select e.id, e.type, e.company_id, e.msisdn_id, e.subject_type, e.subject_id, e.payload, e.occurred_at, e.txid
          from domain_events e, h
          where e.txid < h.horizon and (e.txid, e.id) > (${cursor.last_txid}::bigint, ${cursor.last_id}::bigint)
            and e.type = any(${[...processor.types]}::text[])
          order by e.txid, e.id limit ${batchSize}
        ),
        waiting as (
          select exists (
            select 1 from domain_events e, h
            where e.txid >= h.horizon and (e.txid, e.id) > (${cursor.last_txid}::bigint, ${cursor.last_id}::bigint)
              and e.type = any(${[...processor.types]}::text[])
          ) as waiting
        )
        select b.*, top.txid as top_txid, top.id as top_id, w.waiting
        from waiting w left join top on true left join batch b on true
        order by b.txid, b.id
      `.execute(tx);
      const rows = result.rows;
      const { waiting, top_txid: topTxid, top_id: topId } = rows[0]!;
      if (topTxid === null || topId === null) return { processed: 0, more: false, waiting };
      const events = rows.filter((r) => r.id !== null);
      let position = { txid: cursor.last_txid, id: cursor.last_id };
      let processed = 0;
      let failure: { event: EventRow; error: unknown } | undefined;
      for (const row of events) {
        await sql`savepoint event`.execute(tx);
        try {
          await processor.handle(toEvent(row), tx);
          await sql`release savepoint event`.execute(tx);
        } catch (error) {
          await sql`rollback to savepoint event`.execute(tx);
          failure = { event: row, error };
          break;
        }
        position = { txid: row.txid!, id: row.id! };
        processed++;
      }
      const full = events.length === batchSize;
      if (!failure && !full) position = { txid: topTxid, id: topId };
      if (failure) {
        const attempts = cursor.attempts + 1;
        const retryAt = new Date(
          now.getTime() + backoffDelay(attempts, processor.backoff ?? DEFAULT_BACKOFF, this.#options.random),
        );
        const message = failure.error instanceof Error ? failure.error.message : String(failure.error);
        this.#log.warn(
          { err: failure.error, processor: name, eventId: failure.event.id, attempts, retryAt },
          'event processor failed; it retries this event later',
        );
        await tx
          .updateTable('event_cursors')
          .set({
            last_txid: position.txid,
            last_id: position.id,
            attempts,
            next_attempt_at: retryAt,
            last_error: `event ${failure.event.id}: ${message}`.slice(0, 2000),
            updated_at: now,
          })
          .where('processor', '=', name)
          .execute();
        return { processed, more: false, retryAt };
      }
      await tx
        .updateTable('event_cursors')
        .set({
          last_txid: position.txid,
          last_id: position.id,
          attempts: 0,
          next_attempt_at: null,
          last_error: null,
          updated_at: now,
        })
        .where('processor', '=', name)
        .execute();
      return { processed, more: full, waiting };
    });
  }
}

function toEvent(row: EventRow): DomainEvent {
  return {
    id: row.id!,
    type: row.type as EventType,
    companyId: row.company_id,
    msisdnId: row.msisdn_id,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    payload: row.payload as DomainEvent['payload'],
    occurredAt: new Date(row.occurred_at!),
  };
}
