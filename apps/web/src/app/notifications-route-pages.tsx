import type { ReactNode } from 'react';
import { lazyWithAreas } from '../i18n/lazy-with-areas.ts';

// Notifications (issue 15), loaded on demand with their texts.
const InboxPage = lazyWithAreas(
  () => import('../features/notifications/pages/inbox-page.tsx').then((m) => m.InboxPage),
  ['notifications'],
);

/** Route id → page of the notification screens (spread into PAGES in route-pages.tsx). */
export const NOTIFICATIONS_PAGES: Partial<Record<string, () => ReactNode>> = {
  notifications: () => <InboxPage />,
};
