import { beforeAll, describe, expect, it } from 'vitest';
import { CALLERS, useOrgFixtures, type OrgFixtures, type Who } from './test-fixtures.ts';

/**
 * Every organisation endpoint × {anonymous, SuperAdmin, CompanyAdmin, DepartmentAdmin, ZoneAdmin of company A,
 * CompanyAdmin of company B} × {own object (A, inside the DepartmentAdmin's department and the ZoneAdmin's zone),
 * sibling object (A, another department and zone), foreign object (B)} → the exact status.
 *
 * The expectations are written out by hand (not derived from the permission table), so a wrong table fails here.
 * Columns: anon SA CA DA ZA CB. 401 anonymous · 403 the role may not do this at all · 404 outside the caller's scope
 * · 400 a body naming another company · 2xx allowed.
 */
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path; `{id}` is replaced by the target's id (a fresh one per caller when `fresh` is set). */
  path: string;
  target?: (f: OrgFixtures) => Promise<number | string>;
  /** Destructive cases get a new object per caller. */
  fresh?: boolean;
  body?: (f: OrgFixtures) => unknown | Promise<unknown>;
  headers?: Record<string, string>;
  expect: string;
}

const f = useOrgFixtures();
let zoneB: number;

const A = 'ALPHA';
const B = 'BETA';

const unit =
  (table: 'departments' | 'zones' | 'designations', code: string, name: string) => (x: OrgFixtures) =>
    x.unitId(table, code, name);
const freshUnit = (table: 'departments' | 'zones' | 'designations', code: string) => (x: OrgFixtures) =>
  x.freshUnit(table, code);
const named = (x: OrgFixtures, extra: Record<string, unknown> = {}) => ({
  name: `Matrix ${x.unique()}`,
  description: 'created by the matrix',
  ...extra,
});

