import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  objectIdParamSchema,
  POI_IMPORT_MAX_BYTES,
  poiImportRequestSchema,
  poiImportSchema,
  poiExportQuerySchema,
  problemSchema,
  poiAssignmentCreatedSchema,
  poiAssignmentCreateSchema,
  poiAssignmentListQuerySchema,
  poiAssignmentPageSchema,
  poiAssignmentSchema,
  poiAssignmentUpdateSchema,
  poiCategoryCreateSchema,
  poiCategoryListQuerySchema,
  poiCategoryPageSchema,
  poiCategorySchema,
  poiCategoryUpdateSchema,
  poiCreateSchema,
  poiFeaturesQuerySchema,
  poiFeaturesSchema,
  poiListQuerySchema,
  poiPageSchema,
  poiPresenceSchema,
  poiSchema,
  poiUpdateSchema,
  visitListQuerySchema,
  visitPageSchema,
} from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { readProblems, writeProblems } from '../../access/route-support.ts';
import type { PoiImports } from './imports.ts';
import type { PoisService } from './service.ts';

type Options = { service: PoisService };
type PoiRouteOptions = Options & { imports: PoiImports };
const noContent = { 204: z.null(), ...writeProblems };

/** /poi-categories: the company's POI categories (colour, icon, default radius and dwell). */
export const poiCategoryRoutes: FastifyPluginAsyncZod<Options> = async (app, { service: s }) => {
  const tags = ['poi-categories'];
  app.get(
    '/',
    {
      config: { permission: 'poiCategory.list' },
      schema: {
        tags,
        summary: 'POI categories in scope',
        querystring: poiCategoryListQuerySchema,
        response: { 200: poiCategoryPageSchema, ...readProblems },
      },
    },
    async (r) => s.listCategories(callerOf(r), r.query),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'poiCategory.read' },
      schema: {
        tags,
        summary: 'One POI category',
        params: objectIdParamSchema,
        response: { 200: poiCategorySchema, ...readProblems },
      },
    },
    async (r) => s.getCategory(callerOf(r), r.params.id),
  );
  app.post(
    '/',
    {
      config: { permission: 'poiCategory.create' },
      schema: {
        tags,
        summary: 'Add a POI category',
        body: poiCategoryCreateSchema,
        response: { 201: poiCategorySchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.status(201).send(await s.createCategory(callerOf(r), r.body)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'poiCategory.update' },
      schema: {
        tags,
        summary: 'Edit a POI category',
        params: objectIdParamSchema,
        body: poiCategoryUpdateSchema,
        response: { 200: poiCategorySchema, ...writeProblems },
      },
    },
    async (r) => s.updateCategory(callerOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'poiCategory.delete' },
      schema: {
        tags,
        summary: 'Delete a POI category no POI uses',
        params: objectIdParamSchema,
        response: noContent,
      },
    },
    async (r, reply) => {
      await s.removeCategory(callerOf(r), r.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** /pois: points of interest (circles and polygons), the map layer and who is inside now. */
export const poiRoutes: FastifyPluginAsyncZod<PoiRouteOptions> = async (app, { service: s, imports }) => {
  const tags = ['pois'];
  app.post(
    '/imports',
    {
      config: { permission: 'poi.import' },
      bodyLimit: POI_IMPORT_MAX_BYTES * 2 + 65_536,
      schema: {
        tags,
        summary: 'Check a CSV, GeoJSON or KML file of POIs (dry run), or import it as a job',
        body: poiImportRequestSchema,
        response: { 200: poiImportSchema, 202: poiImportSchema, ...writeProblems },
      },
    },
    async (r, reply) => {
      const result = await imports.start(callerOf(r), r.body);
      return reply.status(r.body.dryRun ? 200 : 202).send(result);
    },
  );
  app.get(
    '/imports/:id',
    {
      config: { permission: 'poi.import' },
      schema: {
        tags,
        summary: 'Progress of a POI import',
        params: z.object({ id: z.uuid('validation.invalid') }),
        response: { 200: poiImportSchema, ...readProblems },
      },
    },
    async (r) => imports.get(callerOf(r), r.params.id),
  );
  app.get(
    '/',
    {
      config: { permission: 'poi.list' },
      schema: {
        tags,
        summary: 'POIs in scope',
        querystring: poiListQuerySchema,
        response: { 200: poiPageSchema, ...readProblems },
      },
    },
    async (r) => s.list(callerOf(r), r.query),
  );
  app.get(
    '/features',
    {
      config: { permission: 'poi.list' },
      schema: {
        tags,
        summary: 'Every POI in scope for a map layer (at most 10,000)',
        querystring: poiFeaturesQuerySchema,
        response: { 200: poiFeaturesSchema, ...readProblems },
      },
    },
    async (r) => s.features(callerOf(r), r.query),
  );
  app.get(
    '/export',
    {
      config: {
        permission: 'poi.export',
        openapi: {
          response: {
            200: z.string().describe('The POIs as GeoJSON, CSV or KML'),
            400: problemSchema,
            401: problemSchema,
            403: problemSchema,
          },
        },
      },
      schema: {
        tags,
        summary: 'The POIs in scope as a GeoJSON, CSV or KML file',
        querystring: poiExportQuerySchema,
        produces: ['application/geo+json', 'text/csv', 'application/vnd.google-earth.kml+xml'],
      },
    },
    async (r, reply) => {
      const file = await s.exportFile(callerOf(r), r.query);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
  app.get(
    '/:id',
    {
      config: { permission: 'poi.read' },
      schema: {
        tags,
        summary: 'One POI',
        params: objectIdParamSchema,
        response: { 200: poiSchema, ...readProblems },
      },
    },
    async (r) => s.get(callerOf(r), r.params.id),
  );
  app.get(
    '/:id/presence',
    {
      config: { permission: 'poi.read' },
      schema: {
        tags,
        summary: 'Who is at the POI now (a view of location: audited)',
        params: objectIdParamSchema,
        response: { 200: poiPresenceSchema, ...readProblems },
      },
    },
    async (r) => s.presence(callerOf(r), r.params.id),
  );
  app.post(
    '/',
    {
      config: { permission: 'poi.create' },
      schema: {
        tags,
        summary: 'Add a POI',
        body: poiCreateSchema,
        response: { 201: poiSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.status(201).send(await s.create(callerOf(r), r.body)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'poi.update' },
      schema: {
        tags,
        summary: 'Edit a POI',
        params: objectIdParamSchema,
        body: poiUpdateSchema,
        response: { 200: poiSchema, ...writeProblems },
      },
    },
    async (r) => s.update(callerOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'poi.delete' },
      schema: {
        tags,
        summary: 'Delete a POI no assignment uses',
        params: objectIdParamSchema,
        response: noContent,
      },
    },
    async (r, reply) => {
      await s.remove(callerOf(r), r.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** /poi-assignments: MSISDNs sent to POIs (bulk create), with detectability and presence. */
export const poiAssignmentRoutes: FastifyPluginAsyncZod<Options> = async (app, { service: s }) => {
  const tags = ['poi-assignments'];
  app.get(
    '/',
    {
      config: { permission: 'poiAssignment.list' },
      schema: {
        tags,
        summary: 'POI assignments in scope',
        querystring: poiAssignmentListQuerySchema,
        response: { 200: poiAssignmentPageSchema, ...readProblems },
      },
    },
    async (r) => s.listAssignments(callerOf(r), r.query),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'poiAssignment.read' },
      schema: {
        tags,
        summary: 'One POI assignment',
        params: objectIdParamSchema,
        response: { 200: poiAssignmentSchema, ...readProblems },
      },
    },
    async (r) => s.getAssignment(callerOf(r), r.params.id),
  );
  app.post(
    '/',
    {
      config: { permission: 'poiAssignment.create' },
      schema: {
        tags,
        summary: 'Assign MSISDNs to a POI',
        body: poiAssignmentCreateSchema,
        response: { 201: poiAssignmentCreatedSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.status(201).send(await s.createAssignments(callerOf(r), r.body)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'poiAssignment.update' },
      schema: {
        tags,
        summary: 'Edit a POI assignment',
        params: objectIdParamSchema,
        body: poiAssignmentUpdateSchema,
        response: { 200: poiAssignmentSchema, ...writeProblems },
      },
    },
    async (r) => s.updateAssignment(callerOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'poiAssignment.delete' },
      schema: { tags, summary: 'Remove a POI assignment', params: objectIdParamSchema, response: noContent },
    },
    async (r, reply) => {
      await s.removeAssignment(callerOf(r), r.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** /visits and /msisdns/{id}/visits: stays at POIs (views of location: audited). */
export const visitRoutes: FastifyPluginAsyncZod<Options> = async (app, { service: s }) => {
  app.get(
    '/visits',
    {
      config: { permission: 'visit.list' },
      schema: {
        tags: ['visits'],
        summary: 'Visits at POIs in scope',
        querystring: visitListQuerySchema,
        response: { 200: visitPageSchema, ...readProblems },
      },
    },
    async (r) => s.visits(callerOf(r), r.query),
  );
  app.get(
    '/msisdns/:id/visits',
    {
      config: { permission: 'visit.list' },
      schema: {
        tags: ['visits'],
        summary: 'One MSISDN’s visits',
        params: objectIdParamSchema,
        querystring: visitListQuerySchema,
        response: { 200: visitPageSchema, ...readProblems },
      },
    },
    async (r) => s.msisdnVisits(callerOf(r), r.params.id, r.query),
  );
};
