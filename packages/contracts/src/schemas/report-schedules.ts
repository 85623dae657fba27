import { z } from 'zod';
import { REPORT_FORMATS, REPORT_KEYS, REPORT_MSISDNS_MAX, reportLocaleSchema } from './reports.ts';
import { emailField, idFilter, refId, requiredName, timestamp } from './fields.ts';
import { isIsoDate } from '../values.ts';
import { TOO_MANY } from './limits.ts';
import { safeString } from './text.ts';

/**
 * Scheduled e-mailed reports (issue 16, "Schedules"). A schedule runs one report of the catalogue with fixed
 * parameters (all but the period) on a preset — daily, weekly on an ISO weekday (1 Monday … 7 Sunday), or monthly on
 * a day 1–28 or the last — at a time of day in the company's time zone, over the previous day, ISO week (Monday to
 * Sunday) or calendar month, and mails the file to its recipients: portal users within the owner's scope, and
 * external addresses only when a CompanyAdmin (or SuperAdmin) saved them.
 *
 * The server compiles the preset to a cron string (`cron`), which the web shows in words (cronstrue).
 */
export const REPORT_SCHEDULE_PRESETS = ['daily', 'weekly', 'monthly'] as const;
export type ReportSchedulePreset = (typeof REPORT_SCHEDULE_PRESETS)[number];
export const REPORT_SCHEDULE_PERIODS = ['previousDay', 'previousWeek', 'previousMonth'] as const;
export type ReportSchedulePeriod = (typeof REPORT_SCHEDULE_PERIODS)[number];
export const REPORT_RUN_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED', 'SKIPPED'] as const;
export type ReportRunStatus = (typeof REPORT_RUN_STATUSES)[number];
export const REPORT_DELIVERY_STATUSES = ['QUEUED', 'SENT', 'FAILED', 'DROPPED'] as const;
export type ReportDeliveryStatus = (typeof REPORT_DELIVERY_STATUSES)[number];
/** Why a schedule was paused by the server (a user's pause has none). */
export const REPORT_SCHEDULE_PAUSE_REASONS = ['ownerInactive', 'ownerOutOfScope'] as const;
/** Why a recipient was dropped from a run. */
export const REPORT_DROP_REASONS = ['outOfScope', 'inactive', 'externalNotApproved'] as const;

export const REPORT_SCHEDULE_RECIPIENTS_MAX = 50;
export const REPORT_SCHEDULE_EXTERNALS_MAX = 20;
export const REPORT_SCHEDULE_NAME_MAX = 120;

/**
 * A preset as a 5-field cron string (croner on the server, cronstrue on the screen read the same): `30 2 * * *`
 * daily at 02:30, `0 7 * * 1` Mondays at 07:00 (cron counts Sunday as 0), `0 6 L * *` on the last day of each month.
 */
export function scheduleCron(spec: {
  preset: ReportSchedulePreset;
  weekday?: number | null | undefined;
  monthDay?: number | 'last' | null | undefined;
  time: string;
}): string {
  const [hours, minutes] = spec.time.split(':').map(Number) as [number, number];
  const at = `${minutes} ${hours}`;
  switch (spec.preset) {
    case 'daily':
      return `${at} * * *`;
    case 'weekly':
      return `${at} * * ${(spec.weekday ?? 1) % 7}`;
    case 'monthly':
      return `${at} ${spec.monthDay === 'last' ? 'L' : (spec.monthDay ?? 1)} * *`;
  }
}

/** The period a preset covers unless told otherwise. */
export const DEFAULT_SCHEDULE_PERIOD: Record<ReportSchedulePreset, ReportSchedulePeriod> = {
  daily: 'previousDay',
  weekly: 'previousWeek',
  monthly: 'previousMonth',
};

const ids = (max: number) =>
  z.array(refId('validation.invalid'), { error: 'validation.invalid' }).max(max, TOO_MANY);

