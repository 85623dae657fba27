import { sql, type Kysely } from 'kysely';

/**
 * Report exports (issue 16): a large export runs as a job (kind `reports.export`) that writes its file under the
 * data directory. The row is the export's state for its owner: status, rows written so far and in all, the file and
 * when it expires (a schedule deletes expired files). Only its owner reads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table report_exports (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    company_id integer not null references companies(id) on delete cascade,
    report text not null,
    format text not null check (format in ('csv', 'xlsx', 'pdf')),
    locale text not null,
    params jsonb not null,
    sort text,
    status text not null default 'QUEUED'
      check (status in ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED', 'EXPIRED')),
    rows integer not null default 0 check (rows >= 0),
    total integer,
    bytes bigint,
    file_name text not null,
    file_path text,
    error text,
    created_at timestamptz not null default now(),
    finished_at timestamptz,
    expires_at timestamptz
  )`,
  `create index report_exports_owner on report_exports (user_id, id desc)`,
  `create index report_exports_expiry on report_exports (expires_at) where file_path is not null`,
];
