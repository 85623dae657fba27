import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';

export interface MountOptions {
  provider: Provider;
  /** Path the provider answers under here, /realms/lbs. */
  prefix: string;
  /** The issuer's path as the browser sees it: the same, unless a proxy strips a path in front of PUBLIC_URL. */
  publicPath: string;
}

/**
 * Hands every request under `prefix` to oidc-provider (a Koa app) untouched. The reply is hijacked so Fastify
 * does not answer; `req.url` loses the prefix because the provider's routes are relative, and `originalUrl` is the
 * public path, from which the provider derives its mount path when it builds its own URLs (`urlFor` takes the part
 * of `originalUrl` before `url`). The scope has no body parsers: the provider reads form bodies from the raw stream.
 *
 * Call it inside an encapsulated plugin (it removes that scope's body parsers). Routes registered for paths under
 * the prefix (the login page, userinfo) win over this wildcard.
 */
export async function mountProvider(
  app: FastifyInstance,
  { provider, prefix, publicPath }: MountOptions,
): Promise<void> {
  const callback = provider.callback();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${prefix}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = (raw.url ?? '/').slice(prefix.length) || '/';
      raw.url = url;
      raw.originalUrl = `${publicPath}${url}`;
      raw.headers['x-request-id'] = request.id;
      reply.raw.setHeader('x-request-id', request.id);
      await callback(raw, reply.raw);
    },
  });
}
