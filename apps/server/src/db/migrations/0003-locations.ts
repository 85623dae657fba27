import type { Kysely } from 'kysely';
import { execScript } from '../sql-script.ts';

/**
 * Location: positions (network and apps), the latest position per MSISDN, every MLP locate request (billing and
 * audit), the scheduler's per-MSISDN poll state, per-company locate-now counters and the apps' device tokens.
 *
 * Production note: positions is the one big table; on PostgreSQL it is meant to become a table partitioned by
 * month on `time` (same columns and indexes). A plain table with the two indexes serves until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table positions (
      id bigserial primary key,
      msisdn_id integer not null references msisdns(id) on delete cascade,
      time timestamptz not null,
      lat double precision not null check (lat between -90 and 90),
      lon double precision not null check (lon between -180 and 180),
      accuracy_m double precision check (accuracy_m >= 0),
      source text not null check (source in ('NETWORK', 'OSMAND', 'OWNTRACKS')),
      received_at timestamptz not null default now(),
      extra jsonb
    );
    create index positions_msisdn_time_idx on positions (msisdn_id, time desc);
    create index positions_time_idx on positions (time);
    create table latest_positions (
      msisdn_id integer primary key references msisdns(id) on delete cascade,
      position_id bigint not null,
      time timestamptz not null,
      lat double precision not null,
      lon double precision not null,
      accuracy_m double precision,
      source text not null,
      received_at timestamptz not null
    );
    create index latest_positions_time_idx on latest_positions (time);
    create table locate_requests (
      id bigserial primary key,
      requested_at timestamptz not null default now(),
      company_id integer not null,
      requested_by text not null check (requested_by in ('SCHEDULE', 'USER')),
      user_id integer references users(id) on delete set null,
      gmlc text not null,
      msisdn_ids integer[] not null,
      msisdn_count integer not null,
      located integer not null,
      result_code text not null,
      results jsonb not null,
      latency_ms integer not null,
      attempts integer not null
    );
    create index locate_requests_company_idx on locate_requests (company_id, requested_at);
    create index locate_requests_requested_at_idx on locate_requests (requested_at);
    create table msisdn_poll_state (
      msisdn_id integer primary key references msisdns(id) on delete cascade,
      next_poll_at timestamptz not null,
      claimed_at timestamptz,
      claimed_by text
    );
    create index msisdn_poll_state_due_idx on msisdn_poll_state (next_poll_at);
    create table locate_rate_counters (
      company_id integer not null,
      window_start timestamptz not null,
      count integer not null,
      primary key (company_id, window_start)
    );
    create table device_tokens (
      id bigserial primary key,
      msisdn_id integer not null references msisdns(id) on delete cascade,
      token_hash text not null unique,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz,
      last_used_at timestamptz
    );
    create index device_tokens_msisdn_idx on device_tokens (msisdn_id);
  `,
  );
}
