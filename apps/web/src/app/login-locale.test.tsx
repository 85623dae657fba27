import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n, switchLanguage } from '../i18n/index.ts';
import { resetClientConfigCache } from '../lib/auth/client-config.ts';
import { prepareLogin } from '../lib/auth/oidc.ts';
import { setPostLoginTarget } from '../lib/auth/post-login-target.ts';
import { CONFIG, fakeJwt, jsonResponse, stubFetch } from '../lib/auth/test-helpers.ts';
import { testUser } from '../test/test-user.ts';
import { AppProviders } from './providers.tsx';
import { buildRoutes } from './router.tsx';

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await switchLanguage('en-US');
});

describe('the language chosen on the login page', () => {
  it('is adopted after the sign-in, from the ID token’s locale claim, and kept as the user’s choice', async () => {
    localStorage.clear();
    sessionStorage.clear();
    resetClientConfigCache();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /min-width/.test(query),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const { state, nonce } = await prepareLogin(CONFIG);
    setPostLoginTarget('/change-password');
    const now = Math.floor(Date.now() / 1000);
    stubFetch({
      onToken: () =>
        jsonResponse({
          access_token: 'at1',
          refresh_token: 'rt1',
          expires_in: 300,
          id_token: fakeJwt({
            iss: CONFIG.issuer,
            aud: CONFIG.clientId,
            sub: 'u1',
            iat: now,
            exp: now + 300,
            nonce,
            locale: 'ar-SA',
          }),
        }),
      onApi: (url) =>
        url.endsWith('/user-management/me') ? jsonResponse(testUser('CompanyAdmin')) : jsonResponse({}, 404),
    });
    const router = createMemoryRouter(buildRoutes(), {
      initialEntries: [`/authenticate?code=abc&state=${state}`],
    });
    vi.stubGlobal('location', { ...window.location, search: `?code=abc&state=${state}` });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(await screen.findByRole('navigation', { name: 'التنقل الرئيسي' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('settings')!).locale).toBe('ar-SA');
  });
});
