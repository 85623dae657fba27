import {
  NOTIFICATION_MAX_AGE_DEFAULT,
  type NotificationRule,
  type NotificationRuleCreate,
} from '@lbs/contracts';

/**
 * The rule form's values: the fields of the contracts' create body (validated by its schema, so the messages are the
 * server's), and the company a SuperAdmin names. Filters and active hours are not edited here: a new rule has none, an
 * edit leaves the stored ones as they are.
 */
export type RuleFormValues = Omit<NotificationRuleCreate, 'filters' | 'activeHours' | 'companyId'> & {
  companyId?: number | undefined;
};

export const RULE_FORM_FIELDS = [
  'companyId',
  'name',
  'eventTypes',
  'channels',
  'recipients',
  'recipients.userIds',
  'recipients.roles',
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
    channels: rule?.channels ?? ['IN_APP'],
    recipients: {
      userIds: rule?.recipients.users.map((u) => u.id) ?? [],
      roles: rule?.recipients.roles ?? [],
    },
    throttle: rule?.throttle ?? { mode: 'NONE', minIntervalMinutes: 0 },
    digest: rule?.digest ?? 'IMMEDIATE',
    maxAgeMinutes: rule?.maxAgeMinutes ?? NOTIFICATION_MAX_AGE_DEFAULT,
    active: rule?.active ?? true,
  };
}

/**
 * The body the form sends (POST and PATCH): its own fields only — the resolver's output also carries the create
 * schema's defaults for filters and active hours, which would overwrite a stored rule's.
 */
export function ruleBody(v: RuleFormValues): Omit<RuleFormValues, 'companyId'> {
  return {
    name: v.name,
    eventTypes: v.eventTypes,
    channels: v.channels,
    recipients: { userIds: v.recipients.userIds, roles: v.recipients.roles },
    throttle: { mode: v.throttle.mode, minIntervalMinutes: v.throttle.minIntervalMinutes },
    digest: v.digest,
    maxAgeMinutes: v.maxAgeMinutes,
    active: v.active,
  };
}
