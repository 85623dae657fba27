/**
 * Server-side lists (DESIGN §5): `page` from 1, `size` ≤ PAGE_SIZE_MAX, `sort` (`-createdAt,name`), `q` and filters,
 * answered by `{items, total, page, size}`.
 *
 * Usage:
 *   const params: ListParams = { page: 1, size: 20, sort: '-name', q: 'north', filters: { companyId: 3 } };
 *   const query = useListQuery('/departments', orgUnitPageSchema, params);
 *   query.data?.items // validated by the contracts page schema; the previous page stays while the next loads
 *
 * `listSearch(params)` builds the querystring on its own (empty filters and an empty `q` are left out), and
 * `listQueryKey(path, params)` is the TanStack key, so `invalidateQueries({ queryKey: listQueryKey('/departments') })`
 * refreshes every page of a list after a write.
 */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
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

/** Query key of a list: `['list', path]` matches every page of it; with params, one page. */
export function listQueryKey(path: string, params?: ListParams): readonly unknown[] {
  return params ? ['list', path, listSearch(params)] : ['list', path];
}

export function fetchList<S extends z.ZodType>(
  path: string,
  schema: S,
  params: ListParams,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return apiRequest(`${path}${listSearch(params)}`, { schema, signal }) as Promise<z.infer<S>>;
}

/**
 * One page of a server list. `schema` is the contracts page schema (`companyPageSchema`, `orgUnitPageSchema`,
 * `userPageSchema`, `msisdnPageSchema`…). While the next page loads the previous one stays (`isPlaceholderData`).
 */
export function useListQuery<S extends z.ZodType>(
  path: string,
  schema: S,
  params: ListParams,
  options: { enabled?: boolean } = {},
): UseQueryResult<z.infer<S>> {
  return useQuery({
    queryKey: listQueryKey(path, params),
    queryFn: ({ signal }) => fetchList(path, schema, params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
