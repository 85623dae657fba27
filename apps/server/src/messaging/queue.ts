import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { OutboxAttachment } from '../db/schema.ts';

/** NOTIFY channel of new outbox messages (payload: the id), so the relay sends them right after the commit. */
export const OUTBOX_CHANNEL = 'lbs_outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, X-…); Message-ID, From, To and Subject are the relay's. */
  headers?: Record<string, string>;
  /** BCP 47 language of the text, sent as Content-Language. */
  locale?: string;
  /** Stored files (lib/stored-files.ts) the relay attaches when it sends; they must outlive the sending. */
  attachments?: OutboxAttachment[];
  /**
   * The company whose per-minute sending limit the message counts against (notifications, consent SMS, invitations,
   * scheduled reports); none (the operator's own mail): not limited.
   */
  companyId?: number | null;
}

export interface SmsMessage {
  /** E.164. */
  to: string;
  text: string;
  locale?: string;
  /** See MailMessage.companyId. */
  companyId?: number | null;
}

export interface QueuedMessage {
  id: number;
  /** The stable Message-ID every attempt sends (`<uuid@lbs.local>`). */
  messageId: string;
}

/**
 * Queues an e-mail in the caller's transaction: it leaves (through the relay) exactly when the change that decided
 * it commits, and never when that rolls back.
 */
export async function queueMail(tx: Db, mail: MailMessage): Promise<QueuedMessage> {
  const row = await tx
    .insertInto('outbox_messages')
    .values({
      channel: 'EMAIL',
      to: mail.to,
      subject: mail.subject,
      body: mail.text,
      html: mail.html ?? null,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      locale: mail.locale ?? null,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
      company_id: mail.companyId ?? null,
    })
    .returning(['id', 'message_id'])
    .executeTakeFirstOrThrow();
  await sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(row.id)})`.execute(tx);
  return { id: Number(row.id), messageId: row.message_id };
}

/** Queues an SMS in the caller's transaction (see queueMail). */
export async function queueSms(tx: Db, sms: SmsMessage): Promise<QueuedMessage> {
  const row = await tx
    .insertInto('outbox_messages')
    .values({
      channel: 'SMS',
      to: sms.to,
      subject: null,
      body: sms.text,
      locale: sms.locale ?? null,
      company_id: sms.companyId ?? null,
    })
    .returning(['id', 'message_id'])
    .executeTakeFirstOrThrow();
  await sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(row.id)})`.execute(tx);
  return { id: Number(row.id), messageId: row.message_id };
}
