import type { ReactNode } from 'react';
import { lazyWithAreas } from '../i18n/lazy-with-areas.ts';

// POI screens (issue 11), loaded on demand with their texts (org: the shared delete and confirm texts).
const PoiListPage = lazyWithAreas(
  () => import('../features/poi/pages/poi-list-page.tsx').then((m) => m.PoiListPage),
  ['poi', 'org', 'map'],
);
const PoiCreatePage = lazyWithAreas(
  () => import('../features/poi/pages/poi-form-page.tsx').then((m) => m.PoiCreatePage),
  ['poi', 'org', 'map'],
);
const PoiEditPage = lazyWithAreas(
  () => import('../features/poi/pages/poi-form-page.tsx').then((m) => m.PoiEditPage),
  ['poi', 'org', 'map'],
);
const PoiAssignPage = lazyWithAreas(
  () => import('../features/poi/pages/poi-assign-page.tsx').then((m) => m.PoiAssignPage),
  ['poi', 'org', 'map'],
);
const PoiAssignListPage = lazyWithAreas(
  () => import('../features/poi/pages/poi-assign-list-page.tsx').then((m) => m.PoiAssignListPage),
  ['poi', 'org', 'map'],
);

/** Route id → page of the POI screens (spread into PAGES in route-pages.tsx). */
export const POI_PAGES: Partial<Record<string, () => ReactNode>> = {
  poiList: () => <PoiListPage />,
  poiCreate: () => <PoiCreatePage />,
  poiEdit: () => <PoiEditPage />,
  poiAssign: () => <PoiAssignPage />,
  poiAssignList: () => <PoiAssignListPage />,
};
