import { queryOptions } from '@tanstack/react-query';
import { notificationUnreadCountSchema } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { NOTIFICATIONS_PATH, notificationKeys } from '../../../shared-api/notifications/keys.ts';

/**
 * How often the bell asks while the tab is shown anyway: the live push (useInboxPush) makes it ask at once, and
 * this covers a stream that is down.
 */
export const UNREAD_POLL_MS = 5 * 60_000;

/** GET /notifications/unread-count: the bell's number; asked again on a timer and when the window gets focus. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${NOTIFICATIONS_PATH}/unread-count`, {
          schema: notificationUnreadCountSchema,
          signal,
        })
      ).count,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
