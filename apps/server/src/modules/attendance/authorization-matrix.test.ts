import { describe, expect, it } from 'vitest';
import { CALLERS, useOrgFixtures, type OrgFixtures, type Who } from '../organisation/test-fixtures.ts';

/**
 * Every attendance endpoint × {anonymous, SuperAdmin, CompanyAdmin, DepartmentAdmin, ZoneAdmin of company A,
 * CompanyAdmin of company B} → the exact status, written out by hand. Shifts and holiday lists are the company's:
 * read by every tier, written by SuperAdmin and CompanyAdmin. Days belong to their MSISDN: read and overridden by
 * whoever reaches the MSISDN. Columns: anon SA CA DA ZA CB. 401 anonymous · 403 a role that may not · 404 outside the
 * scope · 400 a body the caller may not send (a SuperAdmin names no company) · 2xx allowed.
 */
interface Target {
  id: number;
}
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  target?: (f: OrgFixtures) => Promise<Target>;
  fresh?: boolean;
  body?: (f: OrgFixtures) => unknown;
  expect: string;
}

const f = useOrgFixtures();
const A = 'ALPHA';
const DATE = '2026-11-22';

async function shiftIn(x: OrgFixtures, code: string): Promise<Target> {
  const shift = await x.db
    .insertInto('shifts')
    .values({ company_id: await x.companyId(code), name: `Matrix ${x.unique()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await x.db
    .insertInto('shift_versions')
    .values({
      shift_id: shift.id,
      effective_from: '2026-01-01',
      start_time: '08:00',
      end_time: '17:00',
      days: JSON.stringify([7, 1, 2, 3, 4]),
      time_zone: 'Asia/Riyadh',
      check_in_before_min: 60,
      check_out_after_min: 60,
      late_grace_min: 10,
      early_exit_grace_min: 10,
      half_day_threshold_min: 0,
      absent_threshold_min: 0,
      hours_method: 'FIRST_IN_LAST_OUT',
      count_on_holidays: false,
      holiday_list_id: null,
    })
    .execute();
  return { id: shift.id };
}

async function holidayListIn(x: OrgFixtures, code: string): Promise<Target> {
  const row = await x.db
    .insertInto('holiday_lists')
    .values({
      company_id: await x.companyId(code),
      name: `Matrix ${x.unique()}`,
      from_date: '2026-01-01',
      to_date: '2026-12-31',
      weekly_off: JSON.stringify([5, 6]),
      country: 'SA',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** A computed day of a new MSISDN of A ({id}: the MSISDN). */
async function dayIn(x: OrgFixtures, department: string, zone: string): Promise<Target> {
  const m = await x.freshMsisdn(A, department, 'Driver', zone);
  const { id: shiftId } = await shiftIn(x, A);
  const version = await x.db
    .selectFrom('shift_versions')
    .select('id')
    .where('shift_id', '=', shiftId)
    .executeTakeFirstOrThrow();
  await x.db
    .insertInto('attendance_days')
    .values({
      msisdn_id: m,
      date: DATE,
      company_id: await x.companyId(A),
      shift_id: shiftId,
      shift_version_id: version.id,
      status: 'PRESENT',
      state: 'FINAL',
      kind: 'WORKING',
      visit_keys: '[]',
      reasons: '[]',
    })
    .execute();
  return { id: m };
}

const override = () => ({ status: 'ABSENT', reason: 'Matrix' });

const CASES: Case[] = [
  { name: 'list shifts', method: 'GET', path: '/shifts', expect: '401 200 200 200 200 200' },
  {
    name: 'read a shift of A',
    method: 'GET',
    path: '/shifts/{id}',
    target: (x) => shiftIn(x, A),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'add a shift (own company; a SuperAdmin must name one)',
    method: 'POST',
    path: '/shifts',
    body: (x) => ({ name: `Matrix ${x.unique()}`, start: '08:00', end: '17:00', days: [1, 2] }),
    expect: '401 400 201 403 403 201',
  },
  {
    name: 'change a shift of A',
    method: 'PATCH',
    path: '/shifts/{id}',
    target: (x) => shiftIn(x, A),
    body: () => ({ lateGraceMin: 15, effectiveFrom: '2026-06-01' }),
    expect: '401 200 200 403 403 404',
  },
  {
    name: 'delete an unused shift of A',
    method: 'DELETE',
    path: '/shifts/{id}',
    target: (x) => shiftIn(x, A),
    fresh: true,
    expect: '401 204 204 403 403 404',
  },
  { name: 'list holiday lists', method: 'GET', path: '/holiday-lists', expect: '401 200 200 200 200 200' },
  {
    name: 'read a holiday list of A',
    method: 'GET',
    path: '/holiday-lists/{id}',
    target: (x) => holidayListIn(x, A),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'add a holiday list (own company; a SuperAdmin must name one)',
    method: 'POST',
    path: '/holiday-lists',
    body: (x) => ({ name: `Matrix ${x.unique()}`, fromDate: '2026-01-01', toDate: '2026-12-31' }),
    expect: '401 400 201 403 403 201',
  },
  {
    name: 'change a holiday list of A',
    method: 'PATCH',
    path: '/holiday-lists/{id}',
    target: (x) => holidayListIn(x, A),
    body: () => ({ holidays: [{ date: '2026-12-01', name: 'Matrix day' }] }),
    expect: '401 200 200 403 403 404',
  },
  {
    name: 'seed a holiday list of A',
    method: 'POST',
    path: '/holiday-lists/{id}/seed?year=2026',
    target: (x) => holidayListIn(x, A),
    expect: '401 200 200 403 403 404',
  },
  {
    name: 'delete a holiday list of A',
    method: 'DELETE',
    path: '/holiday-lists/{id}',
    target: (x) => holidayListIn(x, A),
    fresh: true,
    expect: '401 204 204 403 403 404',
  },
  { name: 'list days', method: 'GET', path: `/attendance?date=${DATE}`, expect: '401 200 200 200 200 200' },
  {
    name: 'the monthly sheet',
    method: 'GET',
    path: '/attendance/sheet?month=2026-11',
    expect: '401 200 200 200 200 200',
  },
  {
    name: "a day of an MSISDN in DA's department and ZA's zone",
    method: 'GET',
    path: `/attendance/{id}/${DATE}`,
    target: (x) => dayIn(x, 'Field Operations', 'North'),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'a day of an MSISDN in a sibling department and zone',
    method: 'GET',
    path: `/attendance/{id}/${DATE}`,
    target: (x) => dayIn(x, 'Warehouse', 'South'),
    expect: '401 200 200 404 404 404',
  },
  {
    name: "override a day in DA's department and ZA's zone",
    method: 'PUT',
    path: `/attendance/{id}/${DATE}/override`,
    target: (x) => dayIn(x, 'Field Operations', 'North'),
    body: override,
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'override a day in a sibling department and zone',
    method: 'PUT',
    path: `/attendance/{id}/${DATE}/override`,
    target: (x) => dayIn(x, 'Warehouse', 'South'),
    body: override,
    expect: '401 200 200 404 404 404',
  },
];

describe('Attendance authorization matrix', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const expected = c.expect.split(/\s+/).map(Number);
    expect(expected).toHaveLength(CALLERS.length);
    const shared = c.target && !c.fresh ? await c.target(f) : undefined;
    const actual: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const [i, who] of CALLERS.entries()) {
      const target = c.fresh && c.target ? await c.target(f) : shared;
      const path = target ? c.path.replace('{id}', String(target.id)) : c.path;
      const response = await f.call(who as Who, c.method, path, c.body ? c.body(f) : undefined);
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
