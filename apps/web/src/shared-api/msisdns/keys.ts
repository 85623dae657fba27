import { resourceKeys } from '../../lib/api/resource.ts';
import type { HistoryKeep, TimeRange } from './position-history.ts';

/**
 * The employee MSISDN resource, shared by the MSISDN screens and the Monitor (shared-api/README.md).
 * features/msisdns/api/keys.ts extends these keys with the screens' own.
 */
export const MSISDNS_PATH = '/msisdns';

const msisdns = resourceKeys(MSISDNS_PATH);

export const msisdnResourceKeys = {
  ...msisdns,
  /** Under `all`, so that a write to the number refreshes its history too. */
  positions: (msisdnId: number, range: TimeRange, keep: HistoryKeep) =>
    [...msisdns.all, msisdnId, 'positions', range.from.toISOString(), range.to.toISOString(), keep] as const,
};
