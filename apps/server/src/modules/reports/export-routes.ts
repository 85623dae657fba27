import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, problemSchema, reportExportCreateSchema, reportExportSchema } from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { readProblems, writeProblems } from '../../access/route-support.ts';
import type { ReportExports } from './exports.ts';

/**
 * /report-exports: a report too large to download at once (GET /reports/{key}/export answered 413) runs as a job.
 * Only the export's owner sees it (anyone else's id answers 404). Field errors of the body: `report`, `format`,
 * `locale`, `sort`, and the report's parameters as `params.<name>` (e.g. `params.to` for a period too long) — the
 * same checks as the screen's, whose query-string errors are `query.<name>`.
 */
export const reportExportRoutes: FastifyPluginAsyncZod<{ exports: ReportExports }> = async (
  app,
  { exports },
) => {
  const tags = ['reports'];
  app.post(
    '/',
    {
      config: { permission: 'report.export' },
      schema: {
        tags,
        summary: 'Start an export of a report as a job (CSV, XLSX or PDF); poll it, then download its file',
        body: reportExportCreateSchema,
        response: { 202: reportExportSchema, ...readProblems },
      },
    },
    async (request, reply) => reply.status(202).send(await exports.create(callerOf(request), request.body)),
  );
  app.get(
    '/',
    {
      config: { permission: 'report.export' },
      schema: {
        tags,
        summary: 'The caller’s own exports, newest first (at most 50)',
        response: { 200: z.object({ items: z.array(reportExportSchema) }), ...readProblems },
      },
    },
    async (request) => exports.list(callerOf(request)),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'report.export' },
      schema: {
        tags,
        summary: 'An export’s status and progress (rows written of the total)',
        params: idParamSchema,
        response: { 200: reportExportSchema, ...readProblems },
      },
    },
    async (request) => exports.get(callerOf(request), request.params.id),
  );
  app.get(
    '/:id/file',
    {
      config: {
        permission: 'report.export',
        openapi: {
          response: {
            200: z.string().describe('The file (CSV with a byte-order mark, XLSX or PDF)'),
            ...writeProblems,
            410: problemSchema,
          },
        },
      },
      schema: {
        tags,
        summary: 'Download a finished export (409 while it runs, 410 once it expired)',
        params: idParamSchema,
        produces: [
          'text/csv',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'application/pdf',
        ],
      },
    },
    async (request, reply) => {
      const file = await exports.file(callerOf(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'report.export' },
      schema: {
        tags,
        summary: 'Cancel a running export, or discard a finished one (its file is deleted)',
        params: idParamSchema,
        response: { 200: reportExportSchema, ...readProblems },
      },
    },
    async (request) => exports.cancel(callerOf(request), request.params.id),
  );
};
