import { queryOptions } from '@tanstack/react-query';
import type { Me } from '@lbs/contracts';
import { apiRequest } from '../../lib/api/client.ts';
import { loadShellSchemas } from '../../lib/api/load-shell-schemas.ts';
import { currentUserKeys } from './keys.ts';

/** GET /user-management/me (SPEC §7): failure is logged and rethrown. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  try {
    // The schema's chunk loads while the request is on the wire (the first bundle has no zod).
    const schemas = loadShellSchemas();
    const json = await apiRequest('/user-management/me', { signal });
    return (await schemas).meSchema.parse(json);
  } catch (error) {
    console.error('Loading the current user failed', error);
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: currentUserKeys.me,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 60_000,
  retry: false,
});
