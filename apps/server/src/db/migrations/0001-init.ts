import type { Kysely } from 'kysely';
import { execScript } from '../sql-script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table companies (
      id serial primary key,
      name text not null,
      code text not null unique,
      contact_email text,
      contact_phone text,
      address text,
      country text,
      city text,
      latitude double precision,
      longitude double precision,
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'SUSPENDED')),
      zone_enabled boolean not null default false,
      config jsonb not null,
      price_plan jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create table departments (
      id serial primary key,
      company_id integer not null references companies(id),
      name text not null,
      description text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, name)
    );
    create table zones (
      id serial primary key,
      company_id integer not null references companies(id),
      name text not null,
      description text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, name)
    );
    create table designations (
      id serial primary key,
      company_id integer not null references companies(id),
      name text not null,
      description text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, name)
    );
    create table users (
      id serial primary key,
      subject uuid not null unique default gen_random_uuid(),
      username text not null,
      email text not null,
      full_name text not null,
      phone_no text,
      photo_url text,
      birth_date date,
      country text,
      address text,
      notes text,
      company_id integer references companies(id),
      department_id integer references departments(id),
      zone_id integer references zones(id),
      designation_id integer references designations(id),
      active boolean not null default true,
      is_pia_signed boolean not null default false,
      pia_signed_at timestamptz,
      password_hash text,
      failed_logins integer not null default 0,
      locked_until timestamptz,
      sessions_revoked_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_username_key on users (lower(username));
    create unique index users_email_key on users (lower(email));
    create index users_company_idx on users (company_id);
    create table user_roles (
      user_id integer not null references users(id) on delete cascade,
      role text not null check (role in ('SuperAdmin', 'CompanyAdmin', 'DepartmentAdmin', 'ZoneAdmin')),
      primary key (user_id, role)
    );
    create table msisdns (
      id serial primary key,
      company_id integer not null references companies(id),
      department_id integer not null references departments(id),
      zone_id integer references zones(id),
      designation_id integer not null references designations(id),
      msisdn text not null unique,
      employee_name text not null,
      employee_code text,
      email text,
      consent_status text not null default 'PENDING' check (consent_status in ('PENDING', 'GRANTED', 'REVOKED')),
      consent_at timestamptz,
      tracking_enabled boolean not null default true,
      home_lat double precision,
      home_lon double precision,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index msisdns_company_idx on msisdns (company_id, department_id);
    create index msisdns_zone_idx on msisdns (zone_id);
    create table invoices (
      id serial primary key,
      company_id integer not null references companies(id),
      number text not null unique,
      period_start date not null,
      period_end date not null,
      issued_on date not null,
      due_on date not null,
      currency text not null,
      subtotal numeric(14, 2) not null,
      rebate numeric(14, 2) not null default 0,
      grand_total numeric(14, 2) not null,
      status text not null check (status in ('DUE', 'PAID', 'OVERDUE')),
      paid_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index invoices_company_idx on invoices (company_id, status, due_on);
    create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      actor_user_id integer references users(id),
      actor text not null,
      action text not null,
      entity text not null,
      entity_id text,
      company_id integer,
      request_id text,
      detail jsonb not null default '{}'
    );
    create index audit_log_at_idx on audit_log (at);
    create index audit_log_company_idx on audit_log (company_id, at);
    create index audit_log_entity_idx on audit_log (entity, entity_id);
    create table oidc_payloads (
      model text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (model, id)
    );
    create index oidc_payloads_grant_idx on oidc_payloads (grant_id);
    create index oidc_payloads_uid_idx on oidc_payloads (uid);
    create index oidc_payloads_user_code_idx on oidc_payloads (user_code);
    create index oidc_payloads_expires_idx on oidc_payloads (expires_at);
    create table app_secrets (
      name text primary key,
      value jsonb not null,
      created_at timestamptz not null default now()
    );
  `,
  );
}
