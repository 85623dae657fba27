import { z } from 'zod';
import { CONSENT_STATUSES, EMPLOYEE_CODE_MAX_LENGTH } from '../constants.ts';
import { LOCATE_BLOCKERS, msisdnAbilitiesSchema, msisdnBlockedBySchema } from './abilities.ts';
import { messageParamsSchema, pageSchema } from './common.ts';
import { everyElement, isInt, isObject } from './plain-checks.ts';
import { nameString, safeString } from './text.ts';
import {
  boolFilter,
  idText,
  listQuery,
  optionalEmail,
  optionalRefId,
  optionalText,
  orgFilters,
  refId,
  requiredName,
  timestamp,
} from './fields.ts';
import { phoneField } from './phone.ts';
import { TOO_LONG, TOO_MANY } from './limits.ts';

export const consentStatusSchema = z.enum(CONSENT_STATUSES, { error: 'validation.statusInvalid' });

const msisdnFields = {
  /** Any common spelling; stored and answered as E.164. Unique across the operator. */
  msisdn: phoneField(),
  employeeName: requiredName(),
  employeeCode: optionalText(EMPLOYEE_CODE_MAX_LENGTH),
  email: optionalEmail(),
  departmentId: refId('validation.departmentRequired'),
  zoneId: optionalRefId(),
  designationId: refId('validation.designationRequired'),
  trackingEnabled: z.boolean({ error: 'validation.invalid' }),
};

/**
 * POST /msisdns (SuperAdmin, who names the company). Department, zone and designation must belong to that company;
 * a zone only where zones are enabled. Consent is never set here: the number starts PENDING and receives the
 * consent request SMS; only the employee's reply changes it.
 */
export const msisdnCreateSchema = z.object({
  companyId: refId('validation.companyRequired'),
  ...msisdnFields,
  trackingEnabled: msisdnFields.trackingEnabled.default(true),
});
export type MsisdnCreateBody = z.infer<typeof msisdnCreateSchema>;

/**
 * PATCH /msisdns/{id}: only the fields sent change, within the caller's scope (a DepartmentAdmin keeps the number in
 * its department, a ZoneAdmin in its zone). A different number is msisdn.changeNumber (SuperAdmin) and restarts
 * consent. Company and consent are not fields of this body.
 */
export const msisdnUpdateSchema = z.object({
  msisdn: msisdnFields.msisdn.optional(),
  employeeName: msisdnFields.employeeName.optional(),
  employeeCode: msisdnFields.employeeCode,
  email: msisdnFields.email,
  departmentId: msisdnFields.departmentId.optional(),
  zoneId: msisdnFields.zoneId,
  designationId: msisdnFields.designationId.optional(),
  trackingEnabled: msisdnFields.trackingEnabled.optional(),
});
export type MsisdnUpdateBody = z.infer<typeof msisdnUpdateSchema>;

