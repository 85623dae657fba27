import type { ReportKey } from '@lbs/contracts';
import type { ReportDefinition } from '../definition.ts';
import { attendanceDaily, attendanceMonthly } from './attendance.ts';
import { billing } from './billing.ts';
import { consent } from './consent.ts';
import { geofenceEvents } from './geofence-events.ts';
import { locateUsage } from './locate-usage.ts';
import { locationHistory } from './location-history.ts';
import { locationViews } from './location-views.ts';
import { tasks } from './tasks.ts';
import { visits } from './visits.ts';

/** Every report of the catalogue (contracts REPORTS), by key. */
export const DEFINITIONS: Record<ReportKey, ReportDefinition> = {
  locationHistory,
  visits,
  geofenceEvents,
  attendanceDaily,
  attendanceMonthly,
  tasks,
  locateUsage,
  consent,
  locationViews,
  billing,
};
