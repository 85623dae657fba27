import { ConfigError, loadConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './demo/index.ts';
import { startServer } from './server.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const server = await startServer(config, { demoHistory: true });
  const log = server.app.log;
  log.info(
    {
      url: config.publicUrl,
      database: server.database.kind,
      issuer: config.issuer,
      gmlc: server.location.mlp.gmlc,
      worker: config.location.worker,
    },
    'LBS Portal is listening',
  );
  if (config.demo) {
    const lines = DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(14)} ${a.role.padEnd(16)} ${a.scope}`);
    console.log(
      `\nLBS Portal: ${config.publicUrl}\nDemo accounts (password: ${config.demoPassword === 'Demo!2345' ? 'Demo!2345' : 'LBS_DEMO_PASSWORD'}):\n${lines.join('\n')}\n`,
    );
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: no new connections, draining requests');
    const timer = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('LBS Portal failed to start:', error);
  process.exit(1);
});
