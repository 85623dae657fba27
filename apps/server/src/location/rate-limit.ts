import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the current minute ends (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Per-company limit of "locate now" requests per clock minute, counted in the database so every replica shares one
 * count (an atomic upsert: two replicas can never both take the last slot).
 */
export async function takeLocateSlot(
  db: Db,
  companyId: number,
  limitPerMinute: number,
  now: Date = new Date(),
): Promise<RateDecision> {
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const result = await sql<{ count: number }>`
    insert into locate_rate_counters (company_id, window_start, count) values (${companyId}, ${windowStart.toISOString()}::timestamptz, 1)
    on conflict (company_id, window_start) do update set count = locate_rate_counters.count + 1
    returning count
  `.execute(db);
  const count = Number(result.rows[0]?.count ?? 1);
  return {
    allowed: count <= limitPerMinute,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - now.getTime()) / 1000)),
  };
}
