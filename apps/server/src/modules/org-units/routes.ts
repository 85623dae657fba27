import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  objectIdParamSchema,
  orgUnitCreateSchema,
  orgUnitListQuerySchema,
  orgUnitPageSchema,
  orgUnitSchema,
  orgUnitUpdateSchema,
  type Permission,
} from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { readProblems, writeProblems } from '../../access/route-support.ts';
import type { OrgUnitsService } from './service.ts';

export interface OrgUnitRoutesOptions {
  service: OrgUnitsService;
  /** 'department' | 'zone' | 'designation': the permission table's resource and the OpenAPI tag. */
  resource: 'department' | 'zone' | 'designation';
}

/** /departments, /zones, /designations: the same five routes, each checked against its own permission rows. */
export const orgUnitRoutes: FastifyPluginAsyncZod<OrgUnitRoutesOptions> = async (
  app,
  { service, resource },
) => {
  const tags = [`${resource}s`];
  const permission = (action: 'list' | 'read' | 'create' | 'update' | 'delete') =>
    `${resource}.${action}` as Permission;
  app.get(
    '/',
    {
      config: { permission: permission('list') },
      schema: {
        tags,
        summary: `${resource}s in scope`,
        querystring: orgUnitListQuerySchema,
        response: { 200: orgUnitPageSchema, ...readProblems },
      },
    },
    async (request) => service.list(callerOf(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { permission: permission('read') },
      schema: {
        tags,
        summary: `One ${resource}`,
        params: objectIdParamSchema,
        response: { 200: orgUnitSchema, ...readProblems },
      },
    },
    async (request) => service.get(callerOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { permission: permission('create') },
      schema: {
        tags,
        summary: `Add a ${resource}`,
        body: orgUnitCreateSchema,
        response: { 201: orgUnitSchema, ...writeProblems },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: permission('update') },
      schema: {
        tags,
        summary: `Edit a ${resource}`,
        params: objectIdParamSchema,
        body: orgUnitUpdateSchema,
        response: { 200: orgUnitSchema, ...writeProblems },
      },
    },
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: permission('delete') },
      schema: {
        tags,
        summary: `Delete a ${resource} that nothing references`,
        params: objectIdParamSchema,
        response: { 204: z.null(), ...writeProblems },
      },
    },
    async (request, reply) => {
      await service.remove(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
