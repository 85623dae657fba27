import type { CompanyStatus, ConsentStatus, MsisdnListQuery } from '@lbs/contracts';
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, MsisdnsTable } from '../../db/schema.ts';
import { applyPage, applySearch, applySort, countOf } from '../../lib/listing.ts';
import { ORG_NAME_SORT, orgColumnsOf } from '../organisation/index.ts';
import { scoped, unscoped } from '../../access/scoped.ts';
import { type Scope } from '../../access/scope.ts';
import type { Executor } from '../../db/database.ts';

/**
 * A consent request unanswered past the company's limit: still PENDING, flagged by the consent job, and not asked
 * again since (or, `false`, every other number).
 */
export const pendingExpired = (expired: boolean) =>
  expired
    ? sql<boolean>`(msisdns.consent_status = 'PENDING' and msisdns.consent_pending_flagged_at >= msisdns.consent_requested_at)`
    : sql<boolean>`not (msisdns.consent_status = 'PENDING' and coalesce(msisdns.consent_pending_flagged_at >= msisdns.consent_requested_at, false))`;

/** What a write sets: the MSISDN's own columns (consent has its own writes). */
export type MsisdnValues = Pick<
  Selectable<MsisdnsTable>,
  | 'company_id'
  | 'department_id'
  | 'zone_id'
  | 'designation_id'
  | 'msisdn'
  | 'employee_name'
  | 'employee_code'
  | 'email'
  | 'tracking_enabled'
>;

/** An MSISDN as read: the writable values, the names of what they point at and the consent state. */
export interface MsisdnRecord extends MsisdnValues {
  id: number;
  company_name: string;
  department_name: string;
  zone_name: string | null;
  designation_name: string;
  consent_status: ConsentStatus;
  consent_at: Date | null;
  consent_requested_at: Date | null;
  /** The company's status: a suspended company's numbers cannot be located (the MSISDN policy reads it). */
  company_status: CompanyStatus;
  created_at: Date;
  updated_at: Date;
}

/** The part of a record that the Monitor's directory reads. */
export type DirectoryRecord = Pick<
  MsisdnRecord,
  | 'id'
  | 'msisdn'
  | 'employee_name'
  | 'company_id'
  | 'company_name'
  | 'department_id'
  | 'department_name'
  | 'zone_id'
  | 'zone_name'
  | 'designation_id'
  | 'designation_name'
  | 'consent_status'
  | 'tracking_enabled'
  | 'company_status'
>;

const SORT = {
  msisdn: 'msisdns.msisdn',
  employeeName: 'msisdns.employee_name',
  employeeCode: 'msisdns.employee_code',
  email: 'msisdns.email',
  ...ORG_NAME_SORT,
  consentStatus: 'msisdns.consent_status',
  consentAt: 'msisdns.consent_at',
  trackingEnabled: 'msisdns.tracking_enabled',
  createdAt: 'msisdns.created_at',
  updatedAt: 'msisdns.updated_at',
};

