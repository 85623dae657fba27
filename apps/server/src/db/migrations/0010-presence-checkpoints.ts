import type { Kysely } from 'kysely';
import { execScript } from '../sql-script.ts';

/**
 * The presence engine keeps its hot path off the database (issue 11's benchmark):
 *
 * - `poi_presence` rows become checkpoints: written when a pair's state changes meaningfully, or when the checkpoint
 *   is old, not on every fix. `rev` counts the writes (a writer that read an older one redoes its work), and
 *   `through_time`/`through_id` name the newest position the checkpoint includes — what is newer is caught up from
 *   `positions`, so a crash loses nothing. Only pairs not OUTSIDE are read per batch (the partial index).
 *   `deadline_at` holds only the deadlines fixes do not push back (window end, a precise candidate's dwell); the
 *   max gap (`gap_ms`) is found against `latest_positions`, which every fix updates anyway. `fix_at` is the
 *   checkpointed state's newest fix (epoch ms), read per batch without opening `data`.
 * - `presence_epoch` changes with every write that can change which (MSISDN, POI) pairs are evaluated or how, so each
 *   process keeps the pairs cached and reloads them when the epoch moves (it moves at commit, with the change).
 *   `states_epoch` moves when a writer other than a pipeline batch writes states (the sweep, a replay, seeding):
 *   the states a process followed in memory are read again. `instance` tells databases apart (one process may serve
 *   tests against several).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table poi_presence
      add column rev bigint not null default 0,
      add column through_time timestamptz,
      add column through_id bigint,
      add column gap_ms integer,
      add column fix_at double precision;
    update poi_presence set fix_at = (data->>'lastFixAt')::float8;
    create index poi_presence_active_idx on poi_presence (msisdn_id) where state <> 'OUTSIDE';
    create table presence_epoch (
      id integer primary key check (id = 1),
      epoch bigint not null,
      states_epoch bigint not null default 0,
      instance text not null
    );
    insert into presence_epoch (id, epoch, instance) values (1, 0, md5(random()::text || clock_timestamp()::text));
    create function bump_presence_epoch() returns trigger language plpgsql as $$ begin update presence_epoch set epoch = epoch + 1 where id = 1; return null; end $$;
    create trigger poi_assignments_presence_epoch after insert or update or delete or truncate on poi_assignments
      for each statement execute function bump_presence_epoch();
    create trigger pois_presence_epoch after insert or update or delete or truncate on pois
      for each statement execute function bump_presence_epoch();
    create trigger poi_categories_presence_epoch after update or delete or truncate on poi_categories
      for each statement execute function bump_presence_epoch();
    create trigger msisdns_presence_epoch after update of consent_status, tracking_enabled, company_id or delete or truncate on msisdns
      for each statement execute function bump_presence_epoch();
    create trigger companies_presence_epoch after update of config or delete or truncate on companies
      for each statement execute function bump_presence_epoch();
    `,
  );
}
