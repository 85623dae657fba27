import { sql, type Kysely } from 'kysely';

/**
 * Consent reminders and pending-consent flags (issue 15):
 * - companies' configuration gains `consentReminderDays` (30; 0 is off) and `consentPendingDays` (14) where absent.
 * - `consent_reminders`: one row per reminder SMS sent, unique per (MSISDN, the grant it reminds of, period), so a
 *   reminder is sent once per period whatever retries or replicas; the period counts `consentReminderDays` from the
 *   grant.
 * - `msisdns.consent_pending_flagged_at`: when a consent still PENDING past `consentPendingDays` was flagged to the
 *   admins (CONSENT_PENDING_EXPIRED); a new request starts the count again.
 * - The default consent rule of every company (and of new ones) also carries CONSENT_PENDING_EXPIRED.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const DEFAULT_RULES = `
    insert into notification_rules (company_id, default_key, name, event_types, channels, recipient_roles)
    values
      (new_company_id, 'consent', 'Consent changes',
       '["CONSENT_GRANTED", "CONSENT_REVOKED", "CONSENT_PENDING_EXPIRED"]', '["IN_APP", "EMAIL"]', '["CompanyAdmin"]'),
      (new_company_id, 'invoices', 'Invoices', '["INVOICE_ISSUED", "INVOICE_OVERDUE"]',
       '["IN_APP", "EMAIL"]', '["CompanyAdmin"]')
    on conflict (company_id, default_key) do nothing`;

const STATEMENTS = [
  `update companies set config = '{"consentReminderDays": 30, "consentPendingDays": 14}'::jsonb || config`,
  `create table consent_reminders (
    id bigserial primary key,
    msisdn_id integer not null references msisdns(id) on delete cascade,
    company_id integer not null references companies(id) on delete cascade,
    granted_at timestamptz not null,
    period integer not null check (period > 0),
    outbox_id bigint references outbox_messages(id) on delete set null,
    sent_at timestamptz not null default now(),
    unique (msisdn_id, granted_at, period)
  )`,
  `create index consent_reminders_last on consent_reminders (msisdn_id, sent_at desc)`,
  `alter table msisdns add column consent_pending_flagged_at timestamptz`,
  `create or replace function notification_default_rules() returns trigger language plpgsql as $$
  declare new_company_id integer := new.id;
  begin
    ${DEFAULT_RULES};
    return null;
  end $$`,
  `update notification_rules set event_types = event_types || '["CONSENT_PENDING_EXPIRED"]'::jsonb
    where default_key = 'consent' and not (event_types ? 'CONSENT_PENDING_EXPIRED')`,
];
