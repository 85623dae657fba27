import { sql, type CompiledQuery, type Transaction } from 'kysely';
import type { MessageKey } from '@lbs/contracts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Metrics } from '../lib/metrics.ts';
import { storePositions, type PositionInput, type StoredPosition } from './position-store.ts';

export type { PositionInput, StoredPosition };

/**
 * A step after storage: it sees each batch inside the position transaction, so what it writes commits or rolls back
 * with the positions. The positions come ordered per MSISDN by time (then id), each with its company.
 *
 * The rule for steps: a step inside the position transaction must be cheap and touch only the database (storage,
 * geofencing/presence, the POSITIONS_STORED event, the live fan-out's NOTIFY belong here); anything slow or external
 * (notifications, attendance day close, task side effects) reacts to domain events after the commit, on a worker.
 * Steps are registered in one place, the composition root (app.ts), in the order they run.
 */
export interface PipelineStep<P = unknown, R = unknown> {
  readonly name: string;
  /**
   * The step reads each position's `previous` (the MSISDN's latest position before the batch) — unless it prepares
   * the batch beforehand, where it reads what it needs itself.
   */
  readonly wantsPrevious?: boolean;
  /**
   * Optional work that needs only the submitted positions and what was committed before them: run on another
   * connection while the batch is being stored (PostgreSQL), so its reads and computation overlap the write. Its answer
   * goes to afterStore. Not run where the database has a single connection (PGlite), nor for a batch smaller than
   * PREPARE_CONCURRENTLY_FROM: afterStore then gets undefined and does it all.
   */
  prepare?(inputs: readonly PositionInput[], reader: Db): Promise<P>;
  /**
   * The tables `prepare` reads. The preparations read in a transaction of their own that locks these (ACCESS SHARE)
   * before the batch takes any lock: the batch waits for its preparations in Node, where PostgreSQL cannot see it, so
   * a lock request queued between the two (a new period of `positions`, a migration) must not be able to make a
   * preparation wait for the batch.
   */
  readonly reads?: readonly string[];
  /**
   * A read in the batch's transaction, sent right behind the store statement without waiting for it (one round trip
   * for both where the transaction pipelines): it must not depend on what the store writes, and runs only where the
   * step did not prepare the batch. Its answer goes to afterStore.
   */
  readWithStore?(inputs: readonly PositionInput[], tx: Transaction<Database>): Promise<R>;
  afterStore?(
    positions: readonly StoredPosition[],
    tx: Transaction<Database>,
    prepared?: P,
    read?: R,
  ): Promise<void>;
  /**
   * What the batch announces (its events, the live fan-out's notifications): a statement whose answer nothing reads,
   * run after every step's afterStore, last in the transaction. Where the pipeline's transactions pipeline
   * (PostgreSQL: WriteTransaction), it is sent with the COMMIT, in one round trip.
   */
  announce?(positions: readonly StoredPosition[], tx: Transaction<Database>): CompiledQuery | undefined;
}

/**
 * How a batch's transaction runs: the body's statements, then its `last` ones (the steps' announcements, whose
 * answers nobody reads) and the commit. Default: Kysely's transaction, a statement at a time; on PostgreSQL the
 * composition root gives pipelinedTransaction (db/pipelined.ts), which writes BEGIN with the first statement and
 * the last ones with the COMMIT.
 */
export type WriteTransaction = <T>(
  body: (tx: Transaction<Database>) => Promise<{ value: T; last: readonly CompiledQuery[] }>,
) => Promise<T>;

/** WriteTransaction with Kysely's transactions: each statement in its own round trip. */
export function kyselyTransaction(db: Db): WriteTransaction {
  return (body) =>
    db.transaction().execute(async (tx) => {
      const { value, last } = await body(tx);
      for (const q of last) await tx.executeQuery(q);
      return value;
    });
}

/** A promise's outcome, never rejected (read once the batch is stored, or failed). */
function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

/** Per MSISDN by time, then id: the order presence and other per-subscriber steps need. */
export function byMsisdnAndTime(a: StoredPosition, b: StoredPosition): number {
  return a.msisdnId - b.msisdnId || a.time.getTime() - b.time.getTime() || a.id - b.id;
}

