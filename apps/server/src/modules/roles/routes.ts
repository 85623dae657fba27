import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleParamSchema, rolePageSchema, roleSchema } from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { readProblems } from '../../access/route-support.ts';
import type { RolesService } from './service.ts';

/** /roles (SuperAdmin, SPEC §2 /role/list): the four roles from the shared route and permission tables. */
export const roleRoutes: FastifyPluginAsyncZod<{ service: RolesService }> = async (app, { service }) => {
  const tags = ['roles'];
  app.get(
    '/',
    {
      config: { permission: 'role.list' },
      schema: { tags, summary: 'The four roles', response: { 200: rolePageSchema, ...readProblems } },
    },
    async (request) => service.list(callerOf(request)),
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
    async (request) => service.get(callerOf(request), request.params.name),
  );
};
