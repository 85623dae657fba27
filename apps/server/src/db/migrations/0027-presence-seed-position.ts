import { sql, type Kysely } from 'kysely';

/**
 * The position a pair was seeded from (issue 11), beside its time (0026): a replay starts from that very position and
 * evaluates the later ones, which in-order delivery evaluated — a position with the same time that came after it
 * (an app's fix beside the network's) among them. Rows seeded before this keep the lookup by time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table poi_presence add column seed_position_id bigint`.execute(db);
}
