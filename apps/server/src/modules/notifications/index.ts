/** Notifications (issue 15): rules, the delivery engine (an event processor), digests (a job) and the in-app inbox. */
export { notificationRulesService, type NotificationRulesService } from './rules-service.ts';
export { inboxService, type InboxService } from './inbox.ts';
export { notificationRoutes, notificationRuleRoutes } from './routes.ts';
export { notificationProcessor, rulesTaking, NOTIFICATION_PROCESSOR } from './processor.ts';
export { inboxStreams, INBOX_CHANNEL, type InboxStreams } from './stream.ts';
export { DIGEST_JOB, registerNotificationJobs, runDigests } from './digests.ts';
