import { rm } from 'node:fs/promises';
import {
  REPORTS,
  reportParamsSchema,
  type LocaleCode,
  type ReportExport,
  type ReportExportCreate,
  type ReportFormat,
  type ReportKey,
  type ReportParams,
} from '@lbs/contracts';
import { authorize, type Caller } from '../../access/caller.ts';
import { loadAuthUser } from '../../access/auth-user.ts';
import { scopeOf } from '../../access/scope.ts';
import type { Db } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobContext } from '../../jobs/runner.ts';
import { AppError, fieldErrorFrom, notFound, validationFailed, type FieldError } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/listing.ts';
import { deleteStoredFile, readStoredFile, storedFileInfo, writeStoredFile } from '../../lib/stored-files.ts';
import { reportTexts } from './export/texts.ts';
import { CONTENT_TYPES, exportFileName, writeReport } from './export/write.ts';
import { checkExportSize, type ReportsService } from './service.ts';

/** The job kind that writes an export's file (key: the export id). */
export const REPORT_EXPORT_JOB = 'reports.export';
/** The schedule that deletes expired files (and the leftovers of cancelled exports). */
export const REPORT_EXPORT_EXPIRY_JOB = 'reports.export-expiry';
/** Runs of an export before it is FAILED (each starts the file over: a crash mid-file re-runs it from the start). */
const EXPORT_ATTEMPTS = 3;

type Row = {
  id: number;
  user_id: number;
  company_id: number;
  report: string;
  format: ReportFormat;
  locale: string;
  params: Record<string, unknown>;
  sort: string | null;
  status: ReportExport['status'];
  rows: number;
  total: number | null;
  bytes: number | null;
  file_name: string;
  file_path: string | null;
  file_id: number | string | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date | null;
};

function toExport(row: Row): ReportExport {
  return {
    id: row.id,
    report: row.report as ReportKey,
    format: row.format,
    status: row.status,
    rows: row.rows,
    total: row.total,
    bytes: row.bytes === null ? null : Number(row.bytes),
    fileName: row.file_name,
    error: row.error,
    createdAt: iso(row.created_at),
    finishedAt: isoOrNull(row.finished_at),
    expiresAt: isoOrNull(row.expires_at),
  };
}

/**
 * Field errors of the request body: the engine names the report's parameters `query.<name>` (they travel in the
 * query string of /reports/{key}/…); in a POST /report-exports body they are `params.<name>`, the sort is `sort` and
 * the format `format` (body fields carry no prefix, as everywhere in the API).
 */
function asBodyErrors(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.errors?.length) return error;
  const errors: FieldError[] = error.errors.map((e) => {
    if (!e.path.startsWith('query.')) return e;
    const name = e.path.slice('query.'.length);
    return { ...e, path: name === 'sort' || name === 'format' ? name : `params.${name}` };
  });
  return new AppError(error.status, error.code, error.message, errors, error.headers);
}

/** The parameters of a body (strings, as a query string carries them) → the report's parameters, or field errors. */
function paramsOf(params: Record<string, string>): ReportParams {
  const parsed = reportParamsSchema.safeParse(params);
  if (parsed.success) return parsed.data;
  throw validationFailed(
    parsed.error.issues.map((issue) =>
      fieldErrorFrom(['params', ...issue.path.map(String)].join('.'), issue.message),
    ),
  );
}

/**
 * Report exports as jobs, for results too large to download at once: POST checks the request as the screen would
 * (scope, period, filters, the format's row cap) and queues a job; the job writes the file into the database
 * (`stored_files`, 1 MB chunks: whichever replica the download reaches serves it) batch by batch, with its progress
 * in the export's row; the owner polls it, downloads the file (audited: a location report's file is a view of
 * location) until it expires, or cancels it. A job cut short (a crash) runs again from the start: the file the
 * earlier run left unfinished is removed first, so the file appears once.
 */
