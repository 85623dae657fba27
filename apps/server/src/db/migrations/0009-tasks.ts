import type { Kysely } from 'kysely';
import { execScript } from '../sql-script.ts';

/**
 * Tasks (issue 13): a task of a company (optionally of a department or zone, for scope), at an optional POI, with a
 * due window and a completion rule; its assignments to MSISDNs with status, completion source and evidence — a frozen
 * copy of the visit and the fixes that proved it (retention deletes positions, so nothing here references them).
 * `task_completions` keys each automatic completion by (task, MSISDN, visit): a replayed visit completes once.
 * `overdue_event_for` makes TASK_OVERDUE once per due time. A template makes one task per weekday it names, keyed by
 * (template, day). Attachments are kept in the database (bytea), typed by
 * their bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table task_templates (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      department_id integer references departments(id),
      zone_id integer references zones(id),
      title text not null,
      description text,
      priority text not null,
      labels jsonb not null default '[]',
      poi_id integer references pois(id),
      completion_rule text not null,
      required_dwell_minutes integer,
      assignment_mode text not null,
      weekdays jsonb not null,
      start_time text not null,
      end_time text not null,
      time_zone text not null,
      msisdn_ids jsonb not null default '[]',
      active boolean not null default true,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index task_templates_company_idx on task_templates (company_id) where active;
    create table tasks (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      department_id integer references departments(id),
      zone_id integer references zones(id),
      title text not null,
      description text,
      priority text not null check (priority in ('LOW', 'MEDIUM', 'HIGH')),
      labels jsonb not null default '[]',
      poi_id integer references pois(id),
      due_start timestamptz,
      due_end timestamptz,
      completion_rule text not null check (completion_rule in ('MANUAL', 'AUTO_ON_VISIT', 'AUTO_OR_MANUAL')),
      required_dwell_minutes integer,
      assignment_mode text not null check (assignment_mode in ('ANY', 'EACH')),
      status text not null default 'PENDING' check (status in ('PENDING', 'COMPLETED', 'CANCELLED')),
      completed_at timestamptz,
      -- The due end a TASK_OVERDUE event was emitted for (once per due time: moving it later arms it again).
      overdue_event_for timestamptz,
      -- A recurring task: its template and day (one task per template and day, whoever creates it).
      template_id integer references task_templates(id) on delete set null,
      occurs_on date,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index tasks_company_idx on tasks (company_id, created_at desc);
    create unique index tasks_occurrence_idx on tasks (template_id, occurs_on) where template_id is not null;
    create index tasks_poi_idx on tasks (poi_id) where poi_id is not null;
    create index tasks_due_idx on tasks (due_end) where status = 'PENDING';
    create table task_assignments (
      task_id integer not null references tasks(id) on delete cascade,
      msisdn_id integer not null references msisdns(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      status text not null default 'PENDING' check (status in ('PENDING', 'COMPLETED', 'CANCELLED')),
      completion_rule text not null check (completion_rule in ('MANUAL', 'AUTO_ON_VISIT', 'AUTO_OR_MANUAL')),
      completed_at timestamptz,
      completion_source text check (completion_source in ('AUTO_VISIT', 'MANUAL')),
      completed_by text,
      reason text,
      evidence jsonb not null default '[]',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (task_id, msisdn_id)
    );
    create index task_assignments_msisdn_idx on task_assignments (msisdn_id, status);
    create table task_attachments (
      id serial primary key,
      task_id integer not null references tasks(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      file_name text not null,
      content_type text not null,
      size_bytes integer not null,
      sha256 text not null,
      data bytea not null,
      uploaded_by text,
      created_at timestamptz not null default now()
    );
    create index task_attachments_task_idx on task_attachments (task_id, id);
    create table task_completions (
      task_id integer not null references tasks(id) on delete cascade,
      msisdn_id integer not null references msisdns(id) on delete cascade,
      visit_key text not null,
      completed_at timestamptz not null default now(),
      primary key (task_id, msisdn_id, visit_key)
    );
    `,
  );
}
