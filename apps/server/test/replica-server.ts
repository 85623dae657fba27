/**
 * Child process of src/access/replica-caches.test.ts: a second replica of the server on the same database (everything
 * from the environment: DATABASE_URL, PORT, the first replica's PUBLIC_URL). Prints "LISTENING <url>" once it
 * answers, and closes on SIGTERM.
 */
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';

const server = await startServer(loadConfig(process.env), { logger: false });
process.stdout.write(`LISTENING ${server.url}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
