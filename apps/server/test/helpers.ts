import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { ensurePartitions } from '../src/location/partitions.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/** A free TCP port on loopback (the issuer URL must name the real port before the app is built). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface TestDatabase {
  /** DATABASE_URL of a fresh PostgreSQL database, or undefined for PGlite. */
  url: string | undefined;
  /** PGlite's DATA_DIR: 'memory://', or a temporary directory for a persistent database. */
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: a new PostgreSQL database beside DATABASE_URL's when it is set
 * (CI), otherwise in-memory PGlite. `persistent` gives PGlite a temporary directory instead, so a second server
 * can open the same database after the first has closed it (restart tests).
 */
export async function createTestDatabase({
  persistent = false,
}: { persistent?: boolean } = {}): Promise<TestDatabase> {
  const base = process.env['DATABASE_URL'];
  if (!base && persistent) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lbs-test-'));
    return { url: undefined, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  if (!base) return { url: undefined, dataDir: 'memory://', drop: async () => {} };
  const name = `lbs_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir: 'memory://',
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Opens (and migrates) a fresh test database directly, without the HTTP app. */
export async function openTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const testDb = await createTestDatabase();
  const handle = await openDatabase({ databaseUrl: testDb.url, dataDir: testDb.dataDir });
  await migrate(handle.db);
  // As the server starts a database: the periods of `positions` for every time the pipeline accepts.
  await ensurePartitions(handle.db, new Date());
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await testDb.drop();
    },
  };
}

export interface TestServer extends RunningServer {
  config: Config;
  baseUrl: string;
  dispose(): Promise<void>;
}

/**
 * A real server on a free loopback port with a fresh database and the demo seed. With `database`, the server uses
 * that database instead (seeded only if empty) and `dispose()` leaves it to its owner: a restart test closes one
 * server and starts another on the same database (and the same PORT/PUBLIC_URL through `env`). `logger`: pino
 * options for the server's log (silent otherwise).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { database?: TestDatabase; logger?: object } = {},
): Promise<TestServer> {
  const testDb = options.database ?? (await createTestDatabase());
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: testDb.dataDir,
    LBS_DEMO: 'true',
    LOG_LEVEL: 'silent',
    // The location scheduler stays off unless a test turns it on (tests drive ticks themselves); the bundled MLP
    // simulator listens on any free port and answers at once.
    LBS_WORKER: 'false',
    LBS_SIMULATOR_PORT: '0',
    LBS_SIMULATOR_LATENCY_MS: '0',
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
    ...env,
  });
  const server = await startServer(config, { logger: options.logger ?? false });
  return {
    ...server,
    config,
    baseUrl: config.publicUrl,
    async dispose() {
      await server.close();
      if (!options.database) await testDb.drop();
    },
  };
}

/**
 * startTestServer for the calling test file: started before its tests (beforeAll) and disposed after them
 * (afterAll). The answer is filled in by that beforeAll, so the file's later hooks and its tests see the running
 * server; the file's own afterAll hooks run before the dispose.
 */
export function useTestServer(env: Record<string, string> = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(env));
  });
  afterAll(async () => {
    await server.dispose?.();
  });
  return server;
}
