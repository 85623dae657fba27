import type { FastifyInstance } from 'fastify';
import { can, problemSchema, type Permission, type PermissionResource } from '@lbs/contracts';
import { forbidden } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared permission table's `resource.action` this route performs; checked before the body is validated. */
    permission?: Permission;
  }
}

/**
 * 403 before validation: a role that may not perform the action at all learns nothing about the body's rules.
 * The services check the same table again (a service called from elsewhere stays safe).
 */
export function installPermissionCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission || request.routeOptions.config?.public) return;
    const [resource, action] = permission.split('.') as [PermissionResource, string];
    if (!can(request.auth.role, resource, action as never)) throw forbidden();
  });
}

export const readProblems = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
} as const;
export const writeProblems = { ...readProblems, 409: problemSchema } as const;
