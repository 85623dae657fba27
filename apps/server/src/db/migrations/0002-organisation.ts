import type { Kysely } from 'kysely';
import { execScript } from '../sql-script.ts';

/**
 * Organisation management: the outbox for e-mail and SMS, invitations of new portal users, consent requests of
 * employee MSISDNs, bulk-import jobs, and the indexes that the reference checks of deletes use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table outbox_messages (
      id bigserial primary key,
      channel text not null check (channel in ('EMAIL', 'SMS')),
      "to" text not null,
      subject text,
      body text not null,
      status text not null default 'PENDING' check (status in ('PENDING', 'SENT', 'FAILED')),
      created_at timestamptz not null default now()
    );
    create index outbox_messages_to_idx on outbox_messages ("to", created_at);
    create table user_invitations (
      user_id integer primary key references users(id) on delete cascade,
      code_hash text not null,
      expires_at timestamptz not null,
      attempts integer not null default 0,
      sent_at timestamptz not null default now()
    );
    alter table msisdns add column consent_requested_at timestamptz;
    create index msisdns_department_idx on msisdns (department_id);
    create index msisdns_designation_idx on msisdns (designation_id);
    create index users_department_idx on users (department_id);
    create index users_zone_idx on users (zone_id);
    create index users_designation_idx on users (designation_id);
    create table msisdn_imports (
      id uuid primary key default gen_random_uuid(),
      company_id integer not null references companies(id),
      created_by integer references users(id),
      file_name text,
      format text not null check (format in ('CSV', 'XLSX')),
      status text not null default 'QUEUED' check (status in ('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED')),
      total integer not null,
      processed integer not null default 0,
      succeeded integer not null default 0,
      failed integer not null default 0,
      errors jsonb not null default '[]',
      rows jsonb,
      lease_until timestamptz,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index msisdn_imports_company_idx on msisdn_imports (company_id, created_at);
  `,
  );
}
