import { z } from 'zod';
import {
  COMPANY_CODE_PATTERN,
  COMPANY_STATUSES,
  CONSENT_DEFAULTS,
  CONSENT_PENDING_DAYS_MAX,
  CONSENT_PENDING_DAYS_MIN,
  CONSENT_REMINDER_DAYS_MAX,
  LOCATION_DEFAULTS,
  MONEY_MAX,
  POLL_INTERVAL_MINUTES_MAX,
  POLL_INTERVAL_MINUTES_MIN,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
} from '../constants.ts';
import { companyAbilitiesSchema } from './abilities.ts';
import { pageSchema } from './common.ts';
import { AFTER_FIELDS, safeString } from './text.ts';
import { boolFilter, listQuery, optionalAddress, optionalEmail, requiredName, timestamp } from './fields.ts';
import { isCurrencyCode, isTimeZone } from '../values.ts';
import { optionalCountry, optionalPhone } from './phone.ts';
import { intBetween } from './limits.ts';

/** Wall-clock time `HH:mm` (00:00–23:59). */
export const timeOfDay = () =>
  safeString('validation.timeInvalid').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.timeInvalid');

/** ISO weekdays (1 = Monday … 7 = Sunday): at least one, each once. */
export const isoWeekdays = () =>
  z
    .array(
      z
        .number({ error: 'validation.trackingDaysInvalid' })
        .int('validation.trackingDaysInvalid')
        .min(1, 'validation.trackingDaysInvalid')
        .max(7, 'validation.trackingDaysInvalid'),
      {
        error: 'validation.trackingDaysInvalid',
      },
    )
    .min(1, 'validation.trackingDaysInvalid')
    .max(7, 'validation.trackingDaysInvalid')
    .refine((days) => new Set(days).size === days.length, 'validation.trackingDaysInvalid');

/** When the scheduler may locate the company's MSISDNs: ISO weekdays (1 = Monday), HH:mm–HH:mm in `timezone`. */
export const trackingWindowSchema = z
  .object({
    days: isoWeekdays(),
    start: timeOfDay(),
    end: timeOfDay(),
    timezone: safeString('validation.timezoneInvalid').refine(isTimeZone, 'validation.timezoneInvalid'),
  })
  .refine((w) => w.start < w.end, {
    path: ['end'],
    message: 'validation.trackingWindowInvalid',
    ...AFTER_FIELDS,
  });
export type TrackingWindowBody = z.infer<typeof trackingWindowSchema>;
/** A tracking window as stored and answered. */
export type TrackingWindow = TrackingWindowBody;

const intRange = intBetween;

const configFields = {
  zoneEnabled: z.boolean({ error: 'validation.invalid' }),
  trackingWindow: trackingWindowSchema,
  pollIntervalMinutes: intRange(POLL_INTERVAL_MINUTES_MIN, POLL_INTERVAL_MINUTES_MAX),
  retentionDays: intRange(RETENTION_DAYS_MIN, RETENTION_DAYS_MAX),
  consentReminderDays: intRange(0, CONSENT_REMINDER_DAYS_MAX),
  consentPendingDays: intRange(CONSENT_PENDING_DAYS_MIN, CONSENT_PENDING_DAYS_MAX),
};

/** A whole configuration; the consent settings, added later, default when a client does not send them. */
export const companyConfigSchema = z.object({
  ...configFields,
  consentReminderDays: configFields.consentReminderDays.default(CONSENT_DEFAULTS.consentReminderDays),
  consentPendingDays: configFields.consentPendingDays.default(CONSENT_DEFAULTS.consentPendingDays),
});
export type CompanyConfigBody = z.infer<typeof companyConfigSchema>;
/** A company's configuration as stored in companies.config (zoneEnabled is a column of its own). */
export type CompanyConfig = Omit<CompanyConfigBody, 'zoneEnabled'>;

const money = () =>
  z
    .number({ error: 'validation.amountInvalid' })
    .min(0, 'validation.amountInvalid')
    .max(MONEY_MAX, 'validation.amountInvalid')
    .refine((v) => Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6, 'validation.amountInvalid');

