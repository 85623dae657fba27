import { AUTH_CALLBACK_PATH, SESSION_STORAGE_KEYS, type ClientConfig } from '@lbs/contracts';
import { readItem, removeItem, writeItem } from '../storage.ts';
import { supportedLocale } from './login-locale.ts';
import { createPkcePair, randomString } from './pkce.ts';
import type { TokenResponse } from './token-storage.ts';

export function callbackUri(origin: string = window.location.origin): string {
  return `${origin}${AUTH_CALLBACK_PATH}`;
}

export interface LoginRequest {
  url: string;
  verifier: string;
  challenge: string;
  state: string;
  nonce: string;
}

/** Creates PKCE + state + nonce, keeps them in sessionStorage under the SPEC keys, returns the authorization URL. */
export async function prepareLogin(
  config: ClientConfig,
  origin: string = window.location.origin,
): Promise<LoginRequest> {
  const { verifier, challenge, method } = await createPkcePair();
  const state = randomString(32);
  const nonce = randomString(32);
  writeItem('session', SESSION_STORAGE_KEYS.codeVerifier, verifier);
  writeItem('session', SESSION_STORAGE_KEYS.codeChallenge, challenge);
  writeItem('session', SESSION_STORAGE_KEYS.state, state);
  writeItem('session', SESSION_STORAGE_KEYS.nonce, nonce);
  const url = new URL(config.authorizationEndpoint, origin);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: callbackUri(origin),
    response_type: 'code',
    scope: 'openid',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: method,
  }).toString();
  // The interface language (kept on <html lang>) for the login page (OIDC ui_locales).
  const uiLocale = supportedLocale(document.documentElement.lang);
  if (uiLocale) url.searchParams.set('ui_locales', uiLocale);
  return { url: url.toString(), verifier, challenge, state, nonce };
}

export interface PendingLogin {
  verifier: string | null;
  state: string | null;
  nonce: string | null;
}

export function readPendingLogin(): PendingLogin {
  return {
    verifier: readItem('session', SESSION_STORAGE_KEYS.codeVerifier),
    state: readItem('session', SESSION_STORAGE_KEYS.state),
    nonce: readItem('session', SESSION_STORAGE_KEYS.nonce),
  };
}

export function clearPendingLogin(): void {
  for (const key of Object.values(SESSION_STORAGE_KEYS)) removeItem('session', key);
}

/** The token endpoint answered with an error (RFC 6749 §5.2): the grant is unusable, unlike a network failure. */
export class TokenEndpointError extends Error {
  override name = 'TokenEndpointError';
  constructor(
    readonly status: number,
    readonly error: string,
  ) {
    super(`token endpoint: ${status} ${error}`);
  }
}

async function postForm(endpoint: string, params: Record<string, string>): Promise<TokenResponse> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(params).toString(),
    credentials: 'omit',
  });
  const body: unknown = await response.json().catch(() => null);
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (!response.ok || typeof record.access_token !== 'string') {
    throw new TokenEndpointError(
      response.status,
      typeof record.error === 'string' ? record.error : 'invalid_response',
    );
  }
  return record as unknown as TokenResponse;
}

export function exchangeCode(
  config: ClientConfig,
  code: string,
  verifier: string,
  origin = window.location.origin,
) {
  return postForm(config.tokenEndpoint, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: callbackUri(origin),
    client_id: config.clientId,
    code_verifier: verifier,
  });
}

export function refreshGrant(config: ClientConfig, refreshToken: string) {
  return postForm(config.tokenEndpoint, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: config.clientId,
  });
}

export function endSessionUrl(
  config: ClientConfig,
  idToken: string | undefined,
  origin = window.location.origin,
): string {
  const url = new URL(config.endSessionEndpoint, origin);
  const params = new URLSearchParams({ post_logout_redirect_uri: `${origin}/`, client_id: config.clientId });
  if (idToken) params.set('id_token_hint', idToken);
  url.search = params.toString();
  return url.toString();
}
