import { queryOptions } from '@tanstack/react-query';
import { meSchema, type Me } from '@lbs/contracts';
import { apiRequest } from '../../lib/api/client.ts';
import { currentUserKeys } from './keys.ts';

/** GET /user-management/me (SPEC §7): failure is logged and rethrown. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  try {
    return await apiRequest('/user-management/me', { schema: meSchema, signal });
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
