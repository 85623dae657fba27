import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { AuthUser } from './auth-user.ts';

/**
 * What the caller may see (SPEC §1 scope tiers), derived from the verified user only: never from a body, header or
 * query. A user whose record lacks what its tier needs (a DepartmentAdmin without a department) sees nothing.
 */
export type Scope =
  | { tier: 'all' }
  | { tier: 'company'; companyId: number }
  | { tier: 'department'; companyId: number; departmentId: number }
  | { tier: 'zone'; companyId: number; zoneId: number }
  | { tier: 'none' };

export function scopeOf(user: Pick<AuthUser, 'role' | 'companyId' | 'departmentId' | 'zoneId'>): Scope {
  if (user.role === 'SuperAdmin') return { tier: 'all' };
  if (user.companyId === null) return { tier: 'none' };
  switch (user.role) {
    case 'CompanyAdmin':
      return { tier: 'company', companyId: user.companyId };
    case 'DepartmentAdmin':
      return user.departmentId === null
        ? { tier: 'none' }
        : { tier: 'department', companyId: user.companyId, departmentId: user.departmentId };
    case 'ZoneAdmin':
      return user.zoneId === null
        ? { tier: 'none' }
        : { tier: 'zone', companyId: user.companyId, zoneId: user.zoneId };
  }
}

/** The company a non-SuperAdmin works in; undefined for a SuperAdmin (who names one) or an empty scope. */
export function ownCompanyOf(scope: Scope): number | undefined {
  return scope.tier === 'all' || scope.tier === 'none' ? undefined : scope.companyId;
}

const nothing = sql<boolean>`false`;

export type OrgUnitKind = 'departments' | 'zones' | 'designations';

/** Which units of a kind the scope reaches: all, none, a company's, or one unit of a company. */
function unitReach(kind: OrgUnitKind, scope: Scope): 'all' | 'none' | { companyId: number; id?: number } {
  if (scope.tier === 'all' || scope.tier === 'none') return scope.tier;
  if (kind === 'departments' && scope.tier === 'department')
    return { companyId: scope.companyId, id: scope.departmentId };
  if (kind === 'zones' && scope.tier === 'zone') return { companyId: scope.companyId, id: scope.zoneId };
  return { companyId: scope.companyId };
}

/**
 * The only entry to the organisation tables: each method starts a select already restricted to the scope.
 * Repositories read (and lock, before a write) through these, so a query that forgets the scope is not writable.
 *
 * - companies: a non-SuperAdmin reaches its own company.
 * - departments: CompanyAdmin its company's; DepartmentAdmin its own; ZoneAdmin its company's (reference data).
 * - zones: CompanyAdmin its company's; ZoneAdmin its own; DepartmentAdmin its company's (reference data).
 * - designations: the company's, for every non-SuperAdmin.
 * - users and msisdns: the tier itself (company, department or zone).
 */
export function scoped(db: Executor, scope: Scope) {
  /** Departments, zones or designations as `u` (one shape), restricted to the scope. */
  function orgUnits(kind: OrgUnitKind) {
    const q = db.selectFrom(`${kind} as u` as 'departments as u');
    const reach = unitReach(kind, scope);
    if (reach === 'all') return q;
    if (reach === 'none') return q.where(nothing);
    const inCompany = q.where('u.company_id', '=', reach.companyId);
    return reach.id === undefined ? inCompany : inCompany.where('u.id', '=', reach.id);
  }
  return {
    orgUnits,
    companies(): SelectQueryBuilder<Database, 'companies', object> {
      const q = db.selectFrom('companies');
      if (scope.tier === 'all') return q;
      if (scope.tier === 'none') return q.where(nothing);
      return q.where('companies.id', '=', scope.companyId);
    },
    users(): SelectQueryBuilder<Database, 'users', object> {
      const q = db.selectFrom('users');
      if (scope.tier === 'all') return q;
      if (scope.tier === 'none') return q.where(nothing);
      const inCompany = q.where('users.company_id', '=', scope.companyId);
      if (scope.tier === 'department') return inCompany.where('users.department_id', '=', scope.departmentId);
      if (scope.tier === 'zone') return inCompany.where('users.zone_id', '=', scope.zoneId);
      return inCompany;
    },
    msisdns(): SelectQueryBuilder<Database, 'msisdns', object> {
      const q = db.selectFrom('msisdns');
      if (scope.tier === 'all') return q;
      if (scope.tier === 'none') return q.where(nothing);
      const inCompany = q.where('msisdns.company_id', '=', scope.companyId);
      if (scope.tier === 'department')
        return inCompany.where('msisdns.department_id', '=', scope.departmentId);
      if (scope.tier === 'zone') return inCompany.where('msisdns.zone_id', '=', scope.zoneId);
      return inCompany;
    },
  };
}

export type ScopedTables = ReturnType<typeof scoped>;
