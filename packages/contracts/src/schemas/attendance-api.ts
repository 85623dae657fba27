import { z } from 'zod';
import { abilitiesOf } from './abilities.ts';
import { pageSchema } from './common.ts';
import { isoWeekdays, timeOfDay } from './companies.ts';
import { idFilter, idText, optionalRefId, refId, requiredName, timestamp } from './fields.ts';
import { isIsoDate, isTimeZone } from '../values.ts';
import { isCountryCode } from './phone.ts';
import { POSITION_SOURCES } from './positions.ts';
import { FIX_CLASSES } from './pois.ts';
import { nameString, safeString } from './text.ts';
import { TOO_LONG, TOO_MANY, intBetween, outOfRange } from './limits.ts';

/**
 * The API of attendance (issue 12): shifts (versioned), holiday lists, and the days computed from presence at the
 * attendance sites, with their evidence and manual overrides.
 */

export const ATTENDANCE_STATUSES = [
  'PRESENT',
  'LATE',
  'EARLY_EXIT',
  'LATE_AND_EARLY_EXIT',
  'HALF_DAY',
  'ABSENT',
  'NO_DATA',
  'HOLIDAY',
  'WEEKLY_OFF',
] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** PROVISIONAL while the window is open (and half an hour after); FINAL after. */
export const ATTENDANCE_STATES = ['PROVISIONAL', 'FINAL'] as const;
export type AttendanceState = (typeof ATTENDANCE_STATES)[number];
export const HOURS_METHODS = ['FIRST_IN_LAST_OUT', 'EVERY_VALID_VISIT'] as const;
export type HoursMethod = (typeof HOURS_METHODS)[number];
export const HOLIDAY_KINDS = ['HOLIDAY', 'WORKING_DAY'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];
/** The one-letter codes of the monthly sheet (translated in the UI; these are the keys). */
export const ATTENDANCE_OVERRIDE_REASON_MAX_LENGTH = 500;
export const SHIFT_MINUTES_MAX = 24 * 60;

const minutesField = (max = SHIFT_MINUTES_MAX) => intBetween(0, max);
const dateField = () => safeString('validation.invalid').refine(isIsoDate, 'validation.invalid');
const timeZone = () =>
  safeString('validation.timezoneInvalid').refine(isTimeZone, 'validation.timezoneInvalid');

// ── Shifts ───────────────────────────────────────────────────────────────────────────────────────────────────────

const shiftTermFields = {
  start: timeOfDay(),
  end: timeOfDay(),
  days: isoWeekdays().transform((d) => [...d].sort()),
  timeZone: timeZone().nullish(),
  checkInBeforeMin: minutesField(720).default(60),
  checkOutAfterMin: minutesField(720).default(60),
  lateGraceMin: minutesField(720).default(10),
  earlyExitGraceMin: minutesField(720).default(10),
  halfDayThresholdMin: minutesField().default(0),
  absentThresholdMin: minutesField().default(0),
  hoursMethod: z.enum(HOURS_METHODS, { error: 'validation.invalid' }).default('FIRST_IN_LAST_OUT'),
  countOnHolidays: z.boolean({ error: 'validation.invalid' }).default(false),
  holidayListId: optionalRefId(),
};

/** A start equal to the end is no shift; an end before the start ends the next day (a night shift). */
const startNotEnd = (s: { start?: string; end?: string }) => s.start === undefined || s.start !== s.end;
const startNotEndIssue = { path: ['end'], message: 'attendance.shiftEmpty' as const };
const absentBelowHalf = (s: { halfDayThresholdMin?: number; absentThresholdMin?: number }) =>
  !s.halfDayThresholdMin || !s.absentThresholdMin || s.absentThresholdMin <= s.halfDayThresholdMin;
const absentBelowHalfIssue = {
  path: ['absentThresholdMin'],
  message: 'attendance.absentAboveHalfDay' as const,
};

export const shiftCreateSchema = z
  .object({
    companyId: refId('validation.companyRequired').optional(),
    name: requiredName(),
    ...shiftTermFields,
    /** The first day these terms apply (default: today in the shift's zone). */
    effectiveFrom: dateField().optional(),
  })
  .refine(startNotEnd, startNotEndIssue)
  .refine(absentBelowHalf, absentBelowHalfIssue);
