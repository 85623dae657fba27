import { sql } from 'kysely';
import type {
  PoiAssignmentListQuery,
  PoiCategoryIcon,
  PoiCategoryListQuery,
  PoiGeometry,
  PoiListQuery,
  PoiPurpose,
  PoiTimeWindow,
  PositionSource,
  PresenceStateName,
  VisitListQuery,
  TrackingWindow,
} from '@lbs/contracts';
import type { Executor } from '../../db/database.ts';
import { scoped, unscoped } from '../../access/scoped.ts';
import type { Scope } from '../../access/scope.ts';
import { applyPage, applySearch, applySort, countOf } from '../../lib/listing.ts';

/** POIs, categories, assignments, presence and visits: every read through the caller's scope. */

export interface CategoryRecord {
  id: number;
  company_id: number;
  company_name: string;
  name: string;
  color: string;
  icon: PoiCategoryIcon;
  default_radius_m: number;
  default_min_dwell_minutes: number;
  poi_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface PoiRecord {
  id: number;
  company_id: number;
  company_name: string;
  department_id: number | null;
  department_name: string | null;
  zone_id: number | null;
  zone_name: string | null;
  category_id: number | null;
  category_name: string | null;
  color: string | null;
  icon: PoiCategoryIcon | null;
  category_dwell: number | null;
  name: string;
  description: string | null;
  address: string | null;
  external_ref: string | null;
  active: boolean;
  geometry: PoiGeometry;
  bbox: string;
  centroid_lat: number;
  centroid_lon: number;
  area_m2: number;
  r_eff_m: number;
  /** The company's tracking window (its config's). */
  tracking_window: TrackingWindow;
  assignment_count: number;
  inside_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface AssignmentRecord {
  id: number;
  company_id: number;
  poi_id: number;
  poi_name: string;
  r_eff_m: number;
  msisdn_id: number;
  msisdn: string;
  employee_name: string;
  department_name: string;
  zone_name: string | null;
  purpose: PoiPurpose;
  days: number[];
  windows: PoiTimeWindow[];
  valid_from: string | null;
  valid_to: string | null;
  min_dwell_minutes: number | null;
  notify_on_enter: boolean;
  notify_on_exit: boolean;
  shift_id: number | null;
  shift_name: string | null;
  presence: PresenceStateName | null;
  created_at: Date;
  updated_at: Date;
}

const CATEGORY_SORT = {
  name: 'poi_categories.name',
  companyName: 'c.name',
  poiCount: 'poi_count',
  createdAt: 'poi_categories.created_at',
};
const POI_SORT = {
  name: 'pois.name',
  companyName: 'c.name',
  categoryName: 'pc.name',
  assignmentCount: 'assignment_count',
  createdAt: 'pois.created_at',
  updatedAt: 'pois.updated_at',
};
const ASSIGNMENT_SORT = {
  poiName: 'pois.name',
  employeeName: 'm.employee_name',
  purpose: 'poi_assignments.purpose',
  createdAt: 'poi_assignments.created_at',
};

const num = <T extends Record<string, unknown>>(row: T, ...keys: (keyof T)[]): T => {
  const out = { ...row };
  for (const k of keys) (out as Record<string, unknown>)[k as string] = Number(row[k] ?? 0);
  return out;
};

export function poisRepository(db: Executor) {
  const s = (scope: Scope) => scoped(db, scope);

  /** How many MSISDNs in scope are at the POI now (INSIDE, or LEAVING: not yet confirmed gone). */
  const insideCount = (scope: Scope) =>
    s(scope)
      .msisdnOwned('poi_presence', 'msisdn_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('poi_presence.poi_id', '=', sql<number>`pois.id`)
      .where('poi_presence.state', 'in', ['INSIDE', 'LEAVING'])
      .as('inside_count');

  // ── Categories ──
  function selectCategories(scope: Scope) {
    return s(scope)
      .companyOwned('poi_categories')
      .innerJoin('companies as c', 'c.id', 'poi_categories.company_id')
      .select((eb) => [
        'poi_categories.id',
        'poi_categories.company_id',
        'c.name as company_name',
        'poi_categories.name',
        'poi_categories.color',
        'poi_categories.icon',
        'poi_categories.default_radius_m',
        'poi_categories.default_min_dwell_minutes',
        'poi_categories.created_at',
        'poi_categories.updated_at',
        eb
          .selectFrom('pois')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('pois.category_id', '=', 'poi_categories.id')
          .as('poi_count'),
      ]);
  }

  // ── POIs ──
  function selectPois(scope: Scope) {
    const inScope = s(scope).msisdns().select('msisdns.id');
    return s(scope)
      .pois('see')
      .innerJoin('companies as c', 'c.id', 'pois.company_id')
      .leftJoin('departments as d', 'd.id', 'pois.department_id')
      .leftJoin('zones as z', 'z.id', 'pois.zone_id')
      .leftJoin('poi_categories as pc', 'pc.id', 'pois.category_id')
      .select((eb) => [
        'pois.id',
        'pois.company_id',
        'c.name as company_name',
        'pois.department_id',
        'd.name as department_name',
        'pois.zone_id',
        'z.name as zone_name',
        'pois.category_id',
        'pc.name as category_name',
        'pc.color as color',
        'pc.icon as icon',
        'pc.default_min_dwell_minutes as category_dwell',
        'pois.name',
        'pois.description',
        'pois.address',
        'pois.external_ref',
        'pois.active',
        'pois.geometry',
        sql<string>`pois.bbox::text`.as('bbox'),
        'pois.centroid_lat',
        'pois.centroid_lon',
        'pois.area_m2',
        'pois.r_eff_m',
        'pois.created_at',
        'pois.updated_at',
        sql<TrackingWindow>`c.config -> 'trackingWindow'`.as('tracking_window'),
        eb
          .selectFrom('poi_assignments as pa')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('pa.poi_id', '=', 'pois.id')
          .where('pa.msisdn_id', 'in', inScope)
          .as('assignment_count'),
        insideCount(scope),
      ]);
  }

  function poiFilters(scope: Scope, query: Partial<PoiListQuery>) {
    let base = s(scope).pois('see');
    if (query.companyId !== undefined) base = base.where('pois.company_id', '=', query.companyId);
    if (query.departmentId !== undefined) base = base.where('pois.department_id', '=', query.departmentId);
    if (query.zoneId !== undefined) base = base.where('pois.zone_id', '=', query.zoneId);
    if (query.categoryId !== undefined) base = base.where('pois.category_id', '=', query.categoryId);
    if (query.active !== undefined) base = base.where('pois.active', '=', query.active);
    return applySearch(base, query.q, ['pois.name', 'pois.address', 'pois.description', 'pois.external_ref']);
  }

  // ── Assignments ──
  function selectAssignments(scope: Scope) {
    const seenPois = s(scope).pois('see').select('pois.id');
    return s(scope)
      .msisdnOwned('poi_assignments', 'msisdn_id')
      .where('poi_assignments.poi_id', 'in', seenPois)
      .innerJoin('pois', 'pois.id', 'poi_assignments.poi_id')
      .innerJoin('msisdns as m', 'm.id', 'poi_assignments.msisdn_id')
      .innerJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .leftJoin('shifts as sh', 'sh.id', 'poi_assignments.shift_id')
      .leftJoin('poi_presence as pp', (j) =>
        j
          .onRef('pp.msisdn_id', '=', 'poi_assignments.msisdn_id')
          .onRef('pp.poi_id', '=', 'poi_assignments.poi_id'),
      )
      .select([
        'poi_assignments.id',
        'poi_assignments.company_id',
        'poi_assignments.poi_id',
        'pois.name as poi_name',
        'pois.r_eff_m',
        'poi_assignments.msisdn_id',
        'm.msisdn',
        'm.employee_name',
        'd.name as department_name',
        'z.name as zone_name',
        'poi_assignments.purpose',
        'poi_assignments.days',
        'poi_assignments.windows',
        sql<string | null>`poi_assignments.valid_from::text`.as('valid_from'),
        sql<string | null>`poi_assignments.valid_to::text`.as('valid_to'),
        'poi_assignments.min_dwell_minutes',
        'poi_assignments.notify_on_enter',
        'poi_assignments.notify_on_exit',
        'poi_assignments.shift_id',
        'sh.name as shift_name',
        'pp.state as presence',
        'poi_assignments.created_at',
        'poi_assignments.updated_at',
      ]);
  }

  return {
    async listCategories(scope: Scope, query: PoiCategoryListQuery) {
      let base = s(scope).companyOwned('poi_categories');
      if (query.companyId !== undefined) base = base.where('poi_categories.company_id', '=', query.companyId);
      base = applySearch(base, query.q, ['poi_categories.name']);
      const rows = selectCategories(scope).where('poi_categories.id', 'in', base.select('poi_categories.id'));
      const [total, page] = await Promise.all([
        countOf(base),
        applyPage(applySort(rows, query.sort, CATEGORY_SORT, 'poi_categories.id', 'name'), query).execute(),
      ]);
      return { total, rows: page.map((r) => num(r, 'poi_count') as CategoryRecord) };
    },
    async findCategory(scope: Scope, id: number): Promise<CategoryRecord | undefined> {
      const row = await selectCategories(scope).where('poi_categories.id', '=', id).executeTakeFirst();
      return row && (num(row, 'poi_count') as CategoryRecord);
    },
    lockCategory(scope: Scope, id: number) {
      return s(scope)
        .companyOwned('poi_categories')
        .select(['poi_categories.id', 'poi_categories.company_id', 'poi_categories.name'])
        .where('poi_categories.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },
    /** A category referenced by a POI body: it must be the POI's company's (reference check). */
    categoryOf(companyId: number, id: number) {
      return unscoped(db)
        .selectFrom('poi_categories')
        .select(['id', 'default_min_dwell_minutes'])
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
    },
    async categoryInUse(id: number): Promise<boolean> {
      const row = await unscoped(db)
        .selectFrom('pois')
        .select('id')
        .where('category_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listPois(scope: Scope, query: PoiListQuery) {
      const base = poiFilters(scope, query);
      const rows = selectPois(scope).where('pois.id', 'in', base.select('pois.id'));
      const [total, page] = await Promise.all([
        countOf(base),
        applyPage(applySort(rows, query.sort, POI_SORT, 'pois.id', 'name'), query).execute(),
      ]);
      return { total, rows: page.map(normalisePoi) };
    },
    async findPoi(scope: Scope, id: number): Promise<PoiRecord | undefined> {
      const row = await selectPois(scope).where('pois.id', '=', id).executeTakeFirst();
      return row && normalisePoi(row);
    },
    async features(scope: Scope, query: Partial<PoiListQuery>, limit: number) {
      const rows = await poiFilters(scope, query)
        .leftJoin('poi_categories as pc', 'pc.id', 'pois.category_id')
        .select([
          'pois.id',
          'pois.name',
          'pc.color as color',
          'pois.active',
          'pois.geometry',
          insideCount(scope),
        ])
        .orderBy('pois.id')
        .limit(limit + 1)
        .execute();
      return rows.map((r) => num(r, 'inside_count'));
    },
    /** The POIs in scope with the names an export file carries (at most `limit`). */
    exportRows(scope: Scope, query: Partial<PoiListQuery>, limit: number) {
      return poiFilters(scope, query)
        .leftJoin('poi_categories as pc', 'pc.id', 'pois.category_id')
        .leftJoin('departments as d', 'd.id', 'pois.department_id')
        .leftJoin('zones as z', 'z.id', 'pois.zone_id')
        .select([
          'pois.name',
          'pc.name as category',
          'pois.description',
          'pois.address',
          'pois.external_ref',
          'pois.active',
          'd.name as department',
          'z.name as zone',
          'pois.geometry',
        ])
        .orderBy('pois.name')
        .orderBy('pois.id')
        .limit(limit)
        .execute();
    },
    /** Locks a POI the caller may change (a unit admin: its unit's only), or one it sees (`see`, to assign). */
    lockPoi(scope: Scope, id: number, purpose: 'see' | 'manage' = 'manage') {
      return s(scope)
        .pois(purpose)
        .select([
          'pois.id',
          'pois.company_id',
          'pois.department_id',
          'pois.zone_id',
          'pois.name',
          'pois.active',
          'pois.version',
        ])
        .where('pois.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },
    async poiCount(companyId: number): Promise<number> {
      const row = await unscoped(db)
        .selectFrom('pois')
        .select(sql<number>`count(*)`.as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async poiInUse(id: number): Promise<boolean> {
      const row = await unscoped(db)
        .selectFrom('poi_assignments')
        .select('id')
        .where('poi_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listAssignments(scope: Scope, query: PoiAssignmentListQuery) {
      let base = selectAssignments(scope);
      if (query.companyId !== undefined)
        base = base.where('poi_assignments.company_id', '=', query.companyId);
      if (query.poiId !== undefined) base = base.where('poi_assignments.poi_id', '=', query.poiId);
      if (query.msisdnId !== undefined) base = base.where('poi_assignments.msisdn_id', '=', query.msisdnId);
      if (query.departmentId !== undefined) base = base.where('m.department_id', '=', query.departmentId);
      if (query.zoneId !== undefined) base = base.where('m.zone_id', '=', query.zoneId);
      if (query.purpose !== undefined) base = base.where('poi_assignments.purpose', '=', query.purpose);
      base = applySearch(base, query.q, ['pois.name', 'm.employee_name', 'm.msisdn']);
      const [total, rows] = await Promise.all([
        countOf(base),
        applyPage(
          applySort(base, query.sort, ASSIGNMENT_SORT, 'poi_assignments.id', 'poiName'),
          query,
        ).execute(),
      ]);
      return { total, rows: rows as AssignmentRecord[] };
    },
    async findAssignments(scope: Scope, ids: number[]): Promise<AssignmentRecord[]> {
      if (!ids.length) return [];
      return (await selectAssignments(scope)
        .where('poi_assignments.id', 'in', ids)
        .orderBy('poi_assignments.id')
        .execute()) as AssignmentRecord[];
    },
    lockAssignment(scope: Scope, id: number) {
      const seenPois = s(scope).pois('see').select('pois.id');
      return s(scope)
        .msisdnOwned('poi_assignments', 'msisdn_id')
        .where('poi_assignments.poi_id', 'in', seenPois)
        .select([
          'poi_assignments.id',
          'poi_assignments.company_id',
          'poi_assignments.poi_id',
          'poi_assignments.msisdn_id',
          'poi_assignments.purpose',
        ])
        .where('poi_assignments.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },
    /** The MSISDNs of `ids` the caller reaches, in the company. */
    msisdnsInScope(scope: Scope, companyId: number, ids: number[]) {
      return s(scope)
        .msisdns()
        .select(['msisdns.id'])
        .where('msisdns.company_id', '=', companyId)
        .where('msisdns.id', 'in', ids)
        .execute();
    },
    /** Accuracy percentiles of each MSISDN's positions since `since`, per source (detectability). */
    async accuracy(msisdnIds: number[], since: Date) {
      if (!msisdnIds.length) return [];
      const { rows } = await sql<{
        msisdn_id: number;
        source: PositionSource;
        samples: number;
        p50: number;
        p90: number;
      }>`select msisdn_id, source, count(*)::int as samples,
           percentile_cont(0.5) within group (order by acc) as p50,
           percentile_cont(0.9) within group (order by acc) as p90
         from (select msisdn_id, source,
                 case when accuracy_m > 0 then accuracy_m when source = 'NETWORK' then 1000 else 100 end as acc
               from positions where msisdn_id in (${sql.join(msisdnIds)}) and time >= ${since}) x
         group by msisdn_id, source`.execute(unscoped(db));
      return rows.map((r) => ({ ...r, samples: Number(r.samples), p50: Number(r.p50), p90: Number(r.p90) }));
    },

    presenceAt(scope: Scope, poiId: number) {
      return s(scope)
        .msisdnOwned('poi_presence', 'msisdn_id')
        .innerJoin('msisdns as m', 'm.id', 'poi_presence.msisdn_id')
        .select([
          'poi_presence.msisdn_id',
          'm.msisdn',
          'm.employee_name',
          'poi_presence.state',
          'poi_presence.data',
        ])
        .where('poi_presence.poi_id', '=', poiId)
        .where('poi_presence.state', 'in', ['INSIDE', 'LEAVING'])
        .orderBy('m.employee_name')
        .execute();
    },

    async listVisits(scope: Scope, query: VisitListQuery) {
      let base = s(scope)
        .msisdnOwned('visits', 'msisdn_id')
        .where('visits.poi_id', 'in', s(scope).pois('see').select('pois.id'));
      if (query.msisdnId !== undefined) base = base.where('visits.msisdn_id', '=', query.msisdnId);
      if (query.poiId !== undefined) base = base.where('visits.poi_id', '=', query.poiId);
      if (query.from)
        base = base.where((eb) =>
          eb.or([eb('visits.exited_at', 'is', null), eb('visits.exited_at', '>=', query.from!)]),
        );
      if (query.to) base = base.where('visits.entered_at', '<', query.to);
      const rows = base
        .innerJoin('pois', 'pois.id', 'visits.poi_id')
        .innerJoin('msisdns as m', 'm.id', 'visits.msisdn_id')
        .selectAll('visits')
        .select((eb) => [
          'pois.name as poi_name',
          'm.msisdn',
          'm.employee_name',
          eb
            .exists(
              eb
                .selectFrom('poi_assignments as pa')
                .select('pa.id')
                .whereRef('pa.poi_id', '=', 'visits.poi_id')
                .whereRef('pa.msisdn_id', '=', 'visits.msisdn_id'),
            )
            .as('assigned'),
        ])
        .orderBy('visits.entered_at', 'desc')
        .orderBy('visits.id', 'desc');
      const [total, page] = await Promise.all([countOf(base), applyPage(rows, query).execute()]);
      return { total, rows: page };
    },
  };
}

function normalisePoi<T extends { assignment_count: unknown; inside_count: unknown }>(row: T) {
  return num(row, 'assignment_count', 'inside_count') as unknown as PoiRecord;
}
