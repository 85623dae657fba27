import { apiRequest } from '../../../lib/api/client.ts';
import { useDeleteMutation } from '../../../lib/api/resource.ts';
import { USERS_PATH, userKeys } from './keys.ts';

/** DELETE /users/{id} (SuperAdmin): 409 user.inUse once the user has audit history. */
export function deleteUser(id: number | string): Promise<unknown> {
  return apiRequest(`${USERS_PATH}/${id}`, { method: 'DELETE' });
}

export const useDeleteUser = () => useDeleteMutation(userKeys, deleteUser);