export type ShiftCreate = z.output<typeof shiftCreateSchema>;

/** A change of terms is a new version from `effectiveFrom` (default today); days before keep their terms. */
export const shiftUpdateSchema = z
  .object({
    name: requiredName().optional(),
    start: shiftTermFields.start.optional(),
    end: shiftTermFields.end.optional(),
    days: isoWeekdays()
      .transform((d) => [...d].sort())
      .optional(),
    timeZone: shiftTermFields.timeZone,
    checkInBeforeMin: minutesField(720).optional(),
    checkOutAfterMin: minutesField(720).optional(),
    lateGraceMin: minutesField(720).optional(),
    earlyExitGraceMin: minutesField(720).optional(),
    halfDayThresholdMin: minutesField().optional(),
    absentThresholdMin: minutesField().optional(),
    hoursMethod: z.enum(HOURS_METHODS, { error: 'validation.invalid' }).optional(),
    countOnHolidays: z.boolean({ error: 'validation.invalid' }).optional(),
    holidayListId: optionalRefId(),
    effectiveFrom: dateField().optional(),
  })
  .refine(startNotEnd, startNotEndIssue)
  .refine(absentBelowHalf, absentBelowHalfIssue);
export type ShiftUpdate = z.output<typeof shiftUpdateSchema>;

export const shiftTermsSchema = z.object({
  effectiveFrom: z.string(),
  start: z.string(),
  end: z.string(),
  days: z.array(z.number().int()),
  timeZone: z.string(),
  checkInBeforeMin: z.number().int(),
  checkOutAfterMin: z.number().int(),
  lateGraceMin: z.number().int(),
  earlyExitGraceMin: z.number().int(),
  halfDayThresholdMin: z.number().int(),
  absentThresholdMin: z.number().int(),
  hoursMethod: z.enum(HOURS_METHODS),
  countOnHolidays: z.boolean(),
  holidayListId: z.number().int().nullable(),
  holidayListName: z.string().nullable(),
});
export type ShiftTerms = z.infer<typeof shiftTermsSchema>;

export const SHIFT_ACTIONS = ['update', 'delete'] as const;
export const shiftSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  /** The terms in force today. */
  current: shiftTermsSchema,
  /** Every version, newest first. */
  versions: z.array(shiftTermsSchema),
  /** MSISDNs with an attendance site on this shift. */
  memberCount: z.number().int(),
  abilities: abilitiesOf(SHIFT_ACTIONS),
});
export type Shift = z.infer<typeof shiftSchema>;
export const shiftListSchema = z.object({ items: z.array(shiftSchema) });
export const shiftListQuerySchema = z.object({ companyId: idFilter() });

// ── Holiday lists ────────────────────────────────────────────────────────────────────────────────────────────────

export const holidaySchema = z.object({
  date: dateField(),
  name: nameString('validation.nameRequired').trim().min(1, 'validation.nameRequired').max(120, TOO_LONG),
  kind: z.enum(HOLIDAY_KINDS, { error: 'validation.invalid' }).default('HOLIDAY'),
});
export type Holiday = z.output<typeof holidaySchema>;

const holidaysField = () =>
  z
    .array(holidaySchema, { error: 'validation.invalid' })
    .max(400, TOO_MANY)
    .refine((list) => new Set(list.map((h) => h.date)).size === list.length, 'attendance.holidayDuplicate');

const weeklyOff = () =>
  z
    .array(z.number({ error: 'validation.invalid' }).int().min(1).max(7), { error: 'validation.invalid' })
    .max(7, 'validation.invalid')
    .transform((d) => [...new Set(d)].sort());

const inRange = (l: { fromDate?: string; toDate?: string; holidays?: Holiday[] }) =>
  !l.fromDate || !l.toDate || (l.holidays ?? []).every((h) => h.date >= l.fromDate! && h.date <= l.toDate!);

export const holidayListCreateSchema = z
  .object({
    companyId: refId('validation.companyRequired').optional(),
    name: requiredName(),
    fromDate: dateField(),
    toDate: dateField(),
    weeklyOff: weeklyOff().default([]),
    country: safeString('validation.countryInvalid')
      .trim()
      .toUpperCase()
      .refine(isCountryCode, 'validation.countryInvalid')
      .nullish(),
    holidays: holidaysField().default([]),
  })
  .refine((l) => l.toDate >= l.fromDate, { path: ['toDate'], message: 'validation.validToBeforeFrom' })
  .refine(inRange, { path: ['holidays'], message: 'attendance.holidayOutsideList' });
