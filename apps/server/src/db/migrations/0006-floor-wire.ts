import type { Kysely } from 'kysely';
import { execScript } from '../sql-script.ts';

/**
 * MSISDN imports run as durable jobs (`msisdns.import`, keyed by the import id): the job's lease replaces the
 * import's own, and an import that was queued or running when the server was upgraded gets its job here, so it
 * resumes after its last committed batch like any other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    insert into jobs (kind, key, payload, max_attempts)
    select 'msisdns.import', id::text, jsonb_build_object('importId', id::text), 3
    from msisdn_imports where status in ('QUEUED', 'RUNNING')
    on conflict (kind, key) do nothing;
    alter table msisdn_imports drop column lease_until;
    `,
  );
}
