import { resourceKeys } from '../../../lib/api/resource.ts';

/** /roles (SuperAdmin): read only. */
export const ROLES_PATH = '/roles';

export const roleKeys = resourceKeys(ROLES_PATH);
