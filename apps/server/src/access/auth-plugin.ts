import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { VerifiedToken } from '../identity/token-verifier.ts';
import type { AuthUser, AuthUserKey, TokenUser } from './auth-user.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every non-public API route. */
    auth: AuthUser;
  }
  interface FastifyContextConfig {
    /** Route needs no bearer token (health, client config). */
    public?: boolean;
  }
}

export interface AuthPluginOptions {
  /** The portal user a token names (loadAuthUser, or cachedAuthUsers in the app). */
  findUser: (where: AuthUserKey) => Promise<TokenUser | undefined>;
  verify: (token: string) => Promise<VerifiedToken>;
  /** true: `sub` is our users.subject (embedded provider); false: map preferred_username, then email. */
  embedded: boolean;
}

/**
 * Bearer-token authentication for the API scope it is registered in: verified token → active portal user.
 * 401 for a missing or invalid token, 403 for an inactive user; both problem+json via the global handler.
 */
export default fp(async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  app.decorateRequest('auth', null as unknown as AuthUser);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.routeOptions.config?.public) return;
    request.auth = await authenticate(request.headers.authorization, options);
  });
});

export async function authenticate(
  header: string | undefined,
  options: AuthPluginOptions,
): Promise<AuthUser> {
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(header ?? '');
  if (!match?.[1]) throw unauthorized();
  let token: VerifiedToken;
  try {
    token = await options.verify(match[1]);
  } catch {
    throw unauthorized('The access token is not valid.');
  }
  const { findUser } = options;
  const user = options.embedded
    ? await findUser({ subject: token.sub })
    : (token.preferred_username && (await findUser({ username: token.preferred_username }))) ||
      (token.email ? await findUser({ email: token.email }) : undefined);
  if (!user) throw unauthorized('No portal user matches this token.');
  if (!user.active) throw forbidden('auth.inactiveUser', 'This account is inactive.');
  if (
    user.sessionsRevokedAt &&
    token.iat !== undefined &&
    token.iat * 1000 < user.sessionsRevokedAt.getTime() - 1000
  ) {
    throw unauthorized('This session has been ended.');
  }
  const { sessionsRevokedAt: _, ...authUser } = user;
  return authUser;
}
