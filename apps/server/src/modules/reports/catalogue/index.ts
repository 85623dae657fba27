import type { ReportKey } from '@lbs/contracts';
import type { ReportDefinition } from '../definition.ts';
import { locationHistory } from './location-history.ts';

/** The reports built so far, by key (contracts REPORTS lists the whole catalogue). */
export const DEFINITIONS: Partial<Record<ReportKey, ReportDefinition>> = {
  locationHistory,
};
