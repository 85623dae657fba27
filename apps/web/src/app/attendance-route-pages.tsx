import type { ReactNode } from 'react';
import { lazyWithAreas } from '../i18n/lazy-with-areas.ts';

// Attendance (issue 12), loaded on demand with its texts (org: the hierarchy filter's labels).
const AttendancePage = lazyWithAreas(
  () => import('../features/attendance/pages/attendance-page.tsx').then((m) => m.AttendancePage),
  ['attendance', 'org', 'map'],
);

/** Route id → page of the attendance screens (spread into PAGES in route-pages.tsx). */
export const ATTENDANCE_PAGES: Partial<Record<string, () => ReactNode>> = {
  attendanceList: () => <AttendancePage />,
};
