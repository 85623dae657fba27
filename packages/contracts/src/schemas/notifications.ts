import { z } from 'zod';
import { LOCALE_CODES } from '../locales.ts';
import { abilitiesOf } from './abilities.ts';
import { trackingWindowSchema } from './companies.ts';
import { boolFilter, idFilter, listQuery, refId, requiredName, timestamp } from './fields.ts';
import { intBetween, TOO_MANY } from './limits.ts';
import { pageSchema } from './common.ts';

/**
 * Notifications (issue 15): rules that turn domain events into deliveries to portal users — in the inbox, by e-mail,
 * by SMS — and the inbox itself. A rule belongs to its creator's tier (a company, or a department or zone of it);
 * its recipients are users, or roles within that tier, re-checked against the event's subject when it is delivered.
 */
export const NOTIFICATION_EVENT_TYPES = [
  'GEOFENCE_ENTER',
  'GEOFENCE_EXIT',
  'VISIT_CLOSED',
  'ATTENDANCE_LATE',
  'ATTENDANCE_ABSENT',
  'TASK_COMPLETED',
  'TASK_OVERDUE',
  'CONSENT_GRANTED',
  'CONSENT_REVOKED',
  'CONSENT_PENDING_EXPIRED',
  'INVOICE_ISSUED',
  'INVOICE_OVERDUE',
  'REPORT_READY',
] as const;
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];

/** Events that say where an employee is or was: each delivery is a view of location, audited with its recipient. */
export const LOCATION_REVEALING_EVENTS: readonly NotificationEventType[] = [
  'GEOFENCE_ENTER',
  'GEOFENCE_EXIT',
  'VISIT_CLOSED',
  'ATTENDANCE_LATE',
];

/**
 * GET /notifications/stream: server-sent events for the caller's bell — `ready` once, then `notification` (no data:
 * the client asks the API again) whenever a notification reaches the caller's inbox or one is marked read.
 */
export const INBOX_STREAM_EVENTS = { ready: 'ready', notification: 'notification' } as const;

