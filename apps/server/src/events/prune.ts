import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { JobRunner } from '../jobs/runner.ts';

/** Domain events are kept this long at least (reports and late processors may read them), then pruned. */
export const EVENT_RETENTION_DAYS = 30;
const CHUNK = 10_000;

/**
 * Deletes domain events older than `before` that every processor has passed (an event a processor's cursor has not
 * reached stays, however old: a processor blocked on a poison event must not lose what follows it). In chunks, so
 * no transaction grows large; idempotent, so several workers may run it at once.
 */
export async function pruneEvents(db: Db, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from domain_events where id in (
        select e.id from domain_events e
        where e.occurred_at < ${before.toISOString()}::timestamptz
          and not exists (
            select 1 from event_cursors c where (c.last_txid, c.last_id) < (e.txid, e.id)
          )
        limit ${CHUNK}
      )
    `.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    total += n;
    if (n < CHUNK) return total;
  }
}

/** The daily pruning of old domain events, as a job. */
export function registerEventJobs(runner: JobRunner, { db }: { db: Db }): void {
  runner
    .register('events.prune', async (job) => {
      const before = new Date(job.now().getTime() - EVENT_RETENTION_DAYS * 86_400_000);
      const count = await pruneEvents(db, before);
      if (count) job.log.info({ count }, 'pruned old domain events');
    })
    .schedule({ name: 'events.prune', kind: 'events.prune', cron: '17 3 * * *' });
}