export type HolidayListCreate = z.output<typeof holidayListCreateSchema>;

export const holidayListUpdateSchema = z
  .object({
    name: requiredName().optional(),
    fromDate: dateField().optional(),
    toDate: dateField().optional(),
    weeklyOff: weeklyOff().optional(),
    holidays: holidaysField().optional(),
  })
  .refine((l) => !l.fromDate || !l.toDate || l.toDate >= l.fromDate, {
    path: ['toDate'],
    message: 'validation.validToBeforeFrom',
  })
  .refine(inRange, { path: ['holidays'], message: 'attendance.holidayOutsideList' });
export type HolidayListUpdate = z.output<typeof holidayListUpdateSchema>;

export const HOLIDAY_LIST_ACTIONS = ['update', 'delete', 'seed'] as const;
export const holidayListSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  weeklyOff: z.array(z.number().int()),
  country: z.string().nullable(),
  holidays: z.array(z.object({ date: z.string(), name: z.string(), kind: z.enum(HOLIDAY_KINDS) })),
  abilities: abilitiesOf(HOLIDAY_LIST_ACTIONS),
});
export type HolidayList = z.infer<typeof holidayListSchema>;
export const holidayListListSchema = z.object({ items: z.array(holidayListSchema) });
export const holidaySeedQuerySchema = z.object({
  country: safeString('validation.countryInvalid')
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'validation.countryInvalid')
    .optional(),
  year: z.coerce
    .number({ error: outOfRange(1970, 2099) })
    .int(outOfRange(1970, 2099))
    .min(1970, outOfRange(1970, 2099))
    .max(2099, outOfRange(1970, 2099)),
  /** Names in this language where the country's calendar has them (default: the company's). */
  language: safeString('validation.invalid')
    .regex(/^[a-z]{2}$/, 'validation.invalid')
    .optional(),
});

// ── Days ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export const attendanceReasonSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type AttendanceReason = z.infer<typeof attendanceReasonSchema>;

export const ATTENDANCE_DAY_ACTIONS = ['override'] as const;
export const attendanceDaySchema = z.object({
  msisdnId: z.number().int(),
  msisdn: z.string(),
  employeeName: z.string().nullable(),
  departmentName: z.string().nullable(),
  zoneName: z.string().nullable(),
  designationName: z.string().nullable(),
  date: z.string(),
  /** What counts: the override's status when there is one, else the computed one. */
  status: z.enum(ATTENDANCE_STATUSES),
  computedStatus: z.enum(ATTENDANCE_STATUSES),
  state: z.enum(ATTENDANCE_STATES),
  shiftId: z.number().int(),
  shiftName: z.string(),
  /** The shift's time zone: the day's times are shown in it. */
  timeZone: z.string(),
  holidayName: z.string().nullable(),
  windowStart: timestamp().nullable(),
  windowEnd: timestamp().nullable(),
  firstIn: timestamp().nullable(),
  firstInEarliest: timestamp().nullable(),
  lastOut: timestamp().nullable(),
  lastOutLatest: timestamp().nullable(),
  stillInside: z.boolean(),
  minutesInside: z.number(),
  minutesFirstLast: z.number(),
  minutesEveryVisit: z.number(),
  minutesObserved: z.number(),
  outsideCoverage: z.number(),
  lateMinutes: z.number(),
  earlyExitMinutes: z.number(),
  arrivalUnverified: z.boolean(),
  departureUnverified: z.boolean(),
  reasons: z.array(attendanceReasonSchema),
  override: z
    .object({
      status: z.enum(ATTENDANCE_STATUSES),
      reason: z.string(),
      by: z.string().nullable(),
      at: timestamp(),
    })
    .nullable(),
  computedAt: timestamp(),
  abilities: abilitiesOf(ATTENDANCE_DAY_ACTIONS),
});
export type AttendanceDay = z.infer<typeof attendanceDaySchema>;
export const attendancePageSchema = pageSchema(attendanceDaySchema);
export type AttendancePage = z.infer<typeof attendancePageSchema>;

