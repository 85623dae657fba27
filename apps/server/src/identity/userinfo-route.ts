import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { loadAccount, loginRevoked, standardClaims } from './accounts.ts';
import type { VerifiedToken } from './token-verifier.ts';

export interface UserinfoOptions {
  db: Db;
  /** Path of the userinfo endpoint (the provider's discovery document names it). */
  path: string;
  verify: (token: string) => Promise<VerifiedToken>;
}

/**
 * The userinfo endpoint, answered here rather than by the provider: our access tokens are JWTs, which the
 * provider does not store and therefore cannot look up. Same checks as the API: a verified token of our client,
 * an active user whose sessions were not revoked after the token was issued. Bearer header only.
 */
export async function userinfoRoute(
  app: FastifyInstance,
  { db, path, verify }: UserinfoOptions,
): Promise<void> {
  const refuse = (reply: FastifyReply, error: 'invalid_request' | 'invalid_token', description: string) =>
    reply
      .code(error === 'invalid_request' ? 400 : 401)
      .header('cache-control', 'no-store')
      .header(
        'www-authenticate',
        `Bearer realm="userinfo", error="${error}", error_description="${description}"`,
      )
      .send({ error, error_description: description });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) {
      return reply
        .code(401)
        .header('cache-control', 'no-store')
        .header('www-authenticate', 'Bearer realm="userinfo"')
        .send({ error: 'invalid_token', error_description: 'no access token provided' });
    }
    let token: VerifiedToken;
    try {
      token = await verify(match[1]);
    } catch {
      return refuse(reply, 'invalid_token', 'invalid token provided');
    }
    const account = await loadAccount(db, token.sub);
    if (!account || !account.active || loginRevoked(account, token.iat))
      return refuse(reply, 'invalid_token', 'invalid token provided');
    return reply.header('cache-control', 'no-store').send(standardClaims(account));
  };

  app.get(path, { schema: { hide: true } }, handler);
  app.post(path, { schema: { hide: true } }, handler);
}
