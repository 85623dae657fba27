import { z } from 'zod';
import { DATE_MAX, DATE_MIN } from '../constants.ts';
import { LOCALE_CODES, type LocaleCode } from '../locales.ts';
import type { PermissionAction, PermissionResource } from '../permissions.ts';
import { idFilter, idText } from './fields.ts';
import { isIsoDate } from '../values.ts';
import { DATE_OUT_OF_RANGE, TOO_MANY, outOfRange } from './limits.ts';
import { fieldMessage } from '../messages.ts';
import { safeString } from './text.ts';

/**
 * Reports (issue 16): a catalogue of typed, scoped queries with declared columns. The same definition feeds the
 * screen (a paged table), every export (CSV, XLSX, PDF) and the schedules. This file is the catalogue both sides
 * share: the keys, each report's columns and filters, and the request and response shapes. The server implements
 * each report's query (modules/reports) and answers exactly these column keys; the web renders from them.
 *
 * Column titles and enumerated values are translated from `report-texts/<locale>.ts` (one source for the screen and
 * the exported files): `reports.<report>.title`, `reports.<report>.description`, `reports.column.<report>.<column>`,
 * `reports.enum.<enumOf>.<value>`.
 */

export const REPORT_KEYS = [
  'locationHistory',
  'visits',
  'geofenceEvents',
  'attendanceDaily',
  'attendanceMonthly',
  'tasks',
  'locateUsage',
  'consent',
  'locationViews',
  'billing',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

/**
 * How a column's values travel and print:
 * - text, msisdn: string; enum: string, one of a set translated as `reports.enum.<enumOf>.<value>`;
 * - integer, number: number (number with `decimals` places); percent: a number 0–100;
 * - datetime: ISO instant (`2026-03-01T07:58:00.000Z`), printed in the company's time zone; date: `YYYY-MM-DD`
 *   (a calendar day in the company's time zone);
 * - duration: whole seconds; money: a decimal string in major units (`"1234.50"`), with the currency in the
 *   column named by `currencyColumn`; coordinate: number (degrees, 6 places); boolean.
 * Any value may be null (printed empty).
 */
export const REPORT_COLUMN_TYPES = [
  'text',
  'msisdn',
  'enum',
  'integer',
  'number',
  'percent',
  'datetime',
  'date',
  'duration',
  'money',
  'coordinate',
  'boolean',
] as const;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

export interface ReportColumn {
  key: string;
  type: ReportColumnType;
  /** enum: the value set's name in `reports.enum.<enumOf>.<value>`. */
  enumOf?: string;
  /** number: decimal places. */
  decimals?: number;
  /** money: the column holding the ISO 4217 currency. */
  currencyColumn?: string;
  /** The table may sort by it (the server maps it to an indexed or cheap expression). */
  sortable?: boolean;
}

/** Filters a report's parameter form shows (each maps to a parameter of reportParamsSchema). */
export const REPORT_FILTERS = ['hierarchy', 'designation', 'msisdns', 'poi', 'status'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** The chart shown beside a report's table (MUI X Charts on the screen); `trail` is a map of positions. */
export const REPORT_CHARTS = [
  'trail',
  'visitsPerDay',
  'attendanceRate',
  'tasksBySource',
  'locatesPerDay',
  'consentStates',
] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];

/** What showed a location, in the location views report (`reports.enum.locationViewAction.<value>`). */
export const LOCATION_VIEW_ACTIONS = [
  'MONITOR',
  'LIVE',
  'HISTORY',
  'LOCATE',
  'VISITS',
  'POI_PRESENCE',
  'ATTENDANCE',
  'ATTENDANCE_SHEET',
  'REPORT',
  'OTHER',
] as const;
export type LocationViewAction = (typeof LOCATION_VIEW_ACTIONS)[number];

export interface ReportMeta {
  key: ReportKey;
  /** Who may run it: the permission of the data it shows (scope then applies as everywhere). */
  permission: { [R in PermissionResource]: { resource: R; action: PermissionAction<R> } }[PermissionResource];
  columns: readonly ReportColumn[];
  filters: readonly ReportFilter[];
  /** The `status` filter's values (enum set `statusEnum`). */
  statusEnum?: { enumOf: string; values: readonly string[] };
  /** Longest period a request may span, in days (longer: a field error on `to`). */
  maxPeriodDays: number;
  /** The period is whole months (`from` the 1st, `to` the last day): the attendance sheet, billing. */
  monthly?: boolean;
  chart?: ReportChart;
  /** The default order of the rows. */
  defaultSort: string;
  /** Reading it is a view of where people were: each run and export is audited as such. */
  revealsLocation: boolean;
}

const col = (key: string, type: ReportColumnType, extra: Partial<ReportColumn> = {}): ReportColumn => ({
  key,
  type,
  ...extra,
});

/** Employee columns every per-MSISDN report starts with. */
const EMPLOYEE = [
  col('msisdn', 'msisdn', { sortable: true }),
  col('employee', 'text', { sortable: true }),
  col('department', 'text'),
  col('zone', 'text'),
] as const;

export const REPORTS: Record<ReportKey, ReportMeta> = {
  locationHistory: {
    key: 'locationHistory',
    permission: { resource: 'location', action: 'history' },
    columns: [
      ...EMPLOYEE,
      col('time', 'datetime', { sortable: true }),
      col('latitude', 'coordinate'),
      col('longitude', 'coordinate'),
      col('accuracyM', 'integer'),
      col('source', 'enum', { enumOf: 'positionSource' }),
    ],
    filters: ['hierarchy', 'designation', 'msisdns'],
    maxPeriodDays: 31,
    chart: 'trail',
    defaultSort: 'time',
    revealsLocation: true,
  },
  visits: {
    key: 'visits',
    permission: { resource: 'visit', action: 'list' },
    columns: [
      ...EMPLOYEE,
      col('poi', 'text', { sortable: true }),
      col('category', 'text'),
      // The person arrived between enteredEarliest (the fix before; null if none) and enteredAt (the first inside
      // fix), and left between exitedAt (the last inside fix) and exitedLatest (the first outside fix, if any).
      col('enteredEarliest', 'datetime'),
      col('enteredAt', 'datetime', { sortable: true }),
      col('exitedAt', 'datetime'),
      col('exitedLatest', 'datetime'),
      col('dwell', 'duration', { sortable: true }),
      col('confidence', 'percent'),
      // OPEN: still inside; CLOSED: ended (closedBy says how); PASSED_BY: inside too briefly to count as a visit.
      col('status', 'enum', { enumOf: 'visitStatus' }),
      col('closedBy', 'enum', { enumOf: 'visitClosedBy' }),
    ],
    filters: ['hierarchy', 'designation', 'msisdns', 'poi', 'status'],
    statusEnum: { enumOf: 'visitStatus', values: ['OPEN', 'CLOSED', 'PASSED_BY'] },
    maxPeriodDays: 92,
    chart: 'visitsPerDay',
    defaultSort: '-enteredAt',
    revealsLocation: true,
  },
  geofenceEvents: {
    key: 'geofenceEvents',
    permission: { resource: 'visit', action: 'list' },
    columns: [
      ...EMPLOYEE,
      col('time', 'datetime', { sortable: true }),
      col('event', 'enum', { enumOf: 'geofenceEvent' }),
      col('poi', 'text', { sortable: true }),
      col('category', 'text'),
      col('confidence', 'percent'),
    ],
    filters: ['hierarchy', 'designation', 'msisdns', 'poi', 'status'],
    statusEnum: { enumOf: 'geofenceEvent', values: ['ENTER', 'EXIT'] },
    maxPeriodDays: 92,
    defaultSort: '-time',
    revealsLocation: true,
  },
  attendanceDaily: {
    key: 'attendanceDaily',
    permission: { resource: 'attendance', action: 'list' },
    columns: [
      col('date', 'date', { sortable: true }),
      ...EMPLOYEE,
      col('designation', 'text'),
      col('shift', 'text'),
      // The day's status (a manual override wins; `overridden` says so).
      col('status', 'enum', { enumOf: 'attendanceStatus' }),
      col('firstIn', 'datetime'),
      col('lastOut', 'datetime'),
      col('inside', 'duration'),
      col('lateBy', 'duration'),
      col('earlyBy', 'duration'),
      col('overridden', 'boolean'),
    ],
    filters: ['hierarchy', 'designation', 'msisdns', 'status'],
    statusEnum: {
      enumOf: 'attendanceStatus',
      values: [
        'PRESENT',
        'LATE',
        'EARLY_EXIT',
        'LATE_AND_EARLY_EXIT',
        'HALF_DAY',
        'ABSENT',
        'NO_DATA',
        'HOLIDAY',
        'WEEKLY_OFF',
      ],
    },
    maxPeriodDays: 92,
    chart: 'attendanceRate',
    defaultSort: '-date',
    revealsLocation: true,
  },
  attendanceMonthly: {
    key: 'attendanceMonthly',
    permission: { resource: 'attendance', action: 'list' },
    columns: [
      ...EMPLOYEE,
      col('designation', 'text'),
      // Days by status (each day counts once: a day both late and early is lateAndEarlyExit only). Working days are
      // the computed days that are neither a holiday nor a weekly off; the rate is present-like days (present, late,
      // early exit, both, half day) ÷ working days, 0–100, one decimal (null without a working day).
      col('workingDays', 'integer'),
      col('present', 'integer'),
      col('late', 'integer'),
      col('earlyExit', 'integer'),
      col('lateAndEarlyExit', 'integer'),
      col('halfDay', 'integer'),
      col('absent', 'integer'),
      col('noData', 'integer'),
      col('holidays', 'integer'),
      col('weeklyOff', 'integer'),
      col('inside', 'duration'),
      col('attendanceRate', 'percent', { sortable: true }),
    ],
    filters: ['hierarchy', 'designation', 'msisdns'],
    maxPeriodDays: 31,
    monthly: true,
    chart: 'attendanceRate',
    defaultSort: 'employee',
    revealsLocation: true,
  },
  tasks: {
    key: 'tasks',
    permission: { resource: 'taskAssignment', action: 'list' },
    columns: [
      col('task', 'text', { sortable: true }),
      col('poi', 'text'),
      col('priority', 'enum', { enumOf: 'taskPriority' }),
      ...EMPLOYEE,
      // One row per assignment (task × assignee), in the period by its due end (else due start, else creation).
      // status: the assignment's; timeToComplete: from the assignment to its completion; overdue: completed after
      // the due end, or still pending past it; visited: a visit of the assignee at the task's POI within the task's
      // time (null for a task without a POI).
      col('status', 'enum', { enumOf: 'taskStatus' }),
      col('due', 'datetime', { sortable: true }),
      col('completedAt', 'datetime', { sortable: true }),
      col('completionSource', 'enum', { enumOf: 'taskCompletionSource' }),
      col('timeToComplete', 'duration'),
      col('overdue', 'boolean'),
      col('visited', 'boolean'),
    ],
    filters: ['hierarchy', 'designation', 'msisdns', 'poi', 'status'],
    statusEnum: { enumOf: 'taskStatus', values: ['PENDING', 'COMPLETED', 'CANCELLED'] },
    maxPeriodDays: 366,
    chart: 'tasksBySource',
    defaultSort: '-due',
    revealsLocation: false,
  },
  locateUsage: {
    key: 'locateUsage',
    permission: { resource: 'usage', action: 'list' },
    columns: [
      col('date', 'date', { sortable: true }),
      ...EMPLOYEE,
      col('requests', 'integer', { sortable: true }),
      col('successful', 'integer'),
      col('failed', 'integer'),
      col('scheduled', 'integer'),
      col('onDemand', 'integer'),
      // The distinct result codes of the failed locates (MLP result codes, NONE: no answer for the number, or the
      // request's transport failure: TIMEOUT, NETWORK, HTTP_<status>, MALFORMED).
      col('failureCodes', 'text'),
    ],
    filters: ['hierarchy', 'designation', 'msisdns'],
    maxPeriodDays: 92,
    chart: 'locatesPerDay',
    defaultSort: '-date',
    revealsLocation: false,
  },
  consent: {
    key: 'consent',
    permission: { resource: 'msisdn', action: 'list' },
    columns: [
      ...EMPLOYEE,
      // status: now; since: its last change (null while never answered); changesInPeriod: replies and re-opened
      // requests in the period; lastChange(At): the state the period's last change left; requestsSent: consent
      // request SMS sent in the period (the first and every reminder).
      col('status', 'enum', { enumOf: 'consentStatus' }),
      col('since', 'datetime', { sortable: true }),
      col('changesInPeriod', 'integer'),
      col('lastChange', 'enum', { enumOf: 'consentStatus' }),
      col('lastChangeAt', 'datetime'),
      col('requestsSent', 'integer'),
      col('trackingEnabled', 'boolean'),
    ],
    filters: ['hierarchy', 'designation', 'msisdns', 'status'],
    statusEnum: { enumOf: 'consentStatus', values: ['PENDING', 'GRANTED', 'REVOKED'] },
    maxPeriodDays: 366,
    chart: 'consentStates',
    defaultSort: 'employee',
    revealsLocation: false,
  },
  locationViews: {
    key: 'locationViews',
    permission: { resource: 'location', action: 'history' },
    columns: [
      col('time', 'datetime', { sortable: true }),
      col('viewer', 'text', { sortable: true }),
      col('viewerRole', 'enum', { enumOf: 'role' }),
      // One row per audited view and MSISDN it showed. action: what showed it (see LOCATION_VIEW_ACTIONS); a view
      // naming no number (a report, the attendance sheet, the live stream) has empty employee columns and is listed
      // to company-wide callers when no hierarchy or MSISDN filter is set. detail: the report, day or period viewed.
      col('action', 'enum', { enumOf: 'locationViewAction' }),
      ...EMPLOYEE,
      col('detail', 'text'),
    ],
    filters: ['hierarchy', 'designation', 'msisdns'],
    maxPeriodDays: 366,
    defaultSort: '-time',
    revealsLocation: false,
  },
  billing: {
    key: 'billing',
    permission: { resource: 'usage', action: 'list' },
    columns: [
      // One row per invoice (not void) of a month in the period and MSISDN billed on it: its fee and locate lines
      // (before the invoice's rebate and tax). invoice: the number, null while DRAFT.
      col('month', 'text', { sortable: true }),
      col('invoice', 'text'),
      col('invoiceStatus', 'enum', { enumOf: 'invoiceStatus' }),
      ...EMPLOYEE,
      col('monthlyFee', 'money', { currencyColumn: 'currency' }),
      col('locates', 'integer'),
      col('locateCharges', 'money', { currencyColumn: 'currency' }),
      col('total', 'money', { currencyColumn: 'currency', sortable: true }),
      col('currency', 'text'),
    ],
    filters: ['hierarchy', 'designation', 'msisdns'],
    maxPeriodDays: 366,
    monthly: true,
    defaultSort: 'month',
    revealsLocation: false,
  },
};

/** Most MSISDNs a report request may name one by one (more: filter by department, zone or designation). */
export const REPORT_MSISDNS_MAX = 50;
/** Rows a screen page shows at most. */
export const REPORT_PAGE_SIZE_MAX = 100;
/** Rows an export may hold, per format: more answers a problem that suggests CSV (or a shorter period). */
export const REPORT_EXPORT_ROWS_MAX = { csv: 1_000_000, xlsx: 200_000, pdf: 5_000 } as const;
/** Rows an export may hold to download at once (more runs as an export job with progress). */
export const REPORT_INLINE_ROWS_MAX = 10_000;
export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const dateParam = () =>
  safeString('validation.invalid')
    .refine(isIsoDate, 'validation.invalid')
    .refine((v) => v >= DATE_MIN && v <= DATE_MAX, DATE_OUT_OF_RANGE);

/** `1,2,3`: MSISDN ids, at most REPORT_MSISDNS_MAX. */
const idList = () =>
  safeString('validation.invalid')
    .max(12 * REPORT_MSISDNS_MAX, TOO_MANY)
    .transform((v, ctx) => {
      const parts = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const ids: number[] = [];
      for (const part of parts) {
        const parsed = idText().safeParse(part);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
          return z.NEVER;
        }
        ids.push(parsed.data);
      }
      return [...new Set(ids)];
    })
    .refine(
      (ids) => ids.length <= REPORT_MSISDNS_MAX,
      fieldMessage('validation.tooMany', { max: REPORT_MSISDNS_MAX }),
    );

