/** Notifications (issue 15): rules, the delivery engine (an event processor) and the in-app inbox. */
export { notificationRulesService, type NotificationRulesService } from './rules-service.ts';
export { inboxService, type InboxService } from './inbox.ts';
export { notificationRoutes, notificationRuleRoutes } from './routes.ts';
export { notificationProcessor, rulesTaking, NOTIFICATION_PROCESSOR } from './processor.ts';
