import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  meSchema,
  piaAcknowledgeSchema,
  problemSchema,
  userLocaleSchema,
} from '@lbs/contracts';
import type { UserManagementService } from './service.ts';

const tags = ['user-management'];
const authProblems = { 401: problemSchema, 403: problemSchema };

/** The caller's own account (SPEC §7 `GET /user-management/me`); every route needs a bearer token. */
export const userManagementRoutes: FastifyPluginAsyncZod<{ service: UserManagementService }> = async (
  app,
  { service },
) => {
  app.get(
    '/me',
    {
      config: { authenticatedOnly: true },
      schema: {
        tags,
        summary: 'The current user: profile, roles, company configuration and due invoices',
        response: { 200: meSchema, ...authProblems },
      },
    },
    async (request) => service.me(request.auth),
  );

  app.post(
    '/me/pia',
    {
      config: { authenticatedOnly: true },
      schema: {
        tags,
        summary: 'Accept the acknowledgement notice',
        body: piaAcknowledgeSchema,
        response: { 200: meSchema, 400: problemSchema, ...authProblems },
      },
    },
    async (request) => service.acknowledgePia(request.auth, request.id),
  );

  app.put(
    '/me/locale',
    {
      config: { authenticatedOnly: true },
      schema: {
        tags,
        summary: "The current user's portal language, in which notifications by e-mail and SMS are written",
        body: userLocaleSchema,
        response: { 204: z.null().describe('Language recorded'), 400: problemSchema, ...authProblems },
      },
    },
    async (request, reply) => {
      await service.setLocale(request.auth, request.body.locale, request.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/me/password',
    {
      config: {
        authenticatedOnly: true,
        // Guessing the old password with a stolen token must not bypass the login lockout.
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `password:${request.auth.id}`,
        },
      },
      schema: {
        tags,
        summary: "Change the current user's password",
        body: changePasswordSchema,
        response: {
          204: z.null().describe('Password changed'),
          400: problemSchema,
          429: problemSchema,
          ...authProblems,
        },
      },
    },
    async (request, reply) => {
      await service.changePassword(request.auth, request.body, request.id);
      return reply.status(204).send(null);
    },
  );
};
