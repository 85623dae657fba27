import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import type { HierarchyMode, Me, Role } from '@lbs/contracts';
import { NotifierProvider } from '../../components/notifier.tsx';
import { i18n } from '../../i18n/index.ts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { CurrentUserContext, toCurrentUser } from '../../lib/current-user.ts';
import { HierarchyContext } from '../../lib/hierarchy.ts';
import { testUser } from '../../test/test-user.ts';

/** Test support for the MSISDN screens: a signed-in user of a role, the page's providers and a backend stub. */

/** The signed-in test admin of a role: a SuperAdmin belongs to no company, the others to Alpha Logistics. */
export function meOf(role: Role): Me {
  return testUser(role, {
    id: 7,
    fullName: 'Test Admin',
    email: 'admin@example.com',
    username: 'admin',
    ...(role === 'SuperAdmin' ? { companyId: null, companyName: null } : {}),
  });
}

export { msisdnOf } from '../../test/msisdn-fixture.ts';

export const json = jsonResponse;

export const notFound = () =>
  json({ type: 'about:blank', title: 'Not Found', status: 404, code: 'problem.notFound' }, 404);

export interface ApiCall {
  method: string;
  path: string;
  body: BodyInit | null | undefined;
  headers: Record<string, string>;
}

/** Stubs fetch: `handle` answers each backend call by method and path (query string included). */
export function stubApi(handle: (call: ApiCall) => Response | undefined) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: `${url.pathname.replace('/api/v1/lbs-backend', '')}${url.search}`,
        body: init?.body,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      return handle(call) ?? notFound();
    }),
  );
  return calls;
}

/** Renders `routes` at `path` as a user of `role`, with the providers the authenticated layout gives a page. */
export function renderAs(
  role: Role,
  routes: RouteObject[],
  path: string,
  { mode = 'DEPARTMENT' as HierarchyMode }: { mode?: HierarchyMode } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const wrap = (children: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <NotifierProvider>
          <CurrentUserContext.Provider value={toCurrentUser(meOf(role))}>
            <HierarchyContext.Provider value={{ mode, canShowToggle: false, setMode: () => {} }}>
              {children}
            </HierarchyContext.Provider>
          </CurrentUserContext.Provider>
        </NotifierProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { router, ...render(wrap(<RouterProvider router={router} />)) };
}
