import { sql, type Kysely } from 'kysely';

/**
 * Notifications (issue 15):
 * - `users.locale`: the user's last portal language (set by the portal), in which e-mail and SMS notifications are
 *   written; null reads as en-US.
 * - `notification_rules`: per company, in the tier of its creator (`department_id` or `zone_id`, both null for a
 *   company-wide rule): event types, filters, channels, recipients (user ids and roles), active hours (the tracking
 *   window's shape), throttle, digest and maximum event age. `default_key` names the rules every company gets.
 * - `notification_deliveries`: one row per (event, recipient, channel) — the unique key makes a notification
 *   exactly once per recipient and channel whatever retries or replays — with its status, the suppression reason,
 *   the outbox message of an e-mail or SMS, and, for the inbox, when its recipient read it. `event_id` has no foreign
 *   key: domain events are pruned, deliveries stay.
 * - Every company gets the default rules when it is created (a trigger, so the seed, the API and the operator's
 *   tools all give them), and the companies that exist get them now: consent changes to the company admins in the
 *   inbox and by e-mail; invoices to the company admins in the inbox and by e-mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const DEFAULT_RULES = `
    insert into notification_rules (company_id, default_key, name, event_types, channels, recipient_roles)
    values
      (new_company_id, 'consent', 'Consent changes', '["CONSENT_GRANTED", "CONSENT_REVOKED"]',
       '["IN_APP", "EMAIL"]', '["CompanyAdmin"]'),
      (new_company_id, 'invoices', 'Invoices', '["INVOICE_ISSUED", "INVOICE_OVERDUE"]',
       '["IN_APP", "EMAIL"]', '["CompanyAdmin"]')
    on conflict (company_id, default_key) do nothing`;

const STATEMENTS = [
  `alter table users add column locale text`,
  `create table notification_rules (
    id serial primary key,
    company_id integer not null references companies(id) on delete cascade,
    department_id integer references departments(id) on delete cascade,
    zone_id integer references zones(id) on delete cascade,
    created_by integer references users(id) on delete set null,
    default_key text,
    name text not null,
    event_types jsonb not null,
    filters jsonb not null default '{}',
    channels jsonb not null,
    recipient_user_ids jsonb not null default '[]',
    recipient_roles jsonb not null default '[]',
    active_hours jsonb,
    throttle_mode text not null default 'NONE' check (throttle_mode in ('NONE', 'MSISDN_POI', 'MSISDN', 'RULE')),
    throttle_minutes integer not null default 0 check (throttle_minutes >= 0),
    digest text not null default 'IMMEDIATE' check (digest in ('IMMEDIATE', 'HOURLY', 'DAILY')),
    max_age_minutes integer not null default 15 check (max_age_minutes > 0),
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, default_key),
    check (department_id is null or zone_id is null)
  )`,
  `create index notification_rules_company on notification_rules (company_id, id) where active`,
  `create table notification_deliveries (
    id bigserial primary key,
    event_id bigint not null,
    event_type text not null,
    company_id integer not null references companies(id) on delete cascade,
    rule_id integer references notification_rules(id) on delete set null,
    recipient_user_id integer not null references users(id) on delete cascade,
    channel text not null check (channel in ('IN_APP', 'EMAIL', 'SMS')),
    status text not null check (status in ('QUEUED', 'SENT', 'FAILED', 'SUPPRESSED', 'DEAD')),
    suppress_reason text check (suppress_reason in
      ('THROTTLED', 'QUIET_HOURS', 'TOO_OLD', 'NO_ADDRESS', 'DIGESTED', 'OUT_OF_SCOPE')),
    address text,
    outbox_id bigint references outbox_messages(id) on delete set null,
    throttle_key text,
    msisdn_id integer references msisdns(id) on delete set null,
    subject_type text,
    subject_id text,
    data jsonb not null default '{}',
    occurred_at timestamptz not null,
    read_at timestamptz,
    created_at timestamptz not null default now(),
    unique (event_id, recipient_user_id, channel),
    check ((status = 'SUPPRESSED') = (suppress_reason is not null))
  )`,
  `create index notification_inbox on notification_deliveries (recipient_user_id, created_at desc, id desc)
    where channel = 'IN_APP' and status = 'SENT'`,
  `create index notification_unread on notification_deliveries (recipient_user_id)
    where channel = 'IN_APP' and status = 'SENT' and read_at is null`,
  `create index notification_throttle on notification_deliveries
    (rule_id, recipient_user_id, channel, throttle_key, occurred_at desc) where status <> 'SUPPRESSED'`,
  `create index notification_rule_log on notification_deliveries (rule_id, id desc)`,
  `create function notification_default_rules() returns trigger language plpgsql as $$
  declare new_company_id integer := new.id;
  begin
    ${DEFAULT_RULES};
    return null;
  end $$`,
  `create trigger companies_notification_defaults after insert on companies
    for each row execute function notification_default_rules()`,
  `do $$
  declare new_company_id integer;
  begin
    for new_company_id in select id from companies loop
      ${DEFAULT_RULES};
    end loop;
  end $$`,
];
