import {
  noNotificationFilters,
  NOTIFICATION_MAX_AGE_DEFAULT,
  type NotificationFilters,
  type NotificationRule,
  type NotificationRuleCreate,
} from '@lbs/contracts';

/**
 * The rule form's values: the fields of the contracts' create body (validated by its schema, so the messages are the
 * server's), and the company a SuperAdmin names. Of the filters the form edits the POIs; the other filters and the
 * active hours are not edited here: a new rule has none, an edit leaves the stored ones as they are.
 */
export type RuleFormValues = Omit<NotificationRuleCreate, 'filters' | 'activeHours' | 'companyId'> & {
  companyId?: number | undefined;
  filters: Pick<NotificationFilters, 'poiIds'>;
};

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
  'filters.poiIds',
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
    filters: { poiIds: rule?.filters.poiIds ?? [] },
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

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The body the form sends (POST and PATCH): its own fields only — the resolver's output also carries the create
 * schema's defaults for filters and active hours, which would overwrite a stored rule's. The filters go only when the
 * POIs changed, with the stored rule's other filters as they are.
 */
export function ruleBody(
  v: RuleFormValues,
  stored: NotificationRule | null = null,
): Omit<NotificationRuleCreate, 'companyId' | 'filters' | 'activeHours'> & { filters?: NotificationFilters } {
  const poiIds = v.filters.poiIds;
  const filters = stored?.filters ?? noNotificationFilters();
  return {
    name: v.name,
    eventTypes: v.eventTypes,
    ...(sameIds(poiIds, filters.poiIds) ? {} : { filters: { ...filters, poiIds } }),
    channels: v.channels,
    recipients: { userIds: v.recipients.userIds, roles: v.recipients.roles },
    throttle: { mode: v.throttle.mode, minIntervalMinutes: v.throttle.minIntervalMinutes },
    digest: v.digest,
    maxAgeMinutes: v.maxAgeMinutes,
    active: v.active,
  };
}
