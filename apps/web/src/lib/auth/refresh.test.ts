import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../api/client.ts';
import { ApiError } from '../api/api-error.ts';
import { getAuthSnapshot, startAuthStorageSync, syncAuthFromStorage } from './auth-store.ts';
import { resetClientConfigCache } from './client-config.ts';
import { refreshAccessToken, SessionEndedError } from './refresh.ts';
import { onSessionEnded } from './session-events.ts';
import { CONFIG, fakeJwt, jsonResponse, stubFetch } from './test-helpers.ts';

function storeSession(accessToken: string, expiresInMs: number, refreshToken = 'rt1') {
  localStorage.setItem(
    'authData',
    JSON.stringify({ accessToken, idToken: 'id1', expiresAt: Date.now() + expiresInMs, tokenType: 'Bearer' }),
  );
  localStorage.setItem('refreshToken', refreshToken);
  syncAuthFromStorage();
}

let rotation = 1;
const rotatingTokens = (body: URLSearchParams) => {
  expect(Object.fromEntries(body)).toEqual({
    grant_type: 'refresh_token',
    refresh_token: `rt${rotation}`,
    client_id: 'lbs-public',
  });
  rotation += 1;
  return jsonResponse({ access_token: `at${rotation}`, refresh_token: `rt${rotation}`, expires_in: 300 });
};

beforeEach(() => {
  localStorage.clear();
  resetClientConfigCache();
  rotation = 1;
});
afterEach(() => vi.unstubAllGlobals());

describe('token refresh', () => {
  it('refreshes once for concurrent callers and stores the rotated tokens', async () => {
    storeSession('at1', 20_000);
    const { tokenCalls } = stubFetch({ onToken: rotatingTokens });
    const [a, b] = await Promise.all([refreshAccessToken(), refreshAccessToken()]);
    expect(tokenCalls()).toHaveLength(1);
    expect(a.accessToken).toBe('at2');
    expect(b.accessToken).toBe('at2');
    expect(localStorage.getItem('refreshToken')).toBe('rt2');
    expect(getAuthSnapshot()?.accessToken).toBe('at2');
    expect(getAuthSnapshot()!.expiresAt).toBeGreaterThan(Date.now() + 290_000);
  });

  it('re-reads storage inside the lock: tokens another tab refreshed are used, not replayed', async () => {
    storeSession('at1', 20_000);
    const { tokenCalls } = stubFetch({ onToken: rotatingTokens });
    // Another tab rotated while this one waited for the lock.
    localStorage.setItem(
      'authData',
      JSON.stringify({
        accessToken: 'at-other',
        idToken: 'id1',
        expiresAt: Date.now() + 300_000,
        tokenType: 'Bearer',
      }),
    );
    localStorage.setItem('refreshToken', 'rt-other');
    const result = await refreshAccessToken();
    expect(tokenCalls()).toHaveLength(0);
    expect(result.accessToken).toBe('at-other');
    expect(getAuthSnapshot()?.accessToken).toBe('at-other');
  });

  it('uses the Web Locks API when the browser has it', async () => {
    storeSession('at1', 20_000);
    stubFetch({ onToken: rotatingTokens });
    const request = vi.fn((_name: string, _options: object, task: () => Promise<unknown>) => task());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    await refreshAccessToken();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toBe('lbs-token-refresh');
    expect(request.mock.calls[0]?.[1]).toEqual({ mode: 'exclusive' });
  });

  it('a refused refresh ends the session', async () => {
    storeSession('at1', 20_000);
    stubFetch({ onToken: () => jsonResponse({ error: 'invalid_grant' }, 400) });
    await expect(refreshAccessToken()).rejects.toBeInstanceOf(SessionEndedError);
  });

  it('refuses a refreshed ID token of another issuer or user and ends the session', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: CONFIG.issuer, aud: 'lbs-public', sub: 'u1', iat: now, exp: now + 300 };
    for (const [change, accepted] of [
      [{}, true],
      [{ sub: 'u2' }, false],
      [{ iss: 'https://evil.example/realms/lbs' }, false],
    ] as const) {
      localStorage.clear();
      localStorage.setItem(
        'authData',
        JSON.stringify({
          accessToken: 'at1',
          idToken: fakeJwt(claims),
          expiresAt: Date.now() + 20_000,
          tokenType: 'Bearer',
        }),
      );
      localStorage.setItem('refreshToken', 'rt1');
      syncAuthFromStorage();
      stubFetch({
        onToken: () =>
          jsonResponse({
            access_token: 'at2',
            refresh_token: 'rt2',
            id_token: fakeJwt({ ...claims, ...change }),
          }),
      });
      const result = refreshAccessToken();
      if (accepted) await expect(result).resolves.toMatchObject({ accessToken: 'at2' });
      else await expect(result).rejects.toBeInstanceOf(SessionEndedError);
    }
  });

  it('without stored tokens there is no session to refresh', async () => {
    stubFetch({ onToken: rotatingTokens });
    await expect(refreshAccessToken()).rejects.toBeInstanceOf(SessionEndedError);
  });

  it('picks up tokens written by another tab through the storage event', () => {
    storeSession('at1', 200_000);
    const stop = startAuthStorageSync();
    localStorage.setItem(
      'authData',
      JSON.stringify({
        accessToken: 'at9',
        idToken: 'id1',
        expiresAt: Date.now() + 300_000,
        tokenType: 'Bearer',
      }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'authData' }));
    expect(getAuthSnapshot()?.accessToken).toBe('at9');
    localStorage.removeItem('authData');
    window.dispatchEvent(new StorageEvent('storage', { key: 'authData' }));
    expect(getAuthSnapshot()).toBeNull();
    stop();
  });
});

