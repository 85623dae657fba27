import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  EMPLOYEE_CODE_MAX_LENGTH,
  MESSAGES,
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
import { notFound } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/listing.ts';
import { authorize, type Caller } from '../../access/caller.ts';
import { resolveCompany } from '../../access/references.ts';
import { scoped } from '../../access/scoped.ts';
import type { ConsentService } from './consent.ts';
import { parseImportFile, type ImportRow } from './import-file.ts';
import { msisdnsRepository, type MsisdnValues } from './repository.ts';

/** Rows per transaction: each batch commits on its own, so a crash loses at most one batch of work. */
const BATCH_SIZE = 200;
/** How long a worker owns a running job without progress; after that any replica may resume it. */
const LEASE_MS = 30_000;

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

function rowError(row: number, field: string | null, code: string): ImportRowError {
  return {
    row,
    field,
    code,
    message: (MESSAGES as Record<string, string>)[code] ?? MESSAGES['validation.invalid'],
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
 * Bulk import of employee MSISDNs as a job the UI polls: the upload is parsed at once (a bad file answers 400),
 * then rows are validated and inserted in batches in the background, each valid row kept, each invalid one reported
 * with its row number, column and message key. The job row holds the parsed rows and a lease, so if the process
 * stops, the next poll after the lease lapses resumes the job after its last committed batch, on any replica.
 */
export function importJobs({
  db,
  consent,
  log,
  now = () => new Date(),
}: {
  db: Db;
  consent: ConsentService;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const running = new Set<Promise<void>>();
  let stopping = false;

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
      return row;
    });
    kick(job.id);
    return toImport(job);
  }

  async function get(caller: Caller, id: string): Promise<MsisdnImport> {
    authorize(caller, 'msisdn', 'import');
    const job = await db
      .selectFrom('msisdn_imports')
      .select([...JOB_COLUMNS, 'lease_until'])
      .where('id', '=', id)
      .where('company_id', 'in', scoped(db, caller.scope).companies().select('companies.id'))
      .executeTakeFirst();
    if (!job) throw notFound('The import');
    const stalled =
      (job.status === 'QUEUED' || job.status === 'RUNNING') &&
      (!job.lease_until || job.lease_until.getTime() < now().getTime());
    if (stalled) kick(job.id);
    return toImport(job);
  }

  function kick(id: string): void {
    if (stopping) return;
    const task: Promise<void> = run(id)
      .catch(async (error: unknown) => {
        if (stopping) return;
        log.error({ err: error, importId: id }, 'MSISDN import failed');
        const failure = rowError(0, null, 'problem.internal');
        await db
          .updateTable('msisdn_imports')
          .set({
            status: 'FAILED',
            finished_at: now(),
            lease_until: null,
            rows: null,
            errors: sql`errors || ${JSON.stringify([failure])}::jsonb`,
          })
          .where('id', '=', id)
          .execute()
          .catch((e: unknown) => log.error({ err: e, importId: id }, 'could not mark the import failed'));
      })
      .finally(() => running.delete(task));
    running.add(task);
  }

  async function run(id: string): Promise<void> {
    const claimed = await db
      .updateTable('msisdn_imports')
      .set({ status: 'RUNNING', lease_until: new Date(now().getTime() + LEASE_MS) })
      .where('id', '=', id)
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now())]))
      .returning(['company_id', 'created_by', 'processed', 'rows'])
      .executeTakeFirst();
    if (!claimed) return;
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
      if (stopping) return; // the lease lapses and the job resumes on the next poll
      const batch = rows.slice(processed, processed + BATCH_SIZE);
      const expected = processed;
      const outcome = await db.transaction().execute(async (trx) => {
        const job = await trx
          .selectFrom('msisdn_imports')
          .select(['processed', 'status'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!job || job.status !== 'RUNNING' || job.processed !== expected) return undefined; // another worker took over
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
        const failedRows = new Set(errors.map((e) => e.row)).size;
        errors.sort((a, b) => a.row - b.row);
        await trx
          .updateTable('msisdn_imports')
          .set((eb) => ({
            processed: expected + batch.length,
            succeeded: eb('succeeded', '+', inserted.length),
            failed: eb('failed', '+', failedRows),
            errors: sql`errors || ${JSON.stringify(errors)}::jsonb`,
            lease_until: new Date(now().getTime() + LEASE_MS),
          }))
          .where('id', '=', id)
          .execute();
        return { inserted, companyName: ref.company.name };
      });
      if (!outcome) return;
      processed += batch.length;
      await consent.sendRequests(
        outcome.inserted.map((r) => ({ id: r.id, msisdn: r.msisdn, companyId: claimed.company_id })),
        outcome.companyName,
        actor,
      );
    }
    await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('msisdn_imports')
        .set({ status: 'COMPLETED', finished_at: now(), lease_until: null, rows: null })
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

  /** Stops taking new batches and waits for the current ones (server shutdown); unfinished jobs resume later. */
  async function close(): Promise<void> {
    stopping = true;
    await Promise.allSettled([...running]);
  }

  return { start, get, close };
}

export type ImportJobs = ReturnType<typeof importJobs>;
