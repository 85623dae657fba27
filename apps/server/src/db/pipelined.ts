import { Kysely, PostgresDialect, type CompiledQuery, type Transaction } from 'kysely';
import pg from 'pg';
import { adaptQueries } from './prepared.ts';
import type { Database } from './schema.ts';

/** The pipelined pool's size: the position pipeline writes at most this many batches at once (its lanes). */
export const PIPELINED_CONNECTIONS = 2;

/**
 * Connections in pg's pipeline mode: a statement is written as soon as it is given, without waiting for the answer to
 * the one before (each still has its own Sync, so a failed one fails alone — inside a transaction, the transaction).
 * For pipelinedTransaction only: everything else runs on the ordinary pool.
 */
export function pipelinedPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, pipeline: true } as pg.PoolConfig);
  pool.on('error', () => {});
  adaptQueries(pool);
  return pool;
}

/** A transaction's body: its value, and the statements whose answers nobody reads, sent with the commit. */
export interface PipelinedBody<T> {
  value: T;
  last: readonly CompiledQuery[];
}

/** A pooled connection's stream, corked while several statements are given: they go out in one write. */
function corked<T>(client: pg.PoolClient, give: () => T): T {
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } })
    .connection.stream;
  stream.cork();
  try {
    return give();
  } finally {
    stream.uncork();
  }
}

/** A pooled connection as Kysely sees it in a transaction: BEGIN goes out with its first statement. */
interface Session {
  db: Kysely<Database>;
  /** BEGIN, once written (undefined: not yet; the transaction's first statement writes it). */
  begun: Promise<pg.QueryResult> | undefined;
}

/** One session per pooled connection: its statements go to that connection, in the order they are given. */
const sessions = new WeakMap<pg.PoolClient, Session>();

function sessionOf(client: pg.PoolClient): Session {
  let session = sessions.get(client);
  if (!session) {
    const s: Session = { db: undefined as never, begun: undefined };
    // Kysely releases its connection after each statement: this one stays with the transaction (released below).
    const connection = {
      query: (text: string, values: unknown[]) => {
        if (s.begun) return client.query(text, values);
        return corked(client, () => {
          s.begun = begin(client);
          return client.query(text, values);
        });
      },
      release: () => {},
    };
    s.db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: { connect: async () => connection, end: async () => {} } as never,
      }),
    });
    sessions.set(client, (session = s));
  }
  return session;
}

/** BEGIN, its failure read where its answer is (never unhandled). */
function begin(client: pg.PoolClient): Promise<pg.QueryResult> {
  const begun = client.query('begin');
  begun.catch(() => {});
  return begun;
}

/** The settled answers in order; the first failure thrown, once every answer is in. */
async function all(answers: readonly Promise<pg.QueryResult>[]): Promise<pg.QueryResult[]> {
  const settled = await Promise.allSettled(answers);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<pg.QueryResult>).value);
}

/**
 * A transaction in two fewer round trips than Kysely's: BEGIN is written with the body's first statement, and the
 * body's `last` statements with the COMMIT. Under load a round trip costs an event-loop turn of the server (it is
 * busy answering requests) far more than PostgreSQL's time: the position pipeline's small batches (HTTP ingest, a
 * few dozen positions each) spent five such turns per batch — BEGIN, store, presence, announcement, COMMIT.
 *
 * The body's statements go out in the order they are given (one not awaited goes out behind the one before it, in
 * the same transaction: the pipeline's readWithStore). A failure anywhere rolls the transaction back and is
 * thrown; a COMMIT that PostgreSQL answered with ROLLBACK (a statement before it failed) is a failure too.
 */
export async function pipelinedTransaction<T>(
  pool: pg.Pool,
  body: (tx: Transaction<Database>) => Promise<PipelinedBody<T>>,
): Promise<T> {
  const client = await pool.connect();
  const session = sessionOf(client);
  session.begun = undefined;
  let broken: Error | undefined;
  try {
    // A Kysely on this connection stands for the transaction (the steps only run statements on it).
    const { value, last } = await body(session.db as unknown as Transaction<Database>);
    const answers = await all(
      corked(client, () => [
        session.begun ?? begin(client),
        ...last.map((q) => client.query(q.sql, q.parameters as unknown[])),
        client.query('commit'),
      ]),
    );
    if (answers.at(-1)!.command !== 'COMMIT')
      throw new Error('the transaction was rolled back at its commit');
    return value;
  } catch (error) {
    // Nothing to roll back after a COMMIT that failed or answered ROLLBACK, or before BEGIN; a connection that cannot
    // roll back is dropped from the pool rather than reused.
    if (session.begun)
      await client.query('rollback').catch((e: unknown) => {
        broken = e instanceof Error ? e : new Error(String(e));
      });
    throw error;
  } finally {
    client.release(broken);
  }
}
