import { sql, type Expression, type SqlBool } from 'kysely';
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

/**
 * What a scope reaches among rows placed in the organisation: everything, nothing, or one company's rows —
 * narrowed to one department or one zone where the rule says so. Every scope rule of the product is a Reach; it has
 * two renderings, `reaches` for a row in memory (the live stream) and `reachSql` for a query, tested from one table.
 */
export type Reach =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'company'; companyId: number; departmentId?: number; zoneId?: number };

/** Where a row sits: its company, and for rows placed in a department or zone (MSISDNs, users) those too. */
export interface Placement {
  companyId: number | null;
  departmentId?: number | null;
  zoneId?: number | null;
}

/**
 * The rule for rows placed by tier (MSISDNs, and through them positions, visits, attendance; portal users): the
 * caller's tier itself — the company, its department, or its zone.
 */
export function tierReach(scope: Scope): Reach {
  switch (scope.tier) {
    case 'all':
    case 'none':
      return { kind: scope.tier };
    case 'company':
      return { kind: 'company', companyId: scope.companyId };
    case 'department':
      return { kind: 'company', companyId: scope.companyId, departmentId: scope.departmentId };
    case 'zone':
      return { kind: 'company', companyId: scope.companyId, zoneId: scope.zoneId };
  }
}

/**
 * The rule for rows that belong to the company as a whole (designations, POIs, invoices, the company itself):
 * every tier of a company reaches them all.
 */
export function companyReach(scope: Scope): Reach {
  return scope.tier === 'all' || scope.tier === 'none'
    ? { kind: scope.tier }
    : { kind: 'company', companyId: scope.companyId };
}

/** In-memory rendering: whether the reach covers a row (a live position, an event). */
export function reaches(reach: Reach, row: Placement): boolean {
  if (reach.kind !== 'company') return reach.kind === 'all';
  if (row.companyId !== reach.companyId) return false;
  if (reach.departmentId !== undefined && row.departmentId !== reach.departmentId) return false;
  if (reach.zoneId !== undefined && row.zoneId !== reach.zoneId) return false;
  return true;
}

/** The columns of a table (qualified: `msisdns.company_id`) that hold a row's placement. */
export interface PlacementColumns {
  company: string;
  department?: string;
  zone?: string;
}

/**
 * SQL rendering: the condition a query adds so that it returns only rows the reach covers. A reach narrowed to a
 * department or zone needs that column: a table without it cannot be given a tier rule by mistake.
 */
export function reachSql(reach: Reach, columns: PlacementColumns): Expression<SqlBool> {
  if (reach.kind !== 'company') return reach.kind === 'all' ? sql<boolean>`true` : sql<boolean>`false`;
  const parts = [sql`${sql.ref(columns.company)} = ${reach.companyId}`];
  for (const [id, column, name] of [
    [reach.departmentId, columns.department, 'department'],
    [reach.zoneId, columns.zone, 'zone'],
  ] as const) {
    if (id === undefined) continue;
    if (!column) throw new Error(`a ${name} scope needs the table's ${name} column`);
    parts.push(sql`${sql.ref(column)} = ${id}`);
  }
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The stream's rendering of the MSISDN rule, for a live position in memory (location/fanout.ts). */
export function scopeAllows(
  scope: Scope,
  row: { companyId: number; departmentId: number; zoneId: number | null },
): boolean {
  return reaches(tierReach(scope), row);
}

export type OrgUnitKind = 'departments' | 'zones' | 'designations';

/**
 * Which units of a kind the scope reaches: the company's, except a DepartmentAdmin's own department among the
 * departments and a ZoneAdmin's own zone among the zones (the others are read-only reference data of the company).
 */
export function unitReach(kind: OrgUnitKind, scope: Scope): { reach: Reach; id?: number } {
  const reach = companyReach(scope);
  if (kind === 'departments' && scope.tier === 'department') return { reach, id: scope.departmentId };
  if (kind === 'zones' && scope.tier === 'zone') return { reach, id: scope.zoneId };
  return { reach };
}

/**
 * POIs (and what hangs off them): a POI belongs to its company and may be placed in a department or a zone. Every
 * tier of the company sees the company-wide POIs (no department, no zone) and its own unit's; a DepartmentAdmin or
 * ZoneAdmin manages only its own unit's, a CompanyAdmin all of the company's.
 */
export function poiSql(
  scope: Scope,
  purpose: 'see' | 'manage',
  columns: { company: string; department: string; zone: string },
): Expression<SqlBool> {
  if (scope.tier === 'all') return sql<boolean>`true`;
  if (scope.tier === 'none') return sql<boolean>`false`;
  const company = sql`${sql.ref(columns.company)} = ${scope.companyId}`;
  if (scope.tier === 'company') return sql<boolean>`${company}`;
  const own =
    scope.tier === 'department'
      ? sql`${sql.ref(columns.department)} = ${scope.departmentId}`
      : sql`${sql.ref(columns.zone)} = ${scope.zoneId}`;
  if (purpose === 'manage') return sql<boolean>`(${company} and ${own})`;
  return sql<boolean>`(${company} and ((${sql.ref(columns.department)} is null and ${sql.ref(columns.zone)} is null) or ${own}))`;
}

/** In-memory rendering of poiSql (the policy's abilities). */
export function poiAllows(
  scope: Scope,
  purpose: 'see' | 'manage',
  poi: { companyId: number; departmentId: number | null; zoneId: number | null },
): boolean {
  if (scope.tier === 'all') return true;
  if (scope.tier === 'none' || poi.companyId !== scope.companyId) return false;
  if (scope.tier === 'company') return true;
  const own =
    scope.tier === 'department' ? poi.departmentId === scope.departmentId : poi.zoneId === scope.zoneId;
  return own || (purpose === 'see' && poi.departmentId === null && poi.zoneId === null);
}