export const attendanceListQuerySchema = z
  .object({
    date: dateField().optional(),
    from: dateField().optional(),
    to: dateField().optional(),
    status: z.enum(ATTENDANCE_STATUSES, { error: 'validation.statusInvalid' }).optional(),
    companyId: idFilter(),
    departmentId: idFilter(),
    zoneId: idFilter(),
    designationId: idFilter(),
    msisdnId: idFilter(),
    q: safeString().max(100, TOO_LONG).optional(),
    page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
    size: z.coerce
      .number({ error: 'validation.invalid' })
      .int()
      .min(1)
      .max(100, 'validation.pageSizeTooLarge')
      .default(50),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, {
    path: ['to'],
    message: 'validation.validToBeforeFrom',
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 92 * 86_400_000, {
    path: ['to'],
    message: 'attendance.rangeTooLong',
  });
export type AttendanceListQuery = z.output<typeof attendanceListQuerySchema>;

export const attendanceDayParamsSchema = z.object({ msisdnId: idText(), date: dateField() });

export const attendanceDetailSchema = z.object({
  day: attendanceDaySchema,
  terms: shiftTermsSchema,
  sites: z.array(z.object({ poiId: z.number().int(), name: z.string() })),
  visits: z.array(
    z.object({
      key: z.string(),
      poiId: z.number().int(),
      poiName: z.string(),
      enteredAt: timestamp(),
      enteredEarliest: timestamp().nullable(),
      exitedAt: timestamp().nullable(),
      exitedLatest: timestamp().nullable(),
      dwellMinutes: z.number(),
      closedBy: z.string(),
    }),
  ),
  fixes: z.array(
    z.object({
      time: timestamp(),
      lat: z.number(),
      lon: z.number(),
      accuracyM: z.number().nullable(),
      source: z.enum(POSITION_SOURCES),
      class: z.enum(FIX_CLASSES),
    }),
  ),
  corrections: z.array(
    z.object({ previousStatus: z.string(), status: z.string(), cause: z.string(), at: timestamp() }),
  ),
});
export type AttendanceDetail = z.infer<typeof attendanceDetailSchema>;

export const attendanceOverrideSchema = z.object({
  /** null removes the override: the computed status counts again. */
  status: z.enum(ATTENDANCE_STATUSES, { error: 'validation.statusInvalid' }).nullable(),
  reason: nameString('validation.commentRequired')
    .trim()
    .min(1, 'validation.commentRequired')
    .max(ATTENDANCE_OVERRIDE_REASON_MAX_LENGTH, TOO_LONG),
});
export type AttendanceOverride = z.output<typeof attendanceOverrideSchema>;

export const attendanceSheetQuerySchema = z.object({
  month: safeString('validation.invalid').regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.invalid'),
  companyId: idFilter(),
  departmentId: idFilter(),
  zoneId: idFilter(),
  designationId: idFilter(),
  status: z.enum(ATTENDANCE_STATUSES, { error: 'validation.statusInvalid' }).optional(),
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
  size: z.coerce
    .number({ error: 'validation.invalid' })
    .int()
    .min(1)
    .max(1000, 'validation.pageSizeTooLarge')
    .default(200),
});
export type AttendanceSheetQuery = z.output<typeof attendanceSheetQuerySchema>;

export const attendanceSheetSchema = z.object({
  month: z.string(),
  /** The month's dates, YYYY-MM-DD. */
  dates: z.array(z.string()),
  rows: z.array(
    z.object({
      msisdnId: z.number().int(),
      msisdn: z.string(),
      employeeName: z.string().nullable(),
      /** One status per date (null: no day computed, e.g. before the employee was given a site). */
      statuses: z.array(z.enum(ATTENDANCE_STATUSES).nullable()),
      totals: z.record(z.enum(ATTENDANCE_STATUSES), z.number().int()),
      minutesInside: z.number(),
    }),
  ),
  /** Per date: how many employees had each status. */
  dayTotals: z.array(z.record(z.enum(ATTENDANCE_STATUSES), z.number().int())),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type AttendanceSheet = z.infer<typeof attendanceSheetSchema>;