export interface Rejection {
  /** Index of the input in the submitted list. */
  index: number;
  code: Extract<MessageKey, 'location.coordinatesInvalid' | 'location.timeInvalid'>;
}

export interface SubmitResult {
  /** The stored positions, in the order they were submitted (rejected ones left out). */
  stored: StoredPosition[];
  rejected: Rejection[];
}

/**
 * The smallest batch whose steps prepare on another connection while it is stored. A smaller batch is cheaper in its
 * own transaction alone: the other connection's BEGIN, LOCK and COMMIT cost more round trips than the overlap saves
 * (HTTP ingest's batches of a few dozen positions: 2,040 → 2,268 positions/s in the replicas bench).
 */
export const PREPARE_CONCURRENTLY_FROM = 100;

/**
 * The smallest batch written beside another already in flight (with lanes). Smaller ones wait for it and join the
 * next batch instead: the HTTP ingest's few dozen positions at a time are cheaper group-committed together than split
 * over two transactions (OsmAnd at 64 connections: 9.2–9.4k positions/s one batch at a time, 8.0–8.5k with any batch
 * beside another), while submits of hundreds gain from the overlap (500 per submit: 59–62k → 89–102k positions/s).
 */
export const SECOND_LANE_FROM = 100;

/** How old a position may be when it arrives (an app that was offline sends its backlog). */
export const MAX_POSITION_AGE_MS = 30 * 86_400_000;
/** How far ahead of our clock a position's time may be (clock skew of phones and GMLCs). */
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;

interface Job {
  inputs: PositionInput[];
  resolve(stored: StoredPosition[]): void;
  reject(error: unknown): void;
}

/**
 * Every position, from the network or an app, passes here: validate → store (batched) → steps (presence, events,
 * live fan-out: see PipelineStep). Concurrent submits are group-committed: while a batch is being written the next
 * ones queue up and are written together in one transaction, so many small submits cost about as much as one large
 * one. With lanes (PostgreSQL), a second batch of at least SECOND_LANE_FROM positions is written beside the first,
 * never with an MSISDN of a batch in flight.
 */
export class PositionPipeline {
  readonly #db: Db;
  readonly #steps: PipelineStep[];
  readonly #maxBatch: number;
  readonly #now: () => number;
  readonly #metrics: Metrics | undefined;
  readonly #concurrentReads: boolean;
  readonly #prepareFrom: number;
  readonly #lanes: number;
  readonly #secondLaneFrom: number;
  readonly #write: WriteTransaction;
  #queue: Job[] = [];
  /** Positions in the queue. */
  #queued = 0;
  /** Batches being written. */
  #active = 0;
  /** The MSISDNs of the batches being written (with lanes: a batch never shares an MSISDN with another in flight). */
  readonly #busy = new Set<number>();

  constructor(
    db: Db,
    options: {
      steps?: PipelineStep[];
      maxBatch?: number;
      now?: () => number;
      metrics?: Metrics;
      /** Steps may read on other connections while a batch is stored (a pool; not PGlite's single connection). */
      concurrentReads?: boolean;
      /** The smallest batch prepared concurrently (default PREPARE_CONCURRENTLY_FROM). */
      prepareFrom?: number;
      /**
       * Batches written at once, each in its own transaction (default 1; PGlite's single connection allows no more).
       * Batches in flight never share an MSISDN, so each MSISDN's positions are still stored, and seen by the steps,
       * one batch after another in the order they were submitted.
       */
      lanes?: number;
      /** The smallest batch written beside another in flight (default SECOND_LANE_FROM). */
      secondLaneFrom?: number;
      /** How a batch's transaction runs (default: Kysely's; see WriteTransaction). */
      transaction?: WriteTransaction;
    } = {},
  ) {
    this.#db = db;
    this.#steps = options.steps ?? [];
    this.#maxBatch = options.maxBatch ?? 2000;
    this.#now = options.now ?? Date.now;
    this.#metrics = options.metrics;
    this.#concurrentReads = options.concurrentReads ?? false;
    this.#prepareFrom = options.prepareFrom ?? PREPARE_CONCURRENTLY_FROM;
    this.#lanes = Math.max(1, Math.floor(options.lanes ?? 1));
    this.#secondLaneFrom = options.secondLaneFrom ?? SECOND_LANE_FROM;
    this.#write = options.transaction ?? kyselyTransaction(db);
  }

