import { sql, type Kysely } from 'kysely';

/**
 * Monitor snapshots (issue 17): every replica keeps the Monitor's latest positions per scope in memory, updated from
 * the live position stream. What the stream does not carry is announced by these triggers on the channel
 * `lbs_monitor_invalidate`, delivered on commit to every replica, which then rebuilds the affected snapshots:
 * - an MSISDN added, removed, or changed in what the Monitor shows or who may see it (number, name, company,
 *   department, zone, consent, tracking): the payload is its company id (old and new when it moved company);
 * - latest positions deleted (retention, an MSISDN's deletion): payload `*`, every snapshot.
 * Identical payloads of one transaction are delivered once, so an import of ten thousand MSISDNs is one message.
 */
const STATEMENTS = [
  `create function lbs_monitor_msisdn_changed() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      perform pg_notify('lbs_monitor_invalidate', old.company_id::text);
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
      perform pg_notify('lbs_monitor_invalidate', new.company_id::text);
    end if;
    return null;
  end $$`,
  `create trigger msisdns_monitor_insert_delete after insert or delete on msisdns
    for each row execute function lbs_monitor_msisdn_changed()`,
  `create trigger msisdns_monitor_update after update on msisdns
    for each row when (
      old.msisdn is distinct from new.msisdn or old.employee_name is distinct from new.employee_name
      or old.company_id is distinct from new.company_id or old.department_id is distinct from new.department_id
      or old.zone_id is distinct from new.zone_id or old.consent_status is distinct from new.consent_status
      or old.tracking_enabled is distinct from new.tracking_enabled
    ) execute function lbs_monitor_msisdn_changed()`,
  `create function lbs_monitor_latest_deleted() returns trigger language plpgsql as $$
  begin
    if exists (select 1 from gone) then
      perform pg_notify('lbs_monitor_invalidate', '*');
    end if;
    return null;
  end $$`,
  `create trigger latest_positions_monitor_delete after delete on latest_positions
    referencing old table as gone for each statement execute function lbs_monitor_latest_deleted()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
