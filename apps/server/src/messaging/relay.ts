import { sql, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Database, OutboxAttachment, OutboxStatus } from '../db/schema.ts';
import { readStoredFileBuffer } from '../lib/stored-files.ts';
import { backoffDelay, type Backoff } from '../lib/backoff.ts';
import { deferToNextMinute, takeSendingSlot, type SendingLimits } from './rate-limit.ts';
import type { MailTransport, SmsGateway } from './transports.ts';

type Tx = Transaction<Database>;

/** The job kind of the relay, and its sweep schedule (register both with the job runner). */
export const RELAY_JOB = 'messaging.relay';
export const RELAY_SCHEDULE = { name: 'messaging.relay', kind: RELAY_JOB, every: 60_000 } as const;

export interface RelayOptions {
  db: Db;
  log: FastifyBaseLogger;
  mail: MailTransport;
  sms: SmsGateway;
  /** The From of every e-mail (MAIL_FROM). */
  from: string;
  /** How long a message stays SENDING before another relay may take it; default 2 min (sends time out sooner). */
  leaseMs?: number;
  /** Attempts before a message is DEAD; default 10. */
  maxAttempts?: number;
  /** Delay before the next attempt after a failure; default 30 s doubling up to 1 h. */
  backoff?: Backoff;
  /**
   * Messages a company may send per clock minute on each channel (messages queued with a company); the rest wait for
   * the next minute. Default: no limit.
   */
  limits?: SendingLimits;
  clock?: () => Date;
  random?: () => number;
}

interface Claimed {
  id: number;
  channel: 'EMAIL' | 'SMS';
  to: string;
  subject: string | null;
  body: string;
  html: string | null;
  headers: Record<string, string> | null;
  locale: string | null;
  attachments: OutboxAttachment[] | null;
  message_id: string;
  attempts: number;
  previous: OutboxStatus;
}

export type RelayOutcome = 'SENT' | 'FAILED' | 'DEAD';

export interface RelayReport {
  sent: number;
  failed: number;
  dead: number;
}

/**
 * Sends the outbox: claims one due message at a time (PENDING, FAILED whose retry time has come, or SENDING whose
 * lease expired) with FOR UPDATE SKIP LOCKED, marks it SENDING with a lease before the send and SENT after. A relay
 * that dies between the two leaves it SENDING; after the lease the next relay sends it again — at most once more per
 * crash, with the same Message-ID, and says so in the log. Failures retry with backoff until DEAD. A company's
 * messages leave at most `limits` a minute per channel (protecting the SMTP server and the SMS gateway); the rest
 * wait for the next minute.
 */
export class MessageRelay {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #mail: MailTransport;
  readonly #sms: SmsGateway;
  readonly #from: string;
  readonly #leaseMs: number;
  readonly #maxAttempts: number;
  readonly #backoff: Backoff;
  readonly #clock: () => Date;
  readonly #random: () => number;
  readonly #limits: SendingLimits | undefined;

  constructor(options: RelayOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.#mail = options.mail;
    this.#sms = options.sms;
    this.#from = options.from;
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#maxAttempts = options.maxAttempts ?? 10;
    this.#backoff = options.backoff ?? { baseMs: 30_000, maxMs: 3_600_000 };
    this.#clock = options.clock ?? (() => new Date());
    this.#random = options.random ?? Math.random;
    this.#limits = options.limits;
  }

  /** The handler of the RELAY_JOB kind: sends until nothing is due; on stop it ends after the current message. */
  readonly job = async ({ signal }: { signal: AbortSignal }): Promise<void> => {
    await this.relayDue(signal);
    signal.throwIfAborted();
  };

  /** Sends every due message, one after another. */
  async relayDue(signal?: AbortSignal): Promise<RelayReport> {
    const report: RelayReport = { sent: 0, failed: 0, dead: 0 };
    while (!signal?.aborted) {
      const outcome = await this.relayOne();
      if (!outcome) break;
      if (outcome === 'SENT') report.sent++;
      else if (outcome === 'FAILED') report.failed++;
      else report.dead++;
    }
    return report;
  }

