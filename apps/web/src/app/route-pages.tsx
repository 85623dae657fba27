import type { ReactNode } from 'react';
import type { RouteDef } from '@lbs/contracts';
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
