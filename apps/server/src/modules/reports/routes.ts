import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REPORT_CHARTS,
  REPORT_KEYS,
  problemSchema,
  reportChartSchema,
  reportDashboardQuerySchema,
  reportDashboardSchema,
  reportExportQuerySchema,
  reportKeyParamSchema,
  reportPageSchema,
  reportParamsSchema,
  reportRowsQuerySchema,
} from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { readProblems } from '../../access/route-support.ts';
import type { ReportsService } from './service.ts';

type Options = { service: ReportsService };

/** The catalogue: contracts REPORTS entries (columns, filters, period caps) of the reports the caller may run. */
const catalogueSchema = z.object({
  items: z.array(z.looseObject({ key: z.enum(REPORT_KEYS), chart: z.enum(REPORT_CHARTS).optional() })),
});

/** /reports: the catalogue, a report's rows and chart, and a file of it at once. */
export const reportRoutes: FastifyPluginAsyncZod<Options> = async (app, { service: s }) => {
  const tags = ['reports'];
  app.get(
    '/',
    {
      config: { permission: 'report.run' },
      schema: {
        tags,
        summary: 'The reports the caller may run, with their columns, filters and period caps',
        response: { 200: catalogueSchema, ...readProblems },
      },
    },
    async (r) => ({ items: s.catalogue(callerOf(r)).items.map((meta) => ({ ...meta })) }),
  );
  app.get(
    '/dashboard',
    {
      config: { permission: 'report.run' },
      schema: {
        tags,
        summary: 'This month so far for the caller’s scope: attendance, locates, tasks and consent',
        querystring: reportDashboardQuerySchema,
        response: { 200: reportDashboardSchema, ...readProblems },
      },
    },
    async (r) => s.dashboard(callerOf(r), r.query.companyId),
  );
  app.get(
    '/:key/rows',
    {
      config: { permission: 'report.run' },
      schema: {
        tags,
        summary: 'One page of a report for the caller’s scope',
        params: reportKeyParamSchema,
        querystring: reportRowsQuerySchema,
        response: { 200: reportPageSchema, ...readProblems },
      },
    },
    async (r) => s.rows(callerOf(r), r.params.key, r.query),
  );
  app.get(
    '/:key/chart',
    {
      config: { permission: 'report.run' },
      schema: {
        tags,
        summary: 'The chart of a report over the same parameters',
        params: reportKeyParamSchema,
        querystring: reportParamsSchema,
        response: { 200: reportChartSchema, ...readProblems },
      },
    },
    async (r) => s.chart(callerOf(r), r.params.key, r.query),
  );
  app.get(
    '/:key/export',
    {
      config: {
        permission: 'report.export',
        openapi: {
          response: {
            200: z.string().describe('The file (CSV with a byte-order mark, XLSX or PDF)'),
            ...readProblems,
            413: problemSchema,
          },
        },
      },
      schema: {
        tags,
        summary: 'The report as a CSV, XLSX or PDF file at once (larger results: POST /report-exports)',
        params: reportKeyParamSchema,
        querystring: reportExportQuerySchema,
        produces: [
          'text/csv',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'application/pdf',
        ],
      },
    },
    async (r, reply) => {
      const file = await s.exportNow(callerOf(r), r.params.key, r.query);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
};
