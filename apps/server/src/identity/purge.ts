import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { purgeExpired } from './oidc-adapter.ts';

/** Deletes expired provider rows every `everyMs` (never overlapping); `stop()` waits for a run in progress. */
export function startPurge(db: Db, log: FastifyBaseLogger, everyMs = 10 * 60_000): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= purgeExpired(db)
      .then((count) => {
        if (count) log.debug({ count }, 'purged expired identity provider rows');
      })
      .catch((err: unknown) => log.warn({ err }, 'could not purge expired identity provider rows'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
