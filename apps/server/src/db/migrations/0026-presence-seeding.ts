import { sql, type Kysely } from 'kysely';

/**
 * When a pair's evaluation began (issue 11): a new assignment's pair is seeded from the MSISDN's latest position, and
 * in-order delivery evaluates only the positions after that one. A pair seeded INSIDE left a seeded visit that a
 * replay starts from; a pair seeded OUTSIDE left nothing, so a replay over the seeding evaluated positions that had come
 * before the pair existed (a visit, with its ENTER, from before the assignment). `seeded_at` is when the pair was
 * seeded, `seed_fix_at` the time of the latest position then (null: the MSISDN had none); rows seeded before this
 * migration have neither, and their replays keep looking for a seeded visit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table poi_presence add column seeded_at timestamptz, add column seed_fix_at timestamptz`.execute(
    db,
  );
}
