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
import type { MonitorPositionRow } from '../../location/fanout.ts';

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

export interface LatestRow extends MonitorPositionRow {
  position_id: number | string;
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
     * The latest position of every MSISDN in scope (narrowed by the filters), by MSISDN id, with its position id
     * (the Monitor snapshot's starting point; the live stream keeps it current).
     */
    async latest(
      scope: Scope,
      filters: Pick<MonitorPositionsQuery, 'companyId' | 'departmentId' | 'zoneId'>,
    ): Promise<LatestRow[]> {
      let q = scoped(db, scope)
        .msisdns()
        .innerJoin('latest_positions as lp', 'lp.msisdn_id', 'msisdns.id')
        .select([
          'msisdns.id as msisdn_id',
          'msisdns.msisdn',
          'msisdns.employee_name',
          'msisdns.company_id',
          'msisdns.department_id',
          'msisdns.zone_id',
          'lp.position_id',
          'lp.lat',
          'lp.lon',
          'lp.accuracy_m',
          'lp.time',
          'lp.source',
        ]);
      if (filters.companyId !== undefined) q = q.where('msisdns.company_id', '=', filters.companyId);
      if (filters.departmentId !== undefined) q = q.where('msisdns.department_id', '=', filters.departmentId);
      if (filters.zoneId !== undefined) q = q.where('msisdns.zone_id', '=', filters.zoneId);
      return (await q.orderBy('msisdns.id').execute()) as LatestRow[];
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
