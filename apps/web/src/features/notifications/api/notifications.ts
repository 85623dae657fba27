import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationPageSchema, notificationReadAllSchema, notificationSchema } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { fetchList, listQueryOptions, type ListParams } from '../../../lib/api/list-query.ts';
import {
  NOTIFICATIONS_PATH,
  notificationKeys,
  refreshNotifications,
} from '../../../shared-api/notifications/keys.ts';

/** How many of the newest notifications the bell's menu shows. */
export const BELL_LATEST = 5;

/** GET /notifications?page&size&unread: the caller's notifications, newest first (the inbox). */
export const notificationsQueryOptions = (params: ListParams) =>
  listQueryOptions(notificationKeys.list(params), (signal) =>
    fetchList(NOTIFICATIONS_PATH, notificationPageSchema, params, signal),
  );

/** The bell's menu: the newest few, fetched when it opens. */
export const latestNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.latest(),
    queryFn: ({ signal }) =>
      fetchList(
        NOTIFICATIONS_PATH,
        notificationPageSchema,
        { page: 1, size: BELL_LATEST, sort: '-createdAt' },
        signal,
      ),
  });

/** POST /notifications/{id}/read; the count, the menu and the lists refresh. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${NOTIFICATIONS_PATH}/${id}/read`, {
        method: 'POST',
        body: {},
        schema: notificationSchema,
      }),
    onSuccess: () => refreshNotifications(client),
  });
}

/** POST /notifications/read-all → how many were unread. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`${NOTIFICATIONS_PATH}/read-all`, {
        method: 'POST',
        body: {},
        schema: notificationReadAllSchema,
      }),
    onSuccess: () => refreshNotifications(client),
  });
}
