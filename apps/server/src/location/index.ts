import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle, Db } from '../db/database.ts';
import { PIPELINED_CONNECTIONS, pipelinedTransaction } from '../db/pipelined.ts';
import type { EventBus } from '../events/bus.ts';
import type { RowCache } from '../lib/row-cache.ts';
import type { Metrics } from '../lib/metrics.ts';
import { cachedDeviceOwners, type DeviceOwner } from './device-tokens.ts';
import { PositionHub } from './fanout.ts';
import { AppIngest } from './ingest/app-ingest.ts';
import { Locator } from './locator.ts';
import { MlpClient } from './mlp/client.ts';
import { PositionPipeline, type PipelineStep, type WriteTransaction } from './pipeline.ts';
import { LocationWorker } from './scheduler.ts';
import { startSimulator, type RunningSimulator } from './simulator/simulator.ts';
import { databaseSubscribers } from './simulator/subscribers.ts';

export { PositionPipeline, type PipelineStep } from './pipeline.ts';
export { liveFanoutStep, POSITIONS_CHANNEL } from './fanout.ts';
export { positionsStoredStep } from './position-events.ts';
export { registerLocationJobs } from './jobs.ts';
export { LocationWorker, type TickReport } from './scheduler.ts';
export { runRetention } from './retention.ts';
export { ensurePartitions, listPartitions, type PositionPartition } from './partitions.ts';
export { startSimulator, type RunningSimulator } from './simulator/simulator.ts';
export { generatedMsisdn, generatedSubscribers, databaseSubscribers } from './simulator/subscribers.ts';
export { storePositions, type PositionInput, type StoredPosition } from './position-store.ts';
export { MlpClient } from './mlp/client.ts';
export type { DeviceOwner } from './device-tokens.ts';
export { Locator } from './locator.ts';

/** The location services of one process: pipeline, live fan-out, MLP client, scheduler and app ingest. */
export interface LocationRuntime {
  pipeline: PositionPipeline;
  hub: PositionHub;
  mlp: MlpClient;
  locator: Locator;
  worker: LocationWorker;
  ingest: AppIngest;
  /** Stops the fan-out (the database and the bus stay open). */
  close(): Promise<void>;
}

/**
 * How much of the database the position pipeline uses at once. A batch and its steps' preparation hold a connection
 * each, two batches at once four: on PostgreSQL with a pool large enough, two batches (of different MSISDNs) are
 * written at once, so one is built and answered in Node while the other is in PostgreSQL (500 positions per submit:
 * 59–62k → 89–102k positions/s in process). PGlite has one connection: one batch at a time, prepared in it.
 */
export function pipelineConcurrency(database: Pick<DatabaseHandle, 'kind' | 'pool'>): {
  concurrentReads: boolean;
  lanes: number;
} {
  const poolSize = database.pool?.options.max ?? 10;
  const postgres = database.kind === 'postgres';
  return {
    concurrentReads: postgres && poolSize >= 2,
    lanes: postgres && poolSize >= 6 ? Math.min(2, PIPELINED_CONNECTIONS) : 1,
  };
}

/**
 * The pipeline as the server composes it on this database: pipelineConcurrency, and its batches' transactions
 * pipelined on PostgreSQL (db/pipelined.ts), Kysely's on PGlite. The benches build theirs with it too.
 */
export function pipelineOptions(database: Pick<DatabaseHandle, 'kind' | 'pool' | 'pipelined'>): {
  concurrentReads: boolean;
  lanes: number;
  transaction?: WriteTransaction;
} {
  const pool = database.pipelined;
  return {
    ...pipelineConcurrency(database),
    ...(pool ? { transaction: (body) => pipelinedTransaction(pool, body) } : {}),
  };
}

/**
 * Builds the location services. The MLP client talks to LBS_MLP_URL, or to `mlpUrl` (the bundled simulator that the
 * server started). The pipeline runs `steps` after storage, in order (the composition root chooses them). The
 * scheduler's ticks are jobs (registerLocationJobs), run where LBS_WORKER is on.
 */
export async function createLocation(options: {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  bus: EventBus;
  steps: PipelineStep[];
  mlpUrl?: string | undefined;
  /** Device token → owner, kept current by row-change notifications (the composition root follows them). */
  deviceOwners?: RowCache<DeviceOwner>;
  /** Where the pipeline and the MLP requests are counted (GET /metrics). */
  metrics?: Metrics;
}): Promise<LocationRuntime> {
  const { config, database, log } = options;
  const settings = config.location;
  const url = settings.mlpUrl ?? options.mlpUrl;
  if (!url) throw new Error('no GMLC: set LBS_MLP_URL or start the bundled simulator');
  const pipeline = new PositionPipeline(database.db, {
    steps: options.steps,
    metrics: options.metrics,
    ...pipelineOptions(database),
  });
  const hub = await PositionHub.start(database.db, options.bus, log);
  const mlp = new MlpClient({
    url,
    credentials: { id: settings.mlpUser, pwd: settings.mlpPassword, serviceId: settings.mlpServiceId },
    timeoutMs: settings.mlpTimeoutMs,
    concurrency: settings.mlpConcurrency,
  });
  const locator = new Locator(database.db, mlp, pipeline, log, options.metrics);
  const worker = new LocationWorker(database.db, locator, log, { batchSize: settings.mlpBatchSize });
  const ingest = new AppIngest(database.db, pipeline, {
    findOwner: options.deviceOwners && cachedDeviceOwners(database.db, options.deviceOwners),
  });
  return {
    pipeline,
    hub,
    mlp,
    locator,
    worker,
    ingest,
    close: async () => {
      await ingest.close();
      await hub.close();
    },
  };
}

/** The bundled simulator for a server without LBS_MLP_URL: the database's MSISDNs, on 127.0.0.1. */
export function startBundledSimulator(config: Config, db: Db): Promise<RunningSimulator> {
  const settings = config.location;
  return startSimulator({
    subscribers: databaseSubscribers(db),
    port: settings.simulatorPort,
    latencyMs: settings.simulatorLatencyMs,
    absentRate: settings.simulatorAbsentRate,
    unknownRate: settings.simulatorUnknownRate,
    credentials: { id: settings.mlpUser, pwd: settings.mlpPassword },
  });
}
