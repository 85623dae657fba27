import { z } from 'zod';
import type { ReportColumn, ReportColumnType } from './reports.ts';
import { reportLocaleSchema } from './reports.ts';

/**
 * Every list page's Export (issue 16): `GET /list-exports/<list>?<the list's own filters and sort>&format=&locale=`
 * answers the whole filtered, sorted list as a file, through the report writers. The columns of each list are
 * declared here (a column's key is the list item's field); their titles are `reports.column.list.<list>.<key>` in
 * report-texts (falling back to the shared `reports.column.<key>`), enumerated values `reports.enum.<enumOf>.<v>`.
 */
export const LIST_EXPORT_KEYS = [
  'companies',
  'departments',
  'zones',
  'designations',
  'msisdns',
  'users',
  'pois',
  'poiAssignments',
  'tasks',
  'taskAssignments',
  'attendance',
  'invoices',
] as const;
export type ListExportKey = (typeof LIST_EXPORT_KEYS)[number];

const c = (key: string, type: ReportColumnType, enumOf?: string): ReportColumn =>
  type === 'money'
    ? { key, type, currencyColumn: 'currency' }
    : enumOf
      ? { key, type, enumOf }
      : { key, type };

const UNIT_COLUMNS = [
  c('name', 'text'),
  c('companyName', 'text'),
  c('description', 'text'),
  c('msisdnCount', 'integer'),
  c('createdAt', 'datetime'),
];

export const LIST_EXPORTS: Record<ListExportKey, { columns: readonly ReportColumn[] }> = {
  companies: {
    columns: [
      c('name', 'text'),
      c('code', 'text'),
      c('country', 'text'),
      c('city', 'text'),
      c('contactEmail', 'text'),
      c('contactPhone', 'text'),
      c('status', 'enum', 'companyStatus'),
      c('timeZone', 'text'),
      c('createdAt', 'datetime'),
    ],
  },
  departments: { columns: UNIT_COLUMNS },
  zones: { columns: UNIT_COLUMNS },
  designations: { columns: UNIT_COLUMNS },
  msisdns: {
    columns: [
      c('msisdn', 'msisdn'),
      c('employeeName', 'text'),
      c('employeeCode', 'text'),
      c('email', 'text'),
      c('companyName', 'text'),
      c('departmentName', 'text'),
      c('zoneName', 'text'),
      c('designationName', 'text'),
      c('consentStatus', 'enum', 'consentStatus'),
      c('consentAt', 'datetime'),
      c('trackingEnabled', 'boolean'),
      c('createdAt', 'datetime'),
    ],
  },
  users: {
    columns: [
      c('fullName', 'text'),
      c('username', 'text'),
      c('email', 'text'),
      c('phoneNo', 'text'),
      c('companyName', 'text'),
      c('departmentName', 'text'),
      c('zoneName', 'text'),
      c('designationName', 'text'),
      c('role', 'enum', 'role'),
      c('active', 'boolean'),
      c('invitationStatus', 'enum', 'invitationStatus'),
      c('createdAt', 'datetime'),
    ],
  },
  pois: {
    columns: [
      c('name', 'text'),
      c('categoryName', 'text'),
      c('companyName', 'text'),
      c('departmentName', 'text'),
      c('zoneName', 'text'),
      c('address', 'text'),
      c('externalRef', 'text'),
      c('latitude', 'coordinate'),
      c('longitude', 'coordinate'),
      c('radiusM', 'integer'),
      c('areaM2', 'integer'),
      c('active', 'boolean'),
      c('assignmentCount', 'integer'),
      c('insideCount', 'integer'),
    ],
  },
  poiAssignments: {
    columns: [
      c('poiName', 'text'),
      c('msisdn', 'msisdn'),
      c('employeeName', 'text'),
      c('departmentName', 'text'),
      c('zoneName', 'text'),
      c('purpose', 'enum', 'poiPurpose'),
      c('shiftName', 'text'),
      c('validFrom', 'date'),
      c('validTo', 'date'),
      c('presence', 'enum', 'presenceState'),
      c('createdAt', 'datetime'),
    ],
  },
  tasks: {
    columns: [
      c('title', 'text'),
      c('priority', 'enum', 'taskPriority'),
      c('status', 'enum', 'taskStatus'),
      c('overdue', 'boolean'),
      c('poiName', 'text'),
      c('companyName', 'text'),
      c('departmentName', 'text'),
      c('zoneName', 'text'),
      c('dueStart', 'datetime'),
      c('dueEnd', 'datetime'),
      c('assigneeCount', 'integer'),
      c('completedCount', 'integer'),
      c('completedAt', 'datetime'),
    ],
  },
  taskAssignments: {
    columns: [
      c('taskTitle', 'text'),
      c('poiName', 'text'),
      c('msisdn', 'msisdn'),
      c('employeeName', 'text'),
      c('status', 'enum', 'taskStatus'),
      c('overdue', 'boolean'),
      c('dueEnd', 'datetime'),
      c('completedAt', 'datetime'),
      c('completionSource', 'enum', 'taskCompletionSource'),
      c('completedBy', 'text'),
      c('reason', 'text'),
    ],
  },
  attendance: {
    columns: [
      c('date', 'date'),
      c('msisdn', 'msisdn'),
      c('employeeName', 'text'),
      c('departmentName', 'text'),
      c('zoneName', 'text'),
      c('designationName', 'text'),
      c('shiftName', 'text'),
      c('status', 'enum', 'attendanceStatus'),
      c('firstIn', 'datetime'),
      c('lastOut', 'datetime'),
      c('inside', 'duration'),
      c('late', 'duration'),
      c('earlyExit', 'duration'),
      c('overridden', 'boolean'),
    ],
  },
  invoices: {
    columns: [
      c('number', 'text'),
      c('companyName', 'text'),
      c('period', 'text'),
      c('status', 'enum', 'invoiceStatus'),
      c('overdue', 'boolean'),
      c('issuedAt', 'datetime'),
      c('dueOn', 'date'),
      c('total', 'money'),
      c('paid', 'money'),
      c('balance', 'money'),
      c('currency', 'text'),
    ],
  },
};

/** Formats of a list's export: lists are tables to work on, so spreadsheets. */
export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

/** The export parameters added to a list's own query (page and size are ignored: the file holds every row). */
export const listExportParamsShape = {
  format: z.enum(LIST_EXPORT_FORMATS, { error: 'validation.invalid' }),
  locale: reportLocaleSchema.default('en-US'),
};
