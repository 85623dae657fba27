import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { can, type Permission, type PermissionAction, type PermissionResource } from '@lbs/contracts';
import { forbidden } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared permission table's `resource.action` this route performs; checked before the body is validated. */
    permission?: Permission;
    /** Any signed-in user may call it: it reaches only the caller's own account (/user-management/me). */
    authenticatedOnly?: boolean;
  }
}

/**
 * What a route of the API declares: a permission of the shared table, `authenticated` (any signed-in user, the
 * caller's own data), `public` (no bearer token: health, client config, invitations, webhooks), or nothing — which
 * the access check refuses and the route-coverage test lists.
 */
export type RouteAccess = Permission | 'authenticated' | 'public' | undefined;

export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

function accessOf(config: { permission?: Permission; authenticatedOnly?: boolean; public?: boolean } = {}) {
  if (config.public) return 'public';
  if (config.permission) return config.permission;
  if (config.authenticatedOnly) return 'authenticated';
  return undefined;
}

export function splitPermission(permission: Permission): [PermissionResource, string] {
  return permission.split('.') as [PermissionResource, string];
}

export interface RouteAccessOptions {
  /** Receives every route registered in the scope with what it declares (the coverage test reads it). */
  routes: ApiRoute[];
}

/**
 * The one permission check of the API, installed once for its whole scope (after the auth plugin): every route
 * registered in the scope must say who may call it (`config.permission`, `config.authenticatedOnly` or
 * `config.public`). A permission is checked against the shared table before the body is validated, so a role that
 * may not perform the action at all learns nothing about the body's rules (403); a route that declares nothing is
 * refused to everybody (403, logged) until it does. The services check the table again and then the scope (a
 * service called from elsewhere stays safe).
 */
export const routeAccess = fp<RouteAccessOptions>(
  async function routeAccess(app: FastifyInstance, { routes }) {
    app.addHook('onRoute', (route) => {
      if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
      const methods = ([] as HTTPMethods[]).concat(route.method);
      for (const method of methods) routes.push({ method, url: route.url, access: accessOf(route.config) });
    });
    app.addHook('preValidation', async (request) => {
      const access = accessOf(request.routeOptions.config);
      if (access === 'public' || access === 'authenticated') return;
      if (access === undefined) {
        request.log.error({ url: request.routeOptions.url }, 'route declares no access: refused');
        throw forbidden();
      }
      const [resource, action] = splitPermission(access);
      if (!can(request.auth.role, resource, action as PermissionAction<typeof resource>)) throw forbidden();
    });
  },
  { name: 'route-access' },
);
