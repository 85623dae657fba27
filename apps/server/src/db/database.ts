import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { PIPELINED_CONNECTIONS, pipelinedPool } from './pipelined.ts';
import { adaptQueries } from './prepared.ts';
import type { Database } from './schema.ts';
import { parseTimestamptz, TIMESTAMPTZ } from './timestamps.ts';

export type Db = Kysely<Database>;
/** The database or an open transaction: what a query runs on. */
export type Executor = Db | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw access for features Kysely does not cover (LISTEN/NOTIFY); undefined on PGlite in-memory tests. */
  pool?: pg.Pool;
  /** Connections in pg's pipeline mode, for the position pipeline's transactions (db/pipelined.ts); PostgreSQL only. */
  pipelined?: pg.Pool;
  pglite?: PGlite;
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

// Same JavaScript types on both engines: numbers for int8/numeric (ids and money stay well inside 2^53), dates as
// 'YYYY-MM-DD' strings (no time-zone shift).
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);
pg.types.setTypeParser(TIMESTAMPTZ, parseTimestamptz);

export interface OpenOptions {
  databaseUrl?: string;
  /** Directory for PGlite files, or 'memory://' for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server closed (restart, failover, admin) is dropped by the pool; without a listener the
    // pool's 'error' event would end the process.
    pool.on('error', () => {});
    adaptQueries(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // As many as the position pipeline writes batches at once (its lanes).
    const pipelined = pipelinedPool(options.databaseUrl, PIPELINED_CONNECTIONS);
    let closing: Promise<void> | undefined;
    return {
      db,
      kind: 'postgres',
      pool,
      pipelined,
      // Once, however often it is called (a pool ends once).
      close: () =>
        (closing ??= (async () => {
          await pipelined.end();
          await db.destroy();
        })()),
    };
  }
  const dir = options.dataDir ?? 'memory://';
  let location = dir;
  if (!dir.startsWith('memory://')) {
    location = path.resolve(dir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const pglite = await PGlite.create(location, {
    parsers: {
      [INT8]: (v: string) => Number(v),
      [NUMERIC]: (v: string) => Number(v),
      [DATE]: (v: string) => v,
    },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}