/**
 * A report's parameters (query string). The period is calendar days `from`–`to` (both included) in the company's
 * time zone. A SuperAdmin names the company (the others run their own); the filters narrow within the caller's
 * scope and never widen it (a department outside the scope answers 404, like any object).
 */
const reportParamsShape = {
  companyId: idFilter(),
  from: dateParam(),
  to: dateParam(),
  departmentId: idFilter(),
  zoneId: idFilter(),
  designationId: idFilter(),
  msisdnIds: idList().optional(),
  poiId: idFilter(),
  status: safeString('validation.invalid').max(40, 'validation.invalid').optional(),
};

/** The period check every schema carrying the parameters ends with. */
const periodInOrder = <T extends { from: string; to: string }>(p: T) => p.from <= p.to;
const PERIOD_ORDER = { path: ['to'], message: 'validation.periodEndBeforeStart' };

export const reportParamsSchema = z.object(reportParamsShape).refine(periodInOrder, PERIOD_ORDER);
export type ReportParams = z.infer<typeof reportParamsSchema>;

export const reportKeyParamSchema = z.object({
  key: z.enum(REPORT_KEYS, { error: 'validation.invalid' }),
});

/** GET /reports/{key}/rows: the parameters, one page and an optional sort by a sortable column. */
export const reportRowsQuerySchema = z
  .object({
    ...reportParamsShape,
    page: z.coerce
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(1, 'validation.invalid')
      .max(100_000, outOfRange(1, 100_000))
      .default(1),
    size: z.coerce
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(1, 'validation.invalid')
      .max(REPORT_PAGE_SIZE_MAX, 'validation.pageSizeTooLarge')
      .default(25),
    sort: safeString('validation.sortInvalid').max(64, 'validation.sortInvalid').optional(),
  })
  .refine(periodInOrder, PERIOD_ORDER);
