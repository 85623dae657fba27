import {
  noNotificationFilters,
  NOTIFICATION_MAX_AGE_DEFAULT,
  type NotificationFilters,
  type NotificationRule,
  type NotificationRuleCreate,
  type TrackingWindow,
} from '@lbs/contracts';

/**
 * The rule form's values: the fields of the contracts' create body (validated by its schema, so the messages are the
 * server's), and the company a SuperAdmin names. `activeHours` null: the rule notifies at any hour.
 */
export type RuleFormValues = Omit<NotificationRuleCreate, 'companyId'> & {
  companyId?: number | undefined;
};

/** The rule's filters, in the order the form shows them. */
export const RULE_FILTER_KEYS = [
  'poiIds',
  'poiCategoryIds',
  'msisdnIds',
  'departmentIds',
  'zoneIds',
  'designationIds',
] as const satisfies readonly (keyof NotificationFilters)[];
export type RuleFilterKey = (typeof RULE_FILTER_KEYS)[number];

/** One choice of a rule's id lists (recipient users, POIs): its name, and what tells two of one name apart. */
export interface RefOption {
  id: number;
  name: string;
  detail?: string | undefined;
}

export const RULE_FORM_FIELDS = [
  'companyId',
  'name',
  'eventTypes',
  ...RULE_FILTER_KEYS.map((key) => `filters.${key}` as const),
  'channels',
  'recipients',
  'recipients.userIds',
  'recipients.roles',
  'activeHours',
  'activeHours.days',
  'activeHours.start',
  'activeHours.end',
  'activeHours.timezone',
  'throttle.mode',
  'throttle.minIntervalMinutes',
  'digest',
  'maxAgeMinutes',
  'active',
] as const;

export function ruleFormDefaults(rule: NotificationRule | null): RuleFormValues {
  return {
    name: rule?.name ?? '',
    eventTypes: rule?.eventTypes ?? [],
    filters: rule ? { ...noNotificationFilters(), ...rule.filters } : noNotificationFilters(),
    channels: rule?.channels ?? ['IN_APP'],
    recipients: {
      userIds: rule?.recipients.users.map((u) => u.id) ?? [],
      roles: rule?.recipients.roles ?? [],
    },
    activeHours: rule?.activeHours ?? null,
    throttle: rule?.throttle ?? { mode: 'NONE', minIntervalMinutes: 0 },
    digest: rule?.digest ?? 'IMMEDIATE',
    maxAgeMinutes: rule?.maxAgeMinutes ?? NOTIFICATION_MAX_AGE_DEFAULT,
    active: rule?.active ?? true,
  };
}

/** Active hours when the user first restricts a rule: working days and hours on the browser's clock. */
export const defaultActiveHours = (): TrackingWindow => ({
  days: [1, 2, 3, 4, 5],
  start: '08:00',
  end: '18:00',
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
});

/**
 * The body the form sends (POST and PATCH): the form's own fields, named one by one (the resolver's output is not
 * sent as it is).
 */
export function ruleBody(v: RuleFormValues): Omit<NotificationRuleCreate, 'companyId'> {
  const filters = noNotificationFilters();
  for (const key of RULE_FILTER_KEYS) filters[key] = [...v.filters[key]];
  const hours = v.activeHours;
  return {
    name: v.name,
    eventTypes: v.eventTypes,
    filters,
    channels: v.channels,
    recipients: { userIds: v.recipients.userIds, roles: v.recipients.roles },
    activeHours: hours && { days: hours.days, start: hours.start, end: hours.end, timezone: hours.timezone },
    throttle: { mode: v.throttle.mode, minIntervalMinutes: v.throttle.minIntervalMinutes },
    digest: v.digest,
    maxAgeMinutes: v.maxAgeMinutes,
    active: v.active,
  };
}
