import { sql, type Kysely } from 'kysely';

/**
 * When time alone closed presence after an MSISDN's newest fix (the sweep: max_gap, an assignment window's end), a fix
 * from before that instant that comes later — an app's backlog, sent once the phone is back — is late: in order it
 * would have kept the visit open, so it is replayed (issue 11). The closed state is OUTSIDE, which the pipeline's
 * per-batch read of the states not OUTSIDE leaves out; this row (one per MSISDN, the latest such instant) lets that same
 * read see that a batch's fixes may be late, and only then are the MSISDN's OUTSIDE states read. A row outlives its use
 * harmlessly (a later fix is not before it); the sweep deletes those older than any position the pipeline accepts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table presence_closures (
      msisdn_id integer primary key references msisdns(id) on delete cascade,
      closed_at timestamptz not null
    )`.execute(db);
}
