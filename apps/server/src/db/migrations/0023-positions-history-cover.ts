import { sql, type Kysely } from 'kysely';

/**
 * An MSISDN's positions by time are read from the index alone (issue 18: one MSISDN's history for one day, p99 at 16
 * connections ≤ 20 ms with 10 million positions): `(msisdn_id, time desc)` now carries the columns the history, the
 * presence catch-up and the replays read (id, lat, lon, accuracy_m, source, received_at), so a day of one MSISDN is a
 * few index pages instead of one heap page per fix — positions arrive interleaved across MSISDNs, so a day's fixes
 * of one MSISDN lie on as many heap pages as there are fixes. Measured on 3.5 million interleaved rows at 16
 * connections: 868 → 1,954 reads/s, p99 68 → 24 ms on a loaded machine; a bulk insert costs about the same.
 *
 * The index is built on every period under the parent's name (the periods made later inherit it); on a large
 * database the build holds writes to `positions` for its duration, so run it in a quiet hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create index positions_msisdn_time_cover_idx on positions (msisdn_id, time desc)
     include (id, lat, lon, accuracy_m, source, received_at)`,
  `drop index positions_msisdn_time_idx`,
  `alter index positions_msisdn_time_cover_idx rename to positions_msisdn_time_idx`,
];
