/**
 * Server-side lists (DESIGN §5): `page` from 1, `size` ≤ PAGE_SIZE_MAX, `sort` (`-createdAt,name`), `q` and filters,
 * answered by `{items, total, page, size}`.
 *
 * A list endpoint file (features/<area>/api/list-<things>.ts) is built from these:
 *   export const listDepartments = (params: ListParams, signal?: AbortSignal) =>
 *     fetchList('/departments', orgUnitPageSchema, params, signal);      // validated by the contracts page schema
 *   export const departmentsQueryOptions = (params: ListParams) =>
 *     listQueryOptions(departmentKeys.list(params), (signal) => listDepartments(params, signal));
 *   <ServerDataGrid query={departmentsQueryOptions} … />                 // or useQuery(departmentsQueryOptions(params))
 *
 * `listSearch(params)` builds the querystring (empty filters and an empty `q` are left out); the key of a page
 * contains it, so `invalidateQueries({ queryKey: keys.lists() })` (resource.ts) refreshes every page of a list.
 */
import { keepPreviousData, type UseQueryOptions } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '@lbs/contracts';
import type { z } from 'zod';
import { apiRequest } from './client.ts';

export type FilterValue = string | number | boolean | null | undefined;

export interface ListParams {
  /** From 1, as the API counts. */
  page: number;
  size: number;
  sort?: string | undefined;
  q?: string | undefined;
  /** Extra query parameters (companyId, departmentId, zoneId, designationId, status…); empty values are skipped. */
  filters?: Readonly<Record<string, FilterValue>>;
}

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

/** `?page=2&size=20&sort=-name&q=north&companyId=3`: the querystring of a list call. */
export function listSearch({ page, size, sort, q, filters = {} }: ListParams): string {
  const search = new URLSearchParams();
  search.set('page', String(Math.max(1, Math.trunc(page))));
  search.set('size', String(Math.min(PAGE_SIZE_MAX, Math.max(1, Math.trunc(size)))));
  if (sort) search.set('sort', sort);
  const text = q?.trim();
  if (text) search.set('q', text);
  for (const [key, value] of Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  return `?${search.toString()}`;
}

export function fetchList<S extends z.ZodType>(
  path: string,
  schema: S,
  params: ListParams,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return apiRequest(`${path}${listSearch(params)}`, { schema, signal }) as Promise<z.infer<S>>;
}

/** What a list endpoint file hands to ServerDataGrid or useQuery: one page of the list, by its params. */
export type ListQueryOptions<T> = UseQueryOptions<T, Error, T, readonly unknown[]>;

/**
 * Query options of one page of a server list (`queryKey` from the resource's key factory, e.g.
 * `companyKeys.list(params)`): while the next page loads the previous one stays (`isPlaceholderData`).
 */
export function listQueryOptions<T>(
  queryKey: readonly unknown[],
  fetch: (signal: AbortSignal) => Promise<T>,
): ListQueryOptions<T> {
  return { queryKey, queryFn: ({ signal }) => fetch(signal), placeholderData: keepPreviousData };
}