  /** Adds a step after the ones given at construction (the composition root registers them). */
  use(step: PipelineStep): void {
    this.#steps.push(step);
  }

  validate(p: PositionInput): Rejection['code'] | undefined {
    const coordinatesOk =
      Number.isFinite(p.lat) &&
      Number.isFinite(p.lon) &&
      Math.abs(p.lat) <= 90 &&
      Math.abs(p.lon) <= 180 &&
      (p.accuracyM === null ||
        (Number.isFinite(p.accuracyM) && p.accuracyM >= 0 && p.accuracyM <= 1_000_000));
    if (!coordinatesOk) return 'location.coordinatesInvalid';
    const t = p.time instanceof Date ? p.time.getTime() : NaN;
    const now = this.#now();
    if (!Number.isFinite(t) || t > now + MAX_CLOCK_SKEW_MS || t < now - MAX_POSITION_AGE_MS)
      return 'location.timeInvalid';
    return undefined;
  }

  async submit(inputs: readonly PositionInput[]): Promise<SubmitResult> {
    const rejected: Rejection[] = [];
    const valid: PositionInput[] = [];
    inputs.forEach((p, index) => {
      const code = this.validate(p);
      if (code) rejected.push({ index, code });
      else valid.push(p);
    });
    const stored = valid.length ? await this.#enqueue(valid) : [];
    return { stored, rejected };
  }

