import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientConfigCache } from './client-config.ts';
import { onLoginLocale, supportedLocale } from './login-locale.ts';
import { prepareLogin } from './oidc.ts';
import { beginLogin, completeLogin } from './session.ts';
import { CONFIG, fakeJwt, jsonResponse, stubFetch } from './test-helpers.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetClientConfigCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = '';
});

describe('the login page language', () => {
  it('goes to the authorization request as ui_locales: the interface language', async () => {
    document.documentElement.lang = 'ar-SA';
    stubFetch({});
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'https://portal.example', assign });
    await beginLogin('/monitor');
    expect(new URL(String(assign.mock.calls[0]![0])).searchParams.get('ui_locales')).toBe('ar-SA');

    document.documentElement.lang = 'zh-Hans-CN';
    expect(new URL((await prepareLogin(CONFIG)).url).searchParams.get('ui_locales')).toBe('zh-Hans-CN');
  });

  it('maps a claim to one of the six, and ignores what is none of them', () => {
    expect(['fr-FR', 'fr', 'ar', 'zh-CN', 'es-MX', 'en', 'de', '', 3].map(supportedLocale)).toEqual([
      'fr-FR',
      'fr-FR',
      'ar-SA',
      'zh-Hans-CN',
      'es',
      'en-US',
      undefined,
      undefined,
      undefined,
    ]);
  });

  async function signInWithClaims(claims: Record<string, unknown>) {
    const { state, nonce } = await prepareLogin(CONFIG);
    const idToken = fakeJwt({
      iss: CONFIG.issuer,
      aud: CONFIG.clientId,
      sub: 'u1',
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 300,
      nonce,
      ...claims,
    });
    stubFetch({
      onToken: () =>
        jsonResponse({ access_token: 'at1', refresh_token: 'rt1', id_token: idToken, expires_in: 300 }),
    });
    await completeLogin(`?code=abc&state=${state}`);
  }

  it('comes back as the ID token’s locale claim, announced after the code exchange', async () => {
    const chosen = vi.fn();
    const stop = onLoginLocale(chosen);
    await signInWithClaims({ locale: 'fr-FR' });
    expect(chosen).toHaveBeenCalledExactlyOnceWith('fr-FR');
    await signInWithClaims({ locale: 'de-DE' });
    await signInWithClaims({});
    expect(chosen).toHaveBeenCalledTimes(1);
    stop();
  });

  it('waits for a listener when it comes back before the app listens', async () => {
    await signInWithClaims({ locale: 'it' });
    const chosen = vi.fn();
    onLoginLocale(chosen)();
    expect(chosen).toHaveBeenCalledExactlyOnceWith('it-IT');
  });
});
