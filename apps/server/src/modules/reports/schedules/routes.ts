import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  problemSchema,
  reportRunListSchema,
  reportRunSchema,
  reportScheduleCreateSchema,
  reportScheduleListQuerySchema,
  reportScheduleListSchema,
  reportScheduleRunSchema,
  reportScheduleSchema,
  reportScheduleUpdateSchema,
} from '@lbs/contracts';
import { callerOf } from '../../../access/caller.ts';
import { readProblems, writeProblems } from '../../../access/route-support.ts';
import type { Db } from '../../../db/database.ts';
import { notFound } from '../../../lib/errors.ts';
import { readStoredFile, storedFileInfo } from '../../../lib/stored-files.ts';
import { verifyLinkToken } from './runs.ts';
import type { ReportSchedulesService } from './service.ts';

const tags = ['report-schedules'];

/** /report-schedules: the caller's schedules (a CompanyAdmin's company's, a SuperAdmin's all), runs and deliveries. */
export const reportScheduleRoutes: FastifyPluginAsyncZod<{ service: ReportSchedulesService }> = async (
  app,
  { service: s },
) => {
  app.get(
    '/',
    {
      config: { permission: 'reportSchedule.list' },
      schema: {
        tags,
        summary: 'The schedules the caller sees: its own; a CompanyAdmin the company’s; a SuperAdmin all',
        querystring: reportScheduleListQuerySchema,
        response: { 200: reportScheduleListSchema, ...readProblems },
      },
    },
    async (r) => s.list(callerOf(r), r.query),
  );
  app.post(
    '/',
    {
      config: { permission: 'reportSchedule.create' },
      schema: {
        tags,
        summary: 'Schedule a report by e-mail (a SuperAdmin names the company)',
        body: reportScheduleCreateSchema,
        response: { 201: reportScheduleSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.code(201).send(await s.create(callerOf(r), r.body)),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'reportSchedule.list' },
      schema: {
        tags,
        summary: 'One schedule',
        params: idParamSchema,
        response: { 200: reportScheduleSchema, ...readProblems },
      },
    },
    async (r) => s.get(callerOf(r), r.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'reportSchedule.update' },
      schema: {
        tags,
        summary: 'Change a schedule; `active: false` pauses it, `true` resumes it from now',
        params: idParamSchema,
        body: reportScheduleUpdateSchema,
        response: { 200: reportScheduleSchema, ...writeProblems },
      },
    },
    async (r) => s.update(callerOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'reportSchedule.delete' },
      schema: {
        tags,
        summary: 'Delete a schedule with its runs and delivery log',
        params: idParamSchema,
        response: { 204: z.null(), ...writeProblems },
      },
    },
    async (r, reply) => {
      await s.remove(callerOf(r), r.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/:id/run',
    {
      config: { permission: 'reportSchedule.update' },
      schema: {
        tags,
        summary: 'Run now for the last complete period, or the one given (each period is sent once)',
        params: idParamSchema,
        body: reportScheduleRunSchema.optional(),
        response: { 202: reportRunSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.code(202).send(await s.runNow(callerOf(r), r.params.id, r.body ?? {})),
  );
  app.get(
    '/:id/runs',
    {
      config: { permission: 'reportSchedule.list' },
      schema: {
        tags,
        summary: 'The runs of a schedule, newest period first, each with its deliveries',
        params: idParamSchema,
        response: { 200: reportRunListSchema, ...readProblems },
      },
    },
    async (r) => s.runs(callerOf(r), r.params.id),
  );
};

/**
 * GET /report-files/{token}: the file of a scheduled run too large to attach, for whoever holds the signed link
 * from the e-mail, until it expires (then 404, like an unknown link).
 */
export const reportFileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/:token',
    {
      config: {
        public: true,
        openapi: { response: { 200: z.string().describe('The report file'), 404: problemSchema } },
      },
      schema: {
        tags,
        summary: 'Download a scheduled report through the expiring link of its e-mail (no bearer token)',
        security: [],
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (r, reply) => {
      const now = new Date();
      const runId = await verifyLinkToken(db, r.params.token, now);
      const run =
        runId === undefined
          ? undefined
          : await db.selectFrom('report_runs').select(['file_id']).where('id', '=', runId).executeTakeFirst();
      const info = run?.file_id ? await storedFileInfo(db, run.file_id) : undefined;
      if (!info || info.expires_at.getTime() <= now.getTime()) throw notFound('The file');
      r.log.info({ reportRunId: runId, bytes: info.bytes }, 'scheduled report downloaded through its link');
      return reply
        .type(info.content_type)
        .header('content-disposition', `attachment; filename="${info.name}"`)
        .header('content-length', String(info.bytes))
        .header('cache-control', 'no-store')
        .send(readStoredFile(db, info.id));
    },
  );
};
