import type { ReactNode } from 'react';
import { lazyWithAreas } from '../i18n/lazy-with-areas.ts';

// Notifications (issue 15), loaded on demand with their texts.
const InboxPage = lazyWithAreas(
  () => import('../features/notifications/pages/inbox-page.tsx').then((m) => m.InboxPage),
  ['notifications'],
);

// notifications: the event names the rules list and pick; org: the shared cancel and delete texts.
const RULE_AREAS = ['notification-rules', 'notifications', 'org'] as const;
const RuleListPage = lazyWithAreas(
  () => import('../features/notifications/pages/rule-list-page.tsx').then((m) => m.RuleListPage),
  RULE_AREAS,
);
const RuleAddPage = lazyWithAreas(
  () => import('../features/notifications/pages/rule-form-page.tsx').then((m) => m.RuleAddPage),
  RULE_AREAS,
);
const RuleEditPage = lazyWithAreas(
  () => import('../features/notifications/pages/rule-form-page.tsx').then((m) => m.RuleEditPage),
  RULE_AREAS,
);

/** Route id → page of the notification screens (spread into PAGES in route-pages.tsx). */
export const NOTIFICATIONS_PAGES: Partial<Record<string, () => ReactNode>> = {
  notifications: () => <InboxPage />,
  notificationRuleList: () => <RuleListPage />,
  notificationRuleAdd: () => <RuleAddPage />,
  notificationRuleEdit: () => <RuleEditPage />,
};
