export { OUTBOX_CHANNEL, queueMail, queueSms } from './queue.ts';
export type { MailMessage, QueuedMessage, SmsMessage } from './queue.ts';
export { MessageRelay, RELAY_JOB, RELAY_SCHEDULE } from './relay.ts';
export type { RelayOptions, RelayOutcome, RelayReport } from './relay.ts';
export type { SendingLimits } from './rate-limit.ts';
export { logSmsGateway, logTransport, mailTransport, smtpTransport } from './transports.ts';
export type { MailTransport, OutgoingMail, SmsGateway } from './transports.ts';
