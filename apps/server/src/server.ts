import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp, type BuiltApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_ACCOUNTS, isEmpty, seedDemo, type DemoAccount, type DemoSeed } from './demo/index.ts';
import { ensurePartitions, startBundledSimulator, type RunningSimulator } from './location/index.ts';

export interface RunningServer extends BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  seeded: DemoAccount[] | undefined;
  /** The bundled MLP network simulator, when LBS_MLP_URL is unset. */
  simulator: RunningSimulator | undefined;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Pino logger options; false silences (tests). */
  logger?: boolean | object;
  /** With demo data seeded on an empty database, also the position history of the last days (npm start). */
  demoHistory?: boolean;
}

/**
 * Opens the database, migrates, seeds demo data on an empty one, builds the app and listens; then adds the demo
 * position history when asked.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let simulator: RunningSimulator | undefined;
  try {
    await migrate(database.db);
    // Periods of `positions` for every time the pipeline accepts, before anything writes one (the workers' job
    // keeps them ahead from then on).
    await ensurePartitions(database.db, new Date(), config.location.positionPartitionDays);
    const demo = config.demo ? await seedDemoOnce(database, config) : undefined;
    if (!config.location.mlpUrl) simulator = await startBundledSimulator(config, database.db);
    const built = await buildApp({ config, database, logger: options.logger, mlpUrl: simulator?.url });
    await built.app.listen({ port: config.port, host: config.host });
    if (demo && options.demoHistory)
      built.app.log.info(
        { positions: await demo.history() },
        'demo: position history of the last days seeded',
      );
    if (config.location.worker) await Promise.all([built.jobs.start(), built.events.start()]);
    const address = built.app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    let closed = false;
    return {
      ...built,
      database,
      url: `http://127.0.0.1:${port}`,
      seeded: demo?.accounts,
      simulator,
      async close() {
        if (closed) return;
        closed = true;
        await built.app.close();
        await simulator?.close();
        await database.close();
      },
    };
  } catch (error) {
    await simulator?.close();
    await database.close();
    throw error;
  }
}

/** Arbitrary constant of every process of the product: the advisory lock key for seeding the demo data. */
const DEMO_SEED_LOCK_KEY = 7_305_112_002;

/**
 * Seeds the demo data into an empty database, once: replicas starting together on PostgreSQL take turns under an
 * advisory lock (held by a transaction of its own while the seed runs on other connections), so the second finds
 * the data there. PGlite belongs to one process.
 */
async function seedDemoOnce(database: DatabaseHandle, config: Config): Promise<DemoSeed | undefined> {
  const seed = async () =>
    (await isEmpty(database.db))
      ? await seedDemo(database.db, {
          password: config.demoPassword,
          billing: config.billing,
          publicUrl: config.publicUrl,
        })
      : undefined;
  if (!database.pool) return seed();
  return database.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`.execute(trx);
    return seed();
  });
}

export { DEMO_ACCOUNTS };
