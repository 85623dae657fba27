import { sql } from 'kysely';
import { z } from 'zod';
import {
  EMPLOYEE_CODE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  optionalEmail,
  optionalText,
  phoneField,
  requiredName,
  toE164,
  type MessageKey,
  type MsisdnImport,
  type MsisdnImportQuery,
  type ImportRowError,
  type ImportFormat,
} from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { actorOf, audit, auditMany, type AuditActor } from '../../events/audit.ts';
import { emitMsisdnCreated } from '../../events/emit.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobContext } from '../../jobs/runner.ts';
import { fieldErrorFrom, notFound } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/listing.ts';
import { authorize, type Caller } from '../../access/caller.ts';
import { resolveCompany } from '../../access/references.ts';
import { scoped } from '../../access/scoped.ts';
import type { ConsentService } from './consent.ts';
import { parseImportFile, type ImportRow } from './import-file.ts';
import { msisdnsRepository, type MsisdnValues } from './repository.ts';

/** Rows per transaction: each batch commits on its own, so a crash loses at most one batch of work. */
const BATCH_SIZE = 200;
/** The job kind that runs an import (key: the import id). */
export const IMPORT_JOB = 'msisdns.import';
/** Attempts before an import that keeps failing is marked FAILED (each resumes after the last committed batch). */
const IMPORT_ATTEMPTS = 3;

const truthy = ['true', 'yes', 'y', '1', 'on'];
const falsy = ['false', 'no', 'n', '0', 'off'];

const rowSchema = z.object({
  msisdn: phoneField(),
  employeeName: requiredName(),
  employeeCode: optionalText(EMPLOYEE_CODE_MAX_LENGTH),
  email: optionalEmail(),
  department: requiredName('validation.departmentRequired'),
  zone: optionalText(NAME_MAX_LENGTH),
  designation: requiredName('validation.designationRequired'),
  trackingEnabled: z
    .string()
    .optional()
    .refine((v) => v === undefined || [...truthy, ...falsy].includes(v.toLowerCase()), 'validation.invalid')
    .transform((v) => v === undefined || truthy.includes(v.toLowerCase())),
});

/** A row's error: `code` is a message key, or a zod issue's message with the values it names (fieldErrorFrom). */
function rowError(row: number, field: string | null, code: string): ImportRowError {
  const error = fieldErrorFrom(field ?? '', code);
  return {
    row,
    field,
    code: error.code,
    ...(error.params ? { params: error.params } : {}),
    message: error.message,
  };
}

type JobRow = {
  id: string;
  company_id: number;
  file_name: string | null;
  format: ImportFormat;
  status: MsisdnImport['status'];
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  errors: ImportRowError[];
  created_at: Date;
  finished_at: Date | null;
};

function toImport(row: JobRow): MsisdnImport {
  return {
    id: row.id,
    companyId: row.company_id,
    fileName: row.file_name,
    format: row.format,
    status: row.status,
    total: row.total,
    processed: row.processed,
    succeeded: row.succeeded,
    failed: row.failed,
    errors: row.errors,
    createdAt: iso(row.created_at),
    finishedAt: isoOrNull(row.finished_at),
  };
}

const JOB_COLUMNS = [
  'id',
  'company_id',
  'file_name',
  'format',
  'status',
  'total',
  'processed',
  'succeeded',
  'failed',
  'errors',
  'created_at',
  'finished_at',
] as const;

