import { queryOptions, useQuery } from '@tanstack/react-query';
import { rolePageSchema, type RolePage } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { ROLES_PATH, roleKeys } from './keys.ts';

/** GET /roles (SuperAdmin): the four roles with their description, routes, permissions and user count. */
export function listRoles(signal?: AbortSignal): Promise<RolePage> {
  return apiRequest(ROLES_PATH, { schema: rolePageSchema, signal });
}

export const rolesQueryOptions = queryOptions({
  queryKey: roleKeys.lists(),
  queryFn: ({ signal }) => listRoles(signal),
  staleTime: 60_000,
});

export const useRoles = () => useQuery(rolesQueryOptions);
