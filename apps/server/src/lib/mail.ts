import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail: through SMTP when SMTP_URL is set, otherwise into the outbox table and the log (offline demo). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}

export function createMailer({ smtpUrl, from, db, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
        log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insertInto('outbox_messages')
        .values({ channel: 'EMAIL', to: message.to, subject: message.subject, body: message.text })
        .execute();
      // No SMTP server: the log is the only way the message reaches anybody (a demo works offline).
      log.info(
        { to: message.to, subject: message.subject },
        `e-mail kept in the outbox (no SMTP_URL):\n${message.text}`,
      );
    },
    close: () => {},
  };
}
