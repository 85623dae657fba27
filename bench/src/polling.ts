/**
 * Polling: MLP locates per second the scheduler sustains (claim with SKIP LOCKED → gate → MLP → pipeline → record)
 * against the bundled simulator run on its own (`npm run simulator -- --subscribers 100000`, a child process), with
 * 100,000 subscribers all due at once; compared, in the same run, with the raw MLP throughput of the same client
 * against the same simulator (no database), and with what 100,000 MSISDNs at a 5-minute interval need.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pino from 'pino';
import type { CompanyConfig } from '@lbs/contracts';
import { mayLocate, type LocatePermit } from '@lbs/server/internal/location/locate-policy.ts';
import { Locator } from '@lbs/server/internal/location/locator.ts';
import { MlpClient } from '@lbs/server/internal/location/mlp/client.ts';
import { PositionPipeline } from '@lbs/server/internal/location/pipeline.ts';
import { LocationWorker } from '@lbs/server/internal/location/scheduler.ts';
import { generatedMsisdn } from '@lbs/server/internal/location/simulator/subscribers.ts';
import { benchCompany, benchDatabase, benchMsisdns, rate, type BenchRow } from './location-setup.ts';

const SUBSCRIBERS = Number(process.env['BENCH_SUBSCRIBERS'] ?? 100_000);
const CONCURRENCY = Number(process.env['BENCH_MLP_CONCURRENCY'] ?? 32);
const BATCH = Number(process.env['BENCH_MLP_BATCH'] ?? 100);
const LATENCY = process.env['BENCH_SIMULATOR_LATENCY_MS'] ?? '50-300';
const SECONDS = Number(process.env['BENCH_POLL_SECONDS'] ?? 15);
const INTERVAL_MINUTES = 5;

async function startSimulatorProcess(): Promise<{ url: string; child: ChildProcess }> {
  const main = fileURLToPath(import.meta.resolve('@lbs/server/internal/location/simulator/main.ts'));
  const child = spawn(process.execPath, ['--import', 'tsx', main, '--subscribers', String(SUBSCRIBERS)], {
    cwd: path.resolve(path.dirname(main), '../../..'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      LBS_SIMULATOR_PORT: '0',
      LBS_SIMULATOR_LATENCY_MS: LATENCY,
      LBS_SIMULATOR_ABSENT_RATE: '0.03',
      LBS_SIMULATOR_UNKNOWN_RATE: '0.01',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /simulator: (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`simulator exited (${code}): ${out}`)));
    setTimeout(() => reject(new Error('simulator did not start within 30 s')), 30_000).unref();
  });
  return { url, child };
}

export async function benchPolling(): Promise<BenchRow[]> {
  const database = await benchDatabase(12);
  const { url, child } = await startSimulatorProcess();
  const log = pino({ level: 'silent' });
  try {
    const { db } = database.handle;
    const org = await benchCompany(db, 'POLL', INTERVAL_MINUTES);
    const ids = await benchMsisdns(db, org, SUBSCRIBERS, generatedMsisdn);
    const company = await db
      .selectFrom('companies')
      .select(['id', 'status', 'config'])
      .where('id', '=', org.companyId)
      .executeTakeFirstOrThrow();
    const config = company.config as CompanyConfig;
    const permit = (i: number): LocatePermit => {
      const d = mayLocate(
        {
          id: ids[i]!,
          msisdn: generatedMsisdn(i),
          companyId: org.companyId,
          consentStatus: 'GRANTED',
          trackingEnabled: true,
        },
        { id: company.id, status: company.status, config },
        new Date(),
      );
      if (!d.ok) throw new Error(d.reason);
      return d.permit;
    };

    // Raw MLP: the client alone, CONCURRENCY requests of BATCH MSISDNs in flight, for SECONDS.
    const mlp = new MlpClient({ url, timeoutMs: 10_000, concurrency: CONCURRENCY });
    let asked = 0;
    let rawFailures = 0;
    let cursor = 0;
    const rawStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() - rawStart < SECONDS * 1000) {
          const batch = Array.from({ length: BATCH }, () => permit(cursor++ % SUBSCRIBERS));
          const exchange = await mlp.locate(batch);
          if (exchange.failure) rawFailures += batch.length;
          asked += batch.length;
        }
      }),
    );
    const rawRate = rate(asked, performance.now() - rawStart);

    // The scheduler: every subscriber due at once; ticks back to back for SECONDS (or until none is due).
    const worker = new LocationWorker(
      db,
      new Locator(
        db,
        new MlpClient({ url, timeoutMs: 10_000, concurrency: CONCURRENCY }),
        new PositionPipeline(db),
        log,
      ),
      log,
      { batchSize: BATCH, claimLimit: 5000 },
    );
    const start = new Date();
    await worker.enrol(start);
    await sql`update msisdn_poll_state set next_poll_at = ${new Date(start.getTime() - 60_000).toISOString()}::timestamptz`.execute(
      db,
    );
    let polled = 0;
    let located = 0;
    let requests = 0;
    const workerStart = performance.now();
    while (performance.now() - workerStart < SECONDS * 1000) {
      const report = await worker.tick(new Date());
      polled += report.asked;
      located += report.located;
      requests += report.requests;
      if (report.claimed === 0) break;
    }
    const workerMs = performance.now() - workerStart;
    const recorded = Number(
      (
        await sql<{
          n: number;
        }>`select coalesce(sum(msisdn_count), 0)::int as n from locate_requests`.execute(db)
      ).rows[0]!.n,
    );
    if (recorded !== polled) throw new Error(`recorded ${recorded} locates, polled ${polled}`);
    const workerRate = rate(polled, workerMs);
    const needed = SUBSCRIBERS / (INTERVAL_MINUTES * 60);
    const label = `${SUBSCRIBERS} subscribers, ${CONCURRENCY} requests × ${BATCH} MSISDNs in flight, simulator latency ${LATENCY} ms`;
    return [
      {
        bench: 'polling',
        metric: `raw MLP client → simulator (${label}; ${rawFailures} in failed requests)`,
        value: rawRate,
        unit: 'locates/s',
      },
      {
        bench: 'polling',
        metric: `scheduler tick loop → simulator → pipeline (${polled} polled, ${requests} MLP requests)`,
        value: workerRate,
        unit: 'locates/s',
      },
      {
        bench: 'polling',
        metric: 'scheduler located (answers with a position)',
        value: rate(located, workerMs),
        unit: 'positions/s',
      },
      { bench: 'polling', metric: 'ratio scheduler / raw MLP', value: workerRate / rawRate, unit: 'ratio' },
      {
        bench: 'polling',
        metric: `ratio scheduler / needed for ${SUBSCRIBERS} MSISDNs every ${INTERVAL_MINUTES} min (${needed.toFixed(0)}/s)`,
        value: workerRate / needed,
        unit: 'ratio',
      },
    ];
  } finally {
    child.kill('SIGTERM');
    await database.dispose();
  }
}