export function reportExports({
  db,
  reports,
  ttlHours,
  now = () => new Date(),
}: {
  db: Db;
  reports: ReportsService;
  ttlHours: number;
  now?: () => Date;
}) {
  /** A file of an export, written before files lived in the database (removed when the export ends). */
  const removeLegacyFile = async (row: Pick<Row, 'file_path'>) => {
    if (row.file_path) await rm(row.file_path, { force: true });
  };

  async function own(caller: Caller, id: number): Promise<Row> {
    authorize(caller, 'report', 'export');
    const row = (await db
      .selectFrom('report_exports')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', caller.user.id)
      .executeTakeFirst()) as Row | undefined;
    if (!row) throw notFound('The export');
    return row;
  }

  async function create(caller: Caller, body: ReportExportCreate): Promise<ReportExport> {
    authorize(caller, 'report', 'export');
    let prepared;
    let total: number;
    try {
      prepared = await reports.prepare(caller, body.report, paramsOf(body.params), body.sort);
      total = await prepared.count();
      checkExportSize(body.format, total);
    } catch (error) {
      throw asBodyErrors(error);
    }
    const params = prepared.run.params;
    const row = await db.transaction().execute(async (trx) => {
      const inserted = (await trx
        .insertInto('report_exports')
        .values({
          user_id: caller.user.id,
          company_id: prepared.context.company.id,
          report: body.report,
          format: body.format,
          locale: body.locale,
          params: JSON.stringify(params),
          sort: body.sort ?? null,
          total,
          file_name: exportFileName(prepared, body.format),
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as Row;
      await audit(trx, actorOf(caller), {
        action: 'report.export.start',
        entity: 'report_export',
        entityId: inserted.id,
        companyId: inserted.company_id,
        detail: { report: body.report, format: body.format, params, rows: total },
      });
      await enqueue(trx, {
        kind: REPORT_EXPORT_JOB,
        key: String(inserted.id),
        payload: { exportId: inserted.id },
        maxAttempts: EXPORT_ATTEMPTS,
      });
      return inserted;
    });
    return toExport(row);
  }

  async function get(caller: Caller, id: number): Promise<ReportExport> {
    return toExport(await own(caller, id));
  }

  /** The finished file (409 before it is done, 410 once expired); the download is audited first. */
  async function file(caller: Caller, id: number) {
    const row = await own(caller, id);
    if (row.status === 'EXPIRED' || (row.expires_at && row.expires_at <= now()))
      throw new AppError(410, 'report.exportExpired', 'The export has expired; export again.');
    if (row.status !== 'DONE')
      throw new AppError(409, 'report.exportNotReady', `The export is ${row.status.toLowerCase()}.`);
    const info = row.file_id === null ? undefined : await storedFileInfo(db, Number(row.file_id));
    if (!info) throw new AppError(410, 'report.exportExpired', 'The file is gone; export again.');
    const meta = REPORTS[row.report as ReportKey];
    await audit(db, actorOf(caller), {
      action: meta?.revealsLocation ? 'location.view' : 'report.view',
      entity: 'report',
      entityId: row.report,
      companyId: row.company_id,
      detail: {
        view: 'report',
        report: row.report,
        params: row.params,
        export: row.id,
        format: row.format,
        rows: row.rows,
      },
    });
    return {
      stream: readStoredFile(db, Number(info.id)),
      size: Number(info.bytes),
      contentType: CONTENT_TYPES[row.format],
      fileName: row.file_name,
    };
  }

  /**
   * DELETE: a queued or running export is CANCELLED (the running job sees it after its current batch, stops and
   * removes its partial file); a finished one is discarded at once (CANCELLED, its file deleted).
   */
  async function cancel(caller: Caller, id: number): Promise<ReportExport> {
    const row = await own(caller, id);
    if (row.status === 'CANCELLED' || row.status === 'EXPIRED' || row.status === 'FAILED')
      return toExport(row);
    const updated = (await db
      .updateTable('report_exports')
      .set({ status: 'CANCELLED', finished_at: now(), file_path: null, file_id: null, expires_at: null })
      .where('id', '=', id)
      .where('status', 'in', ['QUEUED', 'RUNNING', 'DONE'])
      .returningAll()
      .executeTakeFirst()) as Row | undefined;
    // A finished file goes now; a running job removes its unfinished one when it sees the cancellation.
    if (row.status === 'DONE' && row.file_id !== null) await deleteStoredFile(db, Number(row.file_id));
    await removeLegacyFile(row);
    await audit(db, actorOf(caller), {
      action: 'report.export.cancel',
      entity: 'report_export',
      entityId: id,
      companyId: row.company_id,
      detail: { report: row.report, status: row.status },
    });
    return toExport(updated ?? (await own(caller, id)));
  }

  /** Rows of the caller's exports, newest first (the UI's "my exports"). */
  async function list(caller: Caller): Promise<{ items: ReportExport[] }> {
    authorize(caller, 'report', 'export');
    const rows = (await db
      .selectFrom('report_exports')
      .selectAll()
      .where('user_id', '=', caller.user.id)
      .orderBy('id', 'desc')
      .limit(50)
      .execute()) as Row[];
    return { items: rows.map(toExport) };
  }

  class Cancelled extends Error {}

  /**
   * The handler of REPORT_EXPORT_JOB: runs the report as its owner (their role and scope today), writes its file
   * into the database batch by batch (the file's id on the export from the start, the rows written saved after each
   * batch), then marks the export DONE with the complete file. A cancel seen between batches stops it and removes
   * the unfinished file; a run after a crash removes the one the crashed run left and starts over.
   */
  async function runJob(job: JobContext<{ exportId: number }>): Promise<void> {
    const id = job.payload.exportId;
    const claimed = (await db
      .updateTable('report_exports')
      .set({ status: 'RUNNING', rows: 0 })
      .where('id', '=', id)
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .returningAll()
      .executeTakeFirst()) as Row | undefined;
    if (!claimed) return; // cancelled, or finished by an earlier run
    // An earlier run cut short (a crash) left its file unfinished: this run writes it again.
    if (claimed.file_id !== null) await deleteStoredFile(db, Number(claimed.file_id));
    const controller = new AbortController();
    const onAbort = () => controller.abort(job.signal.reason);
    job.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const caller = await ownerOf(claimed.user_id);
      const prepared = await reports.prepare(
        caller,
        claimed.report as ReportKey,
        claimed.params as ReportParams,
        claimed.sort ?? undefined,
      );
      // An unfinished file left by a crash expires on its own after the time to live.
      const expiresAt = new Date(now().getTime() + ttlHours * 3_600_000);
      // The file is written into the database as it is made; stopped or failed, it is removed (writeStoredFile).
      const stored = await writeStoredFile(
        db,
        { name: claimed.file_name, contentType: CONTENT_TYPES[claimed.format], expiresAt },
        async (out) => {
          const written = await writeReport(claimed.format, prepared, {
            texts: reportTexts(claimed.locale as LocaleCode),
            out,
            signal: controller.signal,
            onRows: async (rows) => {
              const running = await db
                .updateTable('report_exports')
                .set({ rows })
                .where('id', '=', id)
                .where('status', '=', 'RUNNING')
                .returning('id')
                .executeTakeFirst();
              if (!running) controller.abort(new Cancelled('the export was cancelled'));
              else await job.saveProgress({ rows });
            },
          });
          controller.signal.throwIfAborted();
          return written;
        },
        async (fileId) => {
          await db
            .updateTable('report_exports')
            .set({ file_id: fileId })
            .where('id', '=', id)
            .where('status', '=', 'RUNNING')
            .execute();
        },
      );
      // Kept for the time to live from now; the stored file expires with the export (the prune removes it then).
      const finishedAt = now();
      const keptUntil = new Date(finishedAt.getTime() + ttlHours * 3_600_000);
      await db
        .updateTable('stored_files')
        .set({ expires_at: keptUntil })
        .where('id', '=', stored.id)
        .execute();
      const done = await db
        .updateTable('report_exports')
        .set({
          status: 'DONE',
          rows: stored.result.rows,
          total: stored.result.rows,
          bytes: stored.bytes,
          file_id: stored.id,
          finished_at: finishedAt,
          expires_at: keptUntil,
        })
        .where('id', '=', id)
        .where('status', '=', 'RUNNING')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) await deleteStoredFile(db, stored.id); // cancelled at the last moment
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof Cancelled) return;
      if (job.signal.aborted) throw error; // the runner stops: the job is handed back and runs again elsewhere
      const code = error instanceof AppError ? error.code : 'problem.internal';
      if (!(error instanceof AppError) && job.attempt < EXPORT_ATTEMPTS) throw error;
      job.log.error({ err: error, exportId: id }, 'report export failed');
      await db
        .updateTable('report_exports')
        .set({ status: 'FAILED', error: code, finished_at: now() })
        .where('id', '=', id)
        .where('status', '=', 'RUNNING')
        .execute();
    } finally {
      job.signal.removeEventListener('abort', onAbort);
    }
  }

  /** The export's owner as a caller, as they are now (a user deactivated or gone cannot export). */
  async function ownerOf(userId: number): Promise<Caller> {
    const subject = await db
      .selectFrom('users')
      .select('subject')
      .where('id', '=', userId)
      .executeTakeFirst();
    const user = subject && (await loadAuthUser(db, { subject: subject.subject }));
    if (!user || !user.active)
      throw new AppError(403, 'auth.forbidden', 'The export’s owner may not run it.');
    return { user, scope: scopeOf(user), requestId: undefined };
  }

  /**
   * The expiry schedule's handler: finished exports past `expires_at` lose their file and become EXPIRED (a cancelled
   * or failed export's file is removed when it stops).
   */
  async function expire(at: Date = now()): Promise<number> {
    const due = (await db
      .selectFrom('report_exports')
      .select(['id', 'file_path', 'file_id'])
      .where('status', '=', 'DONE')
      .where('expires_at', '<=', at)
      .execute()) as Pick<Row, 'id' | 'file_path' | 'file_id'>[];
    let count = 0;
    for (const row of due) {
      const expired = await db
        .updateTable('report_exports')
        .set({ status: 'EXPIRED', file_path: null, file_id: null })
        .where('id', '=', row.id)
        .where('status', '=', 'DONE')
        .executeTakeFirst();
      if (row.file_id !== null) await deleteStoredFile(db, Number(row.file_id));
      await removeLegacyFile(row);
      count += Number(expired.numUpdatedRows);
    }
    return count;
  }

  return { create, get, file, cancel, list, runJob, expire };
}

export type ReportExports = ReturnType<typeof reportExports>;
