import { lazy, type ReactNode } from 'react';
import type { RouteDef } from '@lbs/contracts';
import { MonitorPage } from '../features/monitor/pages/monitor-page.tsx';
import { AreaFramePage } from './area-frame-page.tsx';
import { MSISDN_PAGES } from './msisdn-route-pages.tsx';
import { ORG_PAGES } from './org-route-pages.tsx';

// Pages off the usual first path load on demand (the layout's Suspense shows the delayed loader).
const ChangePasswordPage = lazy(() =>
  import('../features/account/pages/change-password-page.tsx').then((m) => ({
    default: m.ChangePasswordPage,
  })),
);
const DueInvoicePage = lazy(() =>
  import('../features/due-invoice/pages/due-invoice-page.tsx').then((m) => ({ default: m.DueInvoicePage })),
);

/** Route id → page. Routes without an entry show their area frame until their issue lands. */
const PAGES: Partial<Record<string, () => ReactNode>> = {
  monitor: () => <MonitorPage />,
  dueInvoice: () => <DueInvoicePage />,
  changePassword: () => <ChangePasswordPage />,
  ...ORG_PAGES,
  ...MSISDN_PAGES,
};

export function pageFor(route: RouteDef): ReactNode {
  const page = PAGES[route.id];
  return page ? page() : <AreaFramePage route={route} />;
}
