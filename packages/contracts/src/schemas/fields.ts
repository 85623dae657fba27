import { z } from 'zod';
import {
  ADDRESS_MAX_LENGTH,
  DATE_MAX,
  DATE_MIN,
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
} from '../constants.ts';
import type { MessageKey } from '../messages.ts';
import { blankToNull, ID_MAX, isIsoDate } from '../values.ts';
import { nameString, safeString, searchText } from './text.ts';
import { DATE_OUT_OF_RANGE, TOO_LONG, outOfRange } from './limits.ts';

/**
 * Field builders shared by every org form and request body. Each rule's message is a MESSAGES key, so the server's
 * problem+json `errors[].code` and the form's error text are the same key.
 */

const text = (required: MessageKey) => nameString(required);

export const requiredName = (required: MessageKey = 'validation.nameRequired', max = NAME_MAX_LENGTH) =>
  text(required).min(1, required).max(max, TOO_LONG);

/** Optional free text: '' and null both clear the field (stored as null). */
export const optionalText = (max = DESCRIPTION_MAX_LENGTH) =>
  nameString().max(max, TOO_LONG).nullish().transform(blankToNull);

export const emailField = () =>
  safeString('validation.emailRequired')
    .trim()
    .min(1, 'validation.emailRequired')
    .max(EMAIL_MAX_LENGTH, TOO_LONG)
    .pipe(z.email('validation.emailInvalid'));

export const optionalEmail = () =>
  safeString('validation.emailInvalid')
    .trim()
    .max(EMAIL_MAX_LENGTH, TOO_LONG)
    .nullish()
    .transform(blankToNull)
    .pipe(z.email('validation.emailInvalid').nullish());

export const optionalAddress = () => optionalText(ADDRESS_MAX_LENGTH);

/** Calendar date `YYYY-MM-DD` within the date pickers' range (SPEC §9). */
export const optionalDate = () =>
  safeString()
    .nullish()
    .transform(blankToNull)
    .refine((v) => v == null || isIsoDate(v), 'validation.invalid')
    .refine((v) => v == null || (v >= DATE_MIN && v <= DATE_MAX), DATE_OUT_OF_RANGE);

/** Reference to another object by id (body); the server resolves it inside the caller's scope. */
export const refId = (required: MessageKey) =>
  z.number({ error: required }).int(required).positive(required).max(ID_MAX, required);
export const optionalRefId = () =>
  z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .positive('validation.invalid')
    .max(ID_MAX, 'validation.invalid')
    .nullish();

/**
 * An id in a path or query string: a canonical positive decimal integer in the database's range. `0x65`, `1.01e2`,
 * `+101`, ` 101` and `0101` are refused rather than read as 101, so one object has one address.
 */
export const idText = (error: MessageKey = 'validation.invalid') =>
  safeString(error)
    .regex(/^[1-9][0-9]{0,9}$/, error)
    .transform(Number)
    .refine((n) => n <= ID_MAX, error);

const queryId = () => idText();

/** Query-string id filter. */
export const idFilter = () => queryId().optional();

/** List filters by company, department, zone and designation (users, MSISDNs). */
export const orgFilters = () => ({
  companyId: idFilter(),
  departmentId: idFilter(),
  zoneId: idFilter(),
  designationId: idFilter(),
});

/** `/{id}`: the one path-parameter schema of every route that addresses an object by id. */
export const idParamSchema = z.object({ id: idText() });
/** Same as idParamSchema (the org routes' name for it). */
export const objectIdParamSchema = idParamSchema;
export const boolFilter = () =>
  z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .transform((v) => v === 'true')
    .optional();

/**
 * `sort`: comma-separated field names, each optionally prefixed with `-` for descending
 * (`sort=-createdAt,name`). Only the listed fields are accepted.
 */
export function sortParam<const F extends readonly [string, ...string[]]>(fields: F) {
  const allowed = new Set<string>(fields);
  return safeString('validation.sortInvalid')
    .max(200, 'validation.sortInvalid')
    .refine(
      (v) => v.split(',').every((part) => allowed.has(part.trim().replace(/^-/, ''))),
      'validation.sortInvalid',
    )
    .optional();
}

/** Common list parameters (DESIGN §5): page from 1, size default 20 at most 100, sort, q. */
export function listQuery<const F extends readonly [string, ...string[]]>(sortFields: F) {
  return z.object({
    page: z.coerce
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(1, 'validation.invalid')
      .max(PAGE_MAX, outOfRange(1, PAGE_MAX))
      .default(1),
    size: z.coerce
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(1, 'validation.invalid')
      .max(PAGE_SIZE_MAX, 'validation.pageSizeTooLarge')
      .default(PAGE_SIZE_DEFAULT),
    sort: sortParam(sortFields),
    q: searchText().optional(),
  });
}

export const timestamp = () => z.string().describe('ISO 8601 date-time');

/** A portal user's place in the organisation as answered: each id with its name, null where unset. */
export const userPlacementOutput = () => ({
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  designationId: z.number().int().nullable(),
  designationName: z.string().nullable(),
});
