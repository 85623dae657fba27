import { describe, expect, it } from 'vitest';
import { CALLERS, useOrgFixtures, type OrgFixtures, type Who } from '../organisation/test-fixtures.ts';

/**
 * Every POI endpoint × {anonymous, SuperAdmin, CompanyAdmin, DepartmentAdmin, ZoneAdmin of company A, CompanyAdmin
 * of company B} → the exact status, written out by hand. Company-wide POIs are seen by every tier of their company and
 * changed by SuperAdmin and CompanyAdmin; a department's (zone's) POI is seen and changed by that unit's admin too.
 * Columns: anon SA CA DA ZA CB. 401 anonymous · 403 the role may not · 404 outside the scope · 400 a body the caller
 * may not send (a SuperAdmin names no company, a POI the caller does not see) · 2xx allowed.
 */
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  target?: (f: OrgFixtures) => Promise<number>;
  fresh?: boolean;
  body?: (f: OrgFixtures) => unknown | Promise<unknown>;
  expect: string;
}

const f = useOrgFixtures();
const A = 'ALPHA';
const ALL_DAY = { days: [1, 2, 3, 4, 5, 6, 7], windows: [{ start: '00:00', end: '00:00' }] };
const circle = { type: 'CIRCLE', center: { lat: 24.7, lon: 46.7 }, radiusM: 150 };

const poiByRef = (ref: string) => async (x: OrgFixtures) =>
  (await x.db.selectFrom('pois').select('id').where('external_ref', '=', ref).executeTakeFirstOrThrow()).id;

