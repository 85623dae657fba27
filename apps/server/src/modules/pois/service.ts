import {
  POI_CATEGORY_ICONS,
  POI_FEATURES_MAX,
  POI_MAX_PER_COMPANY_DEFAULT,
  type AccuracyStats,
  type Poi,
  type PoiAssignment,
  type PoiAssignmentCreateBody,
  type PoiAssignmentCreated,
  type PoiAssignmentListQuery,
  type PoiAssignmentPage,
  type PoiAssignmentUpdateBody,
  type PoiCategory,
  type PoiCategoryCreateBody,
  type PoiCategoryListQuery,
  type PoiCategoryPage,
  type PoiCategoryUpdateBody,
  type PoiCreateBody,
  type PoiExportQuery,
  type PoiFeatures,
  type PoiListQuery,
  type PoiPage,
  type PoiPresence,
  type PoiUpdateBody,
  type VisitListQuery,
  type VisitPage,
} from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { actorOf, audit, auditMany } from '../../events/audit.ts';
import { emit } from '../../events/emit.ts';
import { notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/listing.ts';
import { authorize, type Caller } from '../../access/caller.ts';
import { poiAssignmentPolicy, poiCategoryPolicy, poiPolicy } from '../../access/policies/poi.ts';
import { conflictOn, invalidField } from '../../access/problems.ts';
import { resolveCompany, resolvePlacement } from '../../access/references.ts';
import { scoped } from '../../access/scoped.ts';
import { ownCompanyOf, type Scope } from '../../access/scope.ts';
import { writeTransaction } from '../../access/writes.ts';
import {
  deriveGeometry,
  detectability,
  visitRecord,
  type PresenceState,
} from '../../location/geofence/index.ts';
import { toCsv, toGeoJson, toKml, type ExportPoi } from './export-formats.ts';
import {
  currentPresence,
  openVisitsNow,
  pairKey,
  presencePayload,
  lockPresence,
  seedPairs,
  upsertVisits,
  type Pair,
} from './presence-engine.ts';
import { poisRepository, type AssignmentRecord, type CategoryRecord, type PoiRecord } from './repository.ts';

const DEFAULT_COLOR = '#1565C0';
const DAY = 86_400_000;

function parseBox(box: string): [number, number, number, number] {
  const n = box.match(/-?\d+(\.\d+)?(e-?\d+)?/gi)!.map(Number);
  const [x1, y1, x2, y2] = n as [number, number, number, number];
  return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
}

function toCategory(caller: Caller, r: CategoryRecord): PoiCategory {
  return {
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    name: r.name,
    color: r.color,
    icon: POI_CATEGORY_ICONS.includes(r.icon) ? r.icon : 'place',
    defaultRadiusM: r.default_radius_m,
    defaultMinDwellMinutes: r.default_min_dwell_minutes,
    poiCount: r.poi_count,
    ...poiCategoryPolicy(caller),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

function toPoi(caller: Caller, r: PoiRecord): Poi {
  return {
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    departmentId: r.department_id,
    departmentName: r.department_name,
    zoneId: r.zone_id,
    zoneName: r.zone_name,
    categoryId: r.category_id,
    categoryName: r.category_name,
    color: r.color ?? DEFAULT_COLOR,
    icon: r.icon ?? 'place',
    name: r.name,
    description: r.description,
    address: r.address,
    externalRef: r.external_ref,
    active: r.active,
    geometry: r.geometry,
    centroid: { lat: r.centroid_lat, lon: r.centroid_lon },
    bbox: parseBox(r.bbox),
    areaM2: Math.round(r.area_m2),
    rEffM: Math.round(r.r_eff_m * 10) / 10,
    minDwellMinutes: r.category_dwell ?? 5,
    assignmentCount: r.assignment_count,
    trackingWindow: r.tracking_window,
    insideCount: r.inside_count,
    ...poiPolicy(caller, { companyId: r.company_id, departmentId: r.department_id, zoneId: r.zone_id }),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** Each MSISDN's accuracy per source over the last 30 days (the basis of detectability at a POI). */
export async function accuracyOf(
  db: Executor,
  msisdnIds: readonly number[],
  at: Date,
): Promise<Map<number, AccuracyStats[]>> {
  const stats = await poisRepository(db).accuracy([...new Set(msisdnIds)], new Date(at.getTime() - 30 * DAY));
  const byMsisdn = new Map<number, AccuracyStats[]>();
  for (const s of stats) {
    const list = byMsisdn.get(s.msisdn_id) ?? [];
    list.push({ source: s.source, samples: s.samples, p50M: Math.round(s.p50), p90M: Math.round(s.p90) });
    byMsisdn.set(s.msisdn_id, list);
  }
  return byMsisdn;
}

export interface PoisServiceOptions {
  db: Db;
  now?: () => Date;
  /** The most POIs one company may hold. */
  maxPerCompany?: number;
}

/** POIs, their categories and assignments, who is inside and visits: every call in the caller's scope. */
export function poisService({
  db,
  now = () => new Date(),
  maxPerCompany = POI_MAX_PER_COMPANY_DEFAULT,
}: PoisServiceOptions) {
  const repo = poisRepository(db);

  // ── Categories ──
  async function listCategories(caller: Caller, query: PoiCategoryListQuery): Promise<PoiCategoryPage> {
    authorize(caller, 'poiCategory', 'list');
    const { rows, total } = await repo.listCategories(caller.scope, query);
    return { items: rows.map((r) => toCategory(caller, r)), total, page: query.page, size: query.size };
  }
  async function getCategory(caller: Caller, id: number): Promise<PoiCategory> {
    authorize(caller, 'poiCategory', 'read');
    const row = await repo.findCategory(caller.scope, id);
    if (!row) throw notFound('The category');
    return toCategory(caller, row);
  }
  const categoryNameTaken = () => conflictOn('org.nameTaken', 'name');
  async function createCategory(caller: Caller, body: PoiCategoryCreateBody): Promise<PoiCategory> {
    authorize(caller, 'poiCategory', 'create');
    const id = await writeTransaction(
      db,
      async (trx) => {
        const company = await resolveCompany(trx, caller.scope, body.companyId);
        const row = await trx
          .insertInto('poi_categories')
          .values({
            company_id: company.id,
            name: body.name,
            color: body.color.toUpperCase(),
            icon: body.icon,
            default_radius_m: body.defaultRadiusM,
            default_min_dwell_minutes: body.defaultMinDwellMinutes,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, actorOf(caller), {
          action: 'poiCategory.create',
          entity: 'poiCategory',
          entityId: row.id,
          companyId: company.id,
          detail: { name: body.name },
        });
        return row.id;
      },
      { unique: categoryNameTaken },
    );
    return getCategory(caller, id);
  }
  async function updateCategory(
    caller: Caller,
    id: number,
    body: PoiCategoryUpdateBody,
  ): Promise<PoiCategory> {
    authorize(caller, 'poiCategory', 'update');
    await writeTransaction(
      db,
      async (trx) => {
        const locked = await poisRepository(trx).lockCategory(caller.scope, id);
        if (!locked) throw notFound('The category');
        const values = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.color !== undefined ? { color: body.color.toUpperCase() } : {}),
          ...(body.icon !== undefined ? { icon: body.icon } : {}),
          ...(body.defaultRadiusM !== undefined ? { default_radius_m: body.defaultRadiusM } : {}),
          ...(body.defaultMinDwellMinutes !== undefined
            ? { default_min_dwell_minutes: body.defaultMinDwellMinutes }
            : {}),
        };
        await trx
          .updateTable('poi_categories')
          .set({ ...values, updated_at: now() })
          .where('id', '=', id)
          .execute();
        await audit(trx, actorOf(caller), {
          action: 'poiCategory.update',
          entity: 'poiCategory',
          entityId: id,
          companyId: locked.company_id,
          detail: { changed: Object.keys(body) },
        });
      },
      { unique: categoryNameTaken },
    );
    return getCategory(caller, id);
  }
  async function removeCategory(caller: Caller, id: number): Promise<void> {
    authorize(caller, 'poiCategory', 'delete');
    const inUse = () => conflictOn('poiCategory.inUse');
    await writeTransaction(
      db,
      async (trx) => {
        const tx = poisRepository(trx);
        const locked = await tx.lockCategory(caller.scope, id);
        if (!locked) throw notFound('The category');
        if (await tx.categoryInUse(id)) throw inUse();
        await trx.deleteFrom('poi_categories').where('id', '=', id).execute();
        await audit(trx, actorOf(caller), {
          action: 'poiCategory.delete',
          entity: 'poiCategory',
          entityId: id,
          companyId: locked.company_id,
          detail: { name: locked.name },
        });
      },
      { foreignKey: inUse },
    );
  }

  // ── POIs ──
  async function list(caller: Caller, query: PoiListQuery): Promise<PoiPage> {
    authorize(caller, 'poi', 'list');
    const { rows, total } = await repo.listPois(caller.scope, query);
    return { items: rows.map((r) => toPoi(caller, r)), total, page: query.page, size: query.size };
  }
  async function get(caller: Caller, id: number): Promise<Poi> {
    authorize(caller, 'poi', 'read');
    const row = await repo.findPoi(caller.scope, id);
    if (!row) throw notFound('The POI');
    return toPoi(caller, row);
  }
  async function features(
    caller: Caller,
    query: { companyId?: number | undefined; categoryId?: number | undefined; active?: boolean | undefined },
  ): Promise<PoiFeatures> {
    authorize(caller, 'poi', 'list');
    const rows = await repo.features(caller.scope, query, POI_FEATURES_MAX);
    return {
      items: rows.slice(0, POI_FEATURES_MAX).map((r) => ({
        id: r.id,
        name: r.name,
        color: r.color ?? DEFAULT_COLOR,
        active: r.active,
        geometry: r.geometry,
        insideCount: Number(r.inside_count ?? 0),
      })),
      truncated: rows.length > POI_FEATURES_MAX,
    };
  }

  /** GET /pois/export: the POIs in scope (the list's filters) as GeoJSON, CSV or KML. */
  async function exportFile(
    caller: Caller,
    query: PoiExportQuery,
  ): Promise<{ body: string; contentType: string; fileName: string }> {
    authorize(caller, 'poi', 'export');
    const rows = await repo.exportRows(caller.scope, query, maxPerCompany);
    const pois: ExportPoi[] = rows.map((r) => ({
      name: r.name,
      category: r.category,
      description: r.description,
      address: r.address,
      externalRef: r.external_ref,
      active: r.active,
      department: r.department,
      zone: r.zone,
      geometry: r.geometry,
    }));
    const stamp = now().toISOString().slice(0, 10);
    switch (query.format) {
      case 'csv':
        return { body: toCsv(pois), contentType: 'text/csv; charset=utf-8', fileName: `pois-${stamp}.csv` };
      case 'kml':
        return {
          body: toKml(pois, `POIs ${stamp}`),
          contentType: 'application/vnd.google-earth.kml+xml; charset=utf-8',
          fileName: `pois-${stamp}.kml`,
        };
      default:
        return {
          body: toGeoJson(pois),
          contentType: 'application/geo+json; charset=utf-8',
          fileName: `pois-${stamp}.geojson`,
        };
    }
  }

  /** Department and zone of a POI: a unit admin's own unit; others name units of the company, or none. */
  const placement = (
    trx: Executor,
    scope: Scope,
    company: { id: number; zoneEnabled: boolean },
    body: { departmentId?: number | null | undefined; zoneId?: number | null | undefined },
    current?: { department_id: number | null; zone_id: number | null },
  ) => resolvePlacement(trx, scope, company, body, 'poi.placementOutsideScope', current);

  async function category(trx: Executor, companyId: number, id: number | null | undefined) {
    if (id == null) return null;
    const row = await poisRepository(trx).categoryOf(companyId, id);
    if (!row) throw invalidField('categoryId', 'poi.categoryNotFound');
    return row.id;
  }

  const externalRefTaken = (constraint: string | undefined) =>
    constraint?.includes('external_ref') ? conflictOn('poi.externalRefTaken', 'externalRef') : undefined;

  function geometryColumns(geometry: PoiCreateBody['geometry']) {
    const d = deriveGeometry(geometry);
    return {
      geometry: JSON.stringify(geometry),
      bbox: d.bboxSql,
      centroid_lat: d.centroid.lat,
      centroid_lon: d.centroid.lon,
      area_m2: d.areaM2,
      r_eff_m: d.rEffM,
    };
  }

  async function create(caller: Caller, body: PoiCreateBody): Promise<Poi> {
    authorize(caller, 'poi', 'create');
    const id = await writeTransaction(
      db,
      async (trx) => {
        const tx = poisRepository(trx);
        const company = await resolveCompany(trx, caller.scope, body.companyId);
        const place = await placement(trx, caller.scope, company, body);
        const categoryId = await category(trx, company.id, body.categoryId);
        // One writer at a time per company past the count: the limit holds under concurrent creates.
        await trx.selectFrom('companies').select('id').where('id', '=', company.id).forUpdate().execute();
        if ((await tx.poiCount(company.id)) >= maxPerCompany) throw conflictOn('poi.limitReached');
        const row = await trx
          .insertInto('pois')
          .values({
            company_id: company.id,
            ...place,
            category_id: categoryId,
            name: body.name,
            description: body.description ?? null,
            address: body.address ?? null,
            external_ref: body.externalRef ?? null,
            active: body.active,
            ...geometryColumns(body.geometry),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, actorOf(caller), {
          action: 'poi.create',
          entity: 'poi',
          entityId: row.id,
          companyId: company.id,
          detail: { name: body.name, shape: body.geometry.type },
        });
        return row.id;
      },
      { unique: externalRefTaken },
    );
    return get(caller, id);
  }

  async function update(caller: Caller, id: number, body: PoiUpdateBody): Promise<Poi> {
    authorize(caller, 'poi', 'update');
    await writeTransaction(
      db,
      async (trx) => {
        const locked = await poisRepository(trx).lockPoi(caller.scope, id);
        if (!locked) throw notFound('The POI');
        const company = await trx
          .selectFrom('companies')
          .select(['id', 'zone_enabled'])
          .where('id', '=', locked.company_id)
          .executeTakeFirstOrThrow();
        const place =
          body.departmentId !== undefined || body.zoneId !== undefined
            ? await placement(
                trx,
                caller.scope,
                { id: company.id, zoneEnabled: company.zone_enabled },
                body,
                locked,
              )
            : {};
        const categoryId =
          body.categoryId !== undefined
            ? { category_id: await category(trx, locked.company_id, body.categoryId) }
            : {};
        const values = {
          ...place,
          ...categoryId,
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.address !== undefined ? { address: body.address } : {}),
          ...(body.externalRef !== undefined ? { external_ref: body.externalRef } : {}),
          ...(body.active !== undefined ? { active: body.active } : {}),
          ...(body.geometry !== undefined
            ? { ...geometryColumns(body.geometry), version: locked.version + 1 }
            : {}),
        };
        // A POI made active again starts its pairs afresh, as a new POI does: nothing while it was inactive was
        // evaluated, and a replay starts from this seeding (the MSISDNs' presence locked first: the replay's order).
        const reactivated = body.active === true && !locked.active;
        const assigned = reactivated
          ? (
              await trx
                .selectFrom('poi_assignments')
                .select('msisdn_id')
                .distinct()
                .where('poi_id', '=', id)
                .execute()
            ).map((r) => r.msisdn_id)
          : [];
        if (assigned.length) await lockPresence(trx, assigned);
        await trx
          .updateTable('pois')
          .set({ ...values, updated_at: now() })
          .where('id', '=', id)
          .execute();
        if (assigned.length) await seedPairs(trx, assigned, [id], now(), { outsideToo: true });
        await audit(trx, actorOf(caller), {
          action: 'poi.update',
          entity: 'poi',
          entityId: id,
          companyId: locked.company_id,
          detail: { changed: Object.keys(body) },
        });
      },
      { unique: externalRefTaken },
    );
    return get(caller, id);
  }

  async function remove(caller: Caller, id: number): Promise<void> {
    authorize(caller, 'poi', 'delete');
    const inUse = () => conflictOn('poi.inUse');
    await writeTransaction(
      db,
      async (trx) => {
        const tx = poisRepository(trx);
        const locked = await tx.lockPoi(caller.scope, id);
        if (!locked) throw notFound('The POI');
        if (await tx.poiInUse(id)) throw inUse();
        await trx.deleteFrom('pois').where('id', '=', id).execute();
        await audit(trx, actorOf(caller), {
          action: 'poi.delete',
          entity: 'poi',
          entityId: id,
          companyId: locked.company_id,
          detail: { name: locked.name },
        });
      },
      { foreignKey: inUse },
    );
  }

  async function presence(caller: Caller, id: number): Promise<PoiPresence> {
    authorize(caller, 'poi', 'read');
    const poi = await repo.findPoi(caller.scope, id);
    if (!poi) throw notFound('The POI');
    const rows = await repo.presenceAt(caller.scope, id);
    await audit(db, actorOf(caller), {
      action: 'location.view',
      entity: 'poi',
      entityId: id,
      companyId: poi.company_id,
      detail: { view: 'poi-presence', count: rows.length, msisdnIds: rows.map((r) => r.msisdn_id) },
    });
    return {
      poiId: id,
      items: rows.map((r) => {
        const s = r.data as PresenceState;
        const since = s.visit?.enteredAt ?? s.since;
        return {
          msisdnId: r.msisdn_id,
          msisdn: r.msisdn,
          employeeName: r.employee_name,
          state: r.state,
          since: since != null ? new Date(since).toISOString() : null,
          lastFixAt: s.lastFixAt != null ? new Date(s.lastFixAt).toISOString() : null,
        };
      }),
    };
  }

  // ── Assignments ──
  async function toAssignments(caller: Caller, rows: AssignmentRecord[]): Promise<PoiAssignment[]> {
    const byMsisdn = await accuracyOf(
      db,
      rows.map((r) => r.msisdn_id),
      now(),
    );
    return rows.map((r) => ({
      id: r.id,
      companyId: r.company_id,
      poiId: r.poi_id,
      poiName: r.poi_name,
      msisdnId: r.msisdn_id,
      msisdn: r.msisdn,
      employeeName: r.employee_name,
      departmentName: r.department_name,
      zoneName: r.zone_name,
      purpose: r.purpose,
      days: r.days,
      windows: r.windows,
      validFrom: r.valid_from,
      validTo: r.valid_to,
      minDwellMinutes: r.min_dwell_minutes,
      notifyOnEnter: r.notify_on_enter,
      notifyOnExit: r.notify_on_exit,
      shiftId: r.shift_id,
      shiftName: r.shift_name,
      presence: r.presence ?? 'OUTSIDE',
      detectability: detectability(Math.round(r.r_eff_m * 10) / 10, byMsisdn.get(r.msisdn_id) ?? []),
      ...poiAssignmentPolicy(caller),
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    }));
  }

  async function listAssignments(caller: Caller, query: PoiAssignmentListQuery): Promise<PoiAssignmentPage> {
    authorize(caller, 'poiAssignment', 'list');
    const { rows, total } = await repo.listAssignments(caller.scope, query);
    return { items: await toAssignments(caller, rows), total, page: query.page, size: query.size };
  }
  async function getAssignment(caller: Caller, id: number): Promise<PoiAssignment> {
    authorize(caller, 'poiAssignment', 'read');
    const [row] = await repo.findAssignments(caller.scope, [id]);
    if (!row) throw notFound('The assignment');
    return (await toAssignments(caller, [row]))[0]!;
  }

  async function createAssignments(
    caller: Caller,
    body: PoiAssignmentCreateBody,
  ): Promise<PoiAssignmentCreated> {
    authorize(caller, 'poiAssignment', 'create');
    const ids = await writeTransaction(
      db,
      async (trx) => {
        const tx = poisRepository(trx);
        const poi = await tx.lockPoi(caller.scope, body.poiId, 'see');
        if (!poi) throw invalidField('poiId', 'poiAssignment.poiNotFound');
        const found = await tx.msisdnsInScope(caller.scope, poi.company_id, body.msisdnIds);
        if (found.length !== body.msisdnIds.length) {
          const seen = new Set(found.map((f) => f.id));
          const index = body.msisdnIds.findIndex((m) => !seen.has(m));
          throw invalidField(`msisdnIds.${index}`, 'poiAssignment.msisdnNotFound');
        }
        if (body.shiftId != null) await shiftOfCompany(trx, poi.company_id, body.shiftId);
        // The MSISDNs' presence before the assignments (whose trigger moves presence_epoch): the replay's lock order.
        await lockPresence(trx, body.msisdnIds);
        const rows = await trx
          .insertInto('poi_assignments')
          .values(
            body.msisdnIds.map((msisdnId) => ({
              company_id: poi.company_id,
              poi_id: poi.id,
              msisdn_id: msisdnId,
              purpose: body.purpose,
              days: JSON.stringify(body.days),
              windows: JSON.stringify(body.windows),
              valid_from: body.validFrom ?? null,
              valid_to: body.validTo ?? null,
              min_dwell_minutes: body.minDwellMinutes ?? null,
              notify_on_enter: body.notifyOnEnter,
              notify_on_exit: body.notifyOnExit,
              shift_id: body.shiftId ?? null,
            })),
          )
          .returning('id')
          .execute();
        await seedPairs(trx, body.msisdnIds, [poi.id], now());
        await auditMany(
          trx,
          actorOf(caller),
          rows.map((r, i) => ({
            action: 'poiAssignment.create',
            entity: 'poiAssignment',
            entityId: r.id,
            companyId: poi.company_id,
            detail: { poiId: poi.id, msisdnId: body.msisdnIds[i], purpose: body.purpose },
          })),
        );
        return rows.map((r) => r.id);
      },
      { unique: () => conflictOn('poiAssignment.exists', 'msisdnIds') },
    );
    const rows = await repo.findAssignments(caller.scope, ids);
    return { items: await toAssignments(caller, rows) };
  }

  async function updateAssignment(
    caller: Caller,
    id: number,
    body: PoiAssignmentUpdateBody,
  ): Promise<PoiAssignment> {
    authorize(caller, 'poiAssignment', 'update');
    await writeTransaction(
      db,
      async (trx) => {
        const locked = await poisRepository(trx).lockAssignment(caller.scope, id);
        if (!locked) throw notFound('The assignment');
        const current = await trx
          .selectFrom('poi_assignments')
          .select((eb) => [
            eb.cast<string>('valid_from', 'text').as('valid_from'),
            eb.cast<string>('valid_to', 'text').as('valid_to'),
          ])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const from = body.validFrom !== undefined ? body.validFrom : current.valid_from;
        const to = body.validTo !== undefined ? body.validTo : current.valid_to;
        if (from && to && from > to) throw invalidField('validTo', 'validation.validToBeforeFrom');
        if (body.shiftId != null) await shiftOfCompany(trx, locked.company_id, body.shiftId);
        const values = {
          ...(body.shiftId !== undefined ? { shift_id: body.shiftId } : {}),
          ...(body.purpose !== undefined ? { purpose: body.purpose } : {}),
          ...(body.days !== undefined ? { days: JSON.stringify(body.days) } : {}),
          ...(body.windows !== undefined ? { windows: JSON.stringify(body.windows) } : {}),
          ...(body.validFrom !== undefined ? { valid_from: body.validFrom } : {}),
          ...(body.validTo !== undefined ? { valid_to: body.validTo } : {}),
          ...(body.minDwellMinutes !== undefined ? { min_dwell_minutes: body.minDwellMinutes } : {}),
          ...(body.notifyOnEnter !== undefined ? { notify_on_enter: body.notifyOnEnter } : {}),
          ...(body.notifyOnExit !== undefined ? { notify_on_exit: body.notifyOnExit } : {}),
        };
        await trx
          .updateTable('poi_assignments')
          .set({ ...values, updated_at: now() })
          .where('id', '=', id)
          .execute();
        await audit(trx, actorOf(caller), {
          action: 'poiAssignment.update',
          entity: 'poiAssignment',
          entityId: id,
          companyId: locked.company_id,
          detail: { changed: Object.keys(body) },
        });
      },
      { unique: () => conflictOn('poiAssignment.exists', 'purpose') },
    );
    return getAssignment(caller, id);
  }

  /** A shift named by an attendance site must be one of the POI's company. */
  async function shiftOfCompany(trx: Executor, companyId: number, shiftId: number): Promise<void> {
    const shift = await trx
      .selectFrom('shifts')
      .select('id')
      .where('id', '=', shiftId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!shift) throw invalidField('shiftId', 'attendance.shiftNotFound');
  }

  async function removeAssignment(caller: Caller, id: number): Promise<void> {
    authorize(caller, 'poiAssignment', 'delete');
    await writeTransaction(db, async (trx) => {
      const locked = await poisRepository(trx).lockAssignment(caller.scope, id);
      if (!locked) throw notFound('The assignment');
      // The pair's state now (its checkpoint caught up), read while the assignment still makes it a pair.
      const current = await currentPresence(trx, locked.msisdn_id, locked.poi_id);
      await trx.deleteFrom('poi_assignments').where('id', '=', id).execute();
      const others = await trx
        .selectFrom('poi_assignments')
        .select('id')
        .where('poi_id', '=', locked.poi_id)
        .where('msisdn_id', '=', locked.msisdn_id)
        .executeTakeFirst();
      if (!others) await endPair(trx, locked, current, now());
      await audit(trx, actorOf(caller), {
        action: 'poiAssignment.delete',
        entity: 'poiAssignment',
        entityId: id,
        companyId: locked.company_id,
        detail: { poiId: locked.poi_id, msisdnId: locked.msisdn_id },
      });
    });
  }

  /** The last assignment of a pair is gone: an open visit ends at its last inside fix, the state is dropped. */
  async function endPair(
    trx: Executor,
    pair: { company_id: number; poi_id: number; msisdn_id: number },
    state: PresenceState | null,
    at: Date,
  ): Promise<void> {
    await trx
      .deleteFrom('poi_presence')
      .where('poi_id', '=', pair.poi_id)
      .where('msisdn_id', '=', pair.msisdn_id)
      .execute();
    if (!state?.visit) return;
    const visit = visitRecord(state, state.visit, 'WINDOW_END', at.getTime());
    const p = { companyId: pair.company_id, msisdnId: pair.msisdn_id, poiId: pair.poi_id } as Pair;
    await upsertVisits(trx, [{ pair: p, visit }], at);
    if (!state.visit.seeded || state.visit.fixCount > 1)
      await emit(trx as Db, {
        type: 'VISIT_CLOSED',
        companyId: pair.company_id,
        msisdnId: pair.msisdn_id,
        subject: { type: 'poi', id: pair.poi_id },
        payload: presencePayload(visit, visit.exitedEarliest, visit.exitedLatest),
        idempotencyKey: `VISIT_CLOSED:${visit.key}`,
        occurredAt: new Date(visit.exitedAt ?? at.getTime()),
      });
  }

  // ── Visits ──
  async function visits(caller: Caller, query: VisitListQuery): Promise<VisitPage> {
    authorize(caller, 'visit', 'list');
    const { rows, total } = await repo.listVisits(caller.scope, query);
    await audit(db, actorOf(caller), {
      action: 'location.view',
      entity: query.poiId !== undefined ? 'poi' : 'msisdn',
      entityId: query.poiId ?? query.msisdnId ?? null,
      companyId: ownCompanyOf(caller.scope) ?? null,
      detail: { view: 'visits', count: rows.length, msisdnIds: [...new Set(rows.map((r) => r.msisdn_id))] },
    });
    const t = (d: Date | null) => (d ? d.toISOString() : null);
    // A visit still open is shown as it stands now (its row follows the pair's checkpoint).
    const live = await openVisitsNow(
      db,
      rows.filter((r) => r.exited_at === null).map((r) => ({ msisdnId: r.msisdn_id, poiId: r.poi_id })),
    );
    return {
      items: rows.map((row) => {
        const current = row.exited_at === null ? live.get(pairKey(row.msisdn_id, row.poi_id)) : undefined;
        const r =
          current && current.key === row.key
            ? {
                ...row,
                dwell_minutes: current.dwellMinutes,
                confidence: current.confidence,
                fix_count: current.fixCount,
                sources: current.sources,
              }
            : row;
        return {
          id: Number(r.id),
          msisdnId: r.msisdn_id,
          poiId: r.poi_id,
          poiName: r.poi_name,
          msisdn: r.msisdn,
          employeeName: r.employee_name,
          assigned: Boolean(r.assigned),
          enteredAt: r.entered_at.toISOString(),
          enteredEarliest: t(r.entered_earliest),
          enteredLatest: r.entered_latest.toISOString(),
          exitedAt: t(r.exited_at),
          exitedEarliest: t(r.exited_earliest),
          exitedLatest: t(r.exited_latest),
          dwellMinutes: Number(r.dwell_minutes),
          confidence: Number(r.confidence),
          fixCount: r.fix_count,
          sources: r.sources,
          closedBy: r.closed_by,
        };
      }),
      total,
      page: query.page,
      size: query.size,
    };
  }
  async function msisdnVisits(caller: Caller, msisdnId: number, query: VisitListQuery): Promise<VisitPage> {
    authorize(caller, 'visit', 'list');
    const m = await scoped(db, caller.scope)
      .msisdns()
      .select('msisdns.id')
      .where('msisdns.id', '=', msisdnId)
      .executeTakeFirst();
    if (!m) throw notFound('The MSISDN');
    return visits(caller, { ...query, msisdnId });
  }

  return {
    listCategories,
    getCategory,
    createCategory,
    updateCategory,
    removeCategory,
    list,
    get,
    features,
    exportFile,
    create,
    update,
    remove,
    presence,
    listAssignments,
    getAssignment,
    createAssignments,
    updateAssignment,
    removeAssignment,
    visits,
    msisdnVisits,
  };
}

export type PoisService = ReturnType<typeof poisService>;
