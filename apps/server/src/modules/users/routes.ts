import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationAcceptedSchema,
  invitationAcceptSchema,
  invitationSentSchema,
  invitationVerifiedSchema,
  invitationVerifySchema,
  objectIdParamSchema,
  problemSchema,
  userCreateSchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
  userUpdateSchema,
} from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { readProblems, writeProblems } from '../../access/route-support.ts';
import type { InvitationsService } from './invitations.ts';
import type { UsersService } from './service.ts';

const tags = ['users'];

/** /users: portal administrators. Reads SuperAdmin and CompanyAdmin (its company); writes SuperAdmin. */
export const userRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.get(
    '/',
    {
      config: { permission: 'user.list' },
      schema: {
        tags,
        summary: 'Portal users in scope',
        querystring: userListQuerySchema,
        response: { 200: userPageSchema, ...readProblems },
      },
    },
    async (request) => service.list(callerOf(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'user.read' },
      schema: {
        tags,
        summary: 'One portal user',
        params: objectIdParamSchema,
        response: { 200: userSchema, ...readProblems },
      },
    },
    async (request) => service.get(callerOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { permission: 'user.create' },
      schema: {
        tags,
        summary: 'Add a portal user; an invitation e-mail with a security code goes to the e-mail address',
        body: userCreateSchema,
        response: { 201: userSchema, ...writeProblems },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'user.update' },
      schema: {
        tags,
        summary:
          'Edit a portal user (roles, placement, active); deactivating ends the user’s sessions at once',
        params: objectIdParamSchema,
        body: userUpdateSchema,
        response: { 200: userSchema, ...writeProblems },
      },
    },
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'user.delete' },
      schema: {
        tags,
        summary: 'Delete a portal user without audit history',
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
    '/:id/invitation',
    {
      config: { permission: 'user.resendInvitation' },
      schema: {
        tags,
        summary: 'Send a new security code to a user who has not set a password yet',
        params: objectIdParamSchema,
        response: { 200: invitationSentSchema, ...writeProblems },
      },
    },
    async (request) => service.resendInvitation(callerOf(request), request.params.id),
  );
};

/** Public: the set-password page checks the code, then sets the password (rate-limited per client address). */
export const invitationRoutes: FastifyPluginAsyncZod<{ service: InvitationsService }> = async (
  app,
  { service },
) => {
  const limit = { max: 20, timeWindow: '1 minute' };
  const problems = { 400: problemSchema, 429: problemSchema };
  app.post(
    '/verify',
    {
      config: { public: true, rateLimit: limit },
      schema: {
        tags: ['invitations'],
        summary: 'Check an invitation code',
        security: [],
        body: invitationVerifySchema,
        response: { 200: invitationVerifiedSchema, ...problems },
      },
    },
    async (request) => service.verify(request.body),
  );
  app.post(
    '/accept',
    {
      config: { public: true, rateLimit: limit },
      schema: {
        tags: ['invitations'],
        summary: 'Set the password with an invitation code',
        security: [],
        body: invitationAcceptSchema,
        response: { 200: invitationAcceptedSchema, ...problems },
      },
    },
    async (request) => service.accept(request.body, request.id),
  );
};
