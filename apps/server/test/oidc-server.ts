import { afterAll, beforeAll } from 'vitest';
import type * as client from 'openid-client';
import { CLIENT_ID } from '@lbs/contracts';
import { publicJwks, signingKeys } from '../src/identity/secrets.ts';
import { accessTokenVerifier } from '../src/identity/token-verifier.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { Browser, discover, signIn } from './oidc-browser.ts';

/** The password of every demo account (the seed's default, LBS_DEMO_PASSWORD unset). */
export const DEMO_PASSWORD = 'Demo!2345';

export interface OidcTestServer {
  server: TestServer;
  /** The portal's client configuration, discovered from the server's issuer. */
  config: client.Configuration;
  /** Verifies an access token as the API does, with the server's signing keys. */
  verify: ReturnType<typeof accessTokenVerifier>;
  /** Signs a demo account in through the real pages (in a new browser unless one is given). */
  signInAs(username: string, browser?: Browser): ReturnType<typeof signIn>;
}

/**
 * A test server (fresh database, demo seed) seen as the portal sees its embedded provider. If discovery fails, the
 * server is disposed before the error is passed on.
 */
export async function startOidcTestServer(): Promise<OidcTestServer> {
  const server = await startTestServer();
  try {
    const config = await discover(server.config.issuer);
    const verify = accessTokenVerifier(
      { ...server.config, clientId: CLIENT_ID },
      publicJwks(await signingKeys(server.database.db)),
    );
    const signInAs = (username: string, browser = new Browser()) =>
      signIn(browser, config, server.config.publicUrl, username, DEMO_PASSWORD);
    return { server, config, verify, signInAs };
  } catch (error) {
    await server.dispose();
    throw error;
  }
}

/**
 * One OIDC test server for the calling test file: started before its tests (beforeAll) and disposed after them
 * (afterAll). The answer's fields are there once the tests run.
 */
export function useOidcTestServer(): OidcTestServer {
  const context = {} as OidcTestServer;
  beforeAll(async () => {
    Object.assign(context, await startOidcTestServer());
  });
  afterAll(() => context.server?.dispose());
  return context;
}
