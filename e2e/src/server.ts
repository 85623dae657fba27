import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A TCP port free on 127.0.0.1 now (for a server whose PUBLIC_URL must name its port before it starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Builds the SPA once when apps/web/dist is missing (npm start does the same). */
export function ensureWebBuilt(): void {
  if (existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@lbs/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed');
}

export interface E2EServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the real product as a user would (apps/server/src/main.ts in a child process) on a free port with a
 * fresh database: a new PostgreSQL database when DATABASE_URL is set, otherwise PGlite in a temp DATA_DIR.
 * `run`: another start, e.g. the production build from an install of its own (`cwd`, node's arguments).
 */
export async function startE2EServer(
  extraEnv: Record<string, string> = {},
  run: { cwd: string; args: string[] } = {
    cwd: REPO_ROOT,
    args: ['--import', 'tsx', 'apps/server/src/main.ts'],
  },
): Promise<E2EServer> {
  ensureWebBuilt();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lbs-e2e-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const base = process.env['DATABASE_URL'];
  if (base) {
    const name = `lbs_e2e_${Date.now().toString(36)}_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LBS_DEMO: 'true',
    LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
    DATABASE_URL: databaseUrl ?? '',
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, run.args, {
    cwd: run.cwd,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become ready within 90 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
