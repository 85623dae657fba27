import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consentBulkRequestSchema,
  consentBulkResultSchema,
  MSISDN_IMPORT_CONTENT_TYPES,
  MSISDN_IMPORT_MAX_BYTES,
  msisdnCreateSchema,
  msisdnDirectoryPageSchema,
  msisdnDirectoryQuerySchema,
  msisdnImportQuerySchema,
  msisdnImportSchema,
  msisdnListQuerySchema,
  msisdnPageSchema,
  msisdnSchema,
  msisdnUpdateSchema,
  objectIdParamSchema,
  problemSchema,
  type MsisdnDirectoryPage,
  smsInboundResultSchema,
  smsInboundSchema,
} from '@lbs/contracts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { bearerToken, secretMatches } from '../../lib/secret-compare.ts';
import { callerOf } from '../../access/caller.ts';
import { readProblems, writeProblems } from '../../access/route-support.ts';
import type { ConsentService } from './consent.ts';
import { importTemplateCsv } from './import-file.ts';
import type { ImportJobs } from './import-jobs.ts';
import type { MsisdnsService } from './service.ts';

const tags = ['msisdns'];

/** /msisdns: employee numbers. Scoped reads and edits for all four roles; add, delete, import SuperAdmin. */
export const msisdnRoutes: FastifyPluginAsyncZod<{ service: MsisdnsService }> = async (app, { service }) => {
  app.get(
    '/',
    {
      config: { permission: 'msisdn.list' },
      schema: {
        tags,
        summary: 'Employee MSISDNs in scope',
        querystring: msisdnListQuerySchema,
        response: { 200: msisdnPageSchema, ...readProblems },
      },
    },
    async (request) => service.list(callerOf(request), request.query),
  );
  app.get(
    '/directory',
    {
      config: { permission: 'msisdn.list' },
      schema: {
        tags,
        summary:
          'Every employee MSISDN in scope, in id order, a large page at a time (the Monitor’s directory)',
        querystring: msisdnDirectoryQuerySchema,
        response: { 200: msisdnDirectoryPageSchema, ...readProblems },
      },
    },
    async (request, reply) => {
      const page = await service.directory(callerOf(request), request.query);
      // Up to thousands of entries, each built to the schema's exact shape (directoryEntriesOf): sent as JSON as
      // they are, without the response check's copy of every one (Fastify sends a Buffer untouched; compression
      // still applies).
      reply.type('application/json; charset=utf-8');
      return reply.send(Buffer.from(JSON.stringify(page)) as unknown as MsisdnDirectoryPage);
    },
  );
  app.get(
    '/:id',
    {
      config: { permission: 'msisdn.read' },
      schema: {
        tags,
        summary: 'One employee MSISDN',
        params: objectIdParamSchema,
        response: { 200: msisdnSchema, ...readProblems },
      },
    },
    async (request) => service.get(callerOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { permission: 'msisdn.create' },
      schema: {
        tags,
        summary: 'Add an employee MSISDN; a consent request SMS goes to it',
        body: msisdnCreateSchema,
        response: { 201: msisdnSchema, ...writeProblems },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'msisdn.update' },
      schema: {
        tags,
        summary: 'Edit an employee MSISDN',
        params: objectIdParamSchema,
        body: msisdnUpdateSchema,
        response: { 200: msisdnSchema, ...writeProblems },
      },
    },
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'msisdn.delete' },
      schema: {
        tags,
        summary: 'Delete an employee MSISDN',
        params: objectIdParamSchema,
        response: { 204: z.null(), ...writeProblems },
      },
    },
    async (request, reply) => {
      await service.remove(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/:id/consent-request',
    {
      config: { permission: 'msisdn.resendConsent' },
      schema: {
        tags,
        summary: 'Send the consent request SMS again (not once consent is granted)',
        params: objectIdParamSchema,
        response: { 200: msisdnSchema, ...writeProblems },
      },
    },
    async (request) => service.resendConsent(callerOf(request), request.params.id),
  );
  app.post(
    '/consent-requests',
    {
      config: { permission: 'msisdn.resendConsent' },
      schema: {
        tags,
        summary:
          'Ask again, in bulk, the numbers whose consent is still pending (named, or unanswered past the limit)',
        body: consentBulkRequestSchema,
        response: { 200: consentBulkResultSchema, ...writeProblems },
      },
    },
    async (request) => service.requestConsentBulk(callerOf(request), request.body),
  );
};

/**
 * /msisdns/imports (SuperAdmin): POST the CSV or XLSX file itself as the body (any of the usual content types; the
 * format is recognised from the content), then poll GET /msisdns/imports/{id} for progress and the row errors.
 */
export const msisdnImportRoutes: FastifyPluginAsyncZod<{ jobs: ImportJobs }> = async (app, { jobs }) => {
  const fileTypes = [
    MSISDN_IMPORT_CONTENT_TYPES.CSV,
    MSISDN_IMPORT_CONTENT_TYPES.XLSX,
    'application/csv',
    'text/plain',
    'application/vnd.ms-excel',
    'application/octet-stream',
  ];
  app.addContentTypeParser(
    fileTypes,
    { parseAs: 'buffer', bodyLimit: MSISDN_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/',
    {
      bodyLimit: MSISDN_IMPORT_MAX_BYTES,
      config: { permission: 'msisdn.import' },
      schema: {
        tags,
        summary: 'Start a bulk import of employee MSISDNs from a CSV or XLSX file (the request body)',
        querystring: msisdnImportQuerySchema,
        response: { 202: msisdnImportSchema, 413: problemSchema, 415: problemSchema, ...writeProblems },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(415, 'import.unsupportedType', 'Upload a CSV or XLSX file');
      return reply.status(202).send(await jobs.start(callerOf(request), request.query, request.body));
    },
  );
  app.get(
    '/template.csv',
    {
      config: {
        permission: 'msisdn.import',
        openapi: {
          response: {
            200: z.string().describe('CSV: the header row of the import columns'),
            401: problemSchema,
            403: problemSchema,
          },
        },
      },
      schema: { tags, summary: 'A CSV template with the import columns', produces: ['text/csv'] },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="msisdn-import-template.csv"')
        .send(importTemplateCsv()),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'msisdn.import' },
      schema: {
        tags,
        summary: 'Progress and row errors of an import',
        params: z.object({ id: z.uuid('validation.invalid') }),
        response: { 200: msisdnImportSchema, ...readProblems },
      },
    },
    async (request) => jobs.get(callerOf(request), request.params.id),
  );
};

/**
 * POST /sms/inbound: the SMS gateway delivers an employee's reply (YES, NO, STOP). Public to bearer auth, but the
 * gateway must present the shared webhook token (`x-webhook-token`, or `Authorization: Bearer <token>`).
 */
export const smsInboundRoutes: FastifyPluginAsyncZod<{ consent: ConsentService; token: string }> = async (
  app,
  { consent, token },
) => {
  app.post(
    '/inbound',
    {
      config: { public: true },
      schema: {
        tags: ['sms'],
        summary: 'Inbound SMS webhook: consent replies from employees',
        security: [{ webhookToken: [] }, { webhookBearer: [] }],
        body: smsInboundSchema,
        response: { 200: smsInboundResultSchema, 400: problemSchema, 401: problemSchema },
      },
      preValidation: async (request) => {
        const header = request.headers['x-webhook-token'];
        const presented = typeof header === 'string' ? header : bearerToken(request.headers.authorization);
        if (!secretMatches(presented, token)) throw unauthorized('The webhook token is not valid.');
      },
    },
    async (request) => consent.handleReply(request.body.from, request.body.text, request.id),
  );
};
