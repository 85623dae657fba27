import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceTokenSchema,
  deviceTokenStatusSchema,
  locateResultSchema,
  monitorPositionColumnsSchema,
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

/** Smaller answers (a `since` refresh with a few changes) are sent as they are. */
const MIN_COMPRESSED_BYTES = 1024;

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
        summary:
          'Latest position of every MSISDN in scope (ETag: 304 on If-None-Match while unchanged), or with `since` what changed after that cursor; `format=columns` answers one array per field',
        querystring: monitorPositionsQuerySchema,
        response: { 200: z.union([monitorPositionsSchema, monitorPositionColumnsSchema]), ...readProblems },
      },
    },
    async (request, reply) => {
      const result = await service.monitor(
        callerOf(request),
        request.query,
        request.headers['if-none-match'],
      );
      // Browsers revalidate with If-None-Match before each reuse; the answer depends on the caller (private).
      reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, authorization');
      // No body and no serialiser for a 304 (the typed reply knows only the schema's statuses).
      if (result.status === 304)
        return (reply as FastifyReply).status(304).header('etag', result.etag).send();
      if (result.etag) reply.header('etag', result.etag);
      // Already JSON of the 200 schema (serialised once per snapshot version): Fastify sends a Buffer as it is.
      reply.type('application/json; charset=utf-8');
      const { answer } = result;
      const compress =
        answer.body.length >= MIN_COMPRESSED_BYTES &&
        /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
      const body = compress ? (reply.header('content-encoding', 'gzip'), await answer.gzip()) : answer.body;
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