async function poiIn(x: OrgFixtures, department: string): Promise<number> {
  const d = await x.unitId('departments', A, department);
  const row = await x.db
    .insertInto('pois')
    .values({
      company_id: await x.companyId(A),
      department_id: d,
      name: `Matrix ${x.unique()}`,
      active: true,
      geometry: JSON.stringify(circle),
      bbox: '(46.71,24.71),(46.69,24.69)',
      centroid_lat: 24.7,
      centroid_lon: 46.7,
      area_m2: 70_000,
      r_eff_m: 150,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function assignmentOf(x: OrgFixtures, department: string, zone: string): Promise<number> {
  const msisdnId = await x.freshMsisdn(A, department, 'Driver', zone);
  const poiId = await poiByRef('ALPHA-HQ')(x);
  const row = await x.db
    .insertInto('poi_assignments')
    .values({
      company_id: await x.companyId(A),
      poi_id: poiId,
      msisdn_id: msisdnId,
      purpose: 'VISIT',
      days: JSON.stringify(ALL_DAY.days),
      windows: JSON.stringify(ALL_DAY.windows),
      notify_on_enter: false,
      notify_on_exit: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const CASES: Case[] = [
  { name: 'list POIs', method: 'GET', path: '/pois', expect: '401 200 200 200 200 200' },
  { name: 'map features', method: 'GET', path: '/pois/features', expect: '401 200 200 200 200 200' },
  { name: 'export', method: 'GET', path: '/pois/export?format=csv', expect: '401 200 200 200 200 200' },
  {
    name: 'read company-wide POI of A',
    method: 'GET',
    path: '/pois/{id}',
    target: poiByRef('ALPHA-HQ'),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'read POI of B',
    method: 'GET',
    path: '/pois/{id}',
    target: poiByRef('BETA-HQ'),
    expect: '401 200 404 404 404 200',
  },
  {
    name: "read POI of DA's department",
    method: 'GET',
    path: '/pois/{id}',
    target: (x) => poiIn(x, 'Field Operations'),
    expect: '401 200 200 200 404 404',
  },
  {
    name: 'read POI of a sibling department',
    method: 'GET',
    path: '/pois/{id}',
    target: (x) => poiIn(x, 'Warehouse'),
    expect: '401 200 200 404 404 404',
  },
  {
    name: 'who is inside a company-wide POI',
    method: 'GET',
    path: '/pois/{id}/presence',
    target: poiByRef('ALPHA-HQ'),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'add POI (own company; a SuperAdmin must name one)',
    method: 'POST',
    path: '/pois',
    body: (x) => ({ name: `Matrix ${x.unique()}`, geometry: circle }),
    expect: '401 400 201 201 201 201',
  },
  {
    name: 'edit company-wide POI of A',
    method: 'PATCH',
    path: '/pois/{id}',
    target: poiByRef('ALPHA-HQ'),
    body: () => ({ address: 'HQ' }),
    expect: '401 200 200 404 404 404',
  },
  {
    name: "edit POI of DA's department",
    method: 'PATCH',
    path: '/pois/{id}',
    target: (x) => poiIn(x, 'Field Operations'),
    body: () => ({ address: 'Dept' }),
    expect: '401 200 200 200 404 404',
  },
  {
    name: "delete POI of DA's department",
    method: 'DELETE',
    path: '/pois/{id}',
    target: (x) => poiIn(x, 'Field Operations'),
    fresh: true,
    expect: '401 204 204 204 404 404',
  },
  {
    name: 'check an import (SuperAdmin and CompanyAdmin)',
    method: 'POST',
    path: '/pois/imports',
    body: () => ({ format: 'csv', content: 'name,lat,lon,radius_m\nGate,24.7,46.7,100' }),
    expect: '401 400 200 403 403 200',
  },
  { name: 'list categories', method: 'GET', path: '/poi-categories', expect: '401 200 200 200 200 200' },
  {
    name: 'add category',
    method: 'POST',
    path: '/poi-categories',
    body: (x) => ({ name: `Matrix ${x.unique()}`, color: '#123456' }),
    expect: '401 400 201 403 403 201',
  },
  {
    name: 'edit category of A',
    method: 'PATCH',
    path: '/poi-categories/{id}',
    target: async (x) =>
      (
        await x.db
          .selectFrom('poi_categories')
          .select('id')
          .where('company_id', '=', await x.companyId(A))
          .where('name', '=', 'Offices')
          .executeTakeFirstOrThrow()
      ).id,
    body: () => ({ color: '#1565C0' }),
    expect: '401 200 200 403 403 404',
  },
  { name: 'list assignments', method: 'GET', path: '/poi-assignments', expect: '401 200 200 200 200 200' },
  {
    name: 'read assignment of an own MSISDN',
    method: 'GET',
    path: '/poi-assignments/{id}',
    target: (x) => assignmentOf(x, 'Field Operations', 'North'),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'read assignment of a sibling MSISDN',
    method: 'GET',
    path: '/poi-assignments/{id}',
    target: (x) => assignmentOf(x, 'Warehouse', 'South'),
    expect: '401 200 200 404 404 404',
  },
  {
    name: 'assign an own MSISDN to a company-wide POI',
    method: 'POST',
    path: '/poi-assignments',
    body: async (x) => ({
      poiId: await poiByRef('ALPHA-HQ')(x),
      msisdnIds: [await x.freshMsisdn(A, 'Field Operations', 'Driver', 'North')],
      purpose: 'VISIT',
      ...ALL_DAY,
    }),
    expect: '401 201 201 201 201 400',
  },
  {
    name: 'edit assignment of an own MSISDN',
    method: 'PATCH',
    path: '/poi-assignments/{id}',
    target: (x) => assignmentOf(x, 'Field Operations', 'North'),
    body: () => ({ notifyOnEnter: true }),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'remove assignment of an own MSISDN',
    method: 'DELETE',
    path: '/poi-assignments/{id}',
    target: (x) => assignmentOf(x, 'Field Operations', 'North'),
    fresh: true,
    expect: '401 204 204 204 204 404',
  },
  { name: 'list visits', method: 'GET', path: '/visits', expect: '401 200 200 200 200 200' },
  {
    name: "an own MSISDN's visits",
    method: 'GET',
    path: '/msisdns/{id}/visits',
    target: (x) => x.msisdnIn(A, 'Field Operations', 'North'),
    expect: '401 200 200 200 200 404',
  },
];

describe('POI authorization matrix', () => {
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
      const response = await f.call(who as Who, c.method, path, body);
      actual[who] = response.statusCode;
      wanted[who] = expected[i]!;
      if (response.statusCode >= 400)
        expect(response.headers['content-type'], `${who} ${c.method} ${path}`).toMatch(
          /^application\/problem\+json/,
        );
    }
    expect(actual).toEqual(wanted);
  });
});
