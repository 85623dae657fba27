/**
 * Component tests of whole pages: the real providers and router (buildRoutes) at a path, a signed-in user with
 * the given role, and `fetch` answered by `onApi` (after /user-management/me). Unhandled calls answer 404.
 *
 *   const { calls } = renderApp('/department/list', testUser('CompanyAdmin'), (url, init) => …Response | undefined);
 */
import { act, cleanup, configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Me } from '@lbs/contracts';
import { AppProviders } from '../app/providers.tsx';
import { buildRoutes } from '../app/router.tsx';
import { initI18n } from '../i18n/index.ts';
import { syncAuthFromStorage } from '../lib/auth/auth-store.ts';
import { resetClientConfigCache } from '../lib/auth/client-config.ts';
import { jsonResponse, stubFetch } from '../lib/auth/test-helpers.ts';

export { testUser } from './test-user.ts';

// The first render of a lazy page (and its DataGrid chunk) can take longer than the default second.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

/** jsdom has no matchMedia; report a desktop-sized screen. */
const desktopMatchMedia = (query: string) => ({
  matches: /min-width/.test(query),
  media: query,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  onchange: null,
  dispatchEvent: () => false,
});

export function signIn(): void {
  localStorage.clear();
  sessionStorage.clear();
  resetClientConfigCache();
  localStorage.setItem(
    'authData',
    JSON.stringify({
      accessToken: 'at',
      idToken: 'id',
      expiresAt: Date.now() + 300_000,
      tokenType: 'Bearer',
    }),
  );
  localStorage.setItem('refreshToken', 'rt');
  syncAuthFromStorage();
}

/** The hooks of a file of signed-in page tests: English texts, signIn() before each test, cleanup after it. */
export function setupSignedInTests(): void {
  beforeAll(async () => {
    await initI18n('en-US');
  });
  beforeEach(signIn);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export const problem = (
  status: number,
  code: string,
  errors?: { path: string; code: string; message: string; params?: Record<string, string | number> }[],
) =>
  jsonResponse(
    { type: 'about:blank', title: 'Problem', status, code, ...(errors ? { errors } : {}) },
    status,
  );

export type ApiHandler = (url: URL, init: RequestInit | undefined) => Response | undefined;

/**
 * jsdom lays nothing out, so the DataGrid would virtualise every row away: give elements a desktop-sized box.
 * Restored by vi.restoreAllMocks (vitest restoreMocks).
 */
function stubLayout(): void {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1200);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(800);
}

/** A desktop-sized screen and layout for jsdom (matchMedia, element boxes); undone after each test. */
export function stubDesktop(): void {
  vi.stubGlobal('matchMedia', desktopMatchMedia);
  stubLayout();
}

export function renderApp(path: string, user: Me | null, onApi: ApiHandler = () => undefined) {
  stubDesktop();
  const { calls } = stubFetch({
    onApi: (raw, init) => {
      const url = new URL(raw, 'http://localhost');
      if (user && url.pathname.endsWith('/user-management/me')) return jsonResponse(user);
      return onApi(url, init) ?? problem(404, 'problem.notFound');
    },
  });
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  /** API calls made so far (path + query), in order. */
  const apiCalls = () =>
    calls
      .map((c) => ({ url: new URL(c.url, 'http://localhost'), init: c.init }))
      .filter(
        (c) =>
          c.url.pathname.startsWith('/api/v1/lbs-backend/') &&
          !c.url.pathname.endsWith('/config') &&
          !c.url.pathname.endsWith('/me'),
      );
  return { router, calls, apiCalls, act };
}
