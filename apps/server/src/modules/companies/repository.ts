import type { Selectable } from 'kysely';
import type { CompanyListQuery, CompanyConfig, PricePlan, CompanyStatus } from '@lbs/contracts';
import type { CompaniesTable } from '../../db/schema.ts';
import { applyPage, applySearch, applySort, countOf } from '../../lib/listing.ts';
import { scoped, unscoped } from '../../access/scoped.ts';
import { type Scope } from '../../access/scope.ts';
import type { Executor } from '../../db/database.ts';

export type CompanyRecord = Selectable<CompaniesTable>;

const SORT = {
  name: 'companies.name',
  code: 'companies.code',
  country: 'companies.country',
  city: 'companies.city',
  status: 'companies.status',
  createdAt: 'companies.created_at',
  updatedAt: 'companies.updated_at',
};

export interface CompanyValues {
  name: string;
  code: string;
  contact_email: string | null;
  contact_phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  status: CompanyStatus;
  zone_enabled: boolean;
  config: CompanyConfig;
  price_plan: PricePlan;
}

/** Companies, always through the caller's scope (a non-SuperAdmin reaches its own company only). */
export function companiesRepository(db: Executor) {
  return {
    async list(scope: Scope, query: CompanyListQuery): Promise<{ rows: CompanyRecord[]; total: number }> {
      let base = scoped(db, scope).companies();
      if (query.status) base = base.where('companies.status', '=', query.status);
      if (query.zoneEnabled !== undefined)
        base = base.where('companies.zone_enabled', '=', query.zoneEnabled);
      base = applySearch(base, query.q, [
        'companies.name',
        'companies.code',
        'companies.city',
        'companies.contact_email',
      ]);
      const [total, rows] = await Promise.all([
        countOf(base),
        applyPage(
          applySort(base.selectAll('companies'), query.sort, SORT, 'companies.id', 'name'),
          query,
        ).execute(),
      ]);
      return { rows, total };
    },

    /** One company in scope. */
    find(scope: Scope, id: number): Promise<CompanyRecord | undefined> {
      return scoped(db, scope)
        .companies()
        .selectAll('companies')
        .where('companies.id', '=', id)
        .executeTakeFirst();
    },

    /** Locks a company in scope (inside a transaction) before a write: it is held until the write commits. */
    lock(scope: Scope, id: number): Promise<CompanyRecord | undefined> {
      return scoped(db, scope)
        .companies()
        .selectAll('companies')
        .where('companies.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async codeTaken(code: string, exceptId?: number): Promise<boolean> {
      let q = unscoped(db).selectFrom('companies').select('id').where('code', '=', code);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    insert(values: CompanyValues): Promise<CompanyRecord> {
      return db
        .insertInto('companies')
        .values({
          ...values,
          config: JSON.stringify(values.config),
          price_plan: JSON.stringify(values.price_plan),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Updates a company the caller has already found (and locked) in its scope. */
    update(found: CompanyRecord, values: CompanyValues, at: Date): Promise<CompanyRecord> {
      return db
        .updateTable('companies')
        .set({
          ...values,
          config: JSON.stringify(values.config),
          price_plan: JSON.stringify(values.price_plan),
          updated_at: at,
        })
        .where('id', '=', found.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async zoneCount(companyId: number): Promise<number> {
      return countOf(unscoped(db).selectFrom('zones').where('company_id', '=', companyId));
    },

    /** Whether anything still belongs to the company (then it cannot be deleted). */
    async inUse(companyId: number): Promise<boolean> {
      for (const table of [
        'departments',
        'zones',
        'designations',
        'users',
        'msisdns',
        'invoices',
        'msisdn_imports',
      ] as const) {
        const row = await unscoped(db)
          .selectFrom(table)
          .select('company_id')
          .where('company_id', '=', companyId)
          .limit(1)
          .executeTakeFirst();
        if (row) return true;
      }
      return false;
    },

    async remove(found: CompanyRecord): Promise<void> {
      await db.deleteFrom('companies').where('id', '=', found.id).execute();
    },
  };
}