async function lookups(db: Executor, companyId: number) {
  const load = async (table: 'departments' | 'zones' | 'designations') => {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .execute();
    return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  };
  const company = await db
    .selectFrom('companies')
    .select(['name', 'zone_enabled'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return {
    company,
    departments: await load('departments'),
    zones: await load('zones'),
    designations: await load('designations'),
  };
}

/**
 * Bulk import of employee MSISDNs as a durable job the UI polls: the upload is parsed at once (a bad file answers
 * 400), the import row (with the parsed rows) and its job are written in one transaction, and a worker validates and
 * inserts the rows in batches, each valid row kept (with its consent request SMS queued in the same transaction),
 * each invalid one reported with its row number, column and message key. Each batch commits with the import's
 * `processed`, so a job whose worker stopped resumes after its last committed batch, on any replica.
 */
export function importJobs({
  db,
  consent,
  now = () => new Date(),
}: {
  db: Db;
  consent: ConsentService;
  now?: () => Date;
}) {
  async function start(caller: Caller, query: MsisdnImportQuery, file: Buffer): Promise<MsisdnImport> {
    authorize(caller, 'msisdn', 'import');
    const company = await resolveCompany(db, caller.scope, query.companyId);
    const parsed = await parseImportFile(file);
    const job = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('msisdn_imports')
        .values({
          company_id: company.id,
          created_by: caller.user.id,
          file_name: query.fileName ?? null,
          format: parsed.format,
          total: parsed.rows.length,
          rows: JSON.stringify(parsed.rows),
        })
        .returning(JOB_COLUMNS)
        .executeTakeFirstOrThrow();
      await audit(trx, actorOf(caller), {
        action: 'msisdn.import.start',
        entity: 'msisdn_import',
        entityId: row.id,
        companyId: company.id,
        detail: { fileName: query.fileName ?? null, format: parsed.format, rows: parsed.rows.length },
      });
      await enqueue(trx, {
        kind: IMPORT_JOB,
        key: row.id,
        payload: { importId: row.id },
        maxAttempts: IMPORT_ATTEMPTS,
      });
      return row;
    });
    return toImport(job);
  }

  async function get(caller: Caller, id: string): Promise<MsisdnImport> {
    authorize(caller, 'msisdn', 'import');
    const job = await db
      .selectFrom('msisdn_imports')
      .select(JOB_COLUMNS)
      .where('id', '=', id)
      .where('company_id', 'in', scoped(db, caller.scope).companies().select('companies.id'))
      .executeTakeFirst();
    if (!job) throw notFound('The import');
    return toImport(job);
  }

  /** The handler of IMPORT_JOB. A failure is retried; the last attempt's failure marks the import FAILED. */
  async function runJob(job: JobContext<{ importId: string }>): Promise<void> {
    const id = job.payload.importId;
    try {
      await run(id, job.signal);
    } catch (error) {
      if (job.signal.aborted || job.attempt < IMPORT_ATTEMPTS) throw error;
      job.log.error({ err: error, importId: id }, 'MSISDN import failed');
      const failure = rowError(0, null, 'problem.internal');
      await db
        .updateTable('msisdn_imports')
        .set({
          status: 'FAILED',
          finished_at: now(),
          rows: null,
          errors: sql`errors || ${JSON.stringify([failure])}::jsonb`,
        })
        .where('id', '=', id)
        .where('status', 'in', ['QUEUED', 'RUNNING'])
        .execute();
    }
  }

  async function run(id: string, signal: AbortSignal): Promise<void> {
    const claimed = await db
      .updateTable('msisdn_imports')
      .set({ status: 'RUNNING' })
      .where('id', '=', id)
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .returning(['company_id', 'created_by', 'processed', 'rows'])
      .executeTakeFirst();
    if (!claimed) return; // finished already (a repeated job)
    const rows = (claimed.rows ?? []) as unknown as ImportRow[];
    const creator =
      claimed.created_by === null
        ? undefined
        : await db
            .selectFrom('users')
            .select('username')
            .where('id', '=', claimed.created_by)
            .executeTakeFirst();
    const actor: AuditActor = { userId: claimed.created_by, name: creator?.username ?? 'system:import' };
    // The first row of each number in the file; later rows with the same number are reported as duplicates.
    const firstRow = new Map<string, number>();
    for (const r of rows) {
      const e164 = r.cells.msisdn ? toE164(r.cells.msisdn) : undefined;
      if (e164 && !firstRow.has(e164)) firstRow.set(e164, r.row);
    }
    let processed = claimed.processed;
    while (processed < rows.length) {
      signal.throwIfAborted(); // stopping: the job is handed back and resumes after this batch elsewhere
      const batch = rows.slice(processed, processed + BATCH_SIZE);
      const expected = processed;
      const done = await db.transaction().execute(async (trx) => {
        const job = await trx
          .selectFrom('msisdn_imports')
          .select(['processed', 'status'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!job || job.status !== 'RUNNING' || job.processed !== expected) return false; // another run took over
        const ref = await lookups(trx, claimed.company_id);
        const errors: ImportRowError[] = [];
        const candidates: { row: number; values: MsisdnValues }[] = [];
        for (const item of batch) {
          const rowErrors = validateRow(item, ref, firstRow, claimed.company_id);
          if ('errors' in rowErrors) errors.push(...rowErrors.errors);
          else candidates.push({ row: item.row, values: rowErrors.values });
        }
        const inserted = await msisdnsRepository(trx).insertMany(candidates.map((c) => c.values));
        const insertedNumbers = new Set(inserted.map((r) => r.msisdn));
        for (const c of candidates)
          if (!insertedNumbers.has(c.values.msisdn)) errors.push(rowError(c.row, 'msisdn', 'msisdn.taken'));
        await auditMany(
          trx,
          actor,
          inserted.map((r) => ({
            action: 'msisdn.create',
            entity: 'msisdn',
            entityId: r.id,
            companyId: claimed.company_id,
            detail: { msisdn: r.msisdn, importId: id },
          })),
        );
        for (const r of inserted)
          await emitMsisdnCreated(trx, {
            id: r.id,
            msisdn: r.msisdn,
            companyId: claimed.company_id,
            departmentId: r.department_id,
            zoneId: r.zone_id,
            importId: id,
          });
        await consent.requestConsent(
          trx,
          inserted.map((r) => ({ id: r.id, msisdn: r.msisdn, companyId: claimed.company_id })),
          ref.company.name,
          actor,
        );
        const failedRows = new Set(errors.map((e) => e.row)).size;
        errors.sort((a, b) => a.row - b.row);
        await trx
          .updateTable('msisdn_imports')
          .set((eb) => ({
            processed: expected + batch.length,
            succeeded: eb('succeeded', '+', inserted.length),
            failed: eb('failed', '+', failedRows),
            errors: sql`errors || ${JSON.stringify(errors)}::jsonb`,
          }))
          .where('id', '=', id)
          .execute();
        return true;
      });
      if (!done) return;
      processed += batch.length;
    }
    await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('msisdn_imports')
        .set({ status: 'COMPLETED', finished_at: now(), rows: null })
        .where('id', '=', id)
        .where('status', '=', 'RUNNING')
        .returning(['succeeded', 'failed', 'total'])
        .executeTakeFirst();
      if (done) {
        await audit(trx, actor, {
          action: 'msisdn.import.complete',
          entity: 'msisdn_import',
          entityId: id,
          companyId: claimed.company_id,
          detail: done,
        });
      }
    });
  }

  /**
   * One row → the values to insert, or every error it has: field rules first, then the names of the department,
   * zone and designation (looked up in the company, case-insensitive), then duplicates within the file.
   */
  function validateRow(
    item: ImportRow,
    ref: Awaited<ReturnType<typeof lookups>>,
    firstRow: Map<string, number>,
    companyId: number,
  ): { errors: ImportRowError[] } | { values: MsisdnValues } {
    const parsed = rowSchema.safeParse(item.cells);
    const errors: ImportRowError[] = parsed.success
      ? []
      : parsed.error.issues.map((issue) =>
          rowError(item.row, String(issue.path[0] ?? '') || null, issue.message as MessageKey),
        );
    const failed = new Set(errors.map((e) => e.field));
    const name = (column: 'department' | 'zone' | 'designation') =>
      failed.has(column) ? undefined : item.cells[column]?.toLowerCase();
    const departmentName = name('department');
    const department = departmentName === undefined ? undefined : ref.departments.get(departmentName);
    if (departmentName !== undefined && department === undefined)
      errors.push(rowError(item.row, 'department', 'org.departmentNotFound'));
    const designationName = name('designation');
    const designation = designationName === undefined ? undefined : ref.designations.get(designationName);
    if (designationName !== undefined && designation === undefined)
      errors.push(rowError(item.row, 'designation', 'org.designationNotFound'));
    const zoneName = name('zone');
    let zone: number | null = null;
    if (zoneName) {
      if (!ref.company.zone_enabled) errors.push(rowError(item.row, 'zone', 'org.zonesDisabled'));
      else {
        zone = ref.zones.get(zoneName) ?? null;
        if (zone === null) errors.push(rowError(item.row, 'zone', 'org.zoneNotFound'));
      }
    }
    if (parsed.success && firstRow.get(parsed.data.msisdn) !== item.row)
      errors.push(rowError(item.row, 'msisdn', 'import.duplicateInFile'));
    if (!parsed.success || errors.length > 0 || department === undefined || designation === undefined)
      return { errors };
    const cells = parsed.data;
    return {
      values: {
        company_id: companyId,
        department_id: department,
        zone_id: zone,
        designation_id: designation,
        msisdn: cells.msisdn,
        employee_name: cells.employeeName,
        employee_code: cells.employeeCode ?? null,
        email: cells.email ?? null,
        tracking_enabled: cells.trackingEnabled,
      },
    };
  }

  return { start, get, runJob };
}

export type ImportJobs = ReturnType<typeof importJobs>;
