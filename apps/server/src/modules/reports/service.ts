import { PassThrough } from 'node:stream';
import {
  REPORT_EXPORT_ROWS_MAX,
  REPORT_INLINE_ROWS_MAX,
  REPORTS,
  can,
  fieldMessage,
  type ReportChartData,
  type ReportExportQuery,
  type ReportFormat,
  type ReportKey,
  type ReportPage,
  type ReportParams,
  type ReportRowsQuery,
} from '@lbs/contracts';
import { authorize, type Caller } from '../../access/caller.ts';
import type { Db } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { AppError, fieldErrorFrom, notFound } from '../../lib/errors.ts';
import { DEFINITIONS } from './catalogue/index.ts';
import { prepareReport, type PreparedReport } from './engine.ts';
import { reportTexts } from './export/texts.ts';
import { CONTENT_TYPES, exportFileName, writeReport } from './export/write.ts';

const PARAM_KEYS = [
  'companyId',
  'from',
  'to',
  'departmentId',
  'zoneId',
  'designationId',
  'msisdnIds',
  'poiId',
  'status',
] as const;

function paramsOf(query: ReportParams): ReportParams {
  const params: Record<string, unknown> = {};
  for (const key of PARAM_KEYS) if (query[key] !== undefined) params[key] = query[key];
  return params as ReportParams;
}

/** 400 on `format` when a file would hold more rows than its format allows (the message suggests CSV). */
export function checkExportSize(format: ReportFormat, rows: number): void {
  const max = REPORT_EXPORT_ROWS_MAX[format];
  if (rows > max)
    throw new AppError(
      400,
      'report.tooManyRows',
      `The ${format} export would hold ${rows} rows (at most ${max}).`,
      [
        fieldErrorFrom(
          'format',
          fieldMessage('report.tooManyRows', { rows, format: format.toUpperCase(), max }),
        ),
      ],
    );
}

/**
 * Reports: the catalogue the caller may run, a page of a report's rows, its chart, and exports. Reading a report
 * that shows where people were is a view of location, audited like the Monitor's.
 */
export function reportsService({ db }: { db: Db }) {
  function definitionOf(key: ReportKey) {
    const definition = DEFINITIONS[key];
    if (!definition) throw notFound('The report');
    return definition;
  }

  async function prepare(caller: Caller, key: ReportKey, params: ReportParams, sort?: string) {
    return prepareReport(db, definitionOf(key), caller, paramsOf(params), sort);
  }

  async function auditView(caller: Caller, prepared: PreparedReport, detail: Record<string, unknown>) {
    const { meta, context } = prepared;
    await audit(db, actorOf(caller), {
      action: meta.revealsLocation ? 'location.view' : 'report.view',
      entity: 'report',
      entityId: meta.key,
      companyId: context.company.id,
      detail: { view: 'report', report: meta.key, params: prepared.run.params, ...detail },
    });
  }

  return {
    prepare,

    /** The reports the caller's role may run (the data each shows needs its own permission). */
    catalogue(caller: Caller) {
      authorize(caller, 'report', 'run');
      return {
        items: Object.values(REPORTS).filter(
          (meta) =>
            DEFINITIONS[meta.key] &&
            can(caller.user.role, meta.permission.resource, meta.permission.action as never),
        ),
      };
    },

    async rows(caller: Caller, key: ReportKey, query: ReportRowsQuery): Promise<ReportPage> {
      const prepared = await prepare(caller, key, query, query.sort);
      const [total, items] = await Promise.all([prepared.count(), prepared.page(query.page, query.size)]);
      if (prepared.meta.revealsLocation)
        await auditView(caller, prepared, { page: query.page, rows: items.length });
      return { report: key, context: prepared.context, items, total, page: query.page, size: query.size };
    },

    async chart(caller: Caller, key: ReportKey, params: ReportParams): Promise<ReportChartData> {
      const prepared = await prepare(caller, key, params);
      const definition = definitionOf(key);
      if (!definition.chart) throw notFound('The chart');
      return definition.chart(prepared.run);
    },

    /**
     * A file at once, for results up to REPORT_INLINE_ROWS_MAX rows (more: 413, the client starts an export job).
     * The download is audited before the first byte goes out.
     */
    async exportNow(caller: Caller, key: ReportKey, query: ReportExportQuery) {
      authorize(caller, 'report', 'export');
      const prepared = await prepare(caller, key, query, query.sort);
      const rows = await prepared.count();
      checkExportSize(query.format, rows);
      if (rows > REPORT_INLINE_ROWS_MAX)
        throw new AppError(
          413,
          'report.tooLargeToDownload',
          `The result has ${rows} rows: export it as a job.`,
          [fieldErrorFrom('query.format', fieldMessage('report.tooLargeToDownload', { rows }))],
        );
      await auditView(caller, prepared, { export: query.format, rows });
      const out = new PassThrough();
      const texts = reportTexts(query.locale);
      const controller = new AbortController();
      out.on('close', () => controller.abort());
      writeReport(query.format, prepared, { texts, out, signal: controller.signal })
        .then(() => out.end())
        .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
      return {
        stream: out,
        contentType: CONTENT_TYPES[query.format],
        fileName: exportFileName(prepared, query.format),
      };
    },
  };
}
export type ReportsService = ReturnType<typeof reportsService>;
