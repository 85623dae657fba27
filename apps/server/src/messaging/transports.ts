import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  locale?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/** Hands one e-mail to the world; throws when it was not accepted. */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The one way out for SMS: the log by default; an operator's SMSC or HTTP gateway is another implementation. */
export interface SmsGateway {
  readonly kind: string;
  send(message: { to: string; text: string }): Promise<void>;
}

/**
 * SMTP through nodemailer. Timeouts are bounded so that a send always ends well inside the relay's lease (a send
 * that outlived it could be repeated by another relay).
 */
export function smtpTransport(url: string): MailTransport {
  const transport: Transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        messageId: mail.messageId,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
        headers: { ...mail.headers, ...(mail.locale ? { 'Content-Language': mail.locale } : {}) },
      });
    },
    close: () => transport.close(),
  };
}

/** No SMTP server: the log is the delivery (the offline demo reads invitation codes there). */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'log',
    async send(mail) {
      log.info(
        {
          to: mail.to,
          subject: mail.subject,
          messageId: mail.messageId,
          ...(mail.attachments?.length
            ? { attachments: mail.attachments.map((a) => `${a.filename} (${a.content.length} bytes)`) }
            : {}),
        },
        `e-mail written to the log (no SMTP_URL):\n${mail.text}`,
      );
    },
    close: () => {},
  };
}

/** SMTP when SMTP_URL is set, the log otherwise. */
export function mailTransport(smtpUrl: string | undefined, log: FastifyBaseLogger): MailTransport {
  return smtpUrl ? smtpTransport(smtpUrl) : logTransport(log);
}

export function logSmsGateway(log: FastifyBaseLogger): SmsGateway {
  return {
    kind: 'log',
    async send(message) {
      log.info({ to: message.to }, `SMS written to the log: ${message.text}`);
    },
  };
}
