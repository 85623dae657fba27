import { sql, type Kysely } from 'kysely';

/**
 * `positions` becomes range-partitioned by time, in place and without copying: the existing table is attached as
 * one period covering its rows (from the UTC midnight before its oldest row to the one after its newest row or
 * today), under a check constraint added first so the attach does not scan it again. A default partition catches
 * anything no period covers (the location jobs drain it), and today and tomorrow get daily periods; the jobs keep
 * periods ahead (location/partitions.ts) and retention drops whole periods.
 *
 * The columns, checks and foreign key (named as before: the attach matches them by name), indexes and id sequence
 * stay as they were; the primary key on `id` alone cannot
 * hold on a table partitioned by time, so the old table keeps it as a plain unique index and newer periods have none
 * (positions are found by MSISDN and time, and by id only together with a time range).
 */
const STATEMENTS = [
  `alter table positions rename to positions_legacy`,
  `alter index positions_pkey rename to positions_legacy_id_key`,
  `alter index positions_msisdn_time_idx rename to positions_legacy_msisdn_time_idx`,
  `alter index positions_time_idx rename to positions_legacy_time_idx`,
  `create table positions (
    id bigint not null default nextval('positions_id_seq'),
    msisdn_id integer not null constraint positions_msisdn_id_fkey references msisdns(id) on delete cascade,
    time timestamptz not null,
    lat double precision not null constraint positions_lat_check check (lat between -90 and 90),
    lon double precision not null constraint positions_lon_check check (lon between -180 and 180),
    accuracy_m double precision constraint positions_accuracy_m_check check (accuracy_m >= 0),
    source text not null constraint positions_source_check check (source in ('NETWORK', 'OSMAND', 'OWNTRACKS')),
    received_at timestamptz not null default now(),
    extra jsonb
  ) partition by range (time)`,
  `alter sequence positions_id_seq owned by positions.id`,
  `create index positions_msisdn_time_idx on positions (msisdn_id, time desc)`,
  `create index positions_time_idx on positions (time)`,
  `create table positions_default partition of positions default`,
  // The old rows as one period, or nothing when there are none.
  `do $$
  declare
    lo timestamptz;
    hi timestamptz;
  begin
    select date_trunc('day', min(time), 'UTC'),
           greatest(date_trunc('day', max(time), 'UTC'), date_trunc('day', now(), 'UTC')) + interval '24 hours'
      into lo, hi from positions_legacy;
    if lo is null then
      drop table positions_legacy;
      return;
    end if;
    execute format('alter table positions_legacy add constraint positions_legacy_period check (time >= %L and time < %L)', lo, hi);
    execute format('alter table positions attach partition positions_legacy for values from (%L) to (%L)', lo, hi);
    alter table positions_legacy drop constraint positions_legacy_period;
    execute format('alter table positions_legacy rename to %I',
      'positions_p' || to_char(lo at time zone 'UTC', 'YYYYMMDD') || '_' || to_char(hi at time zone 'UTC', 'YYYYMMDD'));
  end $$`,
  // Today and tomorrow, unless the old rows' period covers them.
  `do $$
  declare
    d timestamptz := date_trunc('day', now(), 'UTC');
    covered timestamptz;
  begin
    for i in 0..1 loop
      select max(b[2]::timestamptz) into covered
        from pg_inherits h join pg_class c on c.oid = h.inhrelid
        cross join lateral regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\) TO \\(''([^'']+)''\\)') b
        where h.inhparent = 'positions'::regclass;
      if covered is null or covered <= d then
        execute format('create table %I partition of positions for values from (%L) to (%L)',
          'positions_p' || to_char(d at time zone 'UTC', 'YYYYMMDD'), d, d + interval '24 hours');
      end if;
      d := d + interval '24 hours';
    end loop;
  end $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
