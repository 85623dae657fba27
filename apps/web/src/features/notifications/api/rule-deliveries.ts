import { notificationDeliveryPageSchema } from '@lbs/contracts';
import { fetchList, listQueryOptions, listSearch, type ListParams } from '../../../lib/api/list-query.ts';
import { NOTIFICATION_RULES_PATH, notificationRuleKeys } from './notification-rules.ts';

/** The cache of a rule's delivery log: under the rule's own key, so a change of the rule refreshes it too. */
export const ruleDeliveryKeys = (ruleId: number) =>
  [...notificationRuleKeys.detail(ruleId), 'deliveries'] as const;

/** GET /notification-rules/{id}/deliveries?page&size&sort&status: what the rule delivered, newest first. */
export const ruleDeliveriesQueryOptions = (ruleId: number) => (params: ListParams) =>
  listQueryOptions([...ruleDeliveryKeys(ruleId), listSearch(params)], (signal) =>
    fetchList(
      `${NOTIFICATION_RULES_PATH}/${ruleId}/deliveries`,
      notificationDeliveryPageSchema,
      params,
      signal,
    ),
  );
