import { sql, type Kysely } from 'kysely';

/**
 * Report export files in the database (`stored_files`, like the scheduled reports' files) instead of each replica's
 * own disk: the job that writes the file and the request that downloads it may run on different replicas.
 * `file_id` is set when a run starts writing (so a run after a crash removes what the earlier one left) and names
 * the complete file once the export is DONE. `file_path` stays for files written before (removed when they expire).
 */
const STATEMENTS = [
  `alter table report_exports add column file_id bigint references stored_files(id) on delete set null`,
  `create index report_exports_file_expiry on report_exports (expires_at) where file_id is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
