import type { MessageKey } from '@lbs/contracts';
import { invalidField } from './problems.ts';
import { scoped } from './scoped.ts';
import { ownCompanyOf, type OrgUnitKind, type Scope } from './scope.ts';
import type { Executor } from '../db/database.ts';

export interface CompanyRef {
  id: number;
  name: string;
  zoneEnabled: boolean;
}

/**
 * The company a write lands in. A SuperAdmin names it (required); anybody else gets its own company, and naming
 * another one is refused like naming one that does not exist: the tenant never comes from the body.
 */
export async function resolveCompany(
  db: Executor,
  scope: Scope,
  requested: number | null | undefined,
  path = 'companyId',
): Promise<CompanyRef> {
  const id = requested ?? ownCompanyOf(scope);
  if (id === undefined) throw invalidField(path, 'validation.companyRequired');
  const row = await scoped(db, scope)
    .companies()
    .select(['companies.id', 'companies.name', 'companies.zone_enabled'])
    .where('companies.id', '=', id)
    .executeTakeFirst();
  if (!row) throw invalidField(path, 'org.companyNotFound');
  return { id: row.id, name: row.name, zoneEnabled: row.zone_enabled };
}

const NOT_FOUND: Record<OrgUnitKind, MessageKey> = {
  departments: 'org.departmentNotFound',
  zones: 'org.zoneNotFound',
  designations: 'org.designationNotFound',
};

/** A department, zone or designation referenced by a body: it must be in the given company and in the scope. */
export async function resolveUnit(
  db: Executor,
  scope: Scope,
  kind: OrgUnitKind,
  id: number,
  companyId: number,
  path: string,
): Promise<{ id: number; name: string }> {
  const row = await scoped(db, scope)
    .orgUnits(kind)
    .select(['u.id', 'u.name'])
    .where('u.id', '=', id)
    .where('u.company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) throw invalidField(path, NOT_FOUND[kind]);
  return row;
}

/**
 * The department and zone an object placed like a POI or a task lands in: a unit admin's own unit (naming another
 * is refused with `outsideScope`); others name units of the company, or none. `current` keeps what an update leaves.
 */
export async function resolvePlacement(
  db: Executor,
  scope: Scope,
  company: { id: number; zoneEnabled: boolean },
  body: { departmentId?: number | null | undefined; zoneId?: number | null | undefined },
  outsideScope: MessageKey,
  current?: { department_id: number | null; zone_id: number | null },
): Promise<{ department_id: number | null; zone_id: number | null }> {
  let department = body.departmentId === undefined ? (current?.department_id ?? null) : body.departmentId;
  let zone = body.zoneId === undefined ? (current?.zone_id ?? null) : body.zoneId;
  if (scope.tier === 'department') {
    if (department !== null && department !== scope.departmentId)
      throw invalidField('departmentId', outsideScope);
    department = scope.departmentId;
  }
  if (scope.tier === 'zone') {
    if (zone !== null && zone !== scope.zoneId) throw invalidField('zoneId', outsideScope);
    zone = scope.zoneId;
  }
  if (department !== null && scope.tier !== 'department')
    await resolveUnit(db, scope, 'departments', department, company.id, 'departmentId');
  if (zone !== null && scope.tier !== 'zone') {
    if (!company.zoneEnabled) throw invalidField('zoneId', 'org.zonesDisabled');
    await resolveUnit(db, scope, 'zones', zone, company.id, 'zoneId');
  }
  return { department_id: department, zone_id: zone };
}
