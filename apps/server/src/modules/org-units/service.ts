import type {
  MessageKey,
  OrgUnit,
  OrgUnitCreateBody,
  OrgUnitListQuery,
  OrgUnitPage,
  OrgUnitUpdateBody,
} from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/listing.ts';
import { authorize, type Caller } from '../../access/caller.ts';
import { orgUnitPolicy, type OrgUnitResource } from '../../access/policies/org-unit.ts';
import { conflictOn } from '../../access/problems.ts';
import { resolveCompany } from '../../access/references.ts';
import { lockInScopeOf, writeTransaction } from '../../access/writes.ts';
import type { OrgUnitKind } from '../../access/scope.ts';
import { orgUnitsRepository, type OrgUnitRecord } from './repository.ts';

const RESOURCE = { departments: 'department', zones: 'zone', designations: 'designation' } as const;
const LABEL = { departments: 'The department', zones: 'The zone', designations: 'The designation' } as const;
const IN_USE: Record<OrgUnitKind, MessageKey> = {
  departments: 'org.departmentInUse',
  zones: 'org.zoneInUse',
  designations: 'org.designationInUse',
};

/** The answer for one unit, with what the caller may do to it. */
function toOrgUnit(caller: Caller, resource: OrgUnitResource, row: OrgUnitRecord): OrgUnit {
  return {
    id: row.id,
    companyId: row.company_id,
    companyName: row.company_name,
    name: row.name,
    description: row.description,
    msisdnCount: row.msisdn_count,
    ...orgUnitPolicy(caller, resource),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Departments, zones or designations of a company: one set of rules, the shared permission table per resource. */
export function orgUnitsService(
  kind: OrgUnitKind,
  { db, now = () => new Date() }: { db: Db; now?: () => Date },
) {
  const resource = RESOURCE[kind];
  const repo = orgUnitsRepository(db, kind);
  const nameTaken = () => conflictOn('org.nameTaken', 'name');
  const inUse = () => conflictOn(IN_USE[kind]);

  const lockInScope = lockInScopeOf((trx: Executor) => orgUnitsRepository(trx, kind), LABEL[kind]);

  async function list(caller: Caller, query: OrgUnitListQuery): Promise<OrgUnitPage> {
    authorize(caller, resource, 'list');
    const { rows, total } = await repo.list(caller.scope, query);
    return {
      items: rows.map((row) => toOrgUnit(caller, resource, row)),
      total,
      page: query.page,
      size: query.size,
    };
  }

  async function get(caller: Caller, id: number): Promise<OrgUnit> {
    authorize(caller, resource, 'read');
    const row = await repo.find(caller.scope, id);
    if (!row) throw notFound(LABEL[kind]);
    return toOrgUnit(caller, resource, row);
  }

  async function create(caller: Caller, body: OrgUnitCreateBody): Promise<OrgUnit> {
    authorize(caller, resource, 'create');
    const id = await writeTransaction(
      db,
      async (trx) => {
        const tx = orgUnitsRepository(trx, kind);
        const company = await resolveCompany(trx, caller.scope, body.companyId);
        if (kind === 'zones' && !company.zoneEnabled) throw conflictOn('org.zonesDisabled', 'companyId');
        if (await tx.nameTaken(company.id, body.name)) throw nameTaken();
        const id = await tx.insert(company.id, { name: body.name, description: body.description ?? null });
        await audit(trx, actorOf(caller), {
          action: `${resource}.create`,
          entity: resource,
          entityId: id,
          companyId: company.id,
          detail: { name: body.name },
        });
        return id;
      },
      { unique: nameTaken },
    );
    return get(caller, id);
  }

  async function update(caller: Caller, id: number, body: OrgUnitUpdateBody): Promise<OrgUnit> {
    authorize(caller, resource, 'update');
    await writeTransaction(
      db,
      async (trx) => {
        const { tx, locked } = await lockInScope(trx, caller, id);
        if (
          body.name !== undefined &&
          body.name.toLowerCase() !== locked.name.toLowerCase() &&
          (await tx.nameTaken(locked.company_id, body.name, id))
        ) {
          throw nameTaken();
        }
        const values = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
        };
        await tx.update(locked, values, now());
        await audit(trx, actorOf(caller), {
          action: `${resource}.update`,
          entity: resource,
          entityId: id,
          companyId: locked.company_id,
          detail: { changed: Object.keys(values) },
        });
      },
      { unique: nameTaken },
    );
    return get(caller, id);
  }

  async function remove(caller: Caller, id: number): Promise<void> {
    authorize(caller, resource, 'delete');
    await writeTransaction(
      db,
      async (trx) => {
        const { tx, locked } = await lockInScope(trx, caller, id);
        if (await tx.inUse(id)) throw inUse();
        await tx.remove(locked);
        await audit(trx, actorOf(caller), {
          action: `${resource}.delete`,
          entity: resource,
          entityId: id,
          companyId: locked.company_id,
          detail: { name: locked.name },
        });
      },
      // A reference added by a concurrent write after the check: the foreign key refuses the delete.
      { foreignKey: inUse },
    );
  }

  return { list, get, create, update, remove };
}

export type OrgUnitsService = ReturnType<typeof orgUnitsService>;