  /** Claims and sends one due message; undefined when none is due. */
  async relayOne(): Promise<RelayOutcome | undefined> {
    const message = await this.#claim();
    if (!message) return undefined;
    const log = this.#log.child({
      outboxId: message.id,
      messageId: message.message_id,
      channel: message.channel,
    });
    if (message.previous === 'SENDING')
      log.warn(
        `possible duplicate, Message-ID ${message.message_id}: a relay stopped between sending this message and marking it sent; sending it again`,
      );
    try {
      if (message.channel === 'EMAIL') {
        const attachments = [];
        for (const a of message.attachments ?? [])
          attachments.push({
            filename: a.fileName,
            contentType: a.contentType,
            content: await readStoredFileBuffer(this.#db, a.fileId),
          });
        await this.#mail.send({
          messageId: message.message_id,
          from: this.#from,
          to: message.to,
          subject: message.subject ?? '',
          text: message.body,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
          ...(message.locale ? { locale: message.locale } : {}),
          ...(attachments.length ? { attachments } : {}),
        });
      } else {
        await this.#sms.send({ to: message.to, text: message.body });
      }
    } catch (error) {
      return this.#failed(message, error, log);
    }
    return this.#sent(message, log);
  }

  /**
   * Claims the next due message in a short transaction. A message of a company that reached its sending limit for
   * the minute is not claimed: it and the company's other due messages of that channel wait for the next minute,
   * and the next due message is tried. A message resent after a crash was counted when it was first claimed.
   */
  async #claim(): Promise<Claimed | undefined> {
    for (;;) {
      const now = this.#clock();
      const claimed = await this.#db.transaction().execute(async (trx) => {
        const next = await this.#due(trx, now);
        if (!next) return undefined;
        const limit = next.company_id === null ? undefined : this.#limits?.[next.channel];
        if (limit !== undefined && next.status !== 'SENDING') {
          const key = { companyId: next.company_id!, channel: next.channel };
          if (!(await takeSendingSlot(trx, key, now, limit))) {
            const deferred = await deferToNextMinute(trx, key, now);
            this.#log.info(
              { ...key, deferred, limit },
              'sending limit of the company reached: its messages wait for the next minute',
            );
            return 'deferred' as const;
          }
        }
        return this.#mark(trx, next, now);
      });
      if (claimed !== 'deferred') return claimed;
    }
  }

  /** The next due message (PENDING or FAILED whose time has come, or SENDING whose lease expired), locked. */
  async #due(trx: Tx, now: Date) {
    const at = now.toISOString();
    const result = await sql<{
      id: number;
      status: OutboxStatus;
      channel: 'EMAIL' | 'SMS';
      company_id: number | null;
    }>`
      select id, status, channel, company_id from outbox_messages
      where (status in ('PENDING', 'FAILED') and next_attempt_at <= ${at}::timestamptz)
         or (status = 'SENDING' and lease_until < ${at}::timestamptz)
      order by next_attempt_at, id
      limit 1
      for update skip locked`.execute(trx);
    return result.rows[0];
  }

  async #mark(trx: Tx, next: { id: number; status: OutboxStatus }, now: Date): Promise<Claimed> {
    const at = now.toISOString();
    const result = await sql<Omit<Claimed, 'previous'>>`
      update outbox_messages o set
        status = 'SENDING',
        attempts = o.attempts + 1,
        lease_until = ${new Date(now.getTime() + this.#leaseMs).toISOString()}::timestamptz,
        updated_at = ${at}::timestamptz
      where o.id = ${next.id}
      returning o.id, o.channel, o."to", o.subject, o.body, o.html, o.headers, o.locale, o.attachments, o.message_id,
        o.attempts`.execute(trx);
    return { ...result.rows[0]!, previous: next.status };
  }

  async #sent(message: Claimed, log: FastifyBaseLogger): Promise<RelayOutcome> {
    const now = this.#clock();
    const result = await this.#db
      .updateTable('outbox_messages')
      .set({ status: 'SENT', sent_at: now, lease_until: null, last_error: null, updated_at: now })
      .where('id', '=', message.id)
      .where('status', '=', 'SENDING')
      .where('attempts', '=', message.attempts)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      log.warn('message sent after its lease expired; another relay may have sent it too');
    else
      log.info(
        { to: message.to, attempt: message.attempts },
        `${message.channel === 'EMAIL' ? 'e-mail' : 'SMS'} sent`,
      );
    return 'SENT';
  }

  async #failed(message: Claimed, error: unknown, log: FastifyBaseLogger): Promise<RelayOutcome> {
    const now = this.#clock();
    const dead = message.attempts >= this.#maxAttempts;
    const text = (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'failed';
    const retryAt = new Date(now.getTime() + backoffDelay(message.attempts, this.#backoff, this.#random));
    await this.#db
      .updateTable('outbox_messages')
      .set({
        status: dead ? 'DEAD' : 'FAILED',
        last_error: text,
        lease_until: null,
        updated_at: now,
        ...(dead ? {} : { next_attempt_at: retryAt }),
      })
      .where('id', '=', message.id)
      .where('status', '=', 'SENDING')
      .where('attempts', '=', message.attempts)
      .execute();
    if (dead)
      log.error(
        { err: error, to: message.to, attempts: message.attempts },
        'message could not be sent; it is DEAD',
      );
    else
      log.warn(
        { err: error, to: message.to, attempts: message.attempts, retryAt },
        'message not sent; it will be retried',
      );
    return dead ? 'DEAD' : 'FAILED';
  }
}
