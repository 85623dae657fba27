import type { ReactNode } from 'react';
import { lazyWithAreas } from '../i18n/lazy-with-areas.ts';

// Reports (issue 16), loaded on demand with its texts (org: the company and hierarchy selects' labels;
// report-schedules: the Scheduled tab's).
const ReportsPage = lazyWithAreas(
  () => import('../features/reports/pages/reports-page.tsx').then((m) => m.ReportsPage),
  ['reports', 'org', 'report-schedules'],
);

/** Route id → page of the reports screens (spread into PAGES in route-pages.tsx). */
export const REPORTS_PAGES: Partial<Record<string, () => ReactNode>> = {
  reports: () => <ReportsPage />,
};
