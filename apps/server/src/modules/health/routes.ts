import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';

/** Liveness and readiness: /healthz answers while the process runs, /readyz when the database answers too. */
export const healthRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(context.db);
      return { status: 'ready', database: context.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
};
