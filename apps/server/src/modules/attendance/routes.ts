import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendanceDayParamsSchema,
  attendanceDaySchema,
  attendanceDetailSchema,
  attendanceListQuerySchema,
  attendanceOverrideSchema,
  attendancePageSchema,
  attendanceSheetQuerySchema,
  attendanceSheetSchema,
  holidayListCreateSchema,
  holidayListListSchema,
  holidayListSchema,
  holidayListUpdateSchema,
  holidaySeedQuerySchema,
  objectIdParamSchema,
  shiftCreateSchema,
  shiftListQuerySchema,
  shiftListSchema,
  shiftSchema,
  shiftUpdateSchema,
} from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { readProblems, writeProblems } from '../../access/route-support.ts';
import type { AttendanceService } from './service.ts';

type Options = { service: AttendanceService };
const noContent = { 204: z.null(), ...writeProblems };

/** /shifts: a company's shifts; a change of terms is a new version from a date. */
export const shiftRoutes: FastifyPluginAsyncZod<Options> = async (app, { service: s }) => {
  const tags = ['attendance'];
  app.get(
    '/',
    {
      config: { permission: 'shift.list' },
      schema: {
        tags,
        summary: 'Shifts',
        querystring: shiftListQuerySchema,
        response: { 200: shiftListSchema, ...readProblems },
      },
    },
    async (r) => s.listShifts(callerOf(r), r.query),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'shift.read' },
      schema: {
        tags,
        summary: 'One shift with its versions',
        params: objectIdParamSchema,
        response: { 200: shiftSchema, ...readProblems },
      },
    },
    async (r) => s.getShift(callerOf(r), r.params.id),
  );
  app.post(
    '/',
    {
      config: { permission: 'shift.create' },
      schema: {
        tags,
        summary: 'Add a shift',
        body: shiftCreateSchema,
        response: { 201: shiftSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.code(201).send(await s.createShift(callerOf(r), r.body)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'shift.update' },
      schema: {
        tags,
        summary: 'Rename a shift, or change its terms from a date (a new version)',
        params: objectIdParamSchema,
        body: shiftUpdateSchema,
        response: { 200: shiftSchema, ...writeProblems },
      },
    },
    async (r) => s.updateShift(callerOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'shift.delete' },
      schema: {
        tags,
        summary: 'Delete a shift no site or day uses',
        params: objectIdParamSchema,
        response: noContent,
      },
    },
    async (r, reply) => {
      await s.deleteShift(callerOf(r), r.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** /holiday-lists: weekly off days, holidays and make-up working days. */
export const holidayListRoutes: FastifyPluginAsyncZod<Options> = async (app, { service: s }) => {
  const tags = ['attendance'];
  app.get(
    '/',
    {
      config: { permission: 'holidayList.list' },
      schema: {
        tags,
        summary: 'Holiday lists',
        querystring: shiftListQuerySchema,
        response: { 200: holidayListListSchema, ...readProblems },
      },
    },
    async (r) => s.listHolidayLists(callerOf(r), r.query),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'holidayList.read' },
      schema: {
        tags,
        summary: 'One holiday list',
        params: objectIdParamSchema,
        response: { 200: holidayListSchema, ...readProblems },
      },
    },
    async (r) => s.getHolidayList(callerOf(r), r.params.id),
  );
  app.post(
    '/',
    {
      config: { permission: 'holidayList.create' },
      schema: {
        tags,
        summary: 'Add a holiday list',
        body: holidayListCreateSchema,
        response: { 201: holidayListSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.code(201).send(await s.createHolidayList(callerOf(r), r.body)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'holidayList.update' },
      schema: {
        tags,
        summary: 'Change a holiday list (the days of its shifts are recomputed)',
        params: objectIdParamSchema,
        body: holidayListUpdateSchema,
        response: { 200: holidayListSchema, ...writeProblems },
      },
    },
    async (r) => s.updateHolidayList(callerOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'holidayList.delete' },
      schema: { tags, summary: 'Delete a holiday list', params: objectIdParamSchema, response: noContent },
    },
    async (r, reply) => {
      await s.deleteHolidayList(callerOf(r), r.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/:id/seed',
    {
      config: { permission: 'holidayList.seed' },
      schema: {
        tags,
        summary: 'Add the public holidays of a country and year (date-holidays); listed dates are kept',
        params: objectIdParamSchema,
        querystring: holidaySeedQuerySchema,
        response: { 200: holidayListSchema, ...writeProblems },
      },
    },
    async (r) => s.seedHolidayList(callerOf(r), r.params.id, r.query),
  );
};

/** /attendance: the days computed from presence at the attendance sites, their evidence and overrides. */
export const attendanceRoutes: FastifyPluginAsyncZod<Options> = async (app, { service: s }) => {
  const tags = ['attendance'];
  app.get(
    '/',
    {
      config: { permission: 'attendance.list' },
      schema: {
        tags,
        summary: 'Attendance days (a date, default today, or a span of at most 92 days)',
        querystring: attendanceListQuerySchema,
        response: { 200: attendancePageSchema, ...readProblems },
      },
    },
    async (r) => s.listDays(callerOf(r), r.query),
  );
  app.get(
    '/sheet',
    {
      config: { permission: 'attendance.list' },
      schema: {
        tags,
        summary: 'The monthly sheet: employees × days with statuses and totals',
        querystring: attendanceSheetQuerySchema,
        response: { 200: attendanceSheetSchema, ...readProblems },
      },
    },
    async (r) => s.sheet(callerOf(r), r.query),
  );
  app.get(
    '/:msisdnId/:date',
    {
      config: { permission: 'attendance.read' },
      schema: {
        tags,
        summary: 'One day with its evidence: visits, fixes, the rule applied',
        params: attendanceDayParamsSchema,
        response: { 200: attendanceDetailSchema, ...readProblems },
      },
    },
    async (r) => s.getDay(callerOf(r), r.params.msisdnId, r.params.date),
  );
  app.put(
    '/:msisdnId/:date/override',
    {
      config: { permission: 'attendance.override' },
      schema: {
        tags,
        summary: 'Set (or, with status null, remove) a manual status with a reason',
        params: attendanceDayParamsSchema,
        body: attendanceOverrideSchema,
        response: { 200: attendanceDaySchema, ...writeProblems },
      },
    },
    async (r) => s.overrideDay(callerOf(r), r.params.msisdnId, r.params.date, r.body),
  );
};
