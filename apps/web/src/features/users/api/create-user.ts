import { userSchema, type User, type UserCreateBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { useCreateMutation } from '../../../lib/api/resource.ts';
import { USERS_PATH, userKeys } from './keys.ts';

/** POST /users (SuperAdmin): the new user gets an invitation e-mail with a security code. */
export function createUser(body: UserCreateBody): Promise<User> {
  return apiRequest(USERS_PATH, { method: 'POST', body, schema: userSchema });
}

export const useCreateUser = () => useCreateMutation(userKeys, createUser);
