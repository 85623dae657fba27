import { sql, type Kysely } from 'kysely';

/**
 * Presence written after its positions (issue 11: ingest with geofencing at ≥ 0.8 of ingest without). On PostgreSQL
 * the pipeline commits a batch's positions first and writes what presence made of them (checkpoints, visits, events)
 * in a transaction of its own right after, while the next batch is stored. `presence_pending` is the bridge: a row
 * written with the positions names the MSISDNs whose presence writes are still to come, and the presence transaction
 * deletes it. A row that outlives its writes (a crash between the two commits, a presence transaction that failed)
 * is taken by the presence sweep, which asks for a replay of those MSISDNs from `from_time` — replays are
 * deterministic and emit nothing twice, so the writes happen once whatever came between.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table presence_pending (
    id bigserial primary key,
    msisdn_ids integer[] not null,
    from_time timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  `create index presence_pending_created_idx on presence_pending (created_at)`,
];
