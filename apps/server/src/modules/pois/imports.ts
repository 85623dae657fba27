import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  POI_IMPORT_ERRORS_MAX,
  POI_MAX_PER_COMPANY_DEFAULT,
  type PoiImport,
  type PoiImportRequest,
  type PoiImportRowError,
} from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { auditMany, SYSTEM_ACTOR } from '../../events/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { authorize, type Caller } from '../../access/caller.ts';
import { conflictOn, invalidField } from '../../access/problems.ts';
import { resolveCompany } from '../../access/references.ts';
import { scoped, unscoped } from '../../access/scoped.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobContext } from '../../jobs/runner.ts';
import { deriveGeometry } from '../../location/geofence/index.ts';
import { ImportFileError, parseImportFile, type ImportRow, type ParsedFile } from './import-file.ts';

export const POI_IMPORT_JOB = 'pois.import';
const BATCH = 200;

interface PlannedRow extends ImportRow {
  categoryId: number | null;
  existingId: number | null;
}
interface Plan {
  rows: PlannedRow[];
  errors: PoiImportRowError[];
  toCreate: number;
  toUpdate: number;
}

/** Categories by name and existing POIs by external reference: what each valid row would do. */
async function plan(db: Executor, companyId: number, parsed: ParsedFile): Promise<Plan> {
  const categories = await unscoped(db)
    .selectFrom('poi_categories')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .execute();
  const byName = new Map(categories.map((c) => [c.name.toLowerCase(), c.id]));
  const refs = parsed.rows.map((r) => r.body.externalRef).filter((r): r is string => !!r);
  const existing = refs.length
    ? await unscoped(db)
        .selectFrom('pois')
        .select(['id', 'external_ref'])
        .where('company_id', '=', companyId)
        .where('external_ref', 'in', refs)
        .execute()
    : [];
  const byRef = new Map(existing.map((e) => [e.external_ref!, e.id]));
  const errors = [...parsed.errors];
  const rows: PlannedRow[] = [];
  for (const r of parsed.rows) {
    const categoryId = r.categoryName ? (byName.get(r.categoryName.toLowerCase()) ?? undefined) : null;
    if (categoryId === undefined) {
      errors.push({ row: r.row, path: 'category', code: 'poi.categoryNotFound' });
      continue;
    }
    rows.push({
      ...r,
      categoryId,
      existingId: r.body.externalRef ? (byRef.get(r.body.externalRef) ?? null) : null,
    });
  }
  errors.sort((a, b) => a.row - b.row);
  const toUpdate = rows.filter((r) => r.existingId !== null).length;
  return { rows, errors, toCreate: rows.length - toUpdate, toUpdate };
}

function parse(request: Pick<PoiImportRequest, 'format' | 'content'>): ParsedFile {
  try {
    return parseImportFile(request.format, request.content);
  } catch (error) {
    if (error instanceof ImportFileError) throw invalidField('content', error.code);
    throw error;
  }
}

const answer = (
  id: string | null,
  status: PoiImport['status'],
  rows: number,
  p: Pick<Plan, 'toCreate' | 'toUpdate' | 'errors'>,
  done: { created: number; updated: number } = { created: 0, updated: 0 },
): PoiImport => ({
  id,
  status,
  rows,
  toCreate: p.toCreate,
  toUpdate: p.toUpdate,
  ...done,
  errorCount: p.errors.length,
  errors: p.errors.slice(0, POI_IMPORT_ERRORS_MAX),
});

