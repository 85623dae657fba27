import type { OrgUnitListQuery } from '@lbs/contracts';
import { applyPage, applySearch, applySort, countOf } from '../../lib/listing.ts';
import { scoped, unscoped } from '../../access/scoped.ts';
import { type OrgUnitKind, type Scope } from '../../access/scope.ts';
import type { Executor } from '../../db/database.ts';

export interface OrgUnitRecord {
  id: number;
  company_id: number;
  company_name: string;
  name: string;
  description: string | null;
  msisdn_count: number;
  created_at: Date;
  updated_at: Date;
}

/** The column of msisdns and users that references each kind. */
export const REFERENCE_COLUMN = {
  departments: 'department_id',
  zones: 'zone_id',
  designations: 'designation_id',
} as const;

const SORT = {
  name: 'u.name',
  companyName: 'c.name',
  msisdnCount: 'msisdn_count',
  createdAt: 'u.created_at',
  updatedAt: 'u.updated_at',
};

/** Departments, zones and designations (one shape, `kind` names the table), always through the caller's scope. */
export function orgUnitsRepository(db: Executor, kind: OrgUnitKind) {
  const ref = REFERENCE_COLUMN[kind];

  function selectRecords(scope: Scope) {
    return scoped(db, scope)
      .orgUnits(kind)
      .innerJoin('companies as c', 'c.id', 'u.company_id')
      .select((eb) => [
        'u.id',
        'u.company_id',
        'c.name as company_name',
        'u.name',
        'u.description',
        'u.created_at',
        'u.updated_at',
        eb
          .selectFrom('msisdns')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef(`msisdns.${ref}`, '=', 'u.id')
          .as('msisdn_count'),
      ]);
  }

  return {
    async list(scope: Scope, query: OrgUnitListQuery): Promise<{ rows: OrgUnitRecord[]; total: number }> {
      let base = scoped(db, scope).orgUnits(kind);
      if (query.companyId !== undefined) base = base.where('u.company_id', '=', query.companyId);
      base = applySearch(base, query.q, ['u.name', 'u.description']);
      const filtered = selectRecords(scope).where('u.id', 'in', base.select('u.id'));
      const [total, rows] = await Promise.all([
        countOf(base),
        applyPage(applySort(filtered, query.sort, SORT, 'u.id', 'name'), query).execute(),
      ]);
      return { rows: rows.map(normalise), total };
    },

    async find(scope: Scope, id: number): Promise<OrgUnitRecord | undefined> {
      const row = await selectRecords(scope).where('u.id', '=', id).executeTakeFirst();
      return row && normalise(row);
    },

    /** Locks the unit (inside a transaction) if it is in scope: the write that follows cannot race a delete. */
    async lock(
      scope: Scope,
      id: number,
    ): Promise<{ id: number; company_id: number; name: string } | undefined> {
      return scoped(db, scope)
        .orgUnits(kind)
        .select(['u.id', 'u.company_id', 'u.name'])
        .where('u.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = unscoped(db)
        .selectFrom(`${kind} as u` as 'departments as u')
        .select('u.id')
        .where('u.company_id', '=', companyId)
        .where((eb) => eb(eb.fn('lower', ['u.name']), '=', name.toLowerCase()));
      if (exceptId !== undefined) q = q.where('u.id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async insert(companyId: number, values: { name: string; description: string | null }): Promise<number> {
      const row = await db
        .insertInto(kind as 'departments')
        .values({ company_id: companyId, name: values.name, description: values.description })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Updates a unit the caller has locked in its scope. */
    async update(
      locked: { id: number },
      values: { name?: string; description?: string | null },
      at: Date,
    ): Promise<void> {
      await db
        .updateTable(kind as 'departments')
        .set({ ...values, updated_at: at })
        .where('id', '=', locked.id)
        .execute();
    },

    /** Whether employee MSISDNs or portal users still reference the unit. */
    async inUse(id: number): Promise<boolean> {
      const msisdn = await unscoped(db)
        .selectFrom('msisdns')
        .select('id')
        .where(ref, '=', id)
        .limit(1)
        .executeTakeFirst();
      if (msisdn) return true;
      const user = await unscoped(db)
        .selectFrom('users')
        .select('id')
        .where(ref, '=', id)
        .limit(1)
        .executeTakeFirst();
      return user !== undefined;
    },

    async remove(locked: { id: number }): Promise<void> {
      await db
        .deleteFrom(kind as 'departments')
        .where('id', '=', locked.id)
        .execute();
    },
  };
}

function normalise<T extends { msisdn_count: number | string | bigint | null }>(
  row: T,
): T & { msisdn_count: number } {
  return { ...row, msisdn_count: Number(row.msisdn_count ?? 0) };
}
