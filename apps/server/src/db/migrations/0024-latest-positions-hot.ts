import { sql, type Kysely } from 'kysely';

/**
 * Every stored batch updates each of its MSISDNs' row in `latest_positions` (issue 17: the position pipeline against
 * a raw COPY). The index on `time` made each of those updates a new row version with an entry in both indexes; no
 * query needs it — every reader comes through the MSISDN (the Monitor, the presence sweep, the tasks' dwell check),
 * and retention deletes a company's old rows through its MSISDNs (`msisdns_company_idx`, then the primary key). Without
 * it, and with room left on each page (fillfactor 50: the table holds one small row per MSISDN), an update of the latest
 * position stays on its page and touches no index (a heap-only tuple).
 *
 * The fillfactor applies to pages written from now on; an existing table takes it page by page as it is rewritten
 * (VACUUM FULL or CLUSTER, in a quiet hour).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `drop index if exists latest_positions_time_idx`,
  `alter table latest_positions set (fillfactor = 50)`,
];
