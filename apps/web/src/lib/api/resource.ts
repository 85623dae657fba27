/**
 * The generic pieces the endpoint files of a REST resource (`/departments`, `/companies`…) are built from: its query
 * keys, the detail fetch, and the create/update/delete mutations that keep its lists (list-query.ts) and the entity
 * selects' options fresh after each write.
 *
 *   // features/companies/api/keys.ts: the feature's one key factory
 *   export const COMPANIES_PATH = '/companies';
 *   export const companyKeys = resourceKeys(COMPANIES_PATH);
 *
 *   // features/companies/api/get-company.ts: one endpoint, fetcher + query options (+ hook where one is used)
 *   export const getCompany = (id: number | string, signal?: AbortSignal) =>
 *     fetchDetail(COMPANIES_PATH, id, companySchema, signal);
 *   export const companyQueryOptions = (id: number | string) =>
 *     detailQueryOptions(companyKeys.detail(id), (signal) => getCompany(id, signal));
 *
 *   // features/companies/api/update-company.ts
 *   export const updateCompany = (id: number | string, body: CompanyUpdateBody) =>
 *     apiRequest(`${COMPANIES_PATH}/${id}`, { method: 'PATCH', body, schema: companySchema });
 *   export const useUpdateCompany = () => useUpdateMutation(companyKeys, updateCompany);
 */
import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationResult,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './client.ts';
import { listSearch, type ListParams } from './list-query.ts';

/**
 * The query keys of a REST resource, derived from its path alone: every module that talks to `/companies` (the
 * companies feature, an entity select, a form's lookup) lands on the same cache entries and the same invalidations.
 */
export function resourceKeys(path: string) {
  return {
    /** Everything cached about the resource. */
    all: [path] as const,
    /** Every page of every list of it. */
    lists: () => [path, 'list'] as const,
    list: (params: ListParams) => [path, 'list', listSearch(params)] as const,
    detail: (id: number | string) => [path, 'detail', String(id)] as const,
    /** Every entity-select option of it (an item shown by name, shared-api/org-lookups). */
    options: () => [path, 'option'] as const,
    option: (id: number) => [path, 'option', id] as const,
  };
}

export type ResourceKeys = ReturnType<typeof resourceKeys>;

/** GET {path}/{id}, validated by the contracts schema. */
export function fetchDetail<S extends z.ZodType>(
  path: string,
  id: number | string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return apiRequest(`${path}/${id}`, { schema, signal }) as Promise<z.infer<S>>;
}

/** What a detail endpoint file hands to EntityDetailsPage or useQuery: the item by its id. */
export type DetailQueryOptions<T> = UseQueryOptions<T, Error, T, readonly unknown[]>;

export function detailQueryOptions<T>(
  queryKey: readonly unknown[],
  fetch: (signal: AbortSignal) => Promise<T>,
): DetailQueryOptions<T> {
  return { queryKey, queryFn: ({ signal }) => fetch(signal) };
}

/** After a write: every list page and every entity-select option of the resource may have changed. */
function refreshLists(client: QueryClient, keys: ResourceKeys) {
  void client.invalidateQueries({ queryKey: keys.lists() });
  void client.invalidateQueries({ queryKey: keys.options() });
}

/** `create.mutateAsync(body)` → the created item. */
export function useCreateMutation<T, B>(keys: ResourceKeys, create: (body: B) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: create, onSuccess: () => refreshLists(client, keys) });
}

/** `update.mutateAsync({ id, body })` → the saved item, which also becomes the cached detail. */
export function useUpdateMutation<T, B>(
  keys: ResourceKeys,
  update: (id: number | string, body: B) => Promise<T>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | string; body: B }) => update(id, body),
    onSuccess: (item, { id }) => {
      client.setQueryData(keys.detail(id), item);
      refreshLists(client, keys);
    },
  });
}

export type UpdateMutation<T, B> = UseMutationResult<T, Error, { id: number | string; body: B }>;

/**
 * Runs `then` once the page that shows the record at `detailKey` has gone (nothing observes its detail any more), at
 * once where nothing shows it. After a delete, the page navigates first and the record's queries are dropped or
 * invalidated after: dropping or invalidating a query that a mounted page observes makes the page fetch it again — a
 * 404 for the record just deleted.
 */
export function afterRecordPageLeft(
  client: QueryClient,
  detailKey: readonly unknown[],
  then: () => void,
): void {
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey: detailKey, exact: true });
  if (!query || query.getObserversCount() === 0) {
    then();
    return;
  }
  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'observerRemoved' || event.query !== query || query.getObserversCount() > 0) return;
    unsubscribe();
    // The rest of the page (its other queries about the record) unmounts in the same commit: let it finish first.
    setTimeout(then, 0);
  });
}

/** `remove.mutateAsync(id)`: the lists refresh at once, the record's detail is dropped once its page has moved on. */
export function useDeleteMutation(keys: ResourceKeys, remove: (id: number | string) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: (_result, id) => {
      const queryKey = keys.detail(id);
      void client.cancelQueries({ queryKey });
      afterRecordPageLeft(client, queryKey, () => client.removeQueries({ queryKey }));
      refreshLists(client, keys);
    },
  });
}

export type DeleteMutation = UseMutationResult<unknown, Error, number | string>;
