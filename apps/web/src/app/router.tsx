import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { ERROR_ROUTES, PUBLIC_ROUTES, ROUTES } from '@lbs/contracts';
import { DelayedLoader } from '../components/delayed-loader.tsx';
import { lazyWithAreas } from '../i18n/lazy-with-areas.ts';
import { StatusErrorPage } from '../features/errors/pages/status-error-page.tsx';
import { LanguageMenu } from './layout/language-menu.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootRedirect } from './root-redirect.tsx';
import { RouteGate } from './route-gate.tsx';
import { pageFor } from './route-pages.tsx';

const AuthenticatePage = lazy(() =>
  import('../features/auth/pages/authenticate-page.tsx').then((m) => ({ default: m.AuthenticatePage })),
);
const SetPasswordPage = lazyWithAreas(
  () => import('../features/invitations/pages/set-password-page.tsx').then((m) => m.SetPasswordPage),
  ['org', 'account'],
);
const ComingSoonPage = lazy(() =>
  import('../features/errors/pages/coming-soon-page.tsx').then((m) => ({ default: m.ComingSoonPage })),
);
const MaintenancePage = lazy(() =>
  import('../features/errors/pages/maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })),
);

function SuspenseOutlet() {
  return (
    <Suspense fallback={<DelayedLoader fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

/** The route objects, built from the shared SPEC §2 table (ROUTES) plus the public and anonymous pages. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <SuspenseOutlet />,
      errorElement: <RouteErrorScreen />,
      children: [
        { path: PUBLIC_ROUTES.authenticate, element: <AuthenticatePage /> },
        { path: PUBLIC_ROUTES.setPassword, element: <SetPasswordPage headerActions={<LanguageMenu />} /> },
        { path: ERROR_ROUTES.error401, element: <StatusErrorPage status="401" /> },
        { path: ERROR_ROUTES.error403, element: <StatusErrorPage status="403" /> },
        { path: ERROR_ROUTES.error404, element: <StatusErrorPage status="404" /> },
        { path: ERROR_ROUTES.error500, element: <StatusErrorPage status="500" /> },
        { path: ERROR_ROUTES.error503, element: <StatusErrorPage status="503" /> },
        { path: ERROR_ROUTES.comingSoon, element: <ComingSoonPage /> },
        { path: ERROR_ROUTES.maintenance, element: <MaintenancePage /> },
        { path: '/', element: <RootRedirect /> },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <AppLayout />,
              children: ROUTES.map((route) => ({
                id: route.id,
                path: route.path,
                element: <RouteGate route={route}>{pageFor(route)}</RouteGate>,
              })),
            },
          ],
        },
        { path: '*', element: <Navigate to={ERROR_ROUTES.error404} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
