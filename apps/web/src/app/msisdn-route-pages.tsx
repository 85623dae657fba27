import type { ReactNode } from 'react';
import { lazyWithAreas } from '../i18n/lazy-with-areas.ts';

// Employee MSISDN screens, loaded on demand with their texts: theirs, the org fields and filters, and on the details
// page the location section's (monitor).
const MsisdnListPage = lazyWithAreas(
  () => import('../features/msisdns/pages/msisdn-list-page.tsx').then((m) => m.MsisdnListPage),
  ['msisdn', 'org'],
);
const MsisdnDetailsPage = lazyWithAreas(
  () => import('../features/msisdns/pages/msisdn-details-page.tsx').then((m) => m.MsisdnDetailsPage),
  ['msisdn', 'org', 'monitor', 'map'],
);
const MsisdnAddPage = lazyWithAreas(
  () => import('../features/msisdns/pages/msisdn-add-page.tsx').then((m) => m.MsisdnAddPage),
  ['msisdn', 'org'],
);
const MsisdnEditPage = lazyWithAreas(
  () => import('../features/msisdns/pages/msisdn-edit-page.tsx').then((m) => m.MsisdnEditPage),
  ['msisdn', 'org'],
);

/** Route id → page of the MSISDN screens (spread into PAGES in route-pages.tsx). */
export const MSISDN_PAGES: Partial<Record<string, () => ReactNode>> = {
  msisdnList: () => <MsisdnListPage />,
  msisdnDetails: () => <MsisdnDetailsPage />,
  msisdnAdd: () => <MsisdnAddPage />,
  msisdnEdit: () => <MsisdnEditPage />,
};
