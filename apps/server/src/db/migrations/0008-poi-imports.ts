import type { Kysely } from 'kysely';
import { execScript } from '../sql-script.ts';

/**
 * POI imports (issue 11): the checked file and its counts; the `pois.import` job writes its rows in batches, each
 * batch with `next_row` in the same transaction, so a crash resumes after the last committed batch and no row is
 * written twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table poi_imports (
      id uuid primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      format text not null,
      file_name text,
      content text not null,
      status text not null default 'QUEUED',
      rows integer not null,
      to_create integer not null,
      to_update integer not null,
      created integer not null default 0,
      updated integer not null default 0,
      next_row integer not null default 0,
      error_count integer not null default 0,
      errors jsonb not null default '[]',
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index poi_imports_company_idx on poi_imports (company_id, created_at desc);
    `,
  );
}
