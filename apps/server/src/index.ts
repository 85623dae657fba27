export { startServer, type RunningServer } from './server.ts';
export { loadConfig, type Config } from './config.ts';
export { DEMO_ACCOUNTS } from './demo/index.ts';
