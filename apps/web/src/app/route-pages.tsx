import { isValidElement, type ReactNode } from 'react';
import { matchRoutes } from 'react-router';
import { ROUTES, type RouteDef } from '@lbs/contracts';
import { MonitorPage } from '../features/monitor/pages/monitor-page.tsx';
import { lazyWithAreas } from '../i18n/lazy-with-areas.ts';
import { AreaFramePage } from './area-frame-page.tsx';
import { MSISDN_PAGES } from './msisdn-route-pages.tsx';
import { ORG_PAGES } from './org-route-pages.tsx';
import { POI_PAGES } from './poi-route-pages.tsx';
import { TASK_PAGES } from './task-route-pages.tsx';
import { ATTENDANCE_PAGES } from './attendance-route-pages.tsx';
import { BILLING_PAGES } from './billing-route-pages.tsx';
import { REPORTS_PAGES } from './reports-route-pages.tsx';
import { NOTIFICATIONS_PAGES } from './notifications-route-pages.tsx';

// Pages off the usual first path load on demand (the layout's Suspense shows the delayed loader).
const ChangePasswordPage = lazyWithAreas(
  () => import('../features/account/pages/change-password-page.tsx').then((m) => m.ChangePasswordPage),
  ['account'],
);
const DueInvoicePage = lazyWithAreas(
  () => import('../features/due-invoice/pages/due-invoice-page.tsx').then((m) => m.DueInvoicePage),
  ['invoice'],
);

/** Route id → page. Routes without an entry show their area frame until their issue lands. */
const PAGES: Partial<Record<string, () => ReactNode>> = {
  monitor: () => <MonitorPage />,
  dueInvoice: () => <DueInvoicePage />,
  changePassword: () => <ChangePasswordPage />,
  ...ORG_PAGES,
  ...MSISDN_PAGES,
  ...POI_PAGES,
  ...TASK_PAGES,
  ...ATTENDANCE_PAGES,
  ...BILLING_PAGES,
  ...REPORTS_PAGES,
  ...NOTIFICATIONS_PAGES,
};

export function pageFor(route: RouteDef): ReactNode {
  const page = PAGES[route.id];
  return page ? page() : <AreaFramePage route={route} />;
}

/** A page whose code (and strings) can start loading before it renders: lazyWithAreas pages, the Monitor. */
interface Preloadable {
  preload(): Promise<void>;
}
const isPreloadable = (type: unknown): type is Preloadable =>
  (typeof type === 'function' || (typeof type === 'object' && type !== null)) &&
  typeof (type as Partial<Preloadable>).preload === 'function';

/** The route of the table the router shows at `pathname`, ranked as the router ranks them (/poi-assign/list is not /poi-assign/:id). */
export function routeAt(pathname: string): RouteDef | undefined {
  return matchRoutes([...ROUTES], pathname)?.[0]?.route;
}

/** The preload of the page of the route at `pathname`, if that page loads on demand. */
export function pagePreloadAt(pathname: string): (() => Promise<void>) | undefined {
  const route = routeAt(pathname);
  const page = route ? PAGES[route.id]?.() : undefined;
  return isValidElement(page) && isPreloadable(page.type) ? page.type.preload : undefined;
}

/**
 * Starts loading the page of the route at `pathname`: the portal's first load asks it while the sign-in and the
 * current user are on their way, so that the page renders at once after them (a page that suspends shows its
 * fallback, and React then holds it back for up to 300 ms). Failures are left to the page's own load, which shows
 * them.
 */
export function preloadPageAt(pathname: string): void {
  pagePreloadAt(pathname)?.().catch(() => {});
}
