import { sql } from 'kysely';
import type {
  MonitorPositionsQuery,
  CompanyConfig,
  PositionSource,
  CompanyStatus,
  ConsentStatus,
} from '@lbs/contracts';
import { scoped } from '../../access/scoped.ts';
import { type Scope } from '../../access/scope.ts';
import type { Executor } from '../../db/database.ts';

export interface MsisdnForLocation {
  id: number;
  msisdn: string;
  employeeName: string;
  companyId: number;
  departmentId: number;
  zoneId: number | null;
  consentStatus: ConsentStatus;
  trackingEnabled: boolean;
  company: { id: number; status: CompanyStatus; config: CompanyConfig };
}

export interface HistoryRow {
  id: number;
  time: Date;
  lat: number;
  lon: number;
  accuracy_m: number | null;
  source: PositionSource;
  received_at: Date;
}

/** Positions, always reached through the caller's scope on msisdns (outside it: nothing, like not existing). */
export function positionsRepository(db: Executor) {
  return {
    /**
     * The latest positions in scope as the JSON body of GET /monitor/positions, built by the database (ten thousand
     * rows become one text value instead of ten thousand parsed rows), with the count and the MSISDN ids as ranges
     * ("1-120,130") for the audit. The fields are those of monitorPositionSchema (a test holds them to it).
     */
    async latestJson(
      scope: Scope,
      filters: MonitorPositionsQuery,
      generatedAt: Date,
    ): Promise<{ body: string; count: number; msisdnIds: string }> {
      let q = scoped(db, scope)
        .msisdns()
        .innerJoin('latest_positions as lp', 'lp.msisdn_id', 'msisdns.id')
        .select([
          'msisdns.id',
          'msisdns.msisdn',
          'msisdns.employee_name',
          'msisdns.company_id',
          'msisdns.department_id',
          'msisdns.zone_id',
          'lp.lat',
          'lp.lon',
          'lp.accuracy_m',
          'lp.time',
          'lp.source',
        ]);
      if (filters.companyId !== undefined) q = q.where('msisdns.company_id', '=', filters.companyId);
      if (filters.departmentId !== undefined) q = q.where('msisdns.department_id', '=', filters.departmentId);
      if (filters.zoneId !== undefined) q = q.where('msisdns.zone_id', '=', filters.zoneId);
      if (filters.since !== undefined) q = q.where('lp.received_at', '>=', filters.since);
      const result = await sql<{ body: string; count: number; ranges: string | null }>`
        with r as (${q}),
        islands as (select min(id) as lo, max(id) as hi from (select id, id - row_number() over (order by id) as g from r) t group by g)
        select
          json_build_object(
            'items', coalesce((select json_agg(item) from (
              select id as "msisdnId", msisdn, employee_name as "employeeName", company_id as "companyId",
                department_id as "departmentId", zone_id as "zoneId", lat, lon, accuracy_m as "accuracyM",
                to_char(time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time, source
              from r order by id
            ) item), '[]'::json),
            'generatedAt', ${generatedAt.toISOString()}::text
          )::text as body,
          (select count(*)::int from r) as count,
          (select string_agg(case when lo = hi then lo::text else lo || '-' || hi end, ',' order by lo) from islands) as ranges
      `.execute(db);
      const row = result.rows[0]!;
      return { body: row.body, count: Number(row.count), msisdnIds: row.ranges ?? '' };
    },

    async msisdn(scope: Scope, id: number): Promise<MsisdnForLocation | undefined> {
      const r = await scoped(db, scope)
        .msisdns()
        .innerJoin('companies as c', 'c.id', 'msisdns.company_id')
        .select([
          'msisdns.id',
          'msisdns.msisdn',
          'msisdns.employee_name',
          'msisdns.company_id',
          'msisdns.department_id',
          'msisdns.zone_id',
          'msisdns.consent_status',
          'msisdns.tracking_enabled',
          'c.status',
          'c.config',
        ])
        .where('msisdns.id', '=', id)
        .executeTakeFirst();
      if (!r) return undefined;
      return {
        id: r.id,
        msisdn: r.msisdn,
        employeeName: r.employee_name,
        companyId: r.company_id,
        departmentId: r.department_id,
        zoneId: r.zone_id,
        consentStatus: r.consent_status,
        trackingEnabled: r.tracking_enabled,
        company: { id: r.company_id, status: r.status, config: r.config },
      };
    },

    /**
     * Up to `limit + 1` positions of one MSISDN in [from, to) from the `keep` end, in that order (newest first for
     * 'last'); only through the caller's scope on msisdns (outside it: none).
     */
    async history(
      scope: Scope,
      msisdnId: number,
      from: Date,
      to: Date,
      limit: number,
      keep: 'first' | 'last' = 'first',
    ): Promise<HistoryRow[]> {
      const direction = keep === 'first' ? 'asc' : 'desc';
      return scoped(db, scope)
        .msisdnOwned('positions', 'msisdn_id')
        .select([
          'positions.id',
          'positions.time',
          'positions.lat',
          'positions.lon',
          'positions.accuracy_m',
          'positions.source',
          'positions.received_at',
        ])
        .where('positions.msisdn_id', '=', msisdnId)
        .where('positions.time', '>=', from)
        .where('positions.time', '<', to)
        .orderBy('positions.time', direction)
        .orderBy('positions.id', direction)
        .limit(limit + 1)
        .execute();
    },
  };
}
