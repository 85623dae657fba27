import type { Kysely } from 'kysely';
import { execScript } from '../sql-script.ts';

/**
 * Attendance (issue 12): shifts with versions (a change applies from a date and leaves earlier days as they were),
 * holiday lists (several weekly off days, named holidays, make-up working days), attendance sites (a POI assignment
 * with purpose ATTENDANCE_SITE names its shift), and the computed days: one row per MSISDN and shift date, both
 * methods' minutes stored, PROVISIONAL while the window is open and FINAL after it; a manual override wins and
 * survives recomputation; a FINAL day that late data changes keeps a correction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table holiday_lists (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      from_date date not null,
      to_date date not null,
      weekly_off jsonb not null default '[]',
      country text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, name),
      check (to_date >= from_date)
    );
    create table holidays (
      holiday_list_id integer not null references holiday_lists(id) on delete cascade,
      date date not null,
      name text not null,
      kind text not null check (kind in ('HOLIDAY', 'WORKING_DAY')),
      primary key (holiday_list_id, date)
    );
    create table shifts (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, name)
    );
    create table shift_versions (
      id serial primary key,
      shift_id integer not null references shifts(id) on delete cascade,
      effective_from date not null,
      start_time text not null,
      end_time text not null,
      days jsonb not null,
      time_zone text not null,
      check_in_before_min integer not null default 60,
      check_out_after_min integer not null default 60,
      late_grace_min integer not null default 0,
      early_exit_grace_min integer not null default 0,
      half_day_threshold_min integer not null default 0,
      absent_threshold_min integer not null default 0,
      hours_method text not null check (hours_method in ('FIRST_IN_LAST_OUT', 'EVERY_VALID_VISIT')),
      count_on_holidays boolean not null default false,
      holiday_list_id integer references holiday_lists(id) on delete set null,
      created_at timestamptz not null default now(),
      unique (shift_id, effective_from)
    );
    alter table poi_assignments add column shift_id integer references shifts(id);
    create index poi_assignments_shift_idx on poi_assignments (shift_id) where shift_id is not null;
    create table attendance_days (
      msisdn_id integer not null references msisdns(id) on delete cascade,
      date date not null,
      company_id integer not null references companies(id) on delete cascade,
      shift_id integer not null references shifts(id) on delete cascade,
      shift_version_id integer not null references shift_versions(id) on delete cascade,
      status text not null,
      state text not null check (state in ('PROVISIONAL', 'FINAL')),
      kind text not null,
      holiday_name text,
      window_start timestamptz,
      window_end timestamptz,
      first_in timestamptz,
      first_in_earliest timestamptz,
      last_out timestamptz,
      last_out_latest timestamptz,
      still_inside boolean not null default false,
      minutes_first_last double precision not null default 0,
      minutes_every_visit double precision not null default 0,
      minutes_inside double precision not null default 0,
      minutes_observed double precision not null default 0,
      outside_coverage double precision not null default 0,
      late_minutes double precision not null default 0,
      early_exit_minutes double precision not null default 0,
      arrival_unverified boolean not null default false,
      departure_unverified boolean not null default false,
      visit_keys jsonb not null default '[]',
      reasons jsonb not null default '[]',
      override_status text,
      override_reason text,
      override_by integer references users(id) on delete set null,
      override_at timestamptz,
      computed_at timestamptz not null default now(),
      finalized_at timestamptz,
      primary key (msisdn_id, date)
    );
    create index attendance_days_company_date_idx on attendance_days (company_id, date);
    create index attendance_days_open_idx on attendance_days (window_end) where state = 'PROVISIONAL';
    create table attendance_corrections (
      id bigserial primary key,
      msisdn_id integer not null references msisdns(id) on delete cascade,
      date date not null,
      company_id integer not null references companies(id) on delete cascade,
      previous_status text not null,
      status text not null,
      cause text not null,
      at timestamptz not null default now()
    );
    create index attendance_corrections_day_idx on attendance_corrections (msisdn_id, date);
    `,
  );
}