export const NOTIFICATION_CHANNELS = ['IN_APP', 'EMAIL', 'SMS'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a throttle counts apart: nothing (off), each MSISDN at each POI, each MSISDN, or the whole rule. */
export const NOTIFICATION_THROTTLE_MODES = ['NONE', 'MSISDN_POI', 'MSISDN', 'RULE'] as const;
export type NotificationThrottleMode = (typeof NOTIFICATION_THROTTLE_MODES)[number];

export const NOTIFICATION_DIGESTS = ['IMMEDIATE', 'HOURLY', 'DAILY'] as const;
export type NotificationDigest = (typeof NOTIFICATION_DIGESTS)[number];

export const NOTIFICATION_DELIVERY_STATUSES = ['QUEUED', 'SENT', 'FAILED', 'SUPPRESSED', 'DEAD'] as const;
export type NotificationDeliveryStatus = (typeof NOTIFICATION_DELIVERY_STATUSES)[number];

export const NOTIFICATION_SUPPRESS_REASONS = [
  'THROTTLED',
  'QUIET_HOURS',
  'TOO_OLD',
  'NO_ADDRESS',
  'DIGESTED',
  'OUT_OF_SCOPE',
] as const;
export type NotificationSuppressReason = (typeof NOTIFICATION_SUPPRESS_REASONS)[number];

/** Roles a rule may name as recipients: the users of that role within the rule's tier. */
export const NOTIFICATION_RECIPIENT_ROLES = ['CompanyAdmin', 'DepartmentAdmin', 'ZoneAdmin'] as const;
export type NotificationRecipientRole = (typeof NOTIFICATION_RECIPIENT_ROLES)[number];

export const NOTIFICATION_RULE_NAME_MAX = 120;
export const NOTIFICATION_FILTER_MAX = 100;
export const NOTIFICATION_RECIPIENTS_MAX = 50;
/** Traccar's notificator.timeThreshold: a replayed backlog never notifies about last week. */
export const NOTIFICATION_MAX_AGE_DEFAULT = 15;
export const NOTIFICATION_MAX_AGE_MAX = 10_080;
export const NOTIFICATION_THROTTLE_MAX = 10_080;

const ids = () =>
  z
    .array(refId('validation.invalid'), { error: 'validation.invalid' })
    .max(NOTIFICATION_FILTER_MAX, TOO_MANY)
    .refine((list) => new Set(list).size === list.length, 'validation.invalid');

/** Which events of the types a rule matches: every non-empty list must contain the event's value. */
export const notificationFiltersSchema = z.object({
  poiIds: ids().default([]),
  poiCategoryIds: ids().default([]),
  msisdnIds: ids().default([]),
  departmentIds: ids().default([]),
  zoneIds: ids().default([]),
  designationIds: ids().default([]),
});
export type NotificationFilters = z.infer<typeof notificationFiltersSchema>;
/** No filter: every event of the rule's types (a new object each time). */
export const noNotificationFilters = (): NotificationFilters => ({
  poiIds: [],
  poiCategoryIds: [],
  msisdnIds: [],
  departmentIds: [],
  zoneIds: [],
  designationIds: [],
});

export const notificationRecipientsSchema = z.object({
  userIds: ids().max(NOTIFICATION_RECIPIENTS_MAX, TOO_MANY).default([]),
  roles: z
    .array(z.enum(NOTIFICATION_RECIPIENT_ROLES, { error: 'validation.invalid' }), {
      error: 'validation.invalid',
    })
    .max(NOTIFICATION_RECIPIENT_ROLES.length, TOO_MANY)
    .default([]),
});
export type NotificationRecipients = z.infer<typeof notificationRecipientsSchema>;

export const notificationThrottleSchema = z.object({
  mode: z.enum(NOTIFICATION_THROTTLE_MODES, { error: 'validation.invalid' }),
  /** Minimum minutes between two notifications of one throttle key (0 with mode NONE). */
  minIntervalMinutes: intBetween(0, NOTIFICATION_THROTTLE_MAX),
});
export type NotificationThrottle = z.infer<typeof notificationThrottleSchema>;

const editable = {
  name: requiredName('validation.nameRequired', NOTIFICATION_RULE_NAME_MAX),
  eventTypes: z
    .array(z.enum(NOTIFICATION_EVENT_TYPES, { error: 'validation.invalid' }), {
      error: 'notificationRule.eventTypesRequired',
    })
    .min(1, 'notificationRule.eventTypesRequired')
    .max(NOTIFICATION_EVENT_TYPES.length, TOO_MANY)
    .refine((list) => new Set(list).size === list.length, 'validation.invalid'),
  filters: notificationFiltersSchema,
  channels: z
    .array(z.enum(NOTIFICATION_CHANNELS, { error: 'validation.invalid' }), {
      error: 'notificationRule.channelsRequired',
    })
    .min(1, 'notificationRule.channelsRequired')
    .max(NOTIFICATION_CHANNELS.length, TOO_MANY)
    .refine((list) => new Set(list).size === list.length, 'validation.invalid'),
  recipients: notificationRecipientsSchema,
  /** When the rule notifies (the tracking-window shape); null: at any hour. */
  activeHours: trackingWindowSchema.nullable(),
  throttle: notificationThrottleSchema,
  digest: z.enum(NOTIFICATION_DIGESTS, { error: 'validation.invalid' }),
  /** An event older than this when it is processed notifies nobody (TOO_OLD). */
  maxAgeMinutes: intBetween(1, NOTIFICATION_MAX_AGE_MAX),
  active: z.boolean({ error: 'validation.invalid' }),
};

/** What a complete rule must hold beyond each field's own rule (create, and an update merged with the stored). */
export function notificationRuleRules(
  r: { recipients?: NotificationRecipients; throttle?: NotificationThrottle },
  ctx: z.RefinementCtx,
): void {
  if (r.recipients && r.recipients.userIds.length + r.recipients.roles.length === 0)
    ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'notificationRule.recipientsRequired' });
  if (r.throttle && r.throttle.mode !== 'NONE' && r.throttle.minIntervalMinutes < 1)
    ctx.addIssue({
      code: 'custom',
      path: ['throttle', 'minIntervalMinutes'],
      message: 'notificationRule.throttleIntervalRequired',
    });
}

