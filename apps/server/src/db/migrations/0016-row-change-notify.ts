import { sql, type Kysely } from 'kysely';

/**
 * Row-change notifications for the caches every replica keeps of the rows that authorise a request (issue 17): the
 * portal user behind a token (users, user_roles) with their `/me` record (names of their company and units, the
 * company's due invoices), and the MSISDN behind a device token (device_tokens, msisdns, companies). A statement that changes such rows sends,
 * on commit, `NOTIFY lbs_row_changes, '<kind>:<id>,<id>…'` (`<kind>:*` when it touched more than 200 of them or
 * truncated the table), and each replica drops what it held of those rows. One notification per statement, from
 * its transition tables.
 *
 * - users, user_roles → `user:<users.id>`: deactivation, roles, scope (company, department, zone), sessions ended;
 * - msisdns → `msisdn:<id>`: consent, tracking, moved to another company or department, deleted;
 * - device_tokens → `msisdn:<msisdn_id>` when a token is revoked, re-pointed or deleted, or used for the first time
 *   (not on the once-a-minute `last_used_at` marks);
 * - companies → `company:<id>`: status (suspended), configuration (tracking window), names and zone flags; a new
 *   company too (a SuperAdmin's `/me` lists every company's zone flag);
 * - departments, zones, designations → `department:<id>`, `zone:<id>`, `designation:<id>`: their names;
 * - invoices → `company-invoices:<company_id>`: `/me`'s due invoices (issued, paid, credited, voided).
 * Other new rows need no notification: absent rows are never cached.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...FUNCTIONS, ...triggers()]) await sql.raw(statement).execute(db);
}

const FUNCTIONS = [
  `create function notify_row_change(kind text, ids bigint[]) returns void language plpgsql as $$
    begin
      if ids is null or cardinality(ids) = 0 then return; end if;
      perform pg_notify('lbs_row_changes',
        kind || ':' || case when cardinality(ids) > 200 then '*' else array_to_string(ids, ',') end);
    end $$`,
  // TG_ARGV: the kind, and the column that holds the id it names.
  `create function row_changed() returns trigger language plpgsql as $$
    declare ids bigint[];
    begin
      if TG_OP = 'TRUNCATE' then
        perform pg_notify('lbs_row_changes', TG_ARGV[0] || ':*');
        return null;
      elsif TG_OP = 'INSERT' then
        execute format('select array_agg(distinct %I) from new_rows', TG_ARGV[1]) into ids;
      elsif TG_OP = 'DELETE' then
        execute format('select array_agg(distinct %I) from old_rows', TG_ARGV[1]) into ids;
      else
        execute format('select array_agg(distinct x) from (select %1$I as x from old_rows union select %1$I from new_rows) r',
          TG_ARGV[1]) into ids;
      end if;
      perform notify_row_change(TG_ARGV[0], ids);
      return null;
    end $$`,
  `create function device_tokens_changed() returns trigger language plpgsql as $$
    begin
      perform notify_row_change('msisdn', array(
        select distinct m from old_rows o join new_rows n using (id), unnest(array[o.msisdn_id, n.msisdn_id]) m
        where o.revoked_at is distinct from n.revoked_at or o.msisdn_id <> n.msisdn_id or o.token_hash <> n.token_hash
          or (o.last_used_at is null) <> (n.last_used_at is null)));
      return null;
    end $$`,
];

function triggers(): string[] {
  const follow = (
    table: string,
    kind: string,
    column: string,
    events: ('insert' | 'update' | 'delete')[],
  ) => [
    ...events.map((event) => {
      const referencing =
        event === 'insert'
          ? 'new table as new_rows'
          : event === 'delete'
            ? 'old table as old_rows'
            : 'old table as old_rows new table as new_rows';
      return `create trigger ${table}_row_${event} after ${event} on ${table} referencing ${referencing}
        for each statement execute function row_changed('${kind}', '${column}')`;
    }),
    `create trigger ${table}_row_truncate after truncate on ${table}
      for each statement execute function row_changed('${kind}', '${column}')`,
  ];
  return [
    ...follow('users', 'user', 'id', ['update', 'delete']),
    ...follow('user_roles', 'user', 'user_id', ['insert', 'update', 'delete']),
    ...follow('msisdns', 'msisdn', 'id', ['update', 'delete']),
    ...follow('device_tokens', 'msisdn', 'msisdn_id', ['delete']),
    `create trigger device_tokens_row_update after update on device_tokens
      referencing old table as old_rows new table as new_rows
      for each statement execute function device_tokens_changed()`,
    ...follow('companies', 'company', 'id', ['insert', 'update', 'delete']),
    ...follow('departments', 'department', 'id', ['update', 'delete']),
    ...follow('zones', 'zone', 'id', ['update', 'delete']),
    ...follow('designations', 'designation', 'id', ['update', 'delete']),
    ...follow('invoices', 'company-invoices', 'company_id', ['insert', 'update', 'delete']),
  ];
}
