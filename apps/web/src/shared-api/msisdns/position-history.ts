import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { positionHistorySchema, type PositionHistory } from '@lbs/contracts';
import { apiRequest } from '../../lib/api/client.ts';
import { msisdnResourceKeys } from './keys.ts';

/** A period of history: from (inclusive) to (exclusive), absolute instants. */
export interface TimeRange {
  from: Date;
  to: Date;
}

/** Which end of a period too dense for one answer the server keeps: the oldest positions, or the most recent. */
export type HistoryKeep = 'first' | 'last';

/** GET /msisdns/{id}/positions?from=&to=&keep=: one MSISDN's fixes in the period, oldest first (Monitor, MSISDN details). */
export function fetchPositionHistory(
  msisdnId: number,
  range: TimeRange,
  signal?: AbortSignal,
  keep: HistoryKeep = 'first',
): Promise<PositionHistory> {
  const query = new URLSearchParams({ from: range.from.toISOString(), to: range.to.toISOString(), keep });
  return apiRequest(`/msisdns/${msisdnId}/positions?${query.toString()}`, {
    schema: positionHistorySchema,
    signal,
  });
}

export function positionHistoryQueryOptions(msisdnId: number, range: TimeRange, keep: HistoryKeep = 'first') {
  return queryOptions({
    queryKey: msisdnResourceKeys.positions(msisdnId, range, keep),
    queryFn: ({ signal }) => fetchPositionHistory(msisdnId, range, signal, keep),
    staleTime: 30_000,
  });
}

/** The history of the period, once a period is chosen (undefined: nothing is fetched). */
export function usePositionHistory(
  msisdnId: number,
  range: TimeRange | undefined,
  keep: HistoryKeep = 'first',
) {
  return useQuery({
    ...positionHistoryQueryOptions(msisdnId, range ?? { from: new Date(0), to: new Date(0) }, keep),
    enabled: range !== undefined,
    placeholderData: keepPreviousData,
  });
}