/** POST /notification-rules. A SuperAdmin names the company; the others create in their own tier. */
export const notificationRuleCreateSchema = z
  .object({
    companyId: refId('validation.companyRequired').optional(),
    ...editable,
    filters: editable.filters.default(noNotificationFilters),
    activeHours: editable.activeHours.default(null),
    throttle: editable.throttle.default({ mode: 'NONE', minIntervalMinutes: 0 }),
    digest: editable.digest.default('IMMEDIATE'),
    maxAgeMinutes: editable.maxAgeMinutes.default(NOTIFICATION_MAX_AGE_DEFAULT),
    active: editable.active.default(true),
  })
  .superRefine(notificationRuleRules);
export type NotificationRuleCreate = z.infer<typeof notificationRuleCreateSchema>;

/** PATCH /notification-rules/{id}: the fields sent change (the company and the tier do not). */
export const notificationRuleUpdateSchema = z.object(editable).partial().superRefine(notificationRuleRules);
export type NotificationRuleUpdate = z.infer<typeof notificationRuleUpdateSchema>;

export const NOTIFICATION_RULE_ACTIONS = ['update', 'delete'] as const;
export const notificationRuleAbilitiesSchema = abilitiesOf(NOTIFICATION_RULE_ACTIONS);
export type NotificationRuleAbilities = z.infer<typeof notificationRuleAbilitiesSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const notificationRuleSchema = z.object({
  id: z.number().int(),
  company: named,
  /** The tier the rule belongs to: its creator's department or zone; both null for a company-wide rule. */
  departmentId: z.number().int().nullable(),
  zoneId: z.number().int().nullable(),
  createdBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  /** A rule every new company gets (`consent`, `invoices`); null for one a user made. */
  defaultKey: z.string().nullable(),
  name: z.string(),
  eventTypes: z.array(z.enum(NOTIFICATION_EVENT_TYPES)),
  filters: notificationFiltersSchema,
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  recipients: z.object({
    users: z.array(z.object({ id: z.number().int(), fullName: z.string(), email: z.string() })),
    roles: z.array(z.enum(NOTIFICATION_RECIPIENT_ROLES)),
  }),
  activeHours: trackingWindowSchema.nullable(),
  throttle: notificationThrottleSchema,
  digest: z.enum(NOTIFICATION_DIGESTS),
  maxAgeMinutes: z.number().int(),
  active: z.boolean(),
  abilities: notificationRuleAbilitiesSchema,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;

export const NOTIFICATION_RULE_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export const notificationRuleListQuerySchema = listQuery(NOTIFICATION_RULE_SORT_FIELDS).extend({
  companyId: idFilter(),
  eventType: z.enum(NOTIFICATION_EVENT_TYPES, { error: 'validation.invalid' }).optional(),
  active: boolFilter(),
});
export type NotificationRuleListQuery = z.infer<typeof notificationRuleListQuerySchema>;
export const notificationRulePageSchema = pageSchema(notificationRuleSchema);
export type NotificationRulePage = z.infer<typeof notificationRulePageSchema>;

/** One delivery of a rule (the delivery log): an e-mail's or SMS's status is its outbox message's. */
export const notificationDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventType: z.enum(NOTIFICATION_EVENT_TYPES),
  recipient: z.object({ id: z.number().int(), fullName: z.string() }),
  channel: z.enum(NOTIFICATION_CHANNELS),
  status: z.enum(NOTIFICATION_DELIVERY_STATUSES),
  /** SUPPRESSED: NOTIFICATION_SUPPRESS_REASONS; FAILED or DEAD: the mail server's or gateway's answer. */
  reason: z.string().nullable(),
  /** A test-send of the rule (POST /notification-rules/{id}/test): to the user who asked, about no event. */
  test: z.boolean(),
  attempts: z.number().int(),
  /**
   * An e-mail or SMS of an HOURLY or DAILY rule once a digest carried it: that digest's period (its status, attempts
   * and sending time are the digest's). null while it waits (SUPPRESSED, DIGESTED) and for every other delivery.
   */
  digest: z.object({ periodStart: timestamp(), periodEnd: timestamp() }).nullable(),
  occurredAt: timestamp(),
  createdAt: timestamp(),
  sentAt: timestamp().nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

export const notificationDeliveryListQuerySchema = listQuery(['createdAt'] as const).extend({
  status: z.enum(NOTIFICATION_DELIVERY_STATUSES, { error: 'validation.invalid' }).optional(),
});
export type NotificationDeliveryListQuery = z.infer<typeof notificationDeliveryListQuerySchema>;
export const notificationDeliveryPageSchema = pageSchema(notificationDeliverySchema);
export type NotificationDeliveryPage = z.infer<typeof notificationDeliveryPageSchema>;

// ── Inbox ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The querystrings of the pages a notification links without a record id, as the e-mail (server) and the inbox (web)
 * write them: the MSISDN list filtered to consent requests unanswered past the company's limit, and the reports
 * page's "Scheduled" tab with a schedule's delivery log open.
 */
export const PENDING_CONSENT_QUERY = 'consentStatus=PENDING&pendingExpired=true';
export const reportScheduleQuery = (scheduleId: number) => `tab=scheduled&log=${scheduleId}`;

/** What a notification is about, for the link the inbox shows (the MSISDN, POI, task, invoice, report schedule). */
export const NOTIFICATION_SUBJECT_TYPES = [
  'msisdn',
  'poi',
  'task',
  'invoice',
  'shift',
  'rule',
  'reportSchedule',
] as const;

/**
 * One in-app notification of the caller; its text is built by the web app from the type and `data`. A test-send of a
 * rule has `data.test` true and names only the rule (`data.ruleName`; its subject is the rule), its type the rule's
 * first event type.
 */
export const notificationSchema = z.object({
  id: z.number().int(),
  eventType: z.enum(NOTIFICATION_EVENT_TYPES),
  ruleId: z.number().int().nullable(),
  msisdnId: z.number().int().nullable(),
  subject: z.object({ type: z.string(), id: z.string() }).nullable(),
  /** The values the text names: msisdn, employeeName, poiName, title, number … (never coordinates). */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  occurredAt: timestamp(),
  createdAt: timestamp(),
  readAt: timestamp().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = listQuery(['createdAt'] as const).extend({
  unread: boolFilter(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
export const notificationPageSchema = pageSchema(notificationSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/**
 * POST /notification-rules/{id}/test: a test of the rule sent to the caller only — in the inbox, and by e-mail when
 * the rule sends e-mail (never by SMS) — naming the rule and nothing about any employee or place.
 */
export const notificationRuleTestResultSchema = z.object({
  notification: notificationSchema,
  /** The address the test e-mail was queued to; null when the rule sends no e-mail. */
  emailTo: z.string().nullable(),
});
export type NotificationRuleTestResult = z.infer<typeof notificationRuleTestResultSchema>;

export const notificationUnreadCountSchema = z.object({ count: z.number().int() });
export type NotificationUnreadCount = z.infer<typeof notificationUnreadCountSchema>;

export const notificationReadAllSchema = z.object({ updated: z.number().int() });

/** PUT /user-management/me/locale: the portal language, in which e-mail and SMS notifications are written. */
export const userLocaleSchema = z.object({
  locale: z.enum(LOCALE_CODES as [string, ...string[]], { error: 'validation.invalid' }),
});
export type UserLocaleBody = z.infer<typeof userLocaleSchema>;
