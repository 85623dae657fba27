import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REALM_ROLE_NAMES,
  ROLE_DESCRIPTIONS,
  ROLES,
  ROUTES,
  parseRole,
  permissionsOf,
  roleParamSchema,
  rolePageSchema,
  roleSchema,
  roleRank,
  type Role,
  type RoleInfo,
} from '@lbs/contracts';
import { notFound } from '../../lib/errors.ts';
import { authorize, callerOf, type Caller } from '../../access/caller.ts';
import { readProblems } from '../../access/route-support.ts';
import { usersRepository } from '../users/repository.ts';
import type { Executor } from '../../db/database.ts';

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

async function rolesFor(db: Executor, caller: Caller): Promise<RoleInfo[]> {
  const counts = await usersRepository(db).countByRole(caller.scope);
  return ROLES.map((role) => describe(role, counts.get(role) ?? 0));
}

/** /roles (SuperAdmin, SPEC §2 /role/list): the four roles from the shared route and permission tables. */
export const roleRoutes: FastifyPluginAsyncZod<{ db: Executor }> = async (app, { db }) => {
  const tags = ['roles'];
  app.get(
    '/',
    {
      config: { permission: 'role.list' },
      schema: { tags, summary: 'The four roles', response: { 200: rolePageSchema, ...readProblems } },
    },
    async (request) => {
      const caller = callerOf(request);
      authorize(caller, 'role', 'list');
      const items = await rolesFor(db, caller);
      return { items, total: items.length, page: 1, size: items.length };
    },
  );
  app.get(
    '/:name',
    {
      config: { permission: 'role.read' },
      schema: {
        tags,
        summary: 'One role',
        params: roleParamSchema,
        response: { 200: roleSchema, ...readProblems },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      authorize(caller, 'role', 'read');
      const role = parseRole(request.params.name);
      const found = role && (await rolesFor(db, caller)).find((r) => r.name === role);
      if (!found) throw notFound('The role');
      return found;
    },
  );
};
