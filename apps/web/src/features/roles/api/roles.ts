import { queryOptions, useQuery } from '@tanstack/react-query';
import { rolePageSchema } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';

/** GET /roles (SuperAdmin): the four roles with their description, routes, permissions and user count. */
export const rolesQueryOptions = queryOptions({
  queryKey: ['roles'],
  queryFn: ({ signal }) => apiRequest('/roles', { schema: rolePageSchema, signal }),
  staleTime: 60_000,
});

export const useRoles = () => useQuery(rolesQueryOptions);
