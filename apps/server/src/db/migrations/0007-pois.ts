import type { Kysely } from 'kysely';
import { execScript } from '../sql-script.ts';

/**
 * POIs and the presence engine (issue 11): categories per company; POIs as native circles or GeoJSON polygons with
 * their derived measures (the bounding box as PostgreSQL's core `box`, GiST-indexed: works on PGlite and PostgreSQL
 * without PostGIS); assignments of MSISDNs to POIs; the per-(MSISDN, POI) presence state with the deadline at which
 * time alone acts; visits (one row per stay, keyed by MSISDN, POI and entered at); "passed by" candidates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table poi_categories (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      color text not null,
      icon text not null default 'place',
      default_radius_m integer not null default 150,
      default_min_dwell_minutes integer not null default 5,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index poi_categories_name_idx on poi_categories (company_id, lower(name));
    create table pois (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      department_id integer references departments(id),
      zone_id integer references zones(id),
      category_id integer references poi_categories(id),
      name text not null,
      description text,
      address text,
      external_ref text,
      active boolean not null default true,
      geometry jsonb not null,
      bbox box not null,
      centroid_lat double precision not null,
      centroid_lon double precision not null,
      area_m2 double precision not null,
      r_eff_m double precision not null,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index pois_external_ref_idx on pois (company_id, external_ref) where external_ref is not null;
    create index pois_company_idx on pois (company_id, name);
    create index pois_bbox_idx on pois using gist (bbox);
    create table poi_assignments (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      poi_id integer not null references pois(id),
      msisdn_id integer not null references msisdns(id) on delete cascade,
      purpose text not null check (purpose in ('ATTENDANCE_SITE', 'VISIT')),
      days jsonb not null,
      windows jsonb not null,
      valid_from date,
      valid_to date,
      min_dwell_minutes integer,
      notify_on_enter boolean not null default false,
      notify_on_exit boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (poi_id, msisdn_id, purpose)
    );
    create index poi_assignments_msisdn_idx on poi_assignments (msisdn_id);
    create index poi_assignments_company_idx on poi_assignments (company_id);
    create table poi_presence (
      msisdn_id integer not null references msisdns(id) on delete cascade,
      poi_id integer not null references pois(id) on delete cascade,
      company_id integer not null,
      state text not null,
      data jsonb not null,
      deadline_at timestamptz,
      updated_at timestamptz not null default now(),
      primary key (msisdn_id, poi_id)
    );
    create index poi_presence_deadline_idx on poi_presence (deadline_at) where deadline_at is not null;
    create index poi_presence_poi_idx on poi_presence (poi_id, state);
    create table visits (
      id bigserial primary key,
      key text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      msisdn_id integer not null references msisdns(id) on delete cascade,
      poi_id integer not null references pois(id) on delete cascade,
      entered_at timestamptz not null,
      entered_earliest timestamptz,
      entered_latest timestamptz not null,
      exited_at timestamptz,
      exited_earliest timestamptz,
      exited_latest timestamptz,
      dwell_minutes double precision not null,
      confidence double precision not null,
      fix_count integer not null,
      sources jsonb not null,
      closed_by text not null,
      seeded boolean not null default false,
      updated_at timestamptz not null default now()
    );
    create index visits_msisdn_idx on visits (msisdn_id, entered_at desc);
    create index visits_poi_idx on visits (poi_id, entered_at desc);
    create index visits_company_idx on visits (company_id, entered_at desc);
    create table poi_passed_by (
      key text primary key,
      company_id integer not null references companies(id) on delete cascade,
      msisdn_id integer not null references msisdns(id) on delete cascade,
      poi_id integer not null references pois(id) on delete cascade,
      first_inside_at timestamptz not null,
      last_inside_at timestamptz not null,
      outside_at timestamptz not null,
      fix_count integer not null,
      sources jsonb not null
    );
    create index poi_passed_by_msisdn_idx on poi_passed_by (msisdn_id, first_inside_at desc);
    `,
  );
}
