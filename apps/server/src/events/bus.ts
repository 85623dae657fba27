import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Db } from '../db/database.ts';
import { backoffDelay } from '../lib/backoff.ts';

export type NotificationHandler = (payload: string) => void;

export interface BusOptions {
  /** PostgreSQL connection of the LISTEN client; default: the pool's own settings. */
  connection?: string | pg.ClientConfig;
  /** First reconnect delay; it doubles with each failed attempt up to maxDelayMs and starts again after a success. */
  minDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

/** Queues a notification on `channel`; inside a transaction it is delivered when (and only if) that commits. */
export async function notify(executor: Db, channel: string, payload = ''): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(executor);
}

const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

/**
 * A pool connection left idle this long stops listening on the own-commit channels (it listens again before its next
 * borrower's first query). PostgreSQL wakes every listening backend of the database on every NOTIFY, whatever the
 * channel: ten idle pool connections listening made each of the position pipeline's commits wake ten backends.
 */
export const POOL_UNLISTEN_AFTER_MS = 1000;

/**
 * In-process delivery of PostgreSQL NOTIFY on any number of channels. On PostgreSQL one dedicated LISTEN connection
 * per process (application_name `lbs-bus`) that reconnects with exponential backoff when it is lost — the attempt
 * counter resets once a reconnect succeeds — and LISTENs again on every channel; on PGlite its in-process listen.
 * Notifications sent while the connection was down are lost: subscribers that must not miss work also sweep, and
 * `onReconnect` tells them when to.
 */
