import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH, ROLES, can, type Role } from '@lbs/contracts';
import { useTestServer } from '../../test/helpers.ts';
import { installProblemHandler } from '../lib/problem.ts';
import type { AuthUser } from './auth-user.ts';
import { routeAccess, splitPermission, type ApiRoute } from './route-access.ts';

const server = useTestServer();

const name = (r: ApiRoute) => `${r.method} ${r.url}`;

describe('every API route declares who may call it', () => {
  it('lists no route without a permission, `authenticatedOnly` or `public`', () => {
    const routes = server.apiRoutes;
    // Not vacuous: the organisation, location and account routes are all in the list.
    expect(routes.length).toBeGreaterThan(40);
    const undeclared = routes.filter((r) => r.access === undefined).map(name);
    expect(undeclared, 'routes without an access declaration').toEqual([]);
  });

  it('uses only permissions of the shared table, and names the expected ones', () => {
    const byName = new Map(server.apiRoutes.map((r) => [name(r), r.access]));
    const base = API_BASE_PATH;
    expect(byName.get(`GET ${base}/msisdns/:id`)).toBe('msisdn.read');
    expect(byName.get(`POST ${base}/msisdns/:id/locate`)).toBe('location.locate');
    expect(byName.get(`GET ${base}/msisdns/:id/positions`)).toBe('location.history');
    expect(byName.get(`GET ${base}/monitor/stream`)).toBe('location.view');
    expect(byName.get(`POST ${base}/msisdns/:id/device-token`)).toBe('msisdn.issueDeviceToken');
    expect(byName.get(`GET ${base}/user-management/me`)).toBe('authenticated');
    expect(byName.get(`GET ${base}/config`)).toBe('public');
    expect(byName.get(`POST ${base}/sms/inbound`)).toBe('public');
    for (const route of server.apiRoutes) {
      if (route.access === undefined || route.access === 'public' || route.access === 'authenticated')
        continue;
      const [resource, action] = splitPermission(route.access);
      // can() throws on an unknown action; every role is asked so each row is read.
      for (const role of ROLES)
        expect(typeof can(role, resource, action as never), name(route)).toBe('boolean');
    }
  });
});

describe('the access hook', () => {
  async function appWith(role: Role) {
    const routes: ApiRoute[] = [];
    const app = Fastify();
    installProblemHandler(app);
    app.decorateRequest('auth', null as unknown as AuthUser);
    app.addHook('onRequest', async (request) => {
      request.auth = { role } as AuthUser;
    });
    await app.register(routeAccess, { routes });
    app.get('/forgot', async () => ({ ok: true }));
    app.get('/open', { config: { public: true } }, async () => ({ ok: true }));
    app.get('/mine', { config: { authenticatedOnly: true } }, async () => ({ ok: true }));
    app.post('/companies', { config: { permission: 'company.create' } }, async () => ({ ok: true }));
    await app.ready();
    return { app, routes };
  }

  it('lists a route that declares nothing and refuses it to every role', async () => {
    for (const role of ROLES) {
      const { app, routes } = await appWith(role);
      expect(routes.filter((r) => r.access === undefined).map(name)).toEqual(['GET /forgot']);
      const refused = await app.inject({ method: 'GET', url: '/forgot' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'auth.forbidden' });
      expect((await app.inject({ method: 'GET', url: '/open' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/mine' })).statusCode).toBe(200);
      const create = await app.inject({ method: 'POST', url: '/companies' });
      expect(create.statusCode, role).toBe(can(role, 'company', 'create') ? 200 : 403);
      await app.close();
    }
  });
});
