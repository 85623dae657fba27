/**
 * The record a details or edit page shows: the one at the route's `:id`. Every details and edit page reads its
 * record through these two, so that a record that is not there looks the same everywhere.
 *
 *   const query = useRouteRecord(poiQueryOptions);       // GET /pois/{id}; `/poi-edit/abc` is not found, with no request
 *   <RecordState query={query} list="poiList">{(poi) => <PoiForm poi={poi} … />}</RecordState>
 *
 * A record that does not exist or is not the caller's to see (the server answers 404 for another company's id, as
 * for an unknown one) and an id that is no id both say "The requested item was not found." with a way back to the
 * list (where the role may open it), and no Retry; see QueryState (details-card.tsx).
 */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { idParamSchema } from '@lbs/contracts';
import { ApiError } from '../lib/api/api-error.ts';
import { useCurrentUser } from '../lib/current-user.ts';
import { firstOpenablePath } from '../lib/route-links.ts';
import { QueryState } from './details-card.tsx';

/** An id the server could address (the path parameter schema every `/{id}` route of the API takes). */
export const isRecordId = (id: string) => idParamSchema.safeParse({ id }).success;

const notFound = (): Promise<never> => Promise.reject(new ApiError(404, 'problem.notFound'));

/**
 * The detail query of the record at the route's `:id`, from its endpoint's query options (`poiQueryOptions`). An id
 * that is no id (`abc`, `0`, `1.5`) fails at once as not found: asking the server would only say the id is not
 * valid, which tells the user nothing.
 */
export function useRouteRecord<T>(
  detail: (id: string) => UseQueryOptions<T, Error, T, readonly unknown[]>,
): UseQueryResult<T> {
  const { id = '' } = useParams();
  const options = detail(id);
  return useQuery(isRecordId(id) ? options : { ...options, queryFn: notFound, retry: false });
}

/** The page's states around the record: loading, not found (with the way back to `list`), failed, or the record. */
export function RecordState<T>({
  query,
  list,
  children,
}: {
  query: UseQueryResult<T>;
  /** Route id of the list the record belongs to (shared route table). */
  list: string;
  children: (record: T) => ReactNode;
}) {
  const { role } = useCurrentUser();
  return (
    <QueryState query={query} backTo={firstOpenablePath(role, [list])}>
      {children}
    </QueryState>
  );
}
