import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
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
  /** DATABASE_URL of a fresh PostgreSQL database, or undefined for in-memory PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: a new PostgreSQL database beside DATABASE_URL's when it is set
 * (CI), otherwise in-memory PGlite.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env['DATABASE_URL'];
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `lbs_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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
  const handle = await openDatabase({ databaseUrl: testDb.url, dataDir: 'memory://' });
  await migrate(handle.db);
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

/** A real server on a free loopback port with a fresh database and the demo seed. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const testDb = await createTestDatabase();
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: 'memory://',
    LBS_DEMO: 'true',
    LOG_LEVEL: 'silent',
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
    ...env,
  });
  const server = await startServer(config, { logger: false });
  return {
    ...server,
    config,
    baseUrl: config.publicUrl,
    async dispose() {
      await server.close();
      await testDb.drop();
    },
  };
}
