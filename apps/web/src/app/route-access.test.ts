import { describe, expect, it } from 'vitest';
import { effectiveRole, ROLES, ROUTES, type Role } from '@lbs/contracts';
import { toCurrentUser } from '../lib/current-user.ts';
import { decideRoute, findRoute } from './route-access.ts';

const S: Role = 'SuperAdmin';
const C: Role = 'CompanyAdmin';
const D: Role = 'DepartmentAdmin';
const Z: Role = 'ZoneAdmin';
const ALL = [S, C, D, Z];

/** SPEC §2, written out independently of contracts' ROUTES: concrete path → roles allowed. */
const SPEC_TABLE: [path: string, roles: Role[]][] = [
  ['/monitor', ALL],
  ['/company/list', [C]],
  ['/company-details/7', [C]],
  ['/company/add', [S]],
  ['/company-details/edit/7', [S]],
  // Outside the SPEC table: the operator's directory of every company (issue 19).
  ['/operator/companies', [S]],
  ['/designation/list', ALL],
  ['/designation-details/7', ALL],
  ['/designation/add', ALL],
  ['/designation-details/edit/7', ALL],
  ['/department/list', [S, C, D]],
  ['/department-details/7', [S, C, D]],
  ['/department-details/edit/7', [S, C, D]],
  ['/department/add', [S, C]],
  ['/zone/list', [Z]],
  ['/zone-details/7', [Z]],
  ['/zone-details/edit/7', [Z]],
  ['/zone/add', [C]],
  ['/msisdn/list', ALL],
  ['/msisdn-details/7', ALL],
  ['/msisdn-details/edit/7', ALL],
  ['/msisdn/add', [S]],
  ['/task/list', ALL],
  ['/task/add', ALL],
  ['/task-details/edit/7', ALL],
  ['/task-details/assign/7', ALL],
  ['/task-assign-list', ALL],
  ['/role/list', [S]],
  ['/poi', ALL],
  ['/poi-create', ALL],
  ['/poi-edit/7', ALL],
  ['/poi-assign/7', ALL],
  ['/poi-assign/list', ALL],
  ['/billing/list', [C]],
  ['/billing-details/7', [C]],
  // Outside the SPEC table: the operator's invoices of every company (issue 14).
  ['/operator/invoices', [S]],
  ['/operator/invoice-details/7', [S]],
  ['/user/list', [C]],
  ['/user-details/7', [C]],
  ['/user/add', [S]],
  ['/user-details/edit/7', [S]],
  // Outside the SPEC table: the operator's directory of every portal user (issue 19).
  ['/operator/users', [S]],
  ['/attendance/list', ALL],
  ['/reports', ALL],
  ['/due-invoice', ALL],
  ['/change-password', ALL],
  // Outside the SPEC table: the in-app notifications and their rules, for every role (issue 15).
  ['/notifications', ALL],
  ['/notification-rules', ALL],
  ['/notification-rules/new', ALL],
  ['/notification-rules/7', ALL],
];

const cases = SPEC_TABLE.flatMap(([path, allowed]) =>
  [...ROLES, undefined].map((role) => ({
    path,
    role: role ?? '(none)',
    roleValue: role,
    expected: role !== undefined && allowed.includes(role) ? 'allow' : 'unauthorized',
  })),
);

describe('route guard: every SPEC §2 route × every role', () => {
  it('the SPEC table covers every ROUTES entry exactly once', () => {
    const ids = SPEC_TABLE.map(([path]) => findRoute(path)?.id);
    expect(ids).not.toContain(undefined);
    expect([...ids].sort()).toEqual(ROUTES.map((r) => r.id).sort());
  });

  it.each(cases)('$path as $role → $expected', ({ path, roleValue, expected }) => {
    const route = findRoute(path);
    expect(route).toBeDefined();
    expect(decideRoute(route!, roleValue, false).kind).toBe(expected);
  });

  it('/poi-assign/list is the assignment list, not /poi-assign/:id', () => {
    expect(findRoute('/poi-assign/list')?.id).toBe('poiAssignList');
    expect(findRoute('/poi-assign/12')?.id).toBe('poiAssign');
  });

  it('/notification-rules/new is the new rule, not /notification-rules/:id', () => {
    expect(findRoute('/notification-rules/new')?.id).toBe('notificationRuleAdd');
    expect(findRoute('/notification-rules/12')?.id).toBe('notificationRuleEdit');
  });

  it('unknown paths match no route', () => {
    expect(findRoute('/nope')).toBeUndefined();
    expect(findRoute('/company')).toBeUndefined();
    expect(findRoute('/company-details/7/extra')).toBeUndefined();
  });
});

describe('due invoice lock (SPEC §4)', () => {
  it.each(SPEC_TABLE.map(([path]) => ({ path })))('$path with a due invoice', ({ path }) => {
    const decision = decideRoute(findRoute(path)!, C, true);
    if (path === '/due-invoice') expect(decision).toEqual({ kind: 'allow' });
    else expect(decision).toEqual({ kind: 'redirect', to: '/due-invoice' });
  });
});

describe('effective role = highest held (SPEC §4)', () => {
  it.each([
    { held: ['ZoneAdmin'], expected: Z },
    { held: ['ZoneAdmin', 'DepartmentAdmin'], expected: D },
    { held: ['DEPARTMENT_ADMIN', 'COMPANY_ADMIN'], expected: C },
    { held: ['ZONE_ADMIN', 'SUPER_ADMIN', 'CompanyAdmin'], expected: S },
    { held: ['superadmin'], expected: S },
    { held: ['Viewer'], expected: undefined },
    { held: [], expected: undefined },
  ])('$held → $expected', ({ held, expected }) => {
    expect(effectiveRole(held)).toBe(expected);
    const user = toCurrentUser({ roleList: held.map((roleName) => ({ roleName })) } as Parameters<
      typeof toCurrentUser
    >[0]);
    expect(user.role).toBe(expected);
  });

  it('lists each canonical role held once', () => {
    const user = toCurrentUser({
      roleList: [
        { roleName: 'ZONE_ADMIN' },
        { roleName: 'ZoneAdmin' },
        { roleName: 'DepartmentAdmin' },
        { roleName: 'x' },
      ],
    } as Parameters<typeof toCurrentUser>[0]);
    expect(user.roles).toEqual([Z, D]);
  });
});
