import { sql, type Kysely } from 'kysely';

/**
 * Scheduled e-mailed reports (issue 16, "Schedules"):
 * - `stored_files` / `stored_file_chunks`: files kept in the database in 1 MB chunks (every replica reads them; PGlite
 *   too), written as a stream and read as one; `complete` once the last chunk is in. Expired files are pruned.
 * - `outbox_messages.attachments`: files a queued e-mail carries (`[{ fileId, fileName, contentType }]`), read by the
 *   relay at send time.
 * - `report_schedules`: a report with its parameters, format, language and recipients, sent on a preset (daily,
 *   weekly on an ISO weekday, monthly on a day 1–28 or the last) at a time of day, compiled to a cron string in the
 *   company's time zone; `next_run_at` is the next slot. External addresses count only while `external_approved_by`
 *   (a CompanyAdmin or SuperAdmin who saved them) still may approve them.
 * - `report_runs`: one per (schedule, period) — the unique key makes each period run once, whatever fires it twice.
 * - `report_deliveries`: one per (run, recipient), written in the transaction that queues its e-mail, so a retried
 *   run never mails a recipient twice; DROPPED rows say why a recipient was left out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table stored_files (
    id bigserial primary key,
    name text not null,
    content_type text not null,
    bytes bigint not null default 0,
    complete boolean not null default false,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`,
  `create index stored_files_expires on stored_files (expires_at)`,
  `create table stored_file_chunks (
    file_id bigint not null references stored_files(id) on delete cascade,
    seq integer not null,
    data bytea not null,
    primary key (file_id, seq)
  )`,
  `alter table outbox_messages add column attachments jsonb`,
  `create table report_schedules (
    id serial primary key,
    company_id integer not null references companies(id) on delete cascade,
    owner_id integer not null references users(id) on delete cascade,
    name text not null,
    report text not null,
    params jsonb not null default '{}',
    sort text,
    format text not null check (format in ('csv', 'xlsx', 'pdf')),
    locale text not null,
    recipients jsonb not null default '[]',
    external_recipients jsonb not null default '[]',
    external_approved_by integer references users(id) on delete set null,
    preset text not null check (preset in ('daily', 'weekly', 'monthly')),
    weekday smallint check (weekday between 1 and 7),
    month_day text check (month_day ~ '^([1-9]|1[0-9]|2[0-8]|last)$'),
    time_of_day text not null check (time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    cron text not null,
    time_zone text not null,
    period text not null check (period in ('previousDay', 'previousWeek', 'previousMonth')),
    active boolean not null default true,
    paused_reason text,
    next_run_at timestamptz,
    last_slot_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (preset <> 'weekly' or weekday is not null),
    check (preset <> 'monthly' or month_day is not null)
  )`,
  `create index report_schedules_due on report_schedules (next_run_at) where active`,
  `create index report_schedules_company on report_schedules (company_id, id)`,
  `create index report_schedules_owner on report_schedules (owner_id)`,
  `create table report_runs (
    id bigserial primary key,
    schedule_id integer not null references report_schedules(id) on delete cascade,
    period_start date not null,
    period_end date not null,
    trigger text not null check (trigger in ('SCHEDULE', 'MANUAL')),
    status text not null default 'QUEUED' check (status in ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'SKIPPED')),
    attempts integer not null default 0,
    rows integer,
    bytes bigint,
    file_id bigint references stored_files(id) on delete set null,
    file_name text,
    delivery text check (delivery in ('ATTACHED', 'LINK')),
    link_expires_at timestamptz,
    error text,
    created_at timestamptz not null default now(),
    started_at timestamptz,
    finished_at timestamptz,
    unique (schedule_id, period_start),
    check (period_end >= period_start)
  )`,
  `create table report_deliveries (
    id bigserial primary key,
    run_id bigint not null references report_runs(id) on delete cascade,
    recipient text not null,
    user_id integer references users(id) on delete set null,
    status text not null check (status in ('QUEUED', 'SENT', 'FAILED', 'DROPPED')),
    reason text,
    outbox_id bigint references outbox_messages(id) on delete set null,
    created_at timestamptz not null default now(),
    unique (run_id, recipient)
  )`,
];