const CASES: Case[] = [
  // Companies: reads SuperAdmin + CompanyAdmin (own); writes SuperAdmin.
  { name: 'list companies', method: 'GET', path: '/companies', expect: '401 200 200 403 403 200' },
  {
    name: 'read company A',
    method: 'GET',
    path: '/companies/{id}',
    target: (x) => x.companyId(A),
    expect: '401 200 200 403 403 404',
  },
  {
    name: 'read company B',
    method: 'GET',
    path: '/companies/{id}',
    target: (x) => x.companyId(B),
    expect: '401 200 404 403 403 200',
  },
  {
    name: 'add company',
    method: 'POST',
    path: '/companies',
    body: (x) => ({ name: `Matrix ${x.unique()}`, code: `M${x.unique()}`.toUpperCase().slice(0, 20) }),
    expect: '401 201 403 403 403 403',
  },
  {
    name: 'edit company A',
    method: 'PATCH',
    path: '/companies/{id}',
    target: (x) => x.companyId(A),
    body: () => ({ address: 'Riyadh HQ' }),
    expect: '401 200 403 403 403 403',
  },
  {
    name: 'edit company B',
    method: 'PATCH',
    path: '/companies/{id}',
    target: (x) => x.companyId(B),
    body: () => ({ address: 'Milan HQ' }),
    expect: '401 200 403 403 403 403',
  },
  {
    name: 'delete an empty company',
    method: 'DELETE',
    path: '/companies/{id}',
    fresh: true,
    target: (x) => x.freshCompany(),
    expect: '401 204 403 403 403 403',
  },

  // Departments: DepartmentAdmin its own; ZoneAdmin reads the company's; add/delete SuperAdmin + CompanyAdmin.
  { name: 'list departments', method: 'GET', path: '/departments', expect: '401 200 200 200 200 200' },
  {
    name: 'read own department',
    method: 'GET',
    path: '/departments/{id}',
    target: unit('departments', A, 'Field Operations'),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'read sibling department',
    method: 'GET',
    path: '/departments/{id}',
    target: unit('departments', A, 'Warehouse'),
    expect: '401 200 200 404 200 404',
  },
  {
    name: 'read foreign department',
    method: 'GET',
    path: '/departments/{id}',
    target: unit('departments', B, 'Site Crew'),
    expect: '401 200 404 404 404 200',
  },
  {
    name: 'add department to A',
    method: 'POST',
    path: '/departments',
    body: async (x) => named(x, { companyId: await x.companyId(A) }),
    expect: '401 201 201 403 403 400',
  },
  {
    name: 'add department to B',
    method: 'POST',
    path: '/departments',
    body: async (x) => named(x, { companyId: await x.companyId(B) }),
    expect: '401 201 400 403 403 201',
  },
  {
    name: 'edit own department',
    method: 'PATCH',
    path: '/departments/{id}',
    target: unit('departments', A, 'Field Operations'),
    body: () => ({ description: 'Field work' }),
    expect: '401 200 200 200 403 404',
  },
  {
    name: 'edit sibling department',
    method: 'PATCH',
    path: '/departments/{id}',
    target: unit('departments', A, 'Warehouse'),
    body: () => ({ description: 'Stock' }),
    expect: '401 200 200 404 403 404',
  },
  {
    name: 'edit foreign department',
    method: 'PATCH',
    path: '/departments/{id}',
    target: unit('departments', B, 'Site Crew'),
    body: () => ({ description: 'Crew' }),
    expect: '401 200 404 404 403 200',
  },
  {
    name: 'delete department of A',
    method: 'DELETE',
    path: '/departments/{id}',
    fresh: true,
    target: freshUnit('departments', A),
    expect: '401 204 204 403 403 404',
  },
  {
    name: 'delete department of B',
    method: 'DELETE',
    path: '/departments/{id}',
    fresh: true,
    target: freshUnit('departments', B),
    expect: '401 204 404 403 403 204',
  },

  // Zones: ZoneAdmin its own (edit: ZoneAdmin only); DepartmentAdmin reads the company's; add/delete CompanyAdmin.
  { name: 'list zones', method: 'GET', path: '/zones', expect: '401 200 200 200 200 200' },
  {
    name: 'read own zone',
    method: 'GET',
    path: '/zones/{id}',
    target: unit('zones', A, 'North'),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'read sibling zone',
    method: 'GET',
    path: '/zones/{id}',
    target: unit('zones', A, 'South'),
    expect: '401 200 200 200 404 404',
  },
  {
    name: 'read foreign zone',
    method: 'GET',
    path: '/zones/{id}',
    target: () => Promise.resolve(zoneB),
    expect: '401 200 404 404 404 200',
  },
  {
    name: 'add zone to A',
    method: 'POST',
    path: '/zones',
    body: async (x) => named(x, { companyId: await x.companyId(A) }),
    expect: '401 403 201 403 403 400',
  },
  {
    name: 'add zone to B',
    method: 'POST',
    path: '/zones',
    body: async (x) => named(x, { companyId: await x.companyId(B) }),
    expect: '401 403 400 403 403 201',
  },
  {
    name: 'edit own zone',
    method: 'PATCH',
    path: '/zones/{id}',
    target: unit('zones', A, 'North'),
    body: () => ({ description: 'Northern area' }),
    expect: '401 403 403 403 200 403',
  },
  {
    name: 'edit sibling zone',
    method: 'PATCH',
    path: '/zones/{id}',
    target: unit('zones', A, 'South'),
    body: () => ({ description: 'Southern area' }),
    expect: '401 403 403 403 404 403',
  },
  {
    name: 'edit foreign zone',
    method: 'PATCH',
    path: '/zones/{id}',
    target: () => Promise.resolve(zoneB),
    body: () => ({ description: 'Cantiere' }),
    expect: '401 403 403 403 404 403',
  },
  {
    name: 'delete zone of A',
    method: 'DELETE',
    path: '/zones/{id}',
    fresh: true,
    target: freshUnit('zones', A),
    expect: '401 403 204 403 403 404',
  },
  {
    name: 'delete zone of B',
    method: 'DELETE',
    path: '/zones/{id}',
    fresh: true,
    target: freshUnit('zones', B),
    expect: '401 403 404 403 403 204',
  },

  // Designations: the company's list for every role.
  { name: 'list designations', method: 'GET', path: '/designations', expect: '401 200 200 200 200 200' },
  {
    name: 'read own designation',
    method: 'GET',
    path: '/designations/{id}',
    target: unit('designations', A, 'Driver'),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'read foreign designation',
    method: 'GET',
    path: '/designations/{id}',
    target: unit('designations', B, 'Site Engineer'),
    expect: '401 200 404 404 404 200',
  },
  {
    name: 'add designation to A',
    method: 'POST',
    path: '/designations',
    body: async (x) => named(x, { companyId: await x.companyId(A) }),
    expect: '401 201 201 201 201 400',
  },
  {
    name: 'add designation to B',
    method: 'POST',
    path: '/designations',
    body: async (x) => named(x, { companyId: await x.companyId(B) }),
    expect: '401 201 400 400 400 201',
  },
  {
    name: 'edit own designation',
    method: 'PATCH',
    path: '/designations/{id}',
    target: unit('designations', A, 'Driver'),
    body: () => ({ description: 'Drives' }),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'edit foreign designation',
    method: 'PATCH',
    path: '/designations/{id}',
    target: unit('designations', B, 'Site Engineer'),
    body: () => ({ description: 'Builds' }),
    expect: '401 200 404 404 404 200',
  },
  {
    name: 'delete designation of A',
    method: 'DELETE',
    path: '/designations/{id}',
    fresh: true,
    target: freshUnit('designations', A),
    expect: '401 204 204 204 204 404',
  },
  {
    name: 'delete designation of B',
    method: 'DELETE',
    path: '/designations/{id}',
    fresh: true,
    target: freshUnit('designations', B),
    expect: '401 204 404 404 404 204',
  },

  // Employee MSISDNs: scoped reads/edits for all; add, delete and import SuperAdmin.
  { name: 'list msisdns', method: 'GET', path: '/msisdns', expect: '401 200 200 200 200 200' },
  {
    name: 'msisdn directory',
    method: 'GET',
    path: '/msisdns/directory',
    expect: '401 200 200 200 200 200',
  },
  {
    name: 'read own msisdn',
    method: 'GET',
    path: '/msisdns/{id}',
    target: (x) => x.msisdnIn(A, 'Field Operations', 'North'),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'read sibling msisdn',
    method: 'GET',
    path: '/msisdns/{id}',
    target: (x) => x.msisdnIn(A, 'Warehouse', 'South'),
    expect: '401 200 200 404 404 404',
  },
  {
    name: 'read foreign msisdn',
    method: 'GET',
    path: '/msisdns/{id}',
    target: (x) => x.msisdnIn(B, 'Site Crew'),
    expect: '401 200 404 404 404 200',
  },
  {
    name: 'add msisdn to A',
    method: 'POST',
    path: '/msisdns',
    body: async (x) => ({
      companyId: await x.companyId(A),
      msisdn: x.nextNumber(),
      employeeName: 'Matrix Employee',
      departmentId: await x.unitId('departments', A, 'Field Operations'),
      designationId: await x.unitId('designations', A, 'Driver'),
    }),
    expect: '401 201 403 403 403 403',
  },
  {
    name: 'add msisdn to B',
    method: 'POST',
    path: '/msisdns',
    body: async (x) => ({
      companyId: await x.companyId(B),
      msisdn: x.nextNumber(),
      employeeName: 'Matrix Employee',
      departmentId: await x.unitId('departments', B, 'Site Crew'),
      designationId: await x.unitId('designations', B, 'Foreman'),
    }),
    expect: '401 201 403 403 403 403',
  },
  {
    name: 'edit own msisdn',
    method: 'PATCH',
    path: '/msisdns/{id}',
    target: (x) => x.msisdnIn(A, 'Field Operations', 'North'),
    body: () => ({ employeeCode: 'OWN-1' }),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'edit sibling msisdn',
    method: 'PATCH',
    path: '/msisdns/{id}',
    target: (x) => x.msisdnIn(A, 'Warehouse', 'South'),
    body: () => ({ employeeCode: 'SIB-1' }),
    expect: '401 200 200 404 404 404',
  },
  {
    name: 'edit foreign msisdn',
    method: 'PATCH',
    path: '/msisdns/{id}',
    target: (x) => x.msisdnIn(B, 'Site Crew'),
    body: () => ({ employeeCode: 'FOR-1' }),
    expect: '401 200 404 404 404 200',
  },
  {
    name: 'delete own msisdn',
    method: 'DELETE',
    path: '/msisdns/{id}',
    fresh: true,
    target: (x) => x.freshMsisdn(A, 'Field Operations', 'Driver', 'North'),
    expect: '401 204 403 403 403 403',
  },
  {
    name: 'delete foreign msisdn',
    method: 'DELETE',
    path: '/msisdns/{id}',
    fresh: true,
    target: (x) => x.freshMsisdn(B, 'Site Crew', 'Foreman'),
    expect: '401 204 403 403 403 403',
  },
  {
    name: 'resend consent, own msisdn',
    method: 'POST',
    path: '/msisdns/{id}/consent-request',
    fresh: true,
    target: (x) => x.freshMsisdn(A, 'Field Operations', 'Driver', 'North'),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'resend consent, sibling msisdn',
    method: 'POST',
    path: '/msisdns/{id}/consent-request',
    fresh: true,
    target: (x) => x.freshMsisdn(A, 'Warehouse', 'Driver', 'South'),
    expect: '401 200 200 404 404 404',
  },
  {
    name: 'resend consent, foreign msisdn',
    method: 'POST',
    path: '/msisdns/{id}/consent-request',
    fresh: true,
    target: (x) => x.freshMsisdn(B, 'Site Crew', 'Foreman'),
    expect: '401 200 404 404 404 200',
  },
  {
    name: 'import msisdns into A',
    method: 'POST',
    path: '/msisdns/imports?companyId={id}',
    target: (x) => x.companyId(A),
    headers: { 'content-type': 'text/csv' },
    body: (x) =>
      `msisdn,employeeName,department,designation\n${x.nextNumber()},Imported Employee,Field Operations,Driver\n`,
    expect: '401 202 403 403 403 403',
  },
  {
    name: 'import template',
    method: 'GET',
    path: '/msisdns/imports/template.csv',
    expect: '401 200 403 403 403 403',
  },
  {
    name: 'import progress',
    method: 'GET',
    path: '/msisdns/imports/{id}',
    target: (x) => importJobOf(x),
    expect: '401 200 403 403 403 403',
  },

  // Portal users: reads SuperAdmin + CompanyAdmin (own company); writes SuperAdmin.
  { name: 'list users', method: 'GET', path: '/users', expect: '401 200 200 403 403 200' },
  {
    name: 'read own-company user',
    method: 'GET',
    path: '/users/{id}',
    target: (x) => x.userId('deptadmin'),
    expect: '401 200 200 403 403 404',
  },
  {
    name: 'read foreign user',
    method: 'GET',
    path: '/users/{id}',
    target: (x) => x.userId('companyadmin2'),
    expect: '401 200 404 403 403 200',
  },
  {
    name: 'add user',
    method: 'POST',
    path: '/users',
    body: async (x) => {
      const name = `matrix.${x.unique()}`;
      return {
        fullName: 'Matrix User',
        username: name,
        email: `${name}@example.com`,
        roles: ['CompanyAdmin'],
        companyId: await x.companyId(A),
      };
    },
    expect: '401 201 403 403 403 403',
  },
  {
    name: 'edit own-company user',
    method: 'PATCH',
    path: '/users/{id}',
    fresh: true,
    target: (x) => x.freshUser(A),
    body: () => ({ notes: 'edited' }),
    expect: '401 200 403 403 403 403',
  },
  {
    name: 'edit foreign user',
    method: 'PATCH',
    path: '/users/{id}',
    fresh: true,
    target: (x) => x.freshUser(B),
    body: () => ({ notes: 'edited' }),
    expect: '401 200 403 403 403 403',
  },
  {
    name: 'delete user',
    method: 'DELETE',
    path: '/users/{id}',
    fresh: true,
    target: (x) => x.freshUser(A),
    expect: '401 204 403 403 403 403',
  },
  {
    name: 'resend invitation',
    method: 'POST',
    path: '/users/{id}/invitation',
    fresh: true,
    target: (x) => x.freshUser(A),
    expect: '401 200 403 403 403 403',
  },

  // Roles: SuperAdmin (/role/list).
  { name: 'list roles', method: 'GET', path: '/roles', expect: '401 200 403 403 403 403' },
  {
    name: 'read role',
    method: 'GET',
    path: '/roles/{id}',
    target: () => Promise.resolve('ZoneAdmin'),
    expect: '401 200 403 403 403 403',
  },
];

