import { describe, expect, it } from 'vitest';
import { CALLERS, useOrgFixtures, type Who } from '../organisation/test-fixtures.ts';

/**
 * Every report endpoint × {anonymous, SuperAdmin, CompanyAdmin, DepartmentAdmin, ZoneAdmin of company A, CompanyAdmin
 * of company B} → the exact status, written out by hand. Every role runs reports; each report also needs the
 * permission of its data (usage — locate usage, billing — is the SuperAdmin's and CompanyAdmin's). A SuperAdmin names
 * the company (else 400); anyone else runs their own, and naming another answers 404. A report without a chart
 * answers 404 on /chart. Columns: anon SA CA DA ZA CB.
 */
interface Case {
  name: string;
  path: string;
  expect: string;
}

const f = useOrgFixtures();
const PERIOD = 'from=2026-10-01&to=2026-10-31';
const rows = (key: string, own: string, ofA: string): Case[] => [
  { name: `${key} rows`, path: `/reports/${key}/rows?${PERIOD}`, expect: own },
  { name: `${key} rows of company A`, path: `/reports/${key}/rows?${PERIOD}&companyId={A}`, expect: ofA },
];
const chart = (key: string, own: string, ofA: string): Case[] => [
  { name: `${key} chart`, path: `/reports/${key}/chart?${PERIOD}`, expect: own },
  { name: `${key} chart of company A`, path: `/reports/${key}/chart?${PERIOD}&companyId={A}`, expect: ofA },
];

const CASES: Case[] = [
  { name: 'the catalogue', path: '/reports', expect: '401 200 200 200 200 200' },
  { name: 'the dashboard', path: '/reports/dashboard', expect: '401 400 200 200 200 200' },
  {
    name: 'the dashboard of company A',
    path: '/reports/dashboard?companyId={A}',
    expect: '401 200 200 200 200 404',
  },
  { name: 'an unknown report', path: `/reports/nothing/rows?${PERIOD}`, expect: '401 400 400 400 400 400' },
  ...rows('locationHistory', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...chart('locationHistory', '401 400 404 404 404 404', '401 404 404 404 404 404'),
  ...rows('visits', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...chart('visits', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...rows('geofenceEvents', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...chart('geofenceEvents', '401 400 404 404 404 404', '401 404 404 404 404 404'),
  ...rows('attendanceDaily', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...chart('attendanceDaily', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...rows('attendanceMonthly', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...chart('attendanceMonthly', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...rows('tasks', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...chart('tasks', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...rows('locateUsage', '401 400 200 403 403 200', '401 200 200 403 403 404'),
  ...chart('locateUsage', '401 400 200 403 403 200', '401 200 200 403 403 404'),
  ...rows('consent', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...chart('consent', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...rows('locationViews', '401 400 200 200 200 200', '401 200 200 200 200 404'),
  ...chart('locationViews', '401 400 404 404 404 404', '401 404 404 404 404 404'),
  ...rows('billing', '401 400 200 403 403 200', '401 200 200 403 403 404'),
  ...chart('billing', '401 400 404 403 403 404', '401 404 404 403 403 404'),
];

describe('Reports authorization matrix', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const expected = c.expect.split(/\s+/).map(Number);
    expect(expected).toHaveLength(CALLERS.length);
    const path = c.path.replace('{A}', String(await f.companyId('ALPHA')));
    const actual: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const [i, who] of CALLERS.entries()) {
      const response = await f.call(who as Who, 'GET', path);
      actual[who] = response.statusCode;
      wanted[who] = expected[i]!;
      if (response.statusCode >= 400)
        expect(response.headers['content-type'], `${who} GET ${path}`).toMatch(/^application\/problem\+json/);
    }
    expect(actual).toEqual(wanted);
  });
});
