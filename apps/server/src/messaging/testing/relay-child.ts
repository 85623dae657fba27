/**
 * Child process of messaging/relay-crash.test.ts: a relay on DATABASE_URL and SMTP_URL that, right after the SMTP
 * server accepted the message whose subject is HANG_SUBJECT, prints "SENT <Message-ID>" and hangs before marking it
 * sent — the test kills it there with kill -9.
 */
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../db/database.ts';
import { MessageRelay } from '../relay.ts';
import { logSmsGateway, smtpTransport, type MailTransport } from '../transports.ts';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], poolSize: 2 });
const smtp = smtpTransport(process.env['SMTP_URL']!);
const mail: MailTransport = {
  kind: 'smtp',
  async send(message) {
    await smtp.send(message);
    if (message.subject === process.env['HANG_SUBJECT']) {
      process.stdout.write(`SENT ${message.messageId}\n`);
      await new Promise(() => {});
    }
  },
  close: () => smtp.close(),
};
const relay = new MessageRelay({
  db: database.db,
  log,
  mail,
  sms: logSmsGateway(log),
  from: 'LBS <no-reply@lbs.local>',
  leaseMs: 500,
});
await relay.relayDue();
