import { userPageSchema, type UserPage } from '@lbs/contracts';
import { fetchList, listQueryOptions, type ListParams } from '../../../lib/api/list-query.ts';
import { USERS_PATH, userKeys } from './keys.ts';

/** GET /users?page&size&sort&q&companyId&departmentId&zoneId&designationId&role. */
export function listUsers(params: ListParams, signal?: AbortSignal): Promise<UserPage> {
  return fetchList(USERS_PATH, userPageSchema, params, signal);
}

export const usersQueryOptions = (params: ListParams) =>
  listQueryOptions(userKeys.list(params), (signal) => listUsers(params, signal));
