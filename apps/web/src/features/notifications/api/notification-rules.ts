import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  notificationRuleCreateSchema,
  notificationRulePageSchema,
  notificationRuleSchema,
  userPageSchema,
  type NotificationRuleUpdate,
} from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { fetchList, listQueryOptions, type ListParams } from '../../../lib/api/list-query.ts';
import {
  detailQueryOptions,
  fetchDetail,
  resourceKeys,
  useCreateMutation,
  useDeleteMutation,
  useUpdateMutation,
} from '../../../lib/api/resource.ts';
import type { RefOption } from '../model/rule-form.ts';

/** The notification rules of the caller's tier (issue 15). */
export const NOTIFICATION_RULES_PATH = '/notification-rules';
export const notificationRuleKeys = resourceKeys(NOTIFICATION_RULES_PATH);

/** GET /notification-rules?page&size&sort&q&eventType&active */
export const notificationRulesQueryOptions = (params: ListParams) =>
  listQueryOptions(notificationRuleKeys.list(params), (signal) =>
    fetchList(NOTIFICATION_RULES_PATH, notificationRulePageSchema, params, signal),
  );

/** GET /notification-rules/{id} */
export const notificationRuleQueryOptions = (id: number | string) =>
  detailQueryOptions(notificationRuleKeys.detail(id), (signal) =>
    fetchDetail(NOTIFICATION_RULES_PATH, id, notificationRuleSchema, signal),
  );

/** POST /notification-rules (what the body leaves out, the server defaults: no filters, at any hour). */
export const useCreateNotificationRule = () =>
  useCreateMutation(notificationRuleKeys, (body: z.input<typeof notificationRuleCreateSchema>) =>
    apiRequest(NOTIFICATION_RULES_PATH, { method: 'POST', body, schema: notificationRuleSchema }),
  );

/** PATCH /notification-rules/{id} */
export const useUpdateNotificationRule = () =>
  useUpdateMutation(notificationRuleKeys, (id: number | string, body: NotificationRuleUpdate) =>
    apiRequest(`${NOTIFICATION_RULES_PATH}/${id}`, { method: 'PATCH', body, schema: notificationRuleSchema }),
  );

/** DELETE /notification-rules/{id} */
export const useDeleteNotificationRule = () =>
  useDeleteMutation(notificationRuleKeys, (id: number | string) =>
    apiRequest(`${NOTIFICATION_RULES_PATH}/${id}`, { method: 'DELETE' }),
  );

/** GET /users?q&companyId: the active portal users the caller sees, as a rule's recipients (first page, by name). */
export const recipientUsersQueryOptions = (q: string, companyId: number | null | undefined) =>
  queryOptions({
    queryKey: ['/users', 'notification-recipients', q, companyId ?? null] as const,
    queryFn: async ({ signal }): Promise<RefOption[]> =>
      (
        await fetchList(
          '/users',
          userPageSchema,
          { page: 1, size: 50, sort: 'fullName', q, filters: { active: true, companyId } },
          signal,
        )
      ).items.map((u) => ({ id: u.id, name: u.fullName, detail: u.email })),
    staleTime: 60_000,
  });
