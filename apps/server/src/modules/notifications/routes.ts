import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  problemSchema,
  idParamSchema,
  notificationDeliveryListQuerySchema,
  notificationDeliveryPageSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationReadAllSchema,
  notificationRuleCreateSchema,
  notificationRuleListQuerySchema,
  notificationRulePageSchema,
  notificationRuleSchema,
  notificationRuleTestResultSchema,
  notificationRuleUpdateSchema,
  notificationSchema,
  notificationUnreadCountSchema,
} from '@lbs/contracts';
import { authorize, callerOf } from '../../access/caller.ts';
import { readProblems, writeProblems } from '../../access/route-support.ts';
import type { InboxService } from './inbox.ts';
import type { InboxStreams } from './stream.ts';
import type { NotificationRulesService } from './rules-service.ts';

/** /notification-rules: the rules of the caller's tier (a CompanyAdmin the company's, a unit admin its unit's). */
export const notificationRuleRoutes: FastifyPluginAsyncZod<{ service: NotificationRulesService }> = async (
  app,
  { service: s },
) => {
  const tags = ['notification-rules'];
  app.get(
    '/',
    {
      config: { permission: 'notificationRule.list' },
      schema: {
        tags,
        summary: 'The notification rules of the caller’s tier',
        querystring: notificationRuleListQuerySchema,
        response: { 200: notificationRulePageSchema, ...readProblems },
      },
    },
    async (r) => s.list(callerOf(r), r.query),
  );
  app.post(
    '/',
    {
      config: { permission: 'notificationRule.create' },
      schema: {
        tags,
        summary: 'Add a rule in the caller’s tier (a SuperAdmin names the company)',
        body: notificationRuleCreateSchema,
        response: { 201: notificationRuleSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.code(201).send(await s.create(callerOf(r), r.body)),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'notificationRule.read' },
      schema: {
        tags,
        summary: 'One rule',
        params: idParamSchema,
        response: { 200: notificationRuleSchema, ...readProblems },
      },
    },
    async (r) => s.get(callerOf(r), r.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'notificationRule.update' },
      schema: {
        tags,
        summary: 'Change a rule; `active: false` pauses it',
        params: idParamSchema,
        body: notificationRuleUpdateSchema,
        response: { 200: notificationRuleSchema, ...writeProblems },
      },
    },
    async (r) => s.update(callerOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'notificationRule.delete' },
      schema: {
        tags,
        summary: 'Delete a rule (what it delivered stays in the inboxes)',
        params: idParamSchema,
        response: { 204: z.null(), ...writeProblems },
      },
    },
    async (r, reply) => {
      await s.remove(callerOf(r), r.params.id);
      return reply.code(204).send(null);
    },
  );
  await app.register(ruleDeliveryRoutes, { service: s });
};

/**
 * GET /notification-rules/{id}/deliveries: the delivery log of a rule ("I didn't get it" has an answer); POST
 * /notification-rules/{id}/test: a test of it, sent to the caller only.
 */
const ruleDeliveryRoutes: FastifyPluginAsyncZod<{ service: NotificationRulesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:id/deliveries',
    {
      config: { permission: 'notificationRule.read' },
      schema: {
        tags: ['notification-rules'],
        summary: 'What a rule delivered, newest first: each recipient and channel, sent or why not',
        params: idParamSchema,
        querystring: notificationDeliveryListQuerySchema,
        response: { 200: notificationDeliveryPageSchema, ...readProblems },
      },
    },
    async (r) => service.deliveries(callerOf(r), r.params.id, r.query),
  );
  app.post(
    '/:id/test',
    {
      config: { permission: 'notificationRule.update' },
      schema: {
        tags: ['notification-rules'],
        summary:
          'Send a test of the rule to the caller only: in the inbox, and by e-mail when the rule sends e-mail (never SMS)',
        params: idParamSchema,
        response: { 200: notificationRuleTestResultSchema, ...writeProblems },
      },
    },
    async (r) => service.test(callerOf(r), r.params.id),
  );
};

/** /notifications: the caller's own in-app notifications (the bell and the inbox). */
export const notificationRoutes: FastifyPluginAsyncZod<{
  inbox: InboxService;
  streams: InboxStreams;
}> = async (app, { inbox, streams }) => {
  const tags = ['notifications'];
  app.get(
    '/stream',
    {
      config: {
        permission: 'notification.list',
        openapi: {
          response: { 200: z.string().describe('text/event-stream: `ready`, then `notification` events') },
        },
      },
      schema: {
        tags,
        summary:
          'Server-sent events for the bell: `ready`, then `notification` whenever the caller’s inbox changes (ask the API again); heartbeat comments every 15 s',
        produces: ['text/event-stream'],
        response: { 401: problemSchema, 403: problemSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      authorize(caller, 'notification', 'list');
      streams.open(caller, request, reply);
    },
  );
  app.get(
    '/',
    {
      config: { permission: 'notification.list' },
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first (`unread=true`: only those not read yet)',
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema, ...readProblems },
      },
    },
    async (r) => inbox.list(callerOf(r), r.query),
  );
  app.get(
    '/unread-count',
    {
      config: { permission: 'notification.list' },
      schema: {
        tags,
        summary: 'How many of the caller’s notifications are unread (the bell)',
        response: { 200: notificationUnreadCountSchema, ...readProblems },
      },
    },
    async (r) => inbox.unreadCount(callerOf(r)),
  );
  app.post(
    '/read-all',
    {
      config: { permission: 'notification.read' },
      schema: {
        tags,
        summary: 'Mark every notification of the caller read',
        response: { 200: notificationReadAllSchema, ...readProblems },
      },
    },
    async (r) => inbox.readAll(callerOf(r)),
  );
  app.post(
    '/:id/read',
    {
      config: { permission: 'notification.read' },
      schema: {
        tags,
        summary: 'Mark one of the caller’s notifications read (another user’s answers 404)',
        params: idParamSchema,
        response: { 200: notificationSchema, ...readProblems },
      },
    },
    async (r) => inbox.read(callerOf(r), r.params.id),
  );
};
