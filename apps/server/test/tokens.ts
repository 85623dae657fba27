import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { signingKeys } from '../src/identity/secrets.ts';
import { apiAudience } from '../src/identity/token-verifier.ts';

export interface MintOptions {
  /** Claims to override or add (iss, azp, exp, …); `undefined` removes a claim. */
  claims?: Record<string, unknown>;
  /** Sign with this private JWK instead of the provider's key (a forged token). */
  key?: JWK;
  /** Lifetime in seconds (default 300); negative for an expired token. */
  expiresIn?: number;
  /**
   * `embedded` (default): what the embedded provider issues, header `typ: at+jwt` and `aud` = the API.
   * `keycloak`: Keycloak's access token, header `typ: JWT`, `aud: account` (the claim `typ: Bearer` marks it).
   */
  shape?: 'embedded' | 'keycloak';
  /** JOSE header values to override (`typ`). */
  header?: Record<string, unknown>;
}

/**
 * An access token with Keycloak's claims (iss, sub, azp=lbs-public, typ=Bearer, exp, iat, preferred_username, email,
 * realm_access.roles) for a user of the test database, signed with the embedded provider's real key, in the
 * embedded provider's shape (header `typ: at+jwt`, `aud` = the API) unless `shape: 'keycloak'`.
 */
export async function mintAccessToken(
  db: Db,
  config: Pick<Config, 'issuer' | 'clientId' | 'publicUrl'>,
  username: string,
  options: MintOptions = {},
): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'subject', 'username', 'email'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute();
  const jwk = options.key ?? (await signingKeys(db)).keys[0];
  if (!jwk) throw new Error('no signing key');
  const now = Math.floor(Date.now() / 1000);
  const keycloak = options.shape === 'keycloak';
  const claims: Record<string, unknown> = {
    iss: config.issuer,
    sub: user.subject,
    aud: keycloak ? 'account' : apiAudience(config),
    azp: config.clientId,
    typ: 'Bearer',
    iat: now,
    exp: now + (options.expiresIn ?? 300),
    jti: randomUUID(),
    scope: 'openid profile email',
    preferred_username: user.username,
    email: user.email,
    realm_access: { roles: roles.map((r) => r.role) },
    ...options.claims,
  };
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
  return signJwt(claims, jwk, { typ: keycloak ? 'JWT' : 'at+jwt', ...options.header });
}

/** Signs the claims with the private JWK (RS256) under the given header values. */
export async function signJwt(
  claims: Record<string, unknown>,
  jwk: JWK,
  header: Record<string, unknown> = {},
): Promise<string> {
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: jwk.kid ?? 'test', ...header })
    .sign(key);
}

/** A private RS256 key the server has never seen, for forged tokens. */
export async function foreignKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), alg: 'RS256' };
}

/** An unsigned token (`alg: none`) carrying the given claims. */
export function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}