/** The report's parameters without the period (the schedule's period rule gives it) and the company. */
export const reportScheduleParamsSchema = z.object({
  departmentId: refId('validation.invalid').optional(),
  zoneId: refId('validation.invalid').optional(),
  designationId: refId('validation.invalid').optional(),
  msisdnIds: ids(REPORT_MSISDNS_MAX).optional(),
  poiId: refId('validation.invalid').optional(),
  status: safeString('validation.invalid').max(40, 'validation.invalid').optional(),
});
export type ReportScheduleParams = z.infer<typeof reportScheduleParamsSchema>;

const time = () =>
  safeString('reportSchedule.timeInvalid').regex(
    /^([01][0-9]|2[0-3]):[0-5][0-9]$/,
    'reportSchedule.timeInvalid',
  );
const monthDay = () =>
  z.union([z.literal('last'), z.number().int().min(1).max(28)], { error: 'reportSchedule.monthDayInvalid' });

const editable = {
  name: requiredName('validation.nameRequired', REPORT_SCHEDULE_NAME_MAX),
  params: reportScheduleParamsSchema,
  sort: safeString('validation.sortInvalid').max(64, 'validation.sortInvalid').nullish(),
  format: z.enum(REPORT_FORMATS, { error: 'validation.invalid' }),
  locale: reportLocaleSchema,
  /** Portal users (ids) within the owner's scope. */
  recipients: ids(REPORT_SCHEDULE_RECIPIENTS_MAX),
  /** Addresses outside the portal: only a CompanyAdmin or SuperAdmin may add them. */
  externalRecipients: z
    .array(emailField(), { error: 'validation.invalid' })
    .max(REPORT_SCHEDULE_EXTERNALS_MAX, TOO_MANY),
  preset: z.enum(REPORT_SCHEDULE_PRESETS, { error: 'validation.invalid' }),
  /** ISO weekday (1 Monday … 7 Sunday) of a weekly schedule. */
  weekday: z.number({ error: 'reportSchedule.weekdayRequired' }).int().min(1).max(7).nullish(),
  /** Day of the month (1–28) or `last` of a monthly schedule. */
  monthDay: monthDay().nullish(),
  /** HH:MM in the company's time zone. */
  time: time(),
  period: z.enum(REPORT_SCHEDULE_PERIODS, { error: 'validation.invalid' }),
  active: z.boolean({ error: 'validation.invalid' }),
};

/** What a complete schedule must hold beyond each field's own rule (create, and an update merged with the stored). */
export function scheduleRules(
  s: {
    preset?: ReportSchedulePreset;
    weekday?: number | null;
    monthDay?: number | 'last' | null;
    recipients?: number[];
    externalRecipients?: string[];
  },
  ctx: z.RefinementCtx,
): void {
  if (s.preset === 'weekly' && (s.weekday === undefined || s.weekday === null))
    ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'reportSchedule.weekdayRequired' });
  if (s.preset === 'monthly' && (s.monthDay === undefined || s.monthDay === null))
    ctx.addIssue({ code: 'custom', path: ['monthDay'], message: 'reportSchedule.monthDayRequired' });
  if (s.recipients !== undefined && s.externalRecipients !== undefined)
    if (s.recipients.length + s.externalRecipients.length === 0)
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'reportSchedule.recipientsRequired' });
}

/** POST /report-schedules. A SuperAdmin names the company; the others schedule in their own. */
export const reportScheduleCreateSchema = z
  .object({
    companyId: refId('report.companyRequired').optional(),
    report: z.enum(REPORT_KEYS, { error: 'validation.invalid' }),
    ...editable,
    params: editable.params.default({}),
    locale: editable.locale.default('en-US'),
    recipients: editable.recipients.default([]),
    externalRecipients: editable.externalRecipients.default([]),
    period: editable.period.optional(),
    active: editable.active.default(true),
  })
  .superRefine(scheduleRules);
