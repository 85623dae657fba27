import { clearSession, getAuthSnapshot, setSession } from './auth-store.ts';
import { loadClientConfig } from './client-config.ts';
import { IdTokenError, validateIdToken } from './id-token.ts';
import { decodeJwtPayload } from './jwt.ts';
import { announceLoginLocale } from './login-locale.ts';
import { clearPendingLogin, endSessionUrl, exchangeCode, prepareLogin, readPendingLogin } from './oidc.ts';
import { setPostLoginTarget, takePostLoginTarget } from './post-login-target.ts';
import { toAuthData } from './token-storage.ts';

/** Why a sign-in could not complete; each reason has a translated text (`auth.error.<reason>`). */
export type LoginFailureReason =
  'provider' | 'state' | 'missingCode' | 'exchange' | 'nonce' | 'idToken' | 'config' | 'profile';

export class LoginError extends Error {
  override name = 'LoginError';
  constructor(
    readonly reason: LoginFailureReason,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

/** Set once this page is navigating to the provider, so a logout is not overtaken by a login redirect (or twice). */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaving = false; // restored from the back/forward cache
  });
}

/** The login being prepared: concurrent callers share it, so only one state/verifier pair is ever stored. */
let pendingBegin: Promise<void> | undefined;

/**
 * Anonymous visit: remember where the user was going, then leave for the provider's authorization endpoint.
 * Single-flight: a second call while the first is still preparing (two components, a re-mounted effect) must not
 * write a second state and verifier over the ones in the URL the page is about to leave for.
 */
export function beginLogin(returnTo?: string): Promise<void> {
  if (leaving) return Promise.resolve();
  pendingBegin ??= (async () => {
    try {
      setPostLoginTarget(returnTo);
      const config = await loadClientConfig();
      if (leaving) return;
      const { url } = await prepareLogin(config);
      if (leaving) return;
      leaving = true;
      window.location.assign(url);
    } finally {
      pendingBegin = undefined;
    }
  })();
  return pendingBegin;
}

/**
 * /authenticate: state check, code exchange, ID token validation (OIDC Core §3.1.3.7: nonce, issuer, audience, azp,
 * expiry, issue time), tokens stored. Returns the path to go to.
 */
export async function completeLogin(search: string): Promise<string> {
  const params = new URLSearchParams(search);
  const pending = readPendingLogin();
  const providerError = params.get('error');
  if (providerError) {
    clearPendingLogin();
    throw new LoginError('provider', params.get('error_description') ?? providerError);
  }
  const code = params.get('code');
  if (!code) throw new LoginError('missingCode');
  if (!pending.state || params.get('state') !== pending.state || !pending.verifier) {
    clearPendingLogin();
    throw new LoginError('state');
  }
  let config;
  try {
    config = await loadClientConfig();
  } catch (error) {
    throw new LoginError('config', String(error));
  }
  let response;
  try {
    response = await exchangeCode(config, code, pending.verifier);
  } catch (error) {
    clearPendingLogin();
    throw new LoginError('exchange', String(error));
  }
  clearPendingLogin();
  let claims;
  try {
    claims = response.id_token ? decodeJwtPayload(response.id_token) : undefined;
  } catch {
    claims = undefined;
  }
  if (!claims) throw new LoginError('nonce');
  try {
    validateIdToken(claims, { issuer: config.issuer, clientId: config.clientId, nonce: pending.nonce });
  } catch (error) {
    if (!(error instanceof IdTokenError)) throw error;
    throw new LoginError(error.claim === 'nonce' ? 'nonce' : 'idToken', error.message);
  }
  setSession(toAuthData(response, null), response.refresh_token);
  announceLoginLocale(claims['locale']);
  return takePostLoginTarget();
}

/** Clears the stored session, then RP-initiated logout at the provider (id_token_hint, post_logout_redirect_uri). */
export async function logout(): Promise<void> {
  leaving = true;
  const idToken = getAuthSnapshot()?.idToken;
  clearSession();
  try {
    const config = await loadClientConfig();
    window.location.assign(endSessionUrl(config, idToken));
  } catch {
    window.location.assign('/');
  }
}