export class EventBus {
  readonly #log: FastifyBaseLogger;
  readonly #channels = new Map<string, Set<NotificationHandler>>();
  readonly #reconnectHandlers = new Set<() => void>();
  readonly #lostHandlers = new Set<() => void>();
  readonly #pglite: DatabaseHandle['pglite'];
  readonly #pool: pg.Pool | undefined;
  /** Channels whose notifications from this process's own commits are delivered as each commit returns. */
  readonly #ownCommitChannels = new Set<string>();
  /** The own-commit channels each pool connection LISTENs on. */
  readonly #poolListens = new WeakMap<pg.PoolClient, Set<string>>();
  /** Pool connections given back and not borrowed since, with when they were given back. */
  readonly #idlePoolClients = new Map<pg.PoolClient, number>();
  #unlistenTimer: NodeJS.Timeout | undefined;
  /** Detaches #followPool's handlers from the pool (close). */
  #unfollowPool: (() => void) | undefined;
  readonly #pgliteUnlisten = new Map<string, () => Promise<void>>();
  readonly #connection: string | pg.ClientConfig | undefined;
  readonly #minDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #random: () => number;
  #client: pg.Client | undefined;
  #attempt = 0;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  private constructor(database: DatabaseHandle, log: FastifyBaseLogger, options: BusOptions) {
    this.#log = log;
    this.#pglite = database.pglite;
    this.#pool = database.pool;
    this.#connection = options.connection ?? (database.pool?.options as pg.ClientConfig | undefined);
    this.#minDelayMs = options.minDelayMs ?? 500;
    this.#maxDelayMs = options.maxDelayMs ?? 30_000;
    this.#random = options.random ?? Math.random;
  }

  /** Opens the bus; on PostgreSQL the first connection must succeed (later losses are reconnected). */
  static async start(
    database: DatabaseHandle,
    log: FastifyBaseLogger,
    options: BusOptions = {},
  ): Promise<EventBus> {
    const bus = new EventBus(database, log, options);
    if (!bus.#pglite) {
      if (!bus.#connection) throw new Error('the event bus needs PGlite or a PostgreSQL connection');
      await bus.#connect();
    }
    return bus;
  }

  /**
   * Calls `handler` with the payload of each notification on `channel`; resolves once listening.
   * `atOwnCommit`: a notification sent by a transaction of this process is delivered before its COMMIT returns, as
   * well as (a moment later) through the LISTEN connection — what this process wrote, it sees at once. On PostgreSQL
   * each pool connection LISTENs on the channel for this (and ignores other sessions' notifications there); PGlite
   * does it anyway. For channels of rare notifications: every pool connection receives all of them.
   */
  async subscribe(
    channel: string,
    handler: NotificationHandler,
    options: { atOwnCommit?: boolean } = {},
  ): Promise<() => Promise<void>> {
    if (options.atOwnCommit && this.#pool && !this.#ownCommitChannels.size) this.#followPool(this.#pool);
    if (options.atOwnCommit) this.#ownCommitChannels.add(channel);
    let handlers = this.#channels.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#channels.set(channel, handlers);
      await this.#listen(channel);
    }
    handlers.add(handler);
    return async () => {
      const set = this.#channels.get(channel);
      if (!set?.delete(handler) || set.size > 0) return;
      this.#channels.delete(channel);
      await this.#unlisten(channel);
    };
  }

  /** Called after the LISTEN connection came back (PostgreSQL): notifications may have been missed meanwhile. */
  onReconnect(handler: () => void): () => void {
    this.#reconnectHandlers.add(handler);
    return () => void this.#reconnectHandlers.delete(handler);
  }

  /**
   * Called as soon as the LISTEN connection is lost (PostgreSQL): from then until `onReconnect`, notifications are
   * not delivered, so whatever relies on them to stay current (a cache) must stop trusting itself.
   */
  onLost(handler: () => void): () => void {
    this.#lostHandlers.add(handler);
    return () => void this.#lostHandlers.delete(handler);
  }

  /** Whether notifications are being received: PGlite's always are; on PostgreSQL, while the LISTEN connection is up. */
  get connected(): boolean {
    return this.#pglite ? !this.#closed : this.#client !== undefined;
  }

  /** PID of the LISTEN connection's backend (PostgreSQL), for operators and tests. */
  get backendPid(): number | undefined {
    return (this.#client as (pg.Client & { processID?: number }) | undefined)?.processID;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearInterval(this.#unlistenTimer);
    this.#unfollowPool?.();
    this.#idlePoolClients.clear();
    this.#channels.clear();
    for (const unlisten of this.#pgliteUnlisten.values())
      if (!this.#pglite?.closed) await unlisten().catch(() => {});
    this.#pgliteUnlisten.clear();
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  /**
   * Own-commit delivery on the pool's connections: each borrowed connection listens (see #listenOnPoolClient), and
   * one idle for POOL_UNLISTEN_AFTER_MS stops, so only connections in use are woken by other sessions' notifications.
   */
  #followPool(pool: pg.Pool): void {
    const acquired = (client: pg.PoolClient) => {
      this.#idlePoolClients.delete(client);
      this.#listenOnPoolClient(client);
    };
    const released = (_error: Error | undefined, client: pg.PoolClient) =>
      this.#idlePoolClients.set(client, Date.now());
    const removed = (client: pg.PoolClient) => this.#idlePoolClients.delete(client);
    pool.on('acquire', acquired);
    pool.on('release', released);
    pool.on('remove', removed);
    this.#unfollowPool = () => {
      pool.off('acquire', acquired);
      pool.off('release', released);
      pool.off('remove', removed);
    };
    this.#unlistenTimer = setInterval(() => this.#unlistenIdle(), POOL_UNLISTEN_AFTER_MS / 2);
    this.#unlistenTimer.unref();
  }

  /**
   * Idle connections stop listening. The UNLISTEN is queued on the connection, so a borrower that takes it meanwhile
   * has its LISTEN queued behind (the set is emptied here) and before its own queries.
   */
  #unlistenIdle(): void {
    const now = Date.now();
    for (const [client, since] of this.#idlePoolClients) {
      if (now - since < POOL_UNLISTEN_AFTER_MS) continue;
      this.#idlePoolClients.delete(client);
      const listening = this.#poolListens.get(client);
      if (!listening?.size) continue;
      const channels = [...listening];
      listening.clear();
      client.query(channels.map((channel) => `unlisten ${quote(channel)}`).join('; ')).catch(() => {});
    }
  }

  /** Queued before the borrower's first query, so its commits' notifications come back on this connection. */
  #listenOnPoolClient(client: pg.PoolClient): void {
    if (this.#closed) return;
    let listening = this.#poolListens.get(client);
    if (!listening) {
      listening = new Set();
      this.#poolListens.set(client, listening);
      client.on('notification', (message) => {
        const own = message.processId === (client as pg.PoolClient & { processID?: number }).processID;
        if (own && this.#ownCommitChannels.has(message.channel))
          this.#dispatch(message.channel, message.payload ?? '');
      });
    }
    for (const channel of this.#ownCommitChannels) {
      if (listening.has(channel)) continue;
      listening.add(channel);
      client.query(`listen ${quote(channel)}`).catch(() => {});
    }
  }

  #dispatch(channel: string, payload: string): void {
    for (const handler of this.#channels.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        this.#log.error({ err, channel }, 'event bus: a notification handler threw');
      }
    }
  }

  async #listen(channel: string): Promise<void> {
    if (this.#pglite) {
      const unlisten = await this.#pglite.listen(channel, (payload) => this.#dispatch(channel, payload));
      this.#pgliteUnlisten.set(channel, unlisten);
      return;
    }
    // Not connected: the reconnect LISTENs on every channel.
    await this.#client?.query(`listen ${quote(channel)}`).catch(() => {});
  }

  async #unlisten(channel: string): Promise<void> {
    const unlisten = this.#pgliteUnlisten.get(channel);
    this.#pgliteUnlisten.delete(channel);
    if (unlisten && !this.#pglite?.closed) await unlisten();
    await this.#client?.query(`unlisten ${quote(channel)}`).catch(() => {});
  }

  async #connect(): Promise<void> {
    const base =
      typeof this.#connection === 'string' ? { connectionString: this.#connection } : this.#connection;
    const client = new pg.Client({ ...base, application_name: 'lbs-bus' });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      client.end().catch(() => {});
      if (this.#client === client) this.#client = undefined;
      for (const handler of this.#lostHandlers) handler();
      this.#retry();
    };
    client.on('notification', (message) => this.#dispatch(message.channel, message.payload ?? ''));
    try {
      await client.connect();
      for (const channel of this.#channels.keys()) await client.query(`listen ${quote(channel)}`);
    } catch (error) {
      lost = true;
      client.end().catch(() => {});
      throw error;
    }
    client.on('error', onLost);
    client.on('end', onLost);
    this.#client = client;
  }

  #retry(): void {
    if (this.#closed) return;
    this.#attempt++;
    const delay = backoffDelay(
      this.#attempt,
      { baseMs: this.#minDelayMs, maxMs: this.#maxDelayMs },
      this.#random,
    );
    this.#log.warn({ attempt: this.#attempt, delay }, 'event bus: LISTEN connection lost; reconnecting');
    this.#timer = setTimeout(() => {
      if (this.#closed) return;
      this.#connect().then(
        () => {
          if (this.#closed) return void this.#client?.end().catch(() => {});
          this.#log.info({ attempts: this.#attempt }, 'event bus: LISTEN connection restored');
          this.#attempt = 0;
          for (const handler of this.#reconnectHandlers) handler();
        },
        () => this.#retry(),
      );
    }, delay);
    this.#timer.unref();
  }
}
