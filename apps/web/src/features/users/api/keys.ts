import { resourceKeys } from '../../../lib/api/resource.ts';

/** /users (GET: SuperAdmin all, CompanyAdmin its company; writes: SuperAdmin). */
export const USERS_PATH = '/users';

export const userKeys = resourceKeys(USERS_PATH);
