import type { Kysely } from 'kysely';
import { execScript } from '../sql-script.ts';

/**
 * The platform floor: durable jobs and their schedules, the domain-event outbox with one cursor per processor, and
 * the columns the mail/SMS relay needs on the existing outbox.
 *
 * `domain_events.txid` is the inserting transaction's id: processors read events in (txid, id) order and only those
 * of transactions older than every running one, so an event that commits late is never skipped (events/README.md).
 *
 * Before this migration the outbox was a sink whose only transport was the log: its PENDING rows were delivered
 * there already, so they become SENT and a relay never sends them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table jobs (
      id bigserial primary key,
      kind text not null,
      key text not null,
      payload jsonb not null default '{}',
      status text not null default 'QUEUED' check (status in ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'DEAD')),
      run_at timestamptz not null default now(),
      attempts integer not null default 0,
      max_attempts integer not null default 5 check (max_attempts >= 1),
      lease_until timestamptz,
      locked_by text,
      last_error text,
      progress jsonb,
      rerun boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz,
      unique (kind, key)
    );
    create index jobs_due_idx on jobs (run_at) where status in ('QUEUED', 'FAILED');
    create index jobs_lease_idx on jobs (lease_until) where status = 'RUNNING';
    create index jobs_finished_idx on jobs (status, finished_at) where status in ('DONE', 'DEAD');
    create table job_schedules (
      name text primary key,
      kind text not null,
      spec text not null,
      cron text,
      interval_ms bigint check (interval_ms > 0),
      timezone text,
      payload jsonb not null default '{}',
      next_run_at timestamptz not null,
      last_run_at timestamptz,
      updated_at timestamptz not null default now(),
      check ((cron is null) <> (interval_ms is null))
    );
    create table domain_events (
      id bigserial primary key,
      type text not null,
      company_id integer,
      msisdn_id integer,
      subject_type text,
      subject_id text,
      payload jsonb not null default '{}',
      occurred_at timestamptz not null default now(),
      idempotency_key text unique,
      txid bigint not null default (pg_current_xact_id()::text::bigint)
    );
    create index domain_events_order_idx on domain_events (txid, id);
    create index domain_events_company_idx on domain_events (company_id, occurred_at);
    create index domain_events_occurred_idx on domain_events (occurred_at);
    create table event_cursors (
      processor text primary key,
      last_txid bigint not null,
      last_id bigint not null,
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      last_error text,
      updated_at timestamptz not null default now()
    );
    alter table outbox_messages
      add column attempts integer not null default 0,
      add column last_error text,
      add column next_attempt_at timestamptz not null default now(),
      add column lease_until timestamptz,
      add column sent_at timestamptz,
      add column message_id text not null default ('<' || gen_random_uuid()::text || '@lbs.local>'),
      add column html text,
      add column headers jsonb,
      add column locale text,
      add column updated_at timestamptz not null default now();
    alter table outbox_messages drop constraint outbox_messages_status_check;
    alter table outbox_messages add constraint outbox_messages_status_check
      check (status in ('PENDING', 'SENDING', 'SENT', 'FAILED', 'DEAD'));
    create unique index outbox_messages_message_id_key on outbox_messages (message_id);
    create index outbox_messages_due_idx on outbox_messages (next_attempt_at) where status in ('PENDING', 'FAILED');
    create index outbox_messages_sending_idx on outbox_messages (lease_until) where status = 'SENDING';
    update outbox_messages set status = 'SENT', sent_at = created_at where status = 'PENDING'
  `,
  );
}
