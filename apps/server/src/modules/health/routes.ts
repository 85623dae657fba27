import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { bearerToken, secretMatches } from '../../lib/secret-compare.ts';

/** A worker whose loop has not looked for due jobs for this long is stuck: the replica is not ready. */
export const WORKER_STALE_MS = 60_000;

/** What /readyz reads besides the database: the LISTEN connection, the job runner's loop, the event backlog. */
export interface Readiness {
  /** Whether notifications arrive (a replica deaf to them serves stale caches and misses new jobs at once). */
  listening(): boolean;
  /** The runner's loop, where it runs in this process (undefined: LBS_WORKER off, or not started yet). */
  worker(): { lastTickAt: Date | undefined } | undefined;
  /** Events each processor has not handled yet. */
  eventBacklog(): Promise<{ processor: string; events: number }[]>;
}

/**
 * Liveness and readiness: /healthz answers while the process runs; /readyz when the database answers, the LISTEN
 * connection is up and the worker's loop (where it runs) has ticked within WORKER_STALE_MS, with the event backlog
 * beside it. GET /metrics (Prometheus) only with the configured bearer token (else 404, as if it were not there).
 */
export const healthRoutes: FastifyPluginAsync<{
  database: DatabaseHandle;
  readiness: Readiness;
  metrics: { registry: Metrics; token: string | undefined };
}> = async (app, { database, readiness, metrics }) => {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    let databaseUp = true;
    try {
      await sql`select 1`.execute(database.db);
    } catch {
      databaseUp = false;
    }
    const listening = readiness.listening();
    const worker = readiness.worker();
    const workerUp =
      !worker ||
      (worker.lastTickAt !== undefined && Date.now() - worker.lastTickAt.getTime() < WORKER_STALE_MS);
    const backlog = databaseUp ? await readiness.eventBacklog().catch(() => undefined) : undefined;
    const ready = databaseUp && listening && workerUp;
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'unavailable',
      database: databaseUp ? database.kind : 'down',
      listen: listening ? 'up' : 'down',
      worker: worker
        ? { status: workerUp ? 'up' : 'stale', lastTickAt: worker.lastTickAt?.toISOString() ?? null }
        : { status: 'off' },
      ...(backlog ? { eventBacklog: Object.fromEntries(backlog.map((b) => [b.processor, b.events])) } : {}),
    });
  });
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const { token } = metrics;
    if (!token) throw notFound('The route');
    if (!secretMatches(bearerToken(request.headers.authorization), token))
      throw unauthorized('The metrics need the bearer token configured as METRICS_TOKEN.');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.text());
  });
};

/** GET /metrics without a token on a port of its own (METRICS_PORT, bound to METRICS_HOST): for a scraper inside the network. */
export async function startMetricsServer(
  registry: Metrics,
  { port, host }: { port: number; host: string },
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.text()),
  );
  await server.listen({ port, host });
  return server;
}