export type ReportRowsQuery = z.infer<typeof reportRowsQuerySchema>;

export const reportValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportValue = z.infer<typeof reportValueSchema>;
export const reportRowSchema = z.record(z.string(), reportValueSchema);
export type ReportRow = z.infer<typeof reportRowSchema>;

/** What a report ran over, as every export's header prints it. */
export const reportContextSchema = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** The scope in words' parts: the department and zone the caller or the filters narrowed to. */
  department: z.string().nullable(),
  zone: z.string().nullable(),
});
export type ReportContext = z.infer<typeof reportContextSchema>;

export const reportPageSchema = z.object({
  report: z.enum(REPORT_KEYS),
  context: reportContextSchema,
  items: z.array(reportRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

/**
 * GET /reports/{key}/chart: one or more series over the period's days (or categories). The series keys, which the
 * web translates:
 * - visitsPerDay: labels the period's days; `visits` (visits entered that day) and `passedBy` (brief passes).
 * - attendanceRate: labels the period's days; `rate` (present-like ÷ working days of that day, 0–100, null without
 *   a working day), `present` (present-like days) and `workingDays`.
 * - tasksBySource: labels the period's days (of completion); one series per completion source,
 *   `reports.enum.taskCompletionSource.<key>` (AUTO_VISIT, MANUAL).
 * - locatesPerDay: labels the period's days; `successful` and `failed` locates.
 * - consentStates: labels the consent states (`reports.enum.consentStatus.<label>`); `msisdns` per state now.
 * The same filters as the table apply (a status filter narrows the rows counted).
 */
export const reportChartSchema = z.object({
  chart: z.enum(REPORT_CHARTS),
  /** Day (`YYYY-MM-DD`) or category key (an enum value) of each point, in order. */
  labels: z.array(z.string()),
  series: z.array(z.object({ key: z.string(), values: z.array(z.number().nullable()) })),
});
export type ReportChartData = z.infer<typeof reportChartSchema>;

/** GET /reports/dashboard: this month so far, for the caller's scope (a SuperAdmin names the company). */
export const reportDashboardQuerySchema = z.object({ companyId: idFilter() });
export const reportDashboardSchema = z.object({
  month: z.string(),
  /** Present-like days ÷ working days so far, 0–100; null when no working day has passed. */
  attendanceRate: z.number().nullable(),
  /** Locates of the MSISDNs in scope this month that count for billing; null for a role that may not read usage. */
  locatesUsed: z.number().int().nullable(),
  /**
   * Locates the tariff includes this month for those MSISDNs (its included locates per MSISDN × the MSISDNs); null
   * when it includes none (all are billed), there is no tariff, or the role may not read usage.
   */
  locatesIncluded: z.number().int().nullable(),
  /** Assignments (not cancelled) whose task fell due this month so far, and those of them completed. */
  tasksDone: z.number().int(),
  tasksDue: z.number().int(),
  /** MSISDNs in scope whose consent is not GRANTED, of all MSISDNs in scope. */
  msisdnsWithoutConsent: z.number().int(),
  msisdns: z.number().int(),
});
export type ReportDashboard = z.infer<typeof reportDashboardSchema>;

export const reportLocaleSchema = z.enum(LOCALE_CODES as [LocaleCode, ...LocaleCode[]], {
  error: 'validation.invalid',
});

/** GET /reports/{key}/export: downloads at once up to REPORT_INLINE_ROWS_MAX rows. */
export const reportExportQuerySchema = z
  .object({
    ...reportParamsShape,
    format: z.enum(REPORT_FORMATS, { error: 'validation.invalid' }),
    locale: reportLocaleSchema.default('en-US'),
    sort: safeString('validation.sortInvalid').max(64, 'validation.sortInvalid').optional(),
  })
  .refine(periodInOrder, PERIOD_ORDER);
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

/** POST /report-exports: a large export as a job. */
export const reportExportCreateSchema = z.object({
  report: z.enum(REPORT_KEYS, { error: 'validation.invalid' }),
  format: z.enum(REPORT_FORMATS, { error: 'validation.invalid' }),
  locale: reportLocaleSchema.default('en-US'),
  /** The report's parameters, as the query string would carry them. */
  params: z.record(z.string(), z.string()),
  sort: safeString('validation.sortInvalid').max(64, 'validation.sortInvalid').optional(),
});
export type ReportExportCreate = z.infer<typeof reportExportCreateSchema>;

export const REPORT_EXPORT_STATUSES = [
  'QUEUED',
  'RUNNING',
  'DONE',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
] as const;
export type ReportExportStatus = (typeof REPORT_EXPORT_STATUSES)[number];

export const reportExportSchema = z.object({
  id: z.number().int(),
  report: z.enum(REPORT_KEYS),
  format: z.enum(REPORT_FORMATS),
  status: z.enum(REPORT_EXPORT_STATUSES),
  /** Rows written so far and (once counted) in all. */
  rows: z.number().int(),
  total: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** Problem code of a FAILED export (translated in the UI). */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The file is kept until then. */
  expiresAt: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;
