import { sql, type Kysely } from 'kysely';

/**
 * Notification digests and per-company sending limits (issue 15):
 * - `notification_digests`: one row per (rule, recipient, channel, period) — the unique key makes a digest of a
 *   period sent exactly once whatever retries, replays or replicas — with how many deliveries it carried and its
 *   outbox message. A digest is decided in the transaction that marks its deliveries and queues its message.
 * - `notification_deliveries.digest_id`: the digest that carried a DIGESTED delivery (the delivery keeps its status
 *   SUPPRESSED/DIGESTED). The partial index holds only the ones still waiting, so the digest job reads a short list.
 * - `outbox_messages.company_id`: the company a message counts against (notifications set it; invitations and other
 *   operator mail leave it null and are not limited).
 * - `outbox_rate_limits`: one row per (company, channel): the minute the relay is counting and how many messages it
 *   has sent in it. The relay increments it in the transaction that claims a message, so replicas share the count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table notification_digests (
    id bigserial primary key,
    company_id integer not null references companies(id) on delete cascade,
    rule_id integer not null references notification_rules(id) on delete cascade,
    recipient_user_id integer not null references users(id) on delete cascade,
    channel text not null check (channel in ('EMAIL', 'SMS')),
    period_start timestamptz not null,
    period_end timestamptz not null,
    delivery_count integer not null check (delivery_count > 0),
    outbox_id bigint references outbox_messages(id) on delete set null,
    created_at timestamptz not null default now(),
    unique (rule_id, recipient_user_id, channel, period_start),
    check (period_end > period_start)
  )`,
  `alter table notification_deliveries
    add column digest_id bigint references notification_digests(id) on delete set null`,
  `create index notification_digest_pending on notification_deliveries
    (rule_id, recipient_user_id, channel, occurred_at)
    where suppress_reason = 'DIGESTED' and digest_id is null`,
  `alter table outbox_messages add column company_id integer references companies(id) on delete set null`,
  `create table outbox_rate_limits (
    company_id integer not null references companies(id) on delete cascade,
    channel text not null check (channel in ('EMAIL', 'SMS')),
    minute timestamptz not null,
    sent integer not null check (sent >= 0),
    primary key (company_id, channel)
  )`,
];
