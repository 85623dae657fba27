import { userSchema, type User, type UserUpdateBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { useUpdateMutation } from '../../../lib/api/resource.ts';
import { USERS_PATH, userKeys } from './keys.ts';

/** PATCH /users/{id} (SuperAdmin): profile, roles, placement, active. */
export function updateUser(id: number | string, body: UserUpdateBody): Promise<User> {
  return apiRequest(`${USERS_PATH}/${id}`, { method: 'PATCH', body, schema: userSchema });
}

export const useUpdateUser = () => useUpdateMutation(userKeys, updateUser);
