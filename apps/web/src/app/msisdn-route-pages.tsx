import { lazy, type ReactNode } from 'react';

// Employee MSISDN screens, loaded on demand.
const MsisdnListPage = lazy(() =>
  import('../features/msisdns/pages/msisdn-list-page.tsx').then((m) => ({ default: m.MsisdnListPage })),
);
const MsisdnDetailsPage = lazy(() =>
  import('../features/msisdns/pages/msisdn-details-page.tsx').then((m) => ({ default: m.MsisdnDetailsPage })),
);
const MsisdnAddPage = lazy(() =>
  import('../features/msisdns/pages/msisdn-add-page.tsx').then((m) => ({ default: m.MsisdnAddPage })),
);
const MsisdnEditPage = lazy(() =>
  import('../features/msisdns/pages/msisdn-edit-page.tsx').then((m) => ({ default: m.MsisdnEditPage })),
);

/** Route id → page of the MSISDN screens (spread into PAGES in route-pages.tsx). */
export const MSISDN_PAGES: Partial<Record<string, () => ReactNode>> = {
  msisdnList: () => <MsisdnListPage />,
  msisdnDetails: () => <MsisdnDetailsPage />,
  msisdnAdd: () => <MsisdnAddPage />,
  msisdnEdit: () => <MsisdnEditPage />,
};
