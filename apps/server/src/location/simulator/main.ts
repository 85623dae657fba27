/**
 * `npm run simulator`: the bundled MLP network simulator on its own.
 *
 *   npm run simulator                         # subscribers from DATABASE_URL, else 1,000 generated ones
 *   npm run simulator -- --subscribers 100000 # 100,000 generated subscribers (+999000000000 …)
 *   npm run simulator -- --from-db            # the embedded database in DATA_DIR (only while the server is stopped)
 *
 * Listens on 127.0.0.1:LBS_SIMULATOR_PORT (default 9210); point a server at it with LBS_MLP_URL=<printed URL>.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { startSimulator } from './simulator.ts';
import {
  databaseSubscribers,
  generatedMsisdn,
  generatedSubscribers,
  type SubscriberDirectory,
} from './subscribers.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      subscribers: { type: 'string' },
      'from-db': { type: 'boolean', default: false },
      host: { type: 'string', default: '127.0.0.1' },
    },
  });
  const config = loadConfig();
  const { location } = config;
  let database: DatabaseHandle | undefined;
  let directory: SubscriberDirectory;
  let source: string;
  if (values.subscribers === undefined && (config.databaseUrl || values['from-db'])) {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    directory = databaseSubscribers(database.db);
    source = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  } else {
    const count = Number(values.subscribers ?? 1000);
    if (!Number.isInteger(count) || count < 1 || count > 1_000_000_000)
      throw new ConfigError('--subscribers must be a whole number from 1 to 1000000000');
    directory = generatedSubscribers(count);
    source = `${count} generated subscribers (${generatedMsisdn(0)} … ${generatedMsisdn(count - 1)})`;
  }
  const simulator = await startSimulator({
    subscribers: directory,
    port: location.simulatorPort,
    host: values.host,
    latencyMs: location.simulatorLatencyMs,
    absentRate: location.simulatorAbsentRate,
    unknownRate: location.simulatorUnknownRate,
    credentials: { id: location.mlpUser, pwd: location.mlpPassword },
  });
  console.log(
    `MLP network simulator: ${simulator.url}\n  subscribers: ${source}\n  request counts: GET http://${values.host}:${simulator.port}/stats[?msisdn=…]`,
  );
  const stop = async () => {
    await simulator.close();
    await database?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
