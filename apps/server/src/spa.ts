import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { API_BASE_PATH } from '@lbs/contracts';
import type { Config } from './config.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Serves the built SPA with history fallback: any GET that is not API, identity or a file gets index.html. */
export const spaPlugin: FastifyPluginAsync<{ config: Config }> = fp(async (app, { config }) => {
  const root = path.resolve(config.webDistDir ?? DEFAULT_WEB_DIST);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run `npm run build` (npm start does it for you)');
    return;
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', immutable: false });
  const reserved = [API_BASE_PATH, '/realms/', '/ingest/', '/healthz', '/readyz'];
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (reserved.some((p) => url.startsWith(p))) return reply.callNotFound();
    const file = path.join(root, url);
    if (file.startsWith(root) && path.extname(url) && existsSync(file)) {
      const assets = url.startsWith('/assets/');
      return reply.header('cache-control', assets ? 'public, max-age=31536000, immutable' : 'public, max-age=300').sendFile(url.slice(1));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
