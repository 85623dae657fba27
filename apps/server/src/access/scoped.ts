import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import {
  companyReach,
  poiSql,
  reachSql,
  tierReach,
  unitReach,
  type OrgUnitKind,
  type Reach,
  type Scope,
} from './scope.ts';

/** Tables with a column named C. */
type TablesWith<C extends string> = {
  [T in keyof Database]: C extends keyof Database[T] ? T : never;
}[keyof Database];

/** Tables that belong to a company as a whole (a `company_id` column): designations, invoices, POIs … */
export type CompanyOwnedTable = TablesWith<'company_id'>;

/** A select from `table` with nothing picked yet. */
type From<T extends keyof Database> = SelectQueryBuilder<Database, T, object>;

/**
 * The only entry to the tenant's tables for a caller: each method starts a select already restricted to the scope.
 * Repositories read (and lock, before a write) through these, so a query that forgets the scope is not writable.
 *
 * - companies: a non-SuperAdmin reaches its own company.
 * - orgUnits: CompanyAdmin its company's departments and zones; DepartmentAdmin its own department (and the
 *   company's zones as reference data); ZoneAdmin its own zone (and the company's departments); designations are
 *   the company's for every non-SuperAdmin.
 * - users and msisdns: the tier itself (company, department or zone).
 * - companyOwned(table): rows of the caller's company (any tier of it).
 * - msisdnOwned(table, column): rows whose `column` names an MSISDN the caller's tier reaches (positions, visits,
 *   attendance, device tokens …), through the msisdns table.
 */
export function scoped(db: Executor, scope: Scope) {
  /** `table` restricted by `reach` over its placement columns. */
  function from<T extends keyof Database>(
    table: T,
    reach: Reach,
    columns: { company: string; department?: string; zone?: string },
  ): From<T> {
    return (db.selectFrom(table as 'companies') as unknown as From<T>).where(reachSql(reach, columns));
  }

  /** MSISDNs as the tier reaches them. */
  function msisdns(): From<'msisdns'> {
    return from('msisdns', tierReach(scope), {
      company: 'msisdns.company_id',
      department: 'msisdns.department_id',
      zone: 'msisdns.zone_id',
    });
  }

  return {
    msisdns,

    companies(): From<'companies'> {
      return from('companies', companyReach(scope), { company: 'companies.id' });
    },

    users(): From<'users'> {
      return from('users', tierReach(scope), {
        company: 'users.company_id',
        department: 'users.department_id',
        zone: 'users.zone_id',
      });
    },

    /** Departments, zones or designations as `u` (one shape), restricted to the scope. */
    orgUnits(kind: OrgUnitKind) {
      const { reach, id } = unitReach(kind, scope);
      const q = db
        .selectFrom(`${kind} as u` as 'departments as u')
        .where(reachSql(reach, { company: 'u.company_id' }));
      return id === undefined ? q : q.where('u.id', '=', id);
    },

    companyOwned<T extends CompanyOwnedTable>(table: T): From<T> {
      return from(table, companyReach(scope), { company: `${table}.company_id` });
    },

    /** POIs as `pois`: company-wide ones and the caller's unit's (`see`), or only those it may change (`manage`). */
    pois(purpose: 'see' | 'manage' = 'see'): From<'pois'> {
      return (db.selectFrom('pois') as unknown as From<'pois'>).where(
        poiSql(scope, purpose, {
          company: 'pois.company_id',
          department: 'pois.department_id',
          zone: 'pois.zone_id',
        }),
      );
    },

    /**
     * Tasks as `tasks`: placed like POIs (the company's, optionally a department's or zone's): company-wide ones and
     * the caller's unit's (`see`), or only those it may change (`manage`).
     */
    tasks(purpose: 'see' | 'manage' = 'see'): From<'tasks'> {
      return (db.selectFrom('tasks') as unknown as From<'tasks'>).where(
        poiSql(scope, purpose, {
          company: 'tasks.company_id',
          department: 'tasks.department_id',
          zone: 'tasks.zone_id',
        }),
      );
    },

    /** Rows whose `column` names a POI the caller sees. */
    poiOwned<T extends keyof Database>(table: T, column: keyof Database[T] & string): From<T> {
      const seen = db
        .selectFrom('pois')
        .select('pois.id')
        .where(
          poiSql(scope, 'see', {
            company: 'pois.company_id',
            department: 'pois.department_id',
            zone: 'pois.zone_id',
          }),
        );
      return (db.selectFrom(table as 'positions') as unknown as From<T>).where(
        sql<boolean>`${sql.ref(`${table}.${column}`)} in (${seen})`,
      );
    },

    msisdnOwned<T extends keyof Database>(table: T, column: keyof Database[T] & string): From<T> {
      const inScope = msisdns().select('msisdns.id');
      return (db.selectFrom(table as 'positions') as unknown as From<T>).where(
        sql<boolean>`${sql.ref(`${table}.${column}`)} in (${inScope})`,
      );
    },
  };
}

export type ScopedTables = ReturnType<typeof scoped>;

/**
 * The tables past the caller's scope, named as such: operator-wide uniqueness (a number, a company code, a user
 * name is unique across tenants), reference checks before a write or delete, system flows that name no caller (an
 * inbound SMS), and the caller's own account row. Never for data answered about an object the scope has not reached
 * first. A repository reads only through scoped() or this (ESLint holds modules/<area>/repository.ts to it).
 */
export function unscoped(db: Executor): Executor {
  return db;
}