export function poiImports({
  db,
  maxPerCompany = POI_MAX_PER_COMPANY_DEFAULT,
}: {
  db: Db;
  maxPerCompany?: number;
}) {
  /** A dry run answers what the file would do; a commit stores it and queues the job (202). */
  async function start(caller: Caller, request: PoiImportRequest): Promise<PoiImport> {
    authorize(caller, 'poi', 'import');
    const parsed = parse(request);
    return db.transaction().execute(async (trx) => {
      const company = await resolveCompany(trx, caller.scope, request.companyId);
      const p = await plan(trx, company.id, parsed);
      const count = await unscoped(trx)
        .selectFrom('pois')
        .select(sql<number>`count(*)`.as('n'))
        .where('company_id', '=', company.id)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) + p.toCreate > maxPerCompany) throw conflictOn('poi.limitReached');
      if (request.dryRun) return answer(null, 'CHECKED', parsed.count, p);
      const id = randomUUID();
      await trx
        .insertInto('poi_imports')
        .values({
          id,
          company_id: company.id,
          user_id: caller.user.id,
          format: request.format,
          file_name: request.fileName ?? null,
          content: request.content,
          rows: parsed.count,
          to_create: p.toCreate,
          to_update: p.toUpdate,
          error_count: p.errors.length,
          errors: JSON.stringify(p.errors.slice(0, POI_IMPORT_ERRORS_MAX)),
        })
        .execute();
      await enqueue(trx, { kind: POI_IMPORT_JOB, key: id, payload: { importId: id }, maxAttempts: 5 });
      return answer(id, 'QUEUED', parsed.count, p);
    });
  }

  async function get(caller: Caller, id: string): Promise<PoiImport> {
    authorize(caller, 'poi', 'import');
    const row = await scoped(db, caller.scope)
      .companyOwned('poi_imports')
      .selectAll('poi_imports')
      .where('poi_imports.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('The import');
    return answer(
      row.id,
      row.status,
      row.rows,
      { toCreate: row.to_create, toUpdate: row.to_update, errors: row.errors },
      { created: row.created, updated: row.updated },
    );
  }

  /** The job: rows in batches of 200, each batch and its `next_row` in one transaction (exactly once). */
  async function runJob(job: JobContext): Promise<void> {
    const { importId } = job.payload as { importId: string };
    const imp = await db.selectFrom('poi_imports').selectAll().where('id', '=', importId).executeTakeFirst();
    if (!imp || imp.status === 'DONE') return;
    await db.updateTable('poi_imports').set({ status: 'RUNNING' }).where('id', '=', importId).execute();
    const parsed = parseImportFile(imp.format, imp.content);
    let next = imp.next_row;
    while (true) {
      job.signal.throwIfAborted();
      const done = await db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('poi_imports')
          .select(['next_row', 'created', 'updated'])
          .where('id', '=', importId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        next = locked.next_row;
        const batch = parsed.rows.slice(next, next + BATCH);
        if (!batch.length) return true;
        // Planned again per batch: a POI created or renamed meanwhile is updated, not duplicated.
        const p = await plan(trx, imp.company_id, { rows: batch, errors: [], count: batch.length });
        let created = 0;
        let updated = 0;
        const events = [];
        for (const r of p.rows) {
          const d = deriveGeometry(r.body.geometry);
          const values = {
            name: r.body.name,
            category_id: r.categoryId,
            description: r.body.description ?? null,
            address: r.body.address ?? null,
            active: r.body.active,
            geometry: JSON.stringify(r.body.geometry),
            bbox: d.bboxSql,
            centroid_lat: d.centroid.lat,
            centroid_lon: d.centroid.lon,
            area_m2: d.areaM2,
            r_eff_m: d.rEffM,
          };
          if (r.existingId !== null) {
            await trx
              .updateTable('pois')
              .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: new Date() }))
              .where('id', '=', r.existingId)
              .execute();
            updated++;
            events.push({
              action: 'poi.update',
              entity: 'poi',
              entityId: r.existingId,
              companyId: imp.company_id,
              detail: { importId, row: r.row },
            });
          } else {
            const row = await trx
              .insertInto('pois')
              .values({ company_id: imp.company_id, external_ref: r.body.externalRef ?? null, ...values })
              .returning('id')
              .executeTakeFirstOrThrow();
            created++;
            events.push({
              action: 'poi.create',
              entity: 'poi',
              entityId: row.id,
              companyId: imp.company_id,
              detail: { importId, row: r.row },
            });
          }
        }
        const actor = imp.user_id
          ? { ...SYSTEM_ACTOR('poi-import'), userId: imp.user_id }
          : SYSTEM_ACTOR('poi-import');
        if (events.length) await auditMany(trx, actor, events);
        await trx
          .updateTable('poi_imports')
          .set({
            next_row: next + batch.length,
            created: locked.created + created,
            updated: locked.updated + updated,
          })
          .where('id', '=', importId)
          .execute();
        return false;
      });
      if (done) break;
      await job.saveProgress({ next });
    }
    await db
      .updateTable('poi_imports')
      .set({ status: 'DONE', finished_at: new Date() })
      .where('id', '=', importId)
      .execute();
  }

  return { start, get, runJob };
}

export type PoiImports = ReturnType<typeof poiImports>;