  #enqueue(inputs: PositionInput[]): Promise<StoredPosition[]> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ inputs, resolve, reject });
      this.#queued += inputs.length;
      this.#pump();
    });
  }

  /** Starts batches while a lane is free and a queued job may go (see #take). */
  #pump(): void {
    while (this.#active < this.#lanes && this.#queue.length) {
      const least = this.#active ? this.#secondLaneFrom : 1;
      if (this.#queued < least) return;
      const batch = this.#take(least);
      if (!batch.length) return;
      for (const job of batch) this.#queued -= job.inputs.length;
      this.#active++;
      const msisdns: number[] = [];
      if (this.#lanes > 1)
        for (const job of batch)
          for (const p of job.inputs)
            if (!this.#busy.has(p.msisdnId)) {
              this.#busy.add(p.msisdnId);
              msisdns.push(p.msisdnId);
            }
      void this.#writeBatch(batch).finally(() => {
        for (const id of msisdns) this.#busy.delete(id);
        this.#active--;
        this.#pump();
      });
    }
  }

  /**
   * The next batch: queued jobs in order up to the batch size (the first always). With lanes, a job with an MSISDN of
   * a batch in flight waits, and so does every later job with one of its MSISDNs: an MSISDN's positions are written
   * in the order they were submitted. A batch smaller than `least` positions is not taken (none is).
   */
  #take(least: number): Job[] {
    const batch: Job[] = [];
    let size = 0;
    const left: Job[] = [];
    const waiting = new Set<number>();
    let i = 0;
    for (; i < this.#queue.length; i++) {
      const job = this.#queue[i]!;
      if (batch.length && size + job.inputs.length > this.#maxBatch) break;
      // Nothing in flight to wait for (one lane: never), no MSISDN to look at.
      if (
        (this.#busy.size || waiting.size) &&
        job.inputs.some((p) => this.#busy.has(p.msisdnId) || waiting.has(p.msisdnId))
      ) {
        for (const p of job.inputs) waiting.add(p.msisdnId);
        left.push(job);
        continue;
      }
      batch.push(job);
      size += job.inputs.length;
    }
    if (size < least) return [];
    this.#queue = i < this.#queue.length ? [...left, ...this.#queue.slice(i)] : left;
    return batch;
  }

  async #writeBatch(batch: Job[]): Promise<void> {
    const started = performance.now();
    try {
      const stored = await this.#transaction(batch.flatMap((j) => j.inputs));
      this.#measured(stored, started, 'committed');
      let offset = 0;
      for (const job of batch) {
        job.resolve(stored.slice(offset, offset + job.inputs.length));
        offset += job.inputs.length;
      }
    } catch (error) {
      this.#measured([], started, 'failed');
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One job's bad row (an MSISDN deleted meanwhile) must not fail the others: write them one by one.
      for (const job of batch) await this.#writeBatch([job]);
    }
  }

  #measured(stored: readonly StoredPosition[], started: number, outcome: 'committed' | 'failed'): void {
    const metrics = this.#metrics;
    if (!metrics) return;
    metrics.pipelineBatchSeconds.observe({ outcome }, (performance.now() - started) / 1000);
    if (outcome === 'failed') return;
    metrics.pipelineBatchPositions.observe(stored.length);
    const bySource = new Map<string, number>();
    for (const p of stored) bySource.set(p.source, (bySource.get(p.source) ?? 0) + 1);
    for (const [source, count] of bySource) metrics.positionsStored.inc({ source }, count);
  }

  async #transaction(inputs: PositionInput[]): Promise<StoredPosition[]> {
    const preparers =
      this.#concurrentReads && inputs.length >= this.#prepareFrom ? this.#steps.filter((s) => s.prepare) : [];
    if (!preparers.length) return this.#write((tx) => this.#storeAndStep(tx, inputs));
    const tables = [...new Set(preparers.flatMap((s) => s.reads ?? []))];
    return this.#db.transaction().execute(async (reader) => {
      if (tables.length)
        await sql`lock table ${sql.join(tables.map((t) => sql.table(t)))} in access share mode`.execute(
          reader,
        );
      return this.#write((tx) => this.#storeAndStep(tx, inputs, reader));
    });
  }

  /**
   * Stores the batch and runs the steps in its transaction; answers the stored positions and the steps'
   * announcements. With a `reader` (another connection, its locks taken), the steps that prepare the batch read what
   * was committed before it there while it is stored.
   */
  async #storeAndStep(
    tx: Transaction<Database>,
    inputs: PositionInput[],
    reader?: Transaction<Database>,
  ): Promise<{ value: StoredPosition[]; last: CompiledQuery[] }> {
    // Settled as they end (a failure while the batch is being stored is no unhandled rejection), read below.
    const preparing = this.#steps.map((step) =>
      reader && step.prepare
        ? settled(Promise.resolve().then(() => step.prepare!(inputs, reader)))
        : undefined,
    );
    let stored: StoredPosition[];
    let prepared: PromiseSettledResult<unknown>[];
    let reads: PromiseSettledResult<unknown>[];
    const storing = storePositions(
      tx,
      inputs,
      this.#steps.some((s) => s.wantsPrevious && !(reader && s.prepare)),
    );
    // Given after the store statement: written behind it where the transaction pipelines.
    const reading = this.#steps.map((step) =>
      step.readWithStore && !(reader && step.prepare) ? settled(step.readWithStore(inputs, tx)) : undefined,
    );
    try {
      stored = await storing;
    } finally {
      // No preparation or read outlives its batch (a batch that fails is written again, job by job, and prepared
      // again).
      const done = (p: Promise<PromiseSettledResult<unknown>> | undefined) =>
        p ?? { status: 'fulfilled' as const, value: undefined };
      prepared = await Promise.all(preparing.map(done));
      reads = await Promise.all(reading.map(done));
    }
    const last: CompiledQuery[] = [];
    if (this.#steps.length) {
      const ordered = [...stored].sort(byMsisdnAndTime);
      for (const [i, step] of this.#steps.entries()) {
        const result = prepared[i]!;
        if (result.status === 'rejected') throw result.reason;
        const read = reads[i]!;
        if (read.status === 'rejected') throw read.reason;
        await step.afterStore?.(ordered, tx, result.value, read.value);
      }
      for (const step of this.#steps) {
        const statement = step.announce?.(ordered, tx);
        if (statement) last.push(statement);
      }
    }
    return { value: stored, last };
  }
}
