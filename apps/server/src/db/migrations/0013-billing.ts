import { sql, type Kysely } from 'kysely';

/**
 * Billing (issue 14). The guarantees live in the database, so no code path can break them:
 * - `tariffs`: versions per company, each effective from the first day of a month; today's `companies.price_plan`
 *   becomes the first version, and a change of `price_plan` (the company form) becomes a version from this month.
 * - `locate_usage`: one row per (locate request, MSISDN), written by a trigger on `locate_requests` — in the
 *   locate's own transaction, and at most once whatever runs again (`unique (locate_request_id, msisdn_id)`).
 * - `msisdn_activity`: each MSISDN's lifecycle (created, tracking on/off, moved, deleted), written by triggers on
 *   `msisdns`, so a number deleted mid-month still bills the days it was active; it keeps the number and the name.
 * - `invoices`: one non-void invoice per company and period (a partial unique index); money in integer minor units;
 *   once issued, a trigger rejects any change of its content and lets the status move forward only; items,
 *   payments and credit notes of an issued invoice cannot be changed or deleted.
 * - `billing_counters`: one row per series and year, taken under its row lock by the issuing transaction: numbers
 *   are gapless (a rolled-back issue rolls its number back) and unique.
 * The old `invoices` rows (float amounts) are carried over as issued invoices with one line each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table tariffs (
    id serial primary key,
    company_id integer not null references companies(id) on delete cascade,
    effective_from date not null check (extract(day from effective_from) = 1),
    currency text not null,
    monthly_fee numeric(20, 6) not null check (monthly_fee >= 0),
    price_per_locate numeric(20, 6) not null check (price_per_locate >= 0),
    included_locates integer not null default 0 check (included_locates >= 0),
    billable_locates text not null default 'SUCCESSFUL' check (billable_locates in ('SUCCESSFUL', 'ALL')),
    proration text not null default 'FULL_MONTH' check (proration in ('FULL_MONTH', 'DAILY')),
    rebate_kind text not null default 'NONE' check (rebate_kind in ('NONE', 'PERCENT', 'FIXED')),
    rebate_value numeric(20, 6) not null default 0 check (rebate_value >= 0),
    tax_rate_percent numeric(9, 6) not null default 0 check (tax_rate_percent between 0 and 100),
    payment_terms_days integer not null default 30,
    grace_days integer not null default 7,
    review_days integer not null default 3,
    created_by text not null default 'system',
    created_at timestamptz not null default now(),
    unique (company_id, effective_from)
  )`,
  `insert into tariffs (company_id, effective_from, currency, monthly_fee, price_per_locate)
   select id, date '2000-01-01', coalesce(price_plan->>'currency', 'EUR'),
          coalesce((price_plan->>'monthlyFeePerMsisdn')::numeric, 0), coalesce((price_plan->>'feePerLocate')::numeric, 0)
   from companies`,
  // The company form's price plan: a new company starts with it; a change applies from the current month.
  `create function tariff_from_price_plan() returns trigger language plpgsql as $$
   declare
     tz text := coalesce(new.config->'trackingWindow'->>'timezone', 'UTC');
     month date;
   begin
     if tg_op = 'UPDATE' and new.price_plan is not distinct from old.price_plan then return null; end if;
     if tg_op = 'INSERT' then
       insert into tariffs (company_id, effective_from, currency, monthly_fee, price_per_locate, created_by)
       values (new.id, date '2000-01-01', coalesce(new.price_plan->>'currency', 'EUR'),
               coalesce((new.price_plan->>'monthlyFeePerMsisdn')::numeric, 0),
               coalesce((new.price_plan->>'feePerLocate')::numeric, 0), 'company form');
       return null;
     end if;
     -- A change applies from this month in the company's zone, or after the last invoiced month; the version keeps
     -- every other term (tax, included locates, rebate, days) of the one in effect.
     select greatest(date_trunc('month', now() at time zone tz)::date,
                     coalesce(max(period_start) + interval '1 month', date '2000-01-01')::date)
       into month from invoices where company_id = new.id and status not in ('DRAFT', 'VOID');
     insert into tariffs (company_id, effective_from, currency, monthly_fee, price_per_locate, included_locates,
                          billable_locates, proration, rebate_kind, rebate_value, tax_rate_percent, payment_terms_days,
                          grace_days, review_days, created_by)
     select new.id, month, coalesce(new.price_plan->>'currency', 'EUR'),
            coalesce((new.price_plan->>'monthlyFeePerMsisdn')::numeric, 0),
            coalesce((new.price_plan->>'feePerLocate')::numeric, 0), t.included_locates, t.billable_locates,
            t.proration, t.rebate_kind, t.rebate_value, t.tax_rate_percent, t.payment_terms_days, t.grace_days,
            t.review_days, 'company form'
     from (select * from tariffs where company_id = new.id and effective_from <= month
           order by effective_from desc limit 1) t
     on conflict (company_id, effective_from) do update
       set currency = excluded.currency, monthly_fee = excluded.monthly_fee, price_per_locate = excluded.price_per_locate,
           created_by = excluded.created_by;
     return null;
   end $$`,
  `create trigger companies_tariff after insert or update of price_plan on companies
   for each row execute function tariff_from_price_plan()`,

  `create table locate_usage (
    id bigserial primary key,
    locate_request_id bigint not null,
    company_id integer not null,
    msisdn_id integer not null,
    at timestamptz not null,
    requested_by text not null,
    result_code text not null,
    success boolean not null,
    unique (locate_request_id, msisdn_id)
  )`,
  `create index locate_usage_company_idx on locate_usage (company_id, at)`,
  `create index locate_usage_msisdn_idx on locate_usage (msisdn_id, at)`,
  `create function locate_usage_from_request() returns trigger language plpgsql as $$
   begin
     insert into locate_usage (locate_request_id, company_id, msisdn_id, at, requested_by, result_code, success)
     select n.id, n.company_id, m.id, n.requested_at, n.requested_by, coalesce(n.results ->> m.id::text, 'NONE'),
            coalesce(n.results ->> m.id::text, '') = '0'
     from new_requests n, unnest(n.msisdn_ids) as m(id)
     on conflict (locate_request_id, msisdn_id) do nothing;
     return null;
   end $$`,
  `create trigger locate_requests_usage after insert on locate_requests
   referencing new table as new_requests for each statement execute function locate_usage_from_request()`,

  `create table msisdn_activity (
    id bigserial primary key,
    msisdn_id integer not null,
    company_id integer not null,
    msisdn text not null,
    employee_name text not null,
    active boolean not null,
    at timestamptz not null default clock_timestamp()
  )`,
  `create index msisdn_activity_company_idx on msisdn_activity (company_id, msisdn_id, at)`,
  `insert into msisdn_activity (msisdn_id, company_id, msisdn, employee_name, active, at)
   select id, company_id, msisdn, employee_name, tracking_enabled, created_at from msisdns`,
  `create function msisdn_activity_log() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' then
       insert into msisdn_activity (msisdn_id, company_id, msisdn, employee_name, active)
       values (old.id, old.company_id, old.msisdn, old.employee_name, false);
     elsif tg_op = 'INSERT' then
       insert into msisdn_activity (msisdn_id, company_id, msisdn, employee_name, active)
       values (new.id, new.company_id, new.msisdn, new.employee_name, new.tracking_enabled);
     elsif new.company_id <> old.company_id then
       insert into msisdn_activity (msisdn_id, company_id, msisdn, employee_name, active)
       values (old.id, old.company_id, old.msisdn, old.employee_name, false),
              (new.id, new.company_id, new.msisdn, new.employee_name, new.tracking_enabled);
     elsif new.tracking_enabled <> old.tracking_enabled or new.msisdn <> old.msisdn
        or new.employee_name <> old.employee_name then
       insert into msisdn_activity (msisdn_id, company_id, msisdn, employee_name, active)
       values (new.id, new.company_id, new.msisdn, new.employee_name, new.tracking_enabled);
     end if;
     return null;
   end $$`,
  `create trigger msisdns_activity after insert or update or delete on msisdns
   for each row execute function msisdn_activity_log()`,

  `alter table invoices rename to legacy_invoices`,
  `alter index invoices_company_idx rename to legacy_invoices_company_idx`,
  `create table invoices (
    id serial primary key,
    company_id integer not null references companies(id),
    period_start date not null check (extract(day from period_start) = 1),
    period_end date not null,
    status text not null check (status in ('DRAFT', 'ISSUED', 'PARTIALLY_PAID', 'PAID', 'VOID')),
    number text unique,
    issued_at timestamptz,
    due_on date,
    currency text not null,
    tax_rate_percent numeric(9, 6) not null,
    subtotal_minor bigint not null,
    rebate_minor bigint not null,
    tax_minor bigint not null,
    total_minor bigint not null,
    paid_minor bigint not null default 0,
    credited_minor bigint not null default 0,
    tariff_snapshot jsonb not null,
    content_hash text not null,
    pdf bytea,
    pdf_sha256 text,
    replaces_invoice_id integer references invoices(id),
    void_reason text,
    voided_at timestamptz,
    overdue_notified_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (status = 'DRAFT' or (number is not null and issued_at is not null and due_on is not null)),
    check (paid_minor + credited_minor <= total_minor)
  )`,
  `create unique index invoices_one_per_period on invoices (company_id, period_start) where status <> 'VOID'`,
  `create index invoices_company_idx on invoices (company_id, period_start desc)`,
  `create index invoices_open_idx on invoices (due_on) where status in ('ISSUED', 'PARTIALLY_PAID')`,
  `create table invoice_items (
    id bigserial primary key,
    invoice_id integer not null references invoices(id),
    position integer not null,
    kind text not null check (kind in ('MONTHLY_FEE', 'LOCATES', 'REBATE', 'ADJUSTMENT')),
    msisdn_id integer,
    msisdn text,
    employee_name text,
    quantity numeric(20, 6) not null,
    unit_price numeric(20, 6) not null,
    amount_minor bigint not null,
    active_days integer,
    locates integer,
    included_locates integer,
    unique (invoice_id, position)
  )`,
  `create table payments (
    id serial primary key,
    invoice_id integer not null references invoices(id),
    amount_minor bigint not null check (amount_minor > 0),
    paid_on date not null,
    method text not null check (method in ('BANK_TRANSFER', 'CARD', 'CASH', 'OTHER')),
    reference text,
    recorded_by text not null,
    created_at timestamptz not null default now()
  )`,
  `create index payments_invoice_idx on payments (invoice_id)`,
  `create table credit_notes (
    id serial primary key,
    invoice_id integer not null references invoices(id),
    number text not null unique,
    amount_minor bigint not null check (amount_minor > 0),
    reason text not null,
    issued_at timestamptz not null default now(),
    created_by text not null
  )`,
  `create index credit_notes_invoice_idx on credit_notes (invoice_id)`,
  `create table billing_counters (
    series text not null,
    year integer not null,
    last integer not null,
    primary key (series, year)
  )`,

  // The old rows: issued invoices with one line each (amounts were numeric with two decimals).
  `insert into invoices (company_id, period_start, period_end, status, number, issued_at, due_on, currency,
                         tax_rate_percent, subtotal_minor, rebate_minor, tax_minor, total_minor, paid_minor,
                         tariff_snapshot, content_hash, created_at)
   select company_id, date_trunc('month', period_start)::date, period_end, 'ISSUED', number, issued_on::timestamptz,
          due_on, currency, 0, round(subtotal * f)::bigint, round(rebate * f)::bigint, 0, round(grand_total * f)::bigint, 0,
          '{}'::jsonb, 'legacy', created_at
   from (select l.*, case when currency in ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX',
                                            'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF') then 1
                          when currency in ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') then 1000 else 100 end as f
         from legacy_invoices l) l
   where not exists (select 1 from legacy_invoices o where o.company_id = l.company_id
                     and date_trunc('month', o.period_start) = date_trunc('month', l.period_start) and o.id < l.id)`,
  // A second old invoice of the same company and month stays on record, void (one non-void invoice a month).
  `insert into invoices (company_id, period_start, period_end, status, number, issued_at, due_on, currency,
                         tax_rate_percent, subtotal_minor, rebate_minor, tax_minor, total_minor, tariff_snapshot,
                         content_hash, void_reason, voided_at, created_at)
   select company_id, date_trunc('month', period_start)::date, period_end, 'VOID', number, issued_on::timestamptz, due_on,
          currency, 0, 0, 0, 0, 0, '{}'::jsonb, 'legacy', 'carried over: a second invoice of the same month', now(),
          created_at
   from legacy_invoices l
   where exists (select 1 from legacy_invoices o where o.company_id = l.company_id
                 and date_trunc('month', o.period_start) = date_trunc('month', l.period_start) and o.id < l.id)`,
  `insert into invoice_items (invoice_id, position, kind, quantity, unit_price, amount_minor)
   select i.id, 1, 'MONTHLY_FEE', 1, l.subtotal, i.subtotal_minor
   from invoices i join legacy_invoices l on l.number = i.number where i.status = 'ISSUED'`,
  `update invoices i set status = 'PAID', paid_minor = i.total_minor
   from legacy_invoices l where l.number = i.number and l.status = 'PAID' and i.status = 'ISSUED'`,
  `insert into payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by)
   select i.id, i.total_minor, coalesce(l.paid_at, l.issued_on)::date, 'OTHER', 'carried over', 'migration'
   from invoices i join legacy_invoices l on l.number = i.number
   where l.status = 'PAID' and i.status = 'PAID' and i.total_minor > 0`,
  `drop table legacy_invoices`,
  // An issued invoice's content never changes; its status only moves forward; settled amounts only grow.
  `create function invoices_guard() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' then
       if old.status <> 'DRAFT' then raise exception 'invoice % is issued: it cannot be deleted', old.id using errcode = 'P0001'; end if;
       return old;
     end if;
     if old.status = 'DRAFT' then return new; end if;
     if old.status = 'VOID' then
       raise exception 'invoice % is void: it cannot change', old.id using errcode = 'P0001';
     end if;
     if new.company_id <> old.company_id or new.period_start <> old.period_start or new.period_end <> old.period_end
        or new.number is distinct from old.number or new.issued_at is distinct from old.issued_at
        or new.due_on is distinct from old.due_on or new.currency <> old.currency
        or new.tax_rate_percent <> old.tax_rate_percent or new.subtotal_minor <> old.subtotal_minor
        or new.rebate_minor <> old.rebate_minor or new.tax_minor <> old.tax_minor or new.total_minor <> old.total_minor
        or new.tariff_snapshot <> old.tariff_snapshot or new.content_hash <> old.content_hash
        or (old.pdf is not null and new.pdf is distinct from old.pdf)
        or new.pdf_sha256 is distinct from old.pdf_sha256 and old.pdf_sha256 is not null
        or new.replaces_invoice_id is distinct from old.replaces_invoice_id or new.created_at <> old.created_at
        or (new.status <> 'VOID' and (new.void_reason is distinct from old.void_reason
                                      or new.voided_at is distinct from old.voided_at)) then
       raise exception 'invoice % is issued: its content cannot change', old.id using errcode = 'P0001';
     end if;
     if new.paid_minor < old.paid_minor or new.credited_minor < old.credited_minor then
       raise exception 'invoice %: payments and credits only grow', old.id using errcode = 'P0001';
     end if;
     if new.status <> old.status and not (
          (old.status = 'ISSUED' and new.status in ('PARTIALLY_PAID', 'PAID', 'VOID'))
       or (old.status = 'PARTIALLY_PAID' and new.status = 'PAID')) then
       raise exception 'invoice %: status cannot move from % to %', old.id, old.status, new.status using errcode = 'P0001';
     end if;
     return new;
   end $$`,
  `create trigger invoices_guard before update or delete on invoices
   for each row execute function invoices_guard()`,
  `create function invoice_items_guard() returns trigger language plpgsql as $$
   declare
     s text;
   begin
     -- Shared lock: an issue (which locks the row) waits for this statement's transaction, and it for the issue.
     select status into s from invoices
     where id = case when tg_op = 'INSERT' then new.invoice_id else old.invoice_id end for share;
     if s is distinct from 'DRAFT' then
       raise exception 'the items of an issued invoice cannot change' using errcode = 'P0001';
     end if;
     if tg_op = 'DELETE' then return old; end if;
     return new;
   end $$`,
  `create trigger invoice_items_guard before insert or update or delete on invoice_items
   for each row execute function invoice_items_guard()`,
  `create function billing_append_only() returns trigger language plpgsql as $$
   begin
     raise exception '% rows are never changed or deleted', tg_table_name using errcode = 'P0001';
   end $$`,
  `create function billing_settles_open_invoice() returns trigger language plpgsql as $$
   declare
     s text;
   begin
     select status into s from invoices where id = new.invoice_id for share;
     if s is null or s not in ('ISSUED', 'PARTIALLY_PAID') then
       raise exception 'only an issued, unsettled invoice takes payments and credits' using errcode = 'P0001';
     end if;
     return new;
   end $$`,
  `create trigger payments_open_invoice before insert on payments
   for each row execute function billing_settles_open_invoice()`,
  `create trigger credit_notes_open_invoice before insert on credit_notes
   for each row execute function billing_settles_open_invoice()`,
  `create trigger payments_append_only before update or delete on payments
   for each row execute function billing_append_only()`,
  `create trigger credit_notes_append_only before update or delete on credit_notes
   for each row execute function billing_append_only()`,
];
