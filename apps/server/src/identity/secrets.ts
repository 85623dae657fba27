import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/database.ts';

/**
 * Returns the stored secret `name`, creating it with `make` on first use. Insert-if-absent then read back, so two
 * processes starting together agree on one value.
 */
export async function getOrCreateSecret<T>(db: Db, name: string, make: () => Promise<T>): Promise<T> {
  const existing = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value as T;
  const value = await make();
  await db
    .insertInto('app_secrets')
    .values({ name, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return stored.value as T;
}

export interface SigningKeys {
  keys: JWK[];
}

/** The embedded provider's signing keys (private JWKs, RS256), generated on first start and kept in the database. */
export function signingKeys(db: Db): Promise<SigningKeys> {
  return getOrCreateSecret(db, 'oidc.jwks', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return { keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }] };
  });
}

/** Public halves of the signing keys, as served at the JWKS endpoint. */
export function publicJwks({ keys }: SigningKeys): { keys: JWK[] } {
  return {
    keys: keys.map(({ kty, n, e, kid, alg, use, crv, x, y }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
}

/** Keys for the provider's signed cookies. */
export function cookieKeys(db: Db): Promise<string[]> {
  return getOrCreateSecret(db, 'oidc.cookieKeys', async () => [randomBytes(32).toString('base64url')]);
}
