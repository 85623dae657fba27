import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from '@lbs/contracts';
import { resetClientConfigCache } from './client-config.ts';
import { endSessionUrl, prepareLogin } from './oidc.ts';
import { createCodeChallenge } from './pkce.ts';
import { peekPostLoginTarget, safeAppPath, setPostLoginTarget } from './post-login-target.ts';
import { completeLogin, LoginError } from './session.ts';
import { CONFIG, fakeJwt, jsonResponse, stubFetch } from './test-helpers.ts';
import { clearStoredSession, readAuthData } from './token-storage.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetClientConfigCache();
});
afterEach(() => vi.unstubAllGlobals());

describe('storage keys (SPEC §9)', () => {
  it('uses the SPEC names', () => {
    expect(LOCAL_STORAGE_KEYS).toEqual({
      authData: 'authData',
      refreshToken: 'refreshToken',
      isPiaSigned: 'isPiaSigned',
      hierarchyMode: 'hierarchyMode',
      canShowHierarchyToggle: 'canShowHierarchyToggle',
    });
    expect(SESSION_STORAGE_KEYS).toEqual({
      codeVerifier: 'codeVerifier',
      codeChallenge: 'codeChallenge',
      state: 'state',
      nonce: 'nonce',
    });
  });

  it('a login request keeps verifier, challenge, state and nonce in sessionStorage and sends them', async () => {
    const request = await prepareLogin(CONFIG, 'https://portal.example');
    expect(sessionStorage.getItem('codeVerifier')).toBe(request.verifier);
    expect(request.verifier).toHaveLength(43);
    expect(sessionStorage.getItem('codeChallenge')).toBe(await createCodeChallenge(request.verifier));
    expect(sessionStorage.getItem('state')).toBe(request.state);
    expect(sessionStorage.getItem('nonce')).toBe(request.nonce);
    expect(localStorage.length).toBe(0);

    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(CONFIG.authorizationEndpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'lbs-public',
      redirect_uri: 'https://portal.example/authenticate',
      response_type: 'code',
      scope: 'openid',
      state: request.state,
      nonce: request.nonce,
      code_challenge: request.challenge,
      code_challenge_method: 'S256',
    });
  });

  it('the callback exchanges the code and stores authData and refreshToken in localStorage', async () => {
    const { verifier, state, nonce } = await prepareLogin(CONFIG);
    setPostLoginTarget('/task/list');
    const now = Math.floor(Date.now() / 1000);
    const idToken = fakeJwt({
      nonce,
      sub: 'u1',
      iss: CONFIG.issuer,
      aud: 'lbs-public',
      iat: now,
      exp: now + 300,
    });
    const { tokenCalls } = stubFetch({
      onToken: () =>
        jsonResponse({
          access_token: 'at1',
          refresh_token: 'rt1',
          id_token: idToken,
          expires_in: 300,
          token_type: 'Bearer',
        }),
    });
    const before = Date.now();

    await expect(completeLogin(`?code=abc&state=${state}`)).resolves.toBe('/task/list');

    const [call] = tokenCalls();
    expect(call?.init?.method).toBe('POST');
    expect(new Headers(call?.init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(call?.init?.body)))).toEqual({
      grant_type: 'authorization_code',
      code: 'abc',
      redirect_uri: `${window.location.origin}/authenticate`,
      client_id: 'lbs-public',
      code_verifier: verifier,
    });
    const stored = JSON.parse(localStorage.getItem('authData')!);
    expect(stored).toMatchObject({ accessToken: 'at1', idToken, tokenType: 'Bearer' });
    expect(stored.expiresAt).toBeGreaterThanOrEqual(before + 300_000);
    expect(localStorage.getItem('refreshToken')).toBe('rt1');
    for (const key of Object.values(SESSION_STORAGE_KEYS)) expect(sessionStorage.getItem(key)).toBeNull();
    expect(peekPostLoginTarget()).toBe('/monitor');
  });

  it.each([
    { name: 'a foreign state', search: (s: string) => `?code=abc&state=x${s}`, reason: 'state' },
    { name: 'no code', search: (s: string) => `?state=${s}`, reason: 'missingCode' },
    { name: 'a provider error', search: () => '?error=access_denied', reason: 'provider' },
  ])('rejects $name', async ({ search, reason }) => {
    const { state } = await prepareLogin(CONFIG);
    const { tokenCalls } = stubFetch({ onToken: () => jsonResponse({}, 500) });
    await expect(completeLogin(search(state))).rejects.toMatchObject({ reason });
    expect(tokenCalls()).toHaveLength(0);
    expect(readAuthData()).toBeNull();
  });

  it('rejects an ID token with another nonce and stores nothing', async () => {
    const { state } = await prepareLogin(CONFIG);
    stubFetch({
      onToken: () =>
        jsonResponse({ access_token: 'at', refresh_token: 'rt', id_token: fakeJwt({ nonce: 'other' }) }),
    });
    const error = await completeLogin(`?code=abc&state=${state}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoginError);
    expect((error as LoginError).reason).toBe('nonce');
    expect(localStorage.getItem('authData')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it.each([
    { name: 'another issuer', claims: { iss: 'https://evil.example/realms/lbs' } },
    { name: 'another audience', claims: { aud: 'other-client' } },
    { name: 'another authorized party', claims: { azp: 'other-client' } },
    { name: 'an expired token', claims: { exp: 1000, iat: 900 } },
    { name: 'a token issued in the future', claims: { iat: Math.floor(Date.now() / 1000) + 3600 } },
  ])('rejects an ID token with $name and stores nothing (OIDC Core §3.1.3.7)', async ({ claims }) => {
    const { state, nonce } = await prepareLogin(CONFIG);
    const now = Math.floor(Date.now() / 1000);
    const idToken = fakeJwt({
      nonce,
      sub: 'u1',
      iss: CONFIG.issuer,
      aud: 'lbs-public',
      iat: now,
      exp: now + 300,
      ...claims,
    });
    stubFetch({
      onToken: () => jsonResponse({ access_token: 'at', refresh_token: 'rt', id_token: idToken }),
    });
    const error = await completeLogin(`?code=abc&state=${state}`).catch((e: unknown) => e);
    expect((error as LoginError).reason).toBe('idToken');
    expect(localStorage.getItem('authData')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('reports a refused exchange', async () => {
    const { state } = await prepareLogin(CONFIG);
    stubFetch({ onToken: () => jsonResponse({ error: 'invalid_grant' }, 400) });
    await expect(completeLogin(`?code=abc&state=${state}`)).rejects.toMatchObject({ reason: 'exchange' });
  });

  it('logout clears every per-user key', () => {
    for (const key of Object.values(LOCAL_STORAGE_KEYS)) localStorage.setItem(key, 'x');
    localStorage.setItem('settings', '{}');
    clearStoredSession();
    for (const key of Object.values(LOCAL_STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('settings')).toBe('{}');
  });

  it('the end-session URL carries id_token_hint and post_logout_redirect_uri', () => {
    const url = new URL(endSessionUrl(CONFIG, 'the-id-token', 'https://portal.example'));
    expect(url.searchParams.get('id_token_hint')).toBe('the-id-token');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('https://portal.example/');
  });

  it.each([
    ['/task/list?x=1', '/task/list?x=1'],
    ['//evil.example/x', null],
    ['https://evil.example', null],
    ['/\\evil', null],
    ['/', null],
    ['/authenticate?code=1', null],
    ['', null],
  ])('post-login target %s → %s', (input, expected) => {
    expect(safeAppPath(input)).toBe(expected);
  });
});
