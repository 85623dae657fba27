import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationRuleTestResultSchema } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { refreshNotifications } from '../../../shared-api/notifications/keys.ts';
import { NOTIFICATION_RULES_PATH } from './notification-rules.ts';
import { ruleDeliveryKeys } from './rule-deliveries.ts';

/**
 * POST /notification-rules/{id}/test: a test of the rule sent to the caller only (the inbox, and e-mail when the rule
 * sends e-mail); the bell, the inbox and the rule's delivery log refresh.
 */
export function useSendRuleTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: number) =>
      apiRequest(`${NOTIFICATION_RULES_PATH}/${ruleId}/test`, {
        method: 'POST',
        body: {},
        schema: notificationRuleTestResultSchema,
      }),
    onSuccess: (_result, ruleId) =>
      Promise.all([
        refreshNotifications(client),
        client.invalidateQueries({ queryKey: ruleDeliveryKeys(ruleId) }),
      ]),
  });
}