export const msisdnSchema = z.object({
  id: z.number().int(),
  msisdn: z.string(),
  employeeName: z.string(),
  employeeCode: z.string().nullable(),
  email: z.string().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  departmentId: z.number().int(),
  departmentName: z.string(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  designationId: z.number().int(),
  designationName: z.string(),
  consentStatus: consentStatusSchema,
  /** When consent last changed (granted, refused or revoked). */
  consentAt: timestamp().nullable(),
  /** When the last consent request SMS was sent; null if it could not be sent yet. */
  consentRequestedAt: timestamp().nullable(),
  trackingEnabled: z.boolean(),
  /** What the caller may do to this number (server policy), and why an action the role holds is blocked now. */
  abilities: msisdnAbilitiesSchema,
  blockedBy: msisdnBlockedBySchema,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type Msisdn = z.infer<typeof msisdnSchema>;

export const MSISDN_SORT_FIELDS = [
  'msisdn',
  'employeeName',
  'employeeCode',
  'email',
  'companyName',
  'departmentName',
  'zoneName',
  'designationName',
  'consentStatus',
  'consentAt',
  'trackingEnabled',
  'createdAt',
  'updatedAt',
] as const;
export const msisdnListQuerySchema = listQuery(MSISDN_SORT_FIELDS).extend({
  ...orgFilters(),
  consentStatus: consentStatusSchema.optional(),
  trackingEnabled: boolFilter(),
  /** Consent requests still unanswered past the company's `consentPendingDays` (flagged to the admins). */
  pendingExpired: boolFilter(),
});
export type MsisdnListQuery = z.infer<typeof msisdnListQuerySchema>;
export const msisdnPageSchema = pageSchema(msisdnSchema);
export type MsisdnPage = z.infer<typeof msisdnPageSchema>;

/** The most numbers one page of GET /msisdns/directory answers (the Monitor's whole directory in a few requests). */
export const DIRECTORY_PAGE_SIZE_MAX = 5000;

/**
 * GET /msisdns/directory: every number in scope in id order, a page at a time by keyset (`after`: the last id of the
 * previous page), for the Monitor — 100,000 numbers in 20 requests, each going on from where the previous one
 * stopped, where offset pages of 100 would be 1,000 requests, each counting and skipping all the rows before it.
 */
export const msisdnDirectoryQuerySchema = z.object({
  after: idText().optional(),
  size: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(DIRECTORY_PAGE_SIZE_MAX, 'validation.invalid')
    .default(DIRECTORY_PAGE_SIZE_MAX),
});
export type MsisdnDirectoryQuery = z.infer<typeof msisdnDirectoryQuerySchema>;
/**
 * A number as the Monitor's directory needs it: who and where in the organisation, consent and tracking, and whether
 * the caller may locate it now (and why not) — not the whole record, so 100,000 of them stay light to build, send
 * and check.
 */
export const msisdnDirectoryEntrySchema = msisdnSchema
  .pick({
    id: true,
    msisdn: true,
    employeeName: true,
    companyId: true,
    companyName: true,
    departmentId: true,
    departmentName: true,
    zoneId: true,
    zoneName: true,
    designationId: true,
    designationName: true,
    consentStatus: true,
    trackingEnabled: true,
  })
  .extend({
    abilities: msisdnAbilitiesSchema.pick({ locate: true }),
    blockedBy: msisdnBlockedBySchema.pick({ locate: true }),
  });
export type MsisdnDirectoryEntry = z.infer<typeof msisdnDirectoryEntrySchema>;
export const msisdnDirectoryPageSchema = z.object({
  items: z.array(msisdnDirectoryEntrySchema),
  /** The `after` of the next page; null on the last. */
  next: z.number().int().nullable(),
});
export type MsisdnDirectoryPage = z.infer<typeof msisdnDirectoryPageSchema>;

const isText = (v: unknown) => typeof v === 'string';

/** An entry of msisdnDirectoryEntrySchema, checked field by field. */
function isDirectoryEntry(v: unknown): boolean {
  if (!isObject(v) || !isObject(v['abilities']) || !isObject(v['blockedBy'])) return false;
  const blocker = v['blockedBy']['locate'];
  return (
    isInt(v['id']) &&
    isText(v['msisdn']) &&
    isText(v['employeeName']) &&
    isInt(v['companyId']) &&
    isText(v['companyName']) &&
    isInt(v['departmentId']) &&
    isText(v['departmentName']) &&
    (v['zoneId'] === null || isInt(v['zoneId'])) &&
    (v['zoneName'] === null || isText(v['zoneName'])) &&
    isInt(v['designationId']) &&
    isText(v['designationName']) &&
    (CONSENT_STATUSES as readonly unknown[]).includes(v['consentStatus']) &&
    typeof v['trackingEnabled'] === 'boolean' &&
    typeof v['abilities']['locate'] === 'boolean' &&
    (blocker === undefined || (LOCATE_BLOCKERS as readonly unknown[]).includes(blocker))
  );
}

/**
 * msisdnDirectoryPageSchema for the browser: the same rules, each entry checked by a plain function. In the portal
 * zod cannot compile its object parsers (the CSP allows no eval), and checking 100,000 entries one zod object at a
 * time took longer than building them on the server; agreement with the schema is tested (bulk-checks.test.ts).
 */
export const msisdnDirectoryPageCheck = msisdnDirectoryPageSchema.extend({
  items: z.custom<MsisdnDirectoryEntry[]>((items) => everyElement(items, isDirectoryEntry), {
    message: 'validation.invalid',
  }),
});

/** At most this many numbers are asked again in one bulk request. */
export const CONSENT_BULK_MAX = 1000;

/**
 * POST /msisdns/consent-requests: ask again, in bulk, the numbers whose consent is still PENDING — those named, or
 * every one in the caller's scope flagged as unanswered past the company's limit. A number asked within the last
 * hour is skipped (a second click sends no second SMS).
 */
export const consentBulkRequestSchema = z
  .object({
    ids: z
      // In the database's id range: a larger number is refused, not sent to PostgreSQL (which answered 500).
      .array(refId('validation.invalid'))
      .min(1, 'validation.required')
      .max(CONSENT_BULK_MAX, TOO_MANY)
      .optional(),
    pendingExpired: z.literal(true, { error: 'validation.invalid' }).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.pendingExpired === undefined), {
    message: 'validation.required',
    path: ['ids'],
  });
export type ConsentBulkRequestBody = z.infer<typeof consentBulkRequestSchema>;
export const consentBulkResultSchema = z.object({
  /** Numbers asked again (one SMS each). */
  requested: z.number().int(),
  /** Numbers in scope left alone: not PENDING, or asked within the last hour. */
  skipped: z.number().int(),
});
export type ConsentBulkResult = z.infer<typeof consentBulkResultSchema>;

/** POST /sms/inbound (the SMS gateway, authenticated by its webhook token): a reply from an employee's phone. */
export const smsInboundSchema = z.object({
  from: safeString('validation.phoneInvalid')
    .min(1, 'validation.phoneInvalid')
    .max(32, 'validation.phoneInvalid'),
  text: safeString('validation.required').max(1600, TOO_LONG),
  to: safeString().max(32).optional(),
});
export type SmsInboundBody = z.infer<typeof smsInboundSchema>;

export const smsInboundResultSchema = z.object({
  /** The reply changed a consent (false: unknown number, unrecognised text or nothing to change). */
  handled: z.boolean(),
  consentStatus: consentStatusSchema.nullable(),
});
export type SmsInboundResult = z.infer<typeof smsInboundResultSchema>;

/** Bulk import (SuperAdmin): POST /msisdns/imports?companyId=…&fileName=… with the CSV or XLSX file as the body. */
export const msisdnImportQuerySchema = z.object({
  companyId: idText('validation.companyRequired'),
  fileName: nameString().max(200, TOO_LONG).optional(),
});
export type MsisdnImportQuery = z.infer<typeof msisdnImportQuerySchema>;

export const IMPORT_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_FORMATS = ['CSV', 'XLSX'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const importRowErrorSchema = z.object({
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  /** Column (import column name), or null for the row as a whole. */
  field: z.string().nullable(),
  code: z.string(),
  params: messageParamsSchema.optional(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** GET /msisdns/imports/{id}: poll until status is COMPLETED or FAILED; processed/total drives the progress bar. */
export const msisdnImportSchema = z.object({
  id: z.string(),
  companyId: z.number().int(),
  fileName: z.string().nullable(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  errors: z.array(importRowErrorSchema),
  createdAt: timestamp(),
  finishedAt: timestamp().nullable(),
});
export type MsisdnImport = z.infer<typeof msisdnImportSchema>;
