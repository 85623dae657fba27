import type { ReportKey } from '@lbs/contracts';

/** How the catalogue groups the reports (the server answers which of them the caller may run). */
export const REPORT_GROUPS = [
  { id: 'movement', reports: ['locationHistory', 'visits', 'geofenceEvents'] },
  { id: 'attendance', reports: ['attendanceDaily', 'attendanceMonthly'] },
  { id: 'tasks', reports: ['tasks'] },
  { id: 'privacy', reports: ['consent', 'locationViews'] },
  { id: 'usage', reports: ['locateUsage', 'billing'] },
] as const satisfies readonly { id: string; reports: readonly ReportKey[] }[];
