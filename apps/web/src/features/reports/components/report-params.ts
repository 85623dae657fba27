/**
 * A report's parameter form: its values, their defaults (the period: this month so far, or last month for a monthly
 * report) and the query string they become (contracts reportParamsSchema). Field errors of the server land on the
 * form's fields by their path (lib/api/form-errors.ts fieldForPath), translated by lib/field-message.ts.
 */
import type { HierarchyMode, ReportMeta } from '@lbs/contracts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { fieldForPath } from '../../../lib/api/form-errors.ts';
import { fieldMessageOf } from '../../../lib/field-message.ts';
import { localIsoDate } from '../../../lib/format.ts';
import type { ReportQuery } from '../api/reports.ts';

export interface MsisdnChoice {
  id: number;
  msisdn: string;
  employeeName: string;
}

export interface ReportFormValues {
  from: string;
  to: string;
  departmentId: number | null;
  zoneId: number | null;
  designationId: number | null;
  msisdns: MsisdnChoice[];
  poiId: number | null;
  status: string;
}

/** The parameters a field error may name, each shown on its field. */
export const REPORT_FIELDS = [
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
export type ReportField = (typeof REPORT_FIELDS)[number];

/**
 * The default period: this month so far — from the first of last month on a month's first day, when this month holds
 * no finished day yet (within the report's longest period: a 31-day report starts a day later after a 31-day month);
 * a monthly report: the whole of last month.
 */
export function defaultPeriod(
  meta: Pick<ReportMeta, 'monthly' | 'maxPeriodDays'>,
  today: Date = new Date(),
): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  if (meta.monthly) return { from: localIsoDate(new Date(y, m - 1, 1)), to: localIsoDate(new Date(y, m, 0)) };
  if (d !== 1) return { from: localIsoDate(new Date(y, m, 1)), to: localIsoDate(today) };
  const earliest = new Date(y, m, d - (meta.maxPeriodDays - 1));
  const first = new Date(y, m - 1, 1);
  return { from: localIsoDate(first < earliest ? earliest : first), to: localIsoDate(today) };
}

export function initialValues(meta: ReportMeta): ReportFormValues {
  return {
    ...defaultPeriod(meta),
    departmentId: null,
    zoneId: null,
    designationId: null,
    msisdns: [],
    poiId: null,
    status: '',
  };
}

/** The values as the query string of the report's endpoints (only the filters the report has; empty ones left out). */
export function toReportQuery(
  meta: ReportMeta,
  values: ReportFormValues,
  companyId: number | null,
  mode: HierarchyMode,
): ReportQuery {
  const query: Record<string, string> = { from: values.from, to: values.to };
  if (companyId !== null) query.companyId = String(companyId);
  const has = (filter: ReportMeta['filters'][number]) => meta.filters.includes(filter);
  if (has('hierarchy')) {
    if (mode === 'ZONE' && values.zoneId !== null) query.zoneId = String(values.zoneId);
    if (mode !== 'ZONE' && values.departmentId !== null) query.departmentId = String(values.departmentId);
  }
  if (has('designation') && values.designationId !== null) query.designationId = String(values.designationId);
  if (has('msisdns') && values.msisdns.length > 0)
    query.msisdnIds = values.msisdns.map((m) => m.id).join(',');
  if (has('poi') && values.poiId !== null) query.poiId = String(values.poiId);
  if (has('status') && values.status) query.status = values.status;
  return query;
}

/** A failed run's field errors by field (message strings for useFieldErrorText), and those no field takes. */
export function fieldErrorsOf(error: unknown): {
  byField: Partial<Record<ReportField, string>>;
  other: string[];
} {
  const byField: Partial<Record<ReportField, string>> = {};
  const other: string[] = [];
  if (error instanceof ApiError) {
    for (const problem of error.fieldErrors) {
      // The parameters travel in the query string: the server names them `query.<name>`.
      const field = fieldForPath(problem.path.replace(/^query\./, ''), REPORT_FIELDS) as
        ReportField | undefined;
      const message = fieldMessageOf(problem);
      if (field && !byField[field]) byField[field] = message;
      else if (!field) other.push(message);
    }
  }
  return { byField, other };
}
