import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Messages a company may send per clock minute on each channel (NOTIFY_MAIL_PER_MINUTE, NOTIFY_SMS_PER_MINUTE). */
export interface SendingLimits {
  EMAIL: number;
  SMS: number;
}

type Channel = keyof SendingLimits;
type Tx = Transaction<Database>;

const MINUTE_MS = 60_000;

/** The clock minute an instant falls in, and the next one. */
export function minuteOf(at: Date): { start: Date; next: Date } {
  const start = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
  return { start: new Date(start), next: new Date(start + MINUTE_MS) };
}

/**
 * Counts one message against the company's limit for this minute, or refuses when the limit is reached. One row per
 * (company, channel) holds the minute and its count; the upsert locks it, so relays on every replica count together
 * and never pass the limit between them. A relay whose clock lags counts into the newer minute it finds.
 */
export async function takeSendingSlot(
  trx: Tx,
  key: { companyId: number; channel: Channel },
  at: Date,
  limit: number,
): Promise<boolean> {
  const { start } = minuteOf(at);
  const result = await sql<{ sent: number }>`
    insert into outbox_rate_limits as r (company_id, channel, minute, sent)
    values (${key.companyId}, ${key.channel}, ${start.toISOString()}::timestamptz, 1)
    on conflict (company_id, channel) do update set
      sent = case when excluded.minute > r.minute then 1 else r.sent + 1 end,
      minute = greatest(r.minute, excluded.minute)
    where excluded.minute > r.minute or r.sent < ${limit}
    returning sent`.execute(trx);
  return result.rows.length > 0;
}

/**
 * Moves the company's due messages of the channel to the next minute: waiting, neither failed nor dropped, and no
 * attempt counted. Rows another relay holds are left to it (SKIP LOCKED: it may be claiming one right now, and
 * waiting for it here could deadlock with its wait for the counter row this transaction holds).
 */
export async function deferToNextMinute(
  trx: Tx,
  key: { companyId: number; channel: Channel },
  at: Date,
): Promise<number> {
  const { next } = minuteOf(at);
  const result = await sql`
    update outbox_messages set next_attempt_at = ${next.toISOString()}::timestamptz,
      updated_at = ${at.toISOString()}::timestamptz
    where id in (
      select id from outbox_messages
      where company_id = ${key.companyId} and channel = ${key.channel}
        and status in ('PENDING', 'FAILED') and next_attempt_at < ${next.toISOString()}::timestamptz
      for update skip locked)`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
