import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyCreateSchema,
  companyListQuerySchema,
  companyPageSchema,
  companySchema,
  companyUpdateSchema,
  objectIdParamSchema as idParamSchema,
} from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { readProblems, writeProblems } from '../../access/route-support.ts';
import type { CompaniesService } from './service.ts';

const tags = ['companies'];

/** /companies: list and detail for SuperAdmin (all) and CompanyAdmin (its own); writes SuperAdmin only. */
export const companyRoutes: FastifyPluginAsyncZod<{ service: CompaniesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    {
      config: { permission: 'company.list' },
      schema: {
        tags,
        summary: 'Companies in scope',
        querystring: companyListQuerySchema,
        response: { 200: companyPageSchema, ...readProblems },
      },
    },
    async (request) => service.list(callerOf(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'company.read' },
      schema: {
        tags,
        summary: 'One company',
        params: idParamSchema,
        response: { 200: companySchema, ...readProblems },
      },
    },
    async (request) => service.get(callerOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { permission: 'company.create' },
      schema: {
        tags,
        summary: 'Add a company',
        body: companyCreateSchema,
        response: { 201: companySchema, ...writeProblems },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'company.update' },
      schema: {
        tags,
        summary: 'Edit a company',
        params: idParamSchema,
        body: companyUpdateSchema,
        response: { 200: companySchema, ...writeProblems },
      },
    },
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'company.delete' },
      schema: {
        tags,
        summary: 'Delete a company that has nothing in it',
        params: idParamSchema,
        response: { 204: z.null(), ...writeProblems },
      },
    },
    async (request, reply) => {
      await service.remove(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
