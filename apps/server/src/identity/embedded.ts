import { OIDC_PATHS, REALM_PATH } from '@lbs/contracts';
import type { FastifyInstance } from 'fastify';
import { Provider } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { RecordAudit } from '../db/audit-log.ts';
import { loginRoutes } from './login-routes.ts';
import { mountProvider } from './mount.ts';
import { issuerPathOf, LOGIN_PATH, providerConfiguration } from './provider-config.ts';
import { installProviderHooks } from './provider-hooks.ts';
import { cookieKeys, publicJwks, type SigningKeys } from './secrets.ts';
import { accessTokenVerifier } from './token-verifier.ts';
import { userinfoRoute } from './userinfo-route.ts';

export interface EmbeddedIdentity {
  provider: Provider;
}

export interface EmbeddedIdentityOptions {
  config: Config;
  db: Db;
  keys: SigningKeys;
  /** Where sign-ins and sign-outs are audited: events/audit.ts's audit (identity sits below the events room). */
  audit: RecordAudit;
}

/**
 * The embedded OpenID Connect provider (used when OIDC_ISSUER is not set): oidc-provider behind Keycloak's paths
 * at PUBLIC_URL/realms/lbs, its own sign-in page, everything it stores in the database.
 */
export async function embeddedIdentity(
  app: FastifyInstance,
  { config, db, keys, audit }: EmbeddedIdentityOptions,
): Promise<EmbeddedIdentity> {
  const provider = new Provider(
    config.issuer,
    providerConfiguration({ config, db, keys, cookieKeys: await cookieKeys(db), audit }),
  );
  provider.proxy = config.trustProxy;
  installProviderHooks(provider, { publicUrl: config.publicUrl, log: app.log });

  const publicPath = issuerPathOf(config);
  const verify = accessTokenVerifier(config, publicJwks(keys));
  await app.register(async (scope) => {
    await userinfoRoute(scope, { db, verify, path: `${REALM_PATH}${OIDC_PATHS.userinfo}` });
    await mountProvider(scope, { provider, prefix: REALM_PATH, publicPath });
  });
  await app.register(loginRoutes, {
    prefix: `${REALM_PATH}${LOGIN_PATH}`,
    provider,
    publicPath: `${publicPath}${LOGIN_PATH}`,
    db,
    config,
    audit,
  });

  return { provider };
}