let importJob: string | undefined;
async function importJobOf(x: OrgFixtures): Promise<string> {
  if (!importJob) {
    const response = await x.call(
      'SA',
      'POST',
      `/msisdns/imports?companyId=${await x.companyId(A)}`,
      `msisdn,employeeName,department,designation\n${x.nextNumber()},Job Employee,Warehouse,Driver\n`,
      {
        'content-type': 'text/csv',
      },
    );
    importJob = response.json().id as string;
  }
  return importJob;
}

beforeAll(async () => {
  // Company B gets zones too, so a foreign zone exists and its admin can add one.
  await f.db.updateTable('companies').set({ zone_enabled: true }).where('code', '=', B).execute();
  zoneB = (
    await f.db
      .insertInto('zones')
      .values({ company_id: await f.companyId(B), name: 'Cantiere Nord', description: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

describe('authorization matrix', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const expected = c.expect.split(/\s+/).map(Number);
    expect(expected).toHaveLength(CALLERS.length);
    const shared = c.target && !c.fresh ? await c.target(f) : undefined;
    const actual: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const [i, who] of CALLERS.entries()) {
      const id = c.fresh && c.target ? await c.target(f) : shared;
      const path = id === undefined ? c.path : c.path.replace('{id}', String(id));
      const body = c.body ? await c.body(f) : undefined;
      const response = await f.call(who as Who, c.method, path, body, c.headers);
      actual[who] = response.statusCode;
      wanted[who] = expected[i]!;
      if (response.statusCode >= 400) {
        expect(response.headers['content-type'], `${who} ${c.method} ${path}`).toMatch(
          /^application\/problem\+json/,
        );
      }
    }
    expect(actual).toEqual(wanted);
  });

  it('answers 403 before looking at the body when the role may not act at all', async () => {
    for (const [who, path] of [
      ['CA', '/companies'],
      ['DA', '/departments'],
      ['SA', '/zones'],
      ['ZA', '/msisdns'],
      ['CB', '/users'],
    ] as const) {
      const response = await f.call(who, 'POST', path, { nonsense: true });
      expect(response.statusCode, `${who} POST ${path}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'auth.forbidden' });
    }
  });

  it('answers a missing object exactly like one outside the scope', async () => {
    const foreign = await f.call('CA', 'GET', `/msisdns/${await f.msisdnIn(B, 'Site Crew')}`);
    const missing = await f.call('CA', 'GET', '/msisdns/999999');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    expect(strip(foreign.json())).toEqual(strip(missing.json()));
  });
});

describe('lists stay inside the scope', () => {
  const cases: [string, Who, (x: OrgFixtures) => Promise<(item: Record<string, unknown>) => boolean>][] = [
    [
      '/msisdns',
      'CA',
      async (x) => {
        const a = await x.companyId(A);
        return (i) => i['companyId'] === a;
      },
    ],
    [
      '/msisdns',
      'DA',
      async (x) => {
        const d = await x.unitId('departments', A, 'Field Operations');
        return (i) => i['departmentId'] === d;
      },
    ],
    [
      '/msisdns',
      'ZA',
      async (x) => {
        const z = await x.unitId('zones', A, 'North');
        return (i) => i['zoneId'] === z;
      },
    ],
    [
      '/msisdns',
      'CB',
      async (x) => {
        const b = await x.companyId(B);
        return (i) => i['companyId'] === b;
      },
    ],
    [
      '/departments',
      'DA',
      async (x) => {
        const d = await x.unitId('departments', A, 'Field Operations');
        return (i) => i['id'] === d;
      },
    ],
    [
      '/departments',
      'ZA',
      async (x) => {
        const a = await x.companyId(A);
        return (i) => i['companyId'] === a;
      },
    ],
    [
      '/zones',
      'ZA',
      async (x) => {
        const z = await x.unitId('zones', A, 'North');
        return (i) => i['id'] === z;
      },
    ],
    [
      '/zones',
      'DA',
      async (x) => {
        const a = await x.companyId(A);
        return (i) => i['companyId'] === a;
      },
    ],
    [
      '/designations',
      'ZA',
      async (x) => {
        const a = await x.companyId(A);
        return (i) => i['companyId'] === a;
      },
    ],
    [
      '/users',
      'CA',
      async (x) => {
        const a = await x.companyId(A);
        return (i) => i['companyId'] === a;
      },
    ],
    [
      '/companies',
      'CB',
      async (x) => {
        const b = await x.companyId(B);
        return (i) => i['id'] === b;
      },
    ],
  ];
  it.each(cases)('%s as %s', async (path, who, predicate) => {
    const inScope = await predicate(f);
    // A filter naming another company narrows nothing beyond the scope: it only filters inside it.
    const queries = ['?size=100'];
    if (path !== '/companies') queries.push(`?size=100&companyId=${await f.companyId(who === 'CB' ? A : B)}`);
    for (const query of queries) {
      const response = await f.call(who, 'GET', `${path}${query}`);
      expect(response.statusCode).toBe(200);
      const body = response.json() as { items: Record<string, unknown>[]; total: number };
      expect(body.items.every(inScope)).toBe(true);
      if (query.includes('companyId')) expect(body.total).toBe(0);
      else expect(body.items.length).toBeGreaterThan(0);
    }
  });

  it('counts what the scope holds: DepartmentAdmin sees the MSISDNs of its department only', async () => {
    const d = await f.unitId('departments', A, 'Field Operations');
    const inDb = await f.db
      .selectFrom('msisdns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('department_id', '=', d)
      .executeTakeFirstOrThrow();
    const response = await f.call('DA', 'GET', '/msisdns?size=1');
    expect(response.json()).toMatchObject({ total: Number(inDb.n), page: 1, size: 1 });
  });
});
