import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceTokenSchema,
  deviceTokenStatusSchema,
  locateResultSchema,
  monitorPositionsQuerySchema,
  monitorPositionsSchema,
  objectIdParamSchema,
  positionHistoryQuerySchema,
  positionHistorySchema,
  problemSchema,
  type MonitorPositions,
} from '@lbs/contracts';
import { authorize, callerOf } from '../../access/caller.ts';
import { readProblems } from '../../access/route-support.ts';
import type { PositionsService } from './service.ts';
import type { MonitorStreams } from './stream.ts';

export interface PositionRoutesOptions {
  service: PositionsService;
  /** The open Monitor streams of this process (the composition root ends them at shutdown). */
  streams: MonitorStreams;
}

/**
 * The Monitor page's API and the MSISDN's location actions (under the API base path, bearer token required):
 * latest positions in scope, their live stream, one MSISDN's history, locate now, and the tracking app's token.
 */
export const positionRoutes: FastifyPluginAsyncZod<PositionRoutesOptions> = async (
  app,
  { service, streams },
) => {
  app.get(
    '/monitor/positions',
    {
      config: { permission: 'location.view' },
      schema: {
        tags: ['monitor'],
        summary: 'Latest position of every MSISDN in scope',
        querystring: monitorPositionsQuerySchema,
        response: { 200: monitorPositionsSchema, ...readProblems },
      },
    },
    async (request, reply) => {
      const snapshot = await service.monitor(callerOf(request), request.query);
      // Already JSON of the 200 schema (built by the database): Fastify sends a Buffer as it is.
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      const body = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
        ? (reply.header('content-encoding', 'gzip'), await snapshot.gzip())
        : snapshot.body;
      return reply.send(body as unknown as MonitorPositions);
    },
  );

  app.get(
    '/monitor/stream',
    {
      config: {
        permission: 'location.view',
        openapi: {
          response: { 200: z.string().describe('text/event-stream: `ready`, then `position` events') },
        },
      },
      schema: {
        tags: ['monitor'],
        summary:
          'Server-sent events: `ready`, then `position` (a live position in scope, id = position id); heartbeat comments every 15 s',
        produces: ['text/event-stream'],
        response: { 401: problemSchema, 403: problemSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      authorize(caller, 'location', 'view');
      await streams.open(caller, request, reply);
    },
  );

  app.get(
    '/msisdns/:id/positions',
    {
      config: { permission: 'location.history' },
      schema: {
        tags: ['monitor'],
        summary: 'Position history of one MSISDN (default: the last 24 hours; at most 31 days)',
        params: objectIdParamSchema,
        querystring: positionHistoryQuerySchema,
        response: { 200: positionHistorySchema, ...readProblems },
      },
    },
    async (request) => service.history(callerOf(request), request.params.id, request.query),
  );

  app.post(
    '/msisdns/:id/locate',
    {
      config: { permission: 'location.locate' },
      schema: {
        tags: ['monitor'],
        summary:
          'Locate now through the mobile network (consent, tracking window and a per-company rate limit apply)',
        params: objectIdParamSchema,
        response: {
          200: locateResultSchema,
          ...readProblems,
          409: problemSchema,
          429: problemSchema,
          502: problemSchema,
        },
      },
    },
    async (request) => service.locateNow(callerOf(request), request.params.id),
  );

  app.get(
    '/msisdns/:id/device-token',
    {
      config: { permission: 'msisdn.issueDeviceToken' },
      schema: {
        tags: ['msisdns'],
        summary:
          'Whether the tracking app has a live device token (when issued, when last used); never the token',
        params: objectIdParamSchema,
        response: { 200: deviceTokenStatusSchema, ...readProblems },
      },
    },
    async (request) => service.deviceTokenStatus(callerOf(request), request.params.id),
  );

  app.post(
    '/msisdns/:id/device-token',
    {
      config: { permission: 'msisdn.issueDeviceToken' },
      schema: {
        tags: ['msisdns'],
        summary:
          'Issue a device token for the tracking app (OsmAnd/Traccar Client, OwnTracks); the previous one stops working',
        params: objectIdParamSchema,
        response: { 201: deviceTokenSchema, ...readProblems },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.issueDeviceToken(callerOf(request), request.params.id)),
  );

  app.delete(
    '/msisdns/:id/device-token',
    {
      config: { permission: 'msisdn.issueDeviceToken' },
      schema: {
        tags: ['msisdns'],
        summary: 'Revoke the tracking app’s device token',
        params: objectIdParamSchema,
        response: { 204: z.null(), ...readProblems },
      },
    },
    async (request, reply) => {
      await service.revokeDeviceToken(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
