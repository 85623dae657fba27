import type { Kysely } from 'kysely';
import { execScript } from '../sql-script.ts';

/**
 * The monthly attendance sheet's rows, kept by the database (issue 12): one row per MSISDN and month with the
 * month's effective statuses (an override in place of the computed status) as one letter per day of the month
 * (`-` where no day is stored; the letters are ATTENDANCE_STATUS_CODES of modules/attendance) and the minutes inside.
 * Statement triggers with transition tables recompute the (MSISDN, month) pairs a statement on `attendance_days`
 * touched, in the same transaction, so every writer (the computation, an override, a cascade, a bulk insert) keeps
 * it and the sheet reads one short row per employee instead of aggregating the month's days on every call.
 *
 * Two transactions writing days of one MSISDN and month take turns (an advisory lock per pair, in order, until
 * commit): the second's aggregate, a statement of its own, then sees the first's days, so neither overwrites the
 * month with a view that lacks the other's.
 *
 * The days' batched upsert keeps, under each row's lock, the status before it (`previous_status`) and the status a
 * FINAL day is corrected from (`corrected_from`), so the corrections come from the statement itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table attendance_days add column previous_status text, add column corrected_from text;
    create table attendance_months (
      msisdn_id integer not null references msisdns(id) on delete cascade,
      month date not null,
      company_id integer not null references companies(id) on delete cascade,
      codes text not null,
      minutes_inside double precision not null,
      primary key (month, msisdn_id)
    );
    create index attendance_months_company_idx on attendance_months (company_id, month);

    create function refresh_attendance_months(pairs jsonb) returns void language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(msisdn_id, (extract(year from month) * 100 + extract(month from month))::int)
      from (select distinct (e->>0)::int as msisdn_id, (e->>1)::date as month from jsonb_array_elements(pairs) e) l
      order by msisdn_id, month; with p as (
        select distinct (e->>0)::int as msisdn_id, (e->>1)::date as month from jsonb_array_elements(pairs) e
      ),
      agg as (
        select p.msisdn_id, p.month, max(d.company_id) as company_id,
               jsonb_object_agg(extract(day from d.date)::int,
                 case coalesce(d.override_status, d.status)
                   when 'PRESENT' then 'P' when 'LATE' then 'L' when 'EARLY_EXIT' then 'E'
                   when 'LATE_AND_EARLY_EXIT' then 'B' when 'HALF_DAY' then 'H' when 'ABSENT' then 'A'
                   when 'NO_DATA' then 'N' when 'HOLIDAY' then 'O' when 'WEEKLY_OFF' then 'W' else '?' end) as by_day,
               coalesce(sum(d.minutes_inside), 0) as minutes_inside
        from p join attendance_days d
          on d.msisdn_id = p.msisdn_id and d.date >= p.month and d.date < p.month + interval '1 month'
        group by p.msisdn_id, p.month
      ),
      gone as (
        delete from attendance_months am using p
        where am.msisdn_id = p.msisdn_id and am.month = p.month
          and not exists (select 1 from agg where agg.msisdn_id = p.msisdn_id and agg.month = p.month)
      )
      insert into attendance_months (msisdn_id, month, company_id, codes, minutes_inside)
      select msisdn_id, month, company_id,
             (select string_agg(coalesce(by_day ->> g::text, '-'), '' order by g)
              from generate_series(1, extract(day from month + interval '1 month' - interval '1 day')::int) g),
             minutes_inside
      from agg
      on conflict (month, msisdn_id) do update
        set company_id = excluded.company_id, codes = excluded.codes, minutes_inside = excluded.minutes_inside; end $$;

    create function attendance_months_after_insert() returns trigger language plpgsql as $$
    begin
      perform refresh_attendance_months(
        (select coalesce(jsonb_agg(jsonb_build_array(msisdn_id, date_trunc('month', date)::date)), '[]')
         from (select distinct msisdn_id, date_trunc('month', date) as date from new_days) n)); return null; end $$;
    create function attendance_months_after_update() returns trigger language plpgsql as $$
    begin
      perform refresh_attendance_months(
        (select coalesce(jsonb_agg(jsonb_build_array(msisdn_id, date_trunc('month', date)::date)), '[]')
         from (select msisdn_id, date_trunc('month', date) as date from new_days
               union select msisdn_id, date_trunc('month', date) from old_days) n)); return null; end $$;
    create function attendance_months_after_delete() returns trigger language plpgsql as $$
    begin
      perform refresh_attendance_months(
        (select coalesce(jsonb_agg(jsonb_build_array(msisdn_id, date_trunc('month', date)::date)), '[]')
         from (select distinct msisdn_id, date_trunc('month', date) as date from old_days) o)); return null; end $$;
    create trigger attendance_days_months_insert after insert on attendance_days
      referencing new table as new_days for each statement execute function attendance_months_after_insert();
    create trigger attendance_days_months_update after update on attendance_days
      referencing old table as old_days new table as new_days
      for each statement execute function attendance_months_after_update();
    create trigger attendance_days_months_delete after delete on attendance_days
      referencing old table as old_days for each statement execute function attendance_months_after_delete();

    select refresh_attendance_months(
      (select coalesce(jsonb_agg(jsonb_build_array(msisdn_id, month)), '[]')
       from (select distinct msisdn_id, date_trunc('month', date)::date as month from attendance_days) d));
    `,
  );
}
