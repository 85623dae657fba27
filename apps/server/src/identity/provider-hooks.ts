import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import { sessionRemaining } from './lifetimes.ts';

/**
 * Koa middleware and event listeners around the provider:
 * - every URL it builds (discovery, redirects) uses PUBLIC_URL's origin, never a Host header a client chose;
 * - a successful refresh counts as session activity, so the SSO session's idle window (30 min) slides while the
 *   portal is in use, as Keycloak's does; the 10 h maximum still holds;
 * - its errors go to the Fastify logger.
 */
export function installProviderHooks(
  provider: Provider,
  { publicUrl, log }: { publicUrl: string; log: FastifyBaseLogger },
): void {
  const origin = new URL(publicUrl).origin;

  provider.use(async (ctx, next) => {
    const path = (ctx.req as { originalUrl?: string }).originalUrl ?? ctx.originalUrl;
    Object.defineProperty(ctx.request, 'href', { configurable: true, get: () => `${origin}${path}` });
    await next();
    await extendSessionOnRefresh(ctx as KoaContextWithOIDC);
  });

  async function extendSessionOnRefresh(ctx: KoaContextWithOIDC): Promise<void> {
    const oidc = (ctx as Partial<KoaContextWithOIDC>).oidc;
    if (ctx.status !== 200 || oidc?.route !== 'token' || !oidc.entities.RotatedRefreshToken) return;
    const sessionUid = oidc.entities.RefreshToken?.sessionUid;
    if (!sessionUid) return;
    try {
      const session = await provider.Session.findByUid(sessionUid);
      if (session) await session.save(sessionRemaining(session.loginTs));
    } catch (err) {
      log.warn({ err }, 'could not extend the session after a refresh');
    }
  }

  provider.on('server_error', (_ctx: unknown, err: unknown) => log.error({ err }, 'identity provider error'));
  // Koa's own 'error' event (an error escaping all middleware); its default handler would write to stderr.
  (provider as unknown as EventEmitter).on('error', (err: unknown) =>
    log.error({ err }, 'identity provider failure'),
  );
}