describe('API client', () => {
  it('sends the bearer token; on a 401 it refreshes once and retries', async () => {
    storeSession('at1', 200_000);
    const seen: (string | null)[] = [];
    stubFetch({
      onToken: rotatingTokens,
      onApi: (_url, init) => {
        const auth = new Headers(init?.headers).get('authorization');
        seen.push(auth);
        return auth === 'Bearer at2'
          ? jsonResponse({ ok: true })
          : jsonResponse({ type: 'x', title: 'Unauthorized', status: 401, code: 'auth.unauthorized' }, 401);
      },
    });
    await expect(apiRequest('/thing')).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['Bearer at1', 'Bearer at2']);
  });

  it('refreshes first when the token is about to expire', async () => {
    storeSession('at1', 5_000);
    const seen: (string | null)[] = [];
    stubFetch({
      onToken: rotatingTokens,
      onApi: (_url, init) => {
        seen.push(new Headers(init?.headers).get('authorization'));
        return jsonResponse({ ok: true });
      },
    });
    await apiRequest('/thing');
    expect(seen).toEqual(['Bearer at2']);
  });

  it('a 401 whose refresh is refused ends the session', async () => {
    storeSession('at1', 200_000);
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    stubFetch({
      onToken: () => jsonResponse({ error: 'invalid_grant' }, 400),
      onApi: () =>
        jsonResponse({ type: 'x', title: 'Unauthorized', status: 401, code: 'auth.unauthorized' }, 401),
    });
    await expect(apiRequest('/thing')).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });

  it('turns problem+json into an ApiError with field errors', async () => {
    storeSession('at1', 200_000);
    stubFetch({
      onApi: () =>
        jsonResponse(
          {
            type: 'x',
            title: 'Bad Request',
            status: 400,
            code: 'problem.validation',
            errors: [{ path: 'oldPassword', message: 'm', code: 'auth.oldPasswordIncorrect' }],
          },
          400,
        ),
    });
    const error = await apiRequest('/thing', { method: 'PUT', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'problem.validation',
      fieldErrors: [{ path: 'oldPassword', code: 'auth.oldPasswordIncorrect' }],
    });
  });
});
