import type { FastifyInstance } from 'fastify';
import { buildApp, type BuiltApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_ACCOUNTS, isEmpty, seedDemo, type DemoAccount } from './db/seed.ts';
import { startBundledSimulator, type RunningSimulator } from './location/index.ts';

export interface RunningServer extends BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  seeded: DemoAccount[] | undefined;
  /** The bundled MLP network simulator, when LBS_MLP_URL is unset. */
  simulator: RunningSimulator | undefined;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds demo data on an empty one, builds the app and listens. */
export async function startServer(
  config: Config,
  options: { logger?: boolean | object } = {},
): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let simulator: RunningSimulator | undefined;
  try {
    await migrate(database.db);
    let seeded: DemoAccount[] | undefined;
    if (config.demo && (await isEmpty(database.db)))
      seeded = await seedDemo(database.db, config.demoPassword);
    if (!config.location.mlpUrl) simulator = await startBundledSimulator(config, database.db);
    const built = await buildApp({ config, database, logger: options.logger, mlpUrl: simulator?.url });
    await built.app.listen({ port: config.port, host: config.host });
    if (config.location.worker) built.location.worker.start();
    const address = built.app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    let closed = false;
    return {
      ...built,
      database,
      url: `http://127.0.0.1:${port}`,
      seeded,
      simulator,
      async close() {
        if (closed) return;
        closed = true;
        await built.app.close();
        await built.identity?.close();
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

export { DEMO_ACCOUNTS };
