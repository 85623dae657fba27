import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startMailbox, type Mailbox } from './mailbox.ts';
import { startE2EServer, type E2EServer } from './server.ts';

let server: E2EServer | undefined;
let mailbox: Mailbox | undefined;

/**
 * One real server for the browser suite; each test file uses its own browser context. Its e-mail goes to a real
 * SMTP server on loopback (read through `mailboxUrl`), and the inbound SMS webhook accepts `smsWebhookToken`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mailbox = await startMailbox();
  const smsWebhookToken = randomBytes(24).toString('hex');
  try {
    server = await startE2EServer({ SMTP_URL: mailbox.smtpUrl, SMS_WEBHOOK_TOKEN: smsWebhookToken });
  } catch (error) {
    await mailbox.stop();
    throw error;
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('mailboxUrl', mailbox.httpUrl);
  project.provide('smsWebhookToken', smsWebhookToken);
  return async () => {
    await server?.stop();
    await mailbox?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** GET → the e-mails the server sent (`?to=` filters by recipient). */
    mailboxUrl: string;
    /** x-webhook-token of POST /api/v1/lbs-backend/sms/inbound. */
    smsWebhookToken: string;
  }
}
