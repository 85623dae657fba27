/**
 * Detail, create, update and delete of one REST resource (`/departments`, `/msisdns`…) with TanStack Query, keeping
 * the list pages (list-query.ts) and the entity selects fresh after each write.
 *
 *   const department = useDetailQuery('/departments', id, orgUnitSchema);
 *   const create = useCreateMutation('/departments', orgUnitSchema);     create.mutateAsync(body) → the created item
 *   const update = useUpdateMutation('/departments', orgUnitSchema);     update.mutateAsync({ id, body })
 *   const remove = useDeleteMutation('/departments');                    remove.mutateAsync(id)
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './client.ts';
import { listQueryKey } from './list-query.ts';

export const detailQueryKey = (path: string, id: number | string) => ['detail', path, String(id)] as const;

export function useDetailQuery<S extends z.ZodType>(
  path: string,
  id: number | string | undefined,
  schema: S,
) {
  return useQuery({
    queryKey: detailQueryKey(path, id ?? ''),
    queryFn: ({ signal }) => apiRequest(`${path}/${id}`, { schema, signal }) as Promise<z.infer<S>>,
    enabled: id !== undefined && id !== '',
  });
}

function refreshLists(client: QueryClient, path: string) {
  void client.invalidateQueries({ queryKey: listQueryKey(path) });
  void client.invalidateQueries({ queryKey: ['entity', path] });
}

export function useCreateMutation<S extends z.ZodType>(path: string, schema: S) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => apiRequest(path, { method: 'POST', body, schema }) as Promise<z.infer<S>>,
    onSuccess: () => refreshLists(client, path),
  });
}

export function useUpdateMutation<S extends z.ZodType>(path: string, schema: S) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | string; body: unknown }) =>
      apiRequest(`${path}/${id}`, { method: 'PATCH', body, schema }) as Promise<z.infer<S>>,
    onSuccess: (item, { id }) => {
      client.setQueryData(detailQueryKey(path, id), item);
      refreshLists(client, path);
    },
  });
}

export function useDeleteMutation(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | string) => apiRequest(`${path}/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      client.removeQueries({ queryKey: detailQueryKey(path, id) });
      refreshLists(client, path);
    },
  });
}