export type ReportScheduleCreate = z.infer<typeof reportScheduleCreateSchema>;

/** PATCH /report-schedules/{id}: the fields sent change (the report and the company do not). */
export const reportScheduleUpdateSchema = z.object(editable).partial();
export type ReportScheduleUpdate = z.infer<typeof reportScheduleUpdateSchema>;

export const reportScheduleRecipientSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
});

export const reportScheduleSchema = z.object({
  id: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  owner: z.object({ id: z.number().int(), fullName: z.string() }),
  name: z.string(),
  report: z.enum(REPORT_KEYS),
  params: reportScheduleParamsSchema,
  sort: z.string().nullable(),
  format: z.enum(REPORT_FORMATS),
  locale: reportLocaleSchema,
  recipients: z.array(reportScheduleRecipientSchema),
  externalRecipients: z.array(z.string()),
  preset: z.enum(REPORT_SCHEDULE_PRESETS),
  weekday: z.number().int().nullable(),
  monthDay: z.union([z.literal('last'), z.number().int()]).nullable(),
  time: z.string(),
  /** The preset as a cron string (5 fields) in `timeZone`. */
  cron: z.string(),
  timeZone: z.string(),
  period: z.enum(REPORT_SCHEDULE_PERIODS),
  active: z.boolean(),
  /** Set when the server paused it (REPORT_SCHEDULE_PAUSE_REASONS); null for a user's pause or an active one. */
  pausedReason: z.string().nullable(),
  nextRunAt: timestamp().nullable(),
  lastRun: z
    .object({
      id: z.number().int(),
      status: z.enum(REPORT_RUN_STATUSES),
      periodStart: z.string(),
      periodEnd: z.string(),
      finishedAt: timestamp().nullable(),
    })
    .nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleListSchema = z.object({ items: z.array(reportScheduleSchema) });
export type ReportScheduleList = z.infer<typeof reportScheduleListSchema>;

export const reportScheduleListQuerySchema = z.object({ companyId: idFilter() });

/** POST /report-schedules/{id}/run: the last complete period, or the one given (both days, or neither). */
export const reportScheduleRunSchema = z
  .object({
    from: safeString('validation.invalid').refine(isIsoDate, 'validation.invalid').optional(),
    to: safeString('validation.invalid').refine(isIsoDate, 'validation.invalid').optional(),
  })
  .superRefine((p, ctx) => {
    if ((p.from === undefined) !== (p.to === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [p.from === undefined ? 'from' : 'to'],
        message: 'reportSchedule.periodIncomplete',
      });
    if (p.from && p.to && p.from > p.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.periodEndBeforeStart' });
  });
export type ReportScheduleRun = z.infer<typeof reportScheduleRunSchema>;

export const reportDeliverySchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  userId: z.number().int().nullable(),
  status: z.enum(REPORT_DELIVERY_STATUSES),
  /** DROPPED: REPORT_DROP_REASONS; FAILED (or QUEUED and retrying): the mail server's answer. */
  reason: z.string().nullable(),
  sentAt: timestamp().nullable(),
});
export type ReportDelivery = z.infer<typeof reportDeliverySchema>;

export const reportRunSchema = z.object({
  id: z.number().int(),
  scheduleId: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  trigger: z.enum(['SCHEDULE', 'MANUAL']),
  status: z.enum(REPORT_RUN_STATUSES),
  attempts: z.number().int(),
  rows: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  /** How the file went out: attached, or as an expiring link (too large to attach). */
  delivery: z.enum(['ATTACHED', 'LINK']).nullable(),
  /** A problem code (translated in the UI) or a message. */
  error: z.string().nullable(),
  createdAt: timestamp(),
  finishedAt: timestamp().nullable(),
  deliveries: z.array(reportDeliverySchema),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

export const reportRunListSchema = z.object({ items: z.array(reportRunSchema) });
export type ReportRunList = z.infer<typeof reportRunListSchema>;
