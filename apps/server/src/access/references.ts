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
