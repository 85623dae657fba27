import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { positionHistorySchema, type PositionHistory } from '@lbs/contracts';
import { apiRequest } from './client.ts';

/** A period of history: from (inclusive) to (exclusive), absolute instants. */
export interface TimeRange {
  from: Date;
  to: Date;
}

/** GET /msisdns/{id}/positions?from=&to=: one MSISDN's fixes in the period, oldest first. */
export function fetchPositionHistory(msisdnId: number, range: TimeRange, signal?: AbortSignal): Promise<PositionHistory> {
  const query = new URLSearchParams({ from: range.from.toISOString(), to: range.to.toISOString() });
  return apiRequest(`/msisdns/${msisdnId}/positions?${query.toString()}`, { schema: positionHistorySchema, signal });
}

export const positionHistoryQueryKey = (msisdnId: number, range?: TimeRange) =>
  range ? (['msisdns', msisdnId, 'positions', range.from.toISOString(), range.to.toISOString()] as const) : (['msisdns', msisdnId, 'positions'] as const);

export function positionHistoryQueryOptions(msisdnId: number, range: TimeRange) {
  return queryOptions({
    queryKey: positionHistoryQueryKey(msisdnId, range),
    queryFn: ({ signal }) => fetchPositionHistory(msisdnId, range, signal),
    staleTime: 30_000,
  });
}

/** The history of the period, once a period is chosen (undefined: nothing is fetched). */
export function usePositionHistory(msisdnId: number, range: TimeRange | undefined) {
  return useQuery({
    ...positionHistoryQueryOptions(msisdnId, range ?? { from: new Date(0), to: new Date(0) }),
    enabled: range !== undefined,
    placeholderData: keepPreviousData,
  });
}
