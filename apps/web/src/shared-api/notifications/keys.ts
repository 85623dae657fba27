import type { QueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../lib/api/resource.ts';

/**
 * The caller's in-app notifications (issue 15): the bell in the top bar and the inbox page read them. A live push
 * (GET /notifications/stream's `notification` events, features/notifications/api/inbox-push.ts) calls
 * refreshNotifications, and the bell's count and every open list fetch again; the bell also polls, slowly.
 */
export const NOTIFICATIONS_PATH = '/notifications';

export const notificationKeys = {
  ...resourceKeys(NOTIFICATIONS_PATH),
  unreadCount: () => [NOTIFICATIONS_PATH, 'unread-count'] as const,
  latest: () => [NOTIFICATIONS_PATH, 'latest'] as const,
};

/** Everything cached about the caller's notifications is stale: a new one arrived, or some were read. */
export function refreshNotifications(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: notificationKeys.all });
}