/** Employee MSISDNs, always through the caller's scope. */
export function msisdnsRepository(db: Executor) {
  /** Numbers in scope with the names of what they point at. */
  function withNames(scope: Scope) {
    return scoped(db, scope)
      .msisdns()
      .innerJoin('companies as c', 'c.id', 'msisdns.company_id')
      .innerJoin('departments as d', 'd.id', 'msisdns.department_id')
      .leftJoin('zones as z', 'z.id', 'msisdns.zone_id')
      .innerJoin('designations as g', 'g.id', 'msisdns.designation_id');
  }

  /** What the directory entry reads of a number (also part of every full record). */
  const DIRECTORY_COLUMNS = [
    'msisdns.id',
    'msisdns.msisdn',
    'msisdns.employee_name',
    ...orgColumnsOf('msisdns'),
    'msisdns.consent_status',
    'msisdns.tracking_enabled',
    'c.status as company_status',
  ] as const;

  function selectRecords(scope: Scope) {
    return withNames(scope).select([
      ...DIRECTORY_COLUMNS,
      'msisdns.employee_code',
      'msisdns.email',
      'msisdns.consent_at',
      'msisdns.consent_requested_at',
      'msisdns.created_at',
      'msisdns.updated_at',
    ]);
  }

  return {
    async list(scope: Scope, query: MsisdnListQuery): Promise<{ rows: MsisdnRecord[]; total: number }> {
      let base = scoped(db, scope).msisdns();
      if (query.companyId !== undefined) base = base.where('msisdns.company_id', '=', query.companyId);
      if (query.departmentId !== undefined)
        base = base.where('msisdns.department_id', '=', query.departmentId);
      if (query.zoneId !== undefined) base = base.where('msisdns.zone_id', '=', query.zoneId);
      if (query.designationId !== undefined)
        base = base.where('msisdns.designation_id', '=', query.designationId);
      if (query.consentStatus) base = base.where('msisdns.consent_status', '=', query.consentStatus);
      if (query.trackingEnabled !== undefined)
        base = base.where('msisdns.tracking_enabled', '=', query.trackingEnabled);
      if (query.pendingExpired !== undefined) base = base.where(pendingExpired(query.pendingExpired));
      base = applySearch(base, query.q, [
        'msisdns.msisdn',
        'msisdns.employee_name',
        'msisdns.employee_code',
        'msisdns.email',
      ]);
      const page = selectRecords(scope).where('msisdns.id', 'in', base.select('msisdns.id'));
      const [total, rows] = await Promise.all([
        countOf(base),
        applyPage(applySort(page, query.sort, SORT, 'msisdns.id', 'employeeName'), query).execute(),
      ]);
      return { rows, total };
    },

    /**
     * Numbers in scope with an id over `after`, in id order: one page of the directory (keyset, no count), with only
     * the columns its entries show.
     */
    directory(scope: Scope, after: number, size: number): Promise<DirectoryRecord[]> {
      return withNames(scope)
        .select(DIRECTORY_COLUMNS)
        .where('msisdns.id', '>', after)
        .orderBy('msisdns.id')
        .limit(size)
        .execute();
    },

    find(scope: Scope, id: number): Promise<MsisdnRecord | undefined> {
      return selectRecords(scope).where('msisdns.id', '=', id).executeTakeFirst();
    },

    /** Locks an MSISDN in scope (inside a transaction) before a write. */
    lock(scope: Scope, id: number) {
      return scoped(db, scope)
        .msisdns()
        .selectAll('msisdns')
        .where('msisdns.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async numberTaken(msisdn: string, exceptId?: number): Promise<boolean> {
      let q = unscoped(db).selectFrom('msisdns').select('id').where('msisdn', '=', msisdn);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async insert(values: MsisdnValues): Promise<number> {
      const row = await db.insertInto('msisdns').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Inserts a batch; numbers already registered are skipped and left out of the answer. */
    async insertMany(
      values: MsisdnValues[],
    ): Promise<{ id: number; msisdn: string; department_id: number; zone_id: number | null }[]> {
      if (values.length === 0) return [];
      return db
        .insertInto('msisdns')
        .values(values)
        .onConflict((oc) => oc.column('msisdn').doNothing())
        .returning(['id', 'msisdn', 'department_id', 'zone_id'])
        .execute();
    },

    async update(
      locked: { id: number },
      values: Partial<Omit<MsisdnValues, 'company_id'>> & {
        consent_status?: ConsentStatus;
        consent_at?: Date | null;
        consent_requested_at?: Date | null;
      },
      at: Date,
    ): Promise<void> {
      await db
        .updateTable('msisdns')
        .set({ ...values, updated_at: at })
        .where('id', '=', locked.id)
        .execute();
    },

    async remove(locked: { id: number }): Promise<void> {
      await db.deleteFrom('msisdns').where('id', '=', locked.id).execute();
    },
  };
}

/**
 * Locks (FOR UPDATE, in id order) the numbers `from` selects — scoped to a caller, or the system's — with what a
 * consent SMS and its decision need: the number, its company and that company's name, the consent state and when
 * it was last asked.
 */
export function lockConsentTargets(from: SelectQueryBuilder<Database, 'msisdns', object>) {
  return from
    .innerJoin('companies as c', 'c.id', 'msisdns.company_id')
    .select([
      'msisdns.id',
      'msisdns.msisdn',
      'msisdns.company_id',
      'msisdns.consent_status',
      'msisdns.consent_requested_at',
      'c.name as company_name',
    ])
    .orderBy('msisdns.id')
    .forUpdate('msisdns');
}

/**
 * System access for the consent flow: an inbound SMS names a number, not a caller. Only the SMS webhook (which
 * authenticates the gateway) and the consent sender use it.
 */
export function consentRepository(db: Executor) {
  return {
    lockByNumber(msisdn: string) {
      return lockConsentTargets(unscoped(db).selectFrom('msisdns'))
        .where('msisdns.msisdn', '=', msisdn)
        .executeTakeFirst();
    },
    async setConsent(id: number, status: ConsentStatus, at: Date): Promise<void> {
      await db
        .updateTable('msisdns')
        .set({ consent_status: status, consent_at: at, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
    async markRequested(ids: number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('msisdns').set({ consent_requested_at: at }).where('id', 'in', ids).execute();
    },
  };
}
