import { userSchema, type User } from '@lbs/contracts';
import { detailQueryOptions, fetchDetail } from '../../../lib/api/resource.ts';
import { USERS_PATH, userKeys } from './keys.ts';

/** GET /users/{id}: profile, roles, placement and invitation state. */
export function getUser(id: number | string, signal?: AbortSignal): Promise<User> {
  return fetchDetail(USERS_PATH, id, userSchema, signal);
}

export const userQueryOptions = (id: number | string) =>
  detailQueryOptions(userKeys.detail(id), (signal) => getUser(id, signal));
