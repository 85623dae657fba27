import {
  REALM_ROLE_NAMES,
  ROLE_DESCRIPTIONS,
  ROLES,
  ROUTES,
  parseRole,
  permissionsOf,
  roleRank,
  type Role,
  type RoleInfo,
  type RolePage,
} from '@lbs/contracts';
import { authorize, type Caller } from '../../access/caller.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { usersRepository } from '../users/index.ts';

function describe(role: Role, userCount: number): RoleInfo {
  return {
    name: role,
    realmName: REALM_ROLE_NAMES[role],
    rank: roleRank(role),
    description: ROLE_DESCRIPTIONS[role],
    routes: ROUTES.filter((r) => r.roles.includes(role)).map((r) => ({ id: r.id, path: r.path })),
    permissions: permissionsOf(role),
    userCount,
  };
}

/** The four roles (SPEC §2 /role/list), described from the shared route and permission tables. */
export function rolesService({ db }: { db: Db }) {
  async function all(caller: Caller): Promise<RoleInfo[]> {
    const counts = await usersRepository(db).countByRole(caller.scope);
    return ROLES.map((role) => describe(role, counts.get(role) ?? 0));
  }

  async function list(caller: Caller): Promise<RolePage> {
    authorize(caller, 'role', 'list');
    const items = await all(caller);
    return { items, total: items.length, page: 1, size: items.length };
  }

  /** One role by any accepted spelling (SuperAdmin, SUPER_ADMIN); 404 for an unknown name. */
  async function get(caller: Caller, name: string): Promise<RoleInfo> {
    authorize(caller, 'role', 'read');
    const role = parseRole(name);
    const found = role && (await all(caller)).find((r) => r.name === role);
    if (!found) throw notFound('The role');
    return found;
  }

  return { list, get };
}

export type RolesService = ReturnType<typeof rolesService>;