export const pricePlanSchema = z.object({
  currency: safeString('validation.currencyInvalid')
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, 'validation.currencyInvalid'),
  monthlyFeePerMsisdn: money(),
  feePerLocate: money(),
});
export type PricePlanBody = z.infer<typeof pricePlanSchema>;
/** A company's price plan as stored in companies.price_plan and answered. */
export type PricePlan = PricePlanBody;

/** What a new company starts with unless the form says otherwise (the form pre-fills it). */
export const DEFAULT_COMPANY_CONFIG: CompanyConfigBody = {
  zoneEnabled: false,
  trackingWindow: { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00', timezone: 'UTC' },
  ...LOCATION_DEFAULTS,
  ...CONSENT_DEFAULTS,
};
export const DEFAULT_PRICE_PLAN: PricePlanBody = { currency: 'EUR', monthlyFeePerMsisdn: 0, feePerLocate: 0 };

const companyStatus = z.enum(COMPANY_STATUSES, { error: 'validation.statusInvalid' });

const companyFields = {
  name: requiredName(),
  code: safeString('validation.codeInvalid')
    .trim()
    .toUpperCase()
    .regex(COMPANY_CODE_PATTERN, 'validation.codeInvalid'),
  contactEmail: optionalEmail(),
  contactPhone: optionalPhone(),
  address: optionalAddress(),
  city: optionalAddress(),
  country: optionalCountry(),
};

/** POST /companies (SuperAdmin). */
export const companyCreateSchema = z.object({
  ...companyFields,
  status: companyStatus.default('ACTIVE'),
  config: companyConfigSchema.default(DEFAULT_COMPANY_CONFIG),
  pricePlan: pricePlanSchema.default(DEFAULT_PRICE_PLAN),
});
export type CompanyCreateBody = z.infer<typeof companyCreateSchema>;

/**
 * PATCH /companies/{id} (SuperAdmin): only the fields sent change. Within `config` and `pricePlan` each key sent
 * replaces the stored one (`trackingWindow` as a whole).
 */
export const companyUpdateSchema = z.object({
  name: companyFields.name.optional(),
  code: companyFields.code.optional(),
  contactEmail: companyFields.contactEmail,
  contactPhone: companyFields.contactPhone,
  address: companyFields.address,
  city: companyFields.city,
  country: companyFields.country,
  status: companyStatus.optional(),
  // No defaults here: a key not sent keeps its stored value.
  config: z.object(configFields).partial().optional(),
  pricePlan: pricePlanSchema.partial().optional(),
});
export type CompanyUpdateBody = z.infer<typeof companyUpdateSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  /** Same as id: every org item names its company. */
  companyId: z.number().int(),
  name: z.string(),
  code: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  status: companyStatus,
  config: z.object({
    zoneEnabled: z.boolean(),
    trackingWindow: z.object({
      days: z.array(z.number().int()),
      start: z.string(),
      end: z.string(),
      timezone: z.string(),
    }),
    pollIntervalMinutes: z.number().int(),
    retentionDays: z.number().int(),
    consentReminderDays: z.number().int(),
    consentPendingDays: z.number().int(),
  }),
  pricePlan: z.object({ currency: z.string(), monthlyFeePerMsisdn: z.number(), feePerLocate: z.number() }),
  /** What the caller may do to this company (server policy). */
  abilities: companyAbilitiesSchema,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type Company = z.infer<typeof companySchema>;

export const COMPANY_SORT_FIELDS = [
  'name',
  'code',
  'country',
  'city',
  'status',
  'createdAt',
  'updatedAt',
] as const;
export const companyListQuerySchema = listQuery(COMPANY_SORT_FIELDS).extend({
  status: companyStatus.optional(),
  zoneEnabled: boolFilter(),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
export const companyPageSchema = pageSchema(companySchema);
export type CompanyPage = z.infer<typeof companyPageSchema>;
