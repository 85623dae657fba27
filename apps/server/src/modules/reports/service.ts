import {
  REPORT_EXPORT_ROWS_MAX,
  REPORT_INLINE_ROWS_MAX,
  REPORTS,
  can,
  fieldMessage,
  type ReportChartData,
  type ReportDashboard,
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
import { sql } from 'kysely';
import { scoped } from '../../access/scoped.ts';
import { tariffFor } from '../billing/index.ts';
import { DEFINITIONS } from './catalogue/index.ts';
import { prepareReport, reportCompany, type PreparedReport } from './engine.ts';
import { reportTexts } from './export/texts.ts';
import { streamExport } from './export/write.ts';

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
export function reportsService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
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

    /**
     * This month so far in the company's time zone, over the MSISDNs the caller reaches: the attendance rate of the
     * days computed (a day counts once final, or once it is over), the locates that count for billing against the
     * tariff's included ones, the tasks due so far and done, and the numbers without consent.
     */
    async dashboard(caller: Caller, companyId?: number): Promise<ReportDashboard> {
      authorize(caller, 'report', 'run');
      const company = await reportCompany(db, caller.scope, companyId);
      const at = now();
      const today = new Intl.DateTimeFormat('en-CA', {
        timeZone: company.timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(at);
      const month = today.slice(0, 7);
      const first = `${month}-01`;
      const ids = () =>
        scoped(db, caller.scope).msisdns().select('msisdns.id').where('msisdns.company_id', '=', company.id);
      const { rows } = await sql<{ start: Date }>`
        select ((${first}::date)::timestamp at time zone ${company.timeZone}) as start`.execute(db);
      const start = new Date(rows[0]!.start);

      const attendance = await db
        .selectFrom('attendance_days as ad')
        .where('ad.company_id', '=', company.id)
        .where('ad.msisdn_id', 'in', ids())
        .where('ad.date', '>=', first)
        .where('ad.date', '<=', today)
        .where((e) => e.or([e('ad.date', '<', today), e('ad.state', '=', 'FINAL')]))
        .select([
          sql<number>`count(*) filter (where coalesce(ad.override_status, ad.status)
            in ('PRESENT', 'LATE', 'EARLY_EXIT', 'LATE_AND_EARLY_EXIT', 'HALF_DAY'))::int`.as('present'),
          sql<number>`count(*) filter (where coalesce(ad.override_status, ad.status)
            not in ('HOLIDAY', 'WEEKLY_OFF'))::int`.as('working'),
        ])
        .executeTakeFirstOrThrow();

      const people = await db
        .selectFrom('msisdns as m')
        .where('m.id', 'in', ids())
        .select([
          sql<number>`count(*)::int`.as('all'),
          sql<number>`count(*) filter (where m.consent_status <> 'GRANTED')::int`.as('withoutConsent'),
        ])
        .executeTakeFirstOrThrow();

      const tasks = await db
        .selectFrom('task_assignments as ta')
        .innerJoin('tasks as t', 't.id', 'ta.task_id')
        .where('ta.company_id', '=', company.id)
        .where('ta.msisdn_id', 'in', ids())
        .where('ta.task_id', 'in', scoped(db, caller.scope).tasks('see').select('tasks.id'))
        .where('ta.status', '<>', 'CANCELLED')
        .where('t.due_end', '>=', start)
        .where('t.due_end', '<=', at)
        .select([
          sql<number>`count(*)::int`.as('due'),
          sql<number>`count(*) filter (where ta.status = 'COMPLETED')::int`.as('done'),
        ])
        .executeTakeFirstOrThrow();

      let locatesUsed: number | null = null;
      let locatesIncluded: number | null = null;
      if (can(caller.user.role, 'usage', 'list')) {
        const tariff = await tariffFor(db, company.id, first);
        const used = await db
          .selectFrom('locate_usage as u')
          .where('u.company_id', '=', company.id)
          .where('u.msisdn_id', 'in', ids())
          .where('u.at', '>=', start)
          .where('u.at', '<', at)
          .$if(tariff?.billableLocates !== 'ALL', (q) => q.where('u.success', '=', true))
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        locatesUsed = used.n;
        locatesIncluded = tariff && tariff.includedLocates > 0 ? tariff.includedLocates * people.all : null;
      }

      return {
        month,
        attendanceRate: attendance.working
          ? Math.round((1000 * attendance.present) / attendance.working) / 10
          : null,
        locatesUsed,
        locatesIncluded,
        tasksDone: tasks.done,
        tasksDue: tasks.due,
        msisdnsWithoutConsent: people.withoutConsent,
        msisdns: people.all,
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
      return streamExport(query.format, prepared, reportTexts(query.locale));
    },
  };
}
export type ReportsService = ReturnType<typeof reportsService>;
