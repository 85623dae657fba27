import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { API_BASE_PATH } from '@lbs/contracts';
import type { Config } from './config.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Serves the built SPA with history fallback: any GET that is not API, identity or a file gets index.html. */
export const spaPlugin = fp(async function spaPlugin(app: FastifyInstance, { config }: { config: Config }) {
  const root = path.resolve(config.webDistDir ?? DEFAULT_WEB_DIST);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run `npm run build` (npm start does it for you)');
    return;
  }
  // serve: false — one handler below decides every response's caching (fastify-static would set its own);
  // preCompressed — the build's `.br`/`.gz` copies go out as they are to clients that accept them (Vary says so).
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, preCompressed: true });
  const reserved = [API_BASE_PATH, '/realms/', '/ingest/', '/healthz', '/readyz'];
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (reserved.some((p) => url === p || url.startsWith(p.endsWith('/') ? p : `${p}/`)))
      return reply.callNotFound();
    let relative: string;
    try {
      relative = path.normalize(decodeURIComponent(url)).replace(/^[/\\]+/, '');
    } catch {
      return reply.callNotFound();
    }
    const file = path.join(root, relative);
    const inside = file.startsWith(root + path.sep);
    if (inside && path.extname(relative) && isFile(file)) {
      const hashed = relative.startsWith('assets/');
      return reply
        .header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .sendFile(relative);
    }
    // A missing build artefact is a 404, not the app shell (a stale page must not parse HTML as a script).
    if (relative.startsWith('assets/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
