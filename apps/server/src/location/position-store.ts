import type { PositionSource } from '@lbs/contracts';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface PositionInput {
  msisdnId: number;
  time: Date;
  lat: number;
  lon: number;
  /** Radius of the uncertainty circle in metres; null when the source does not say. */
  accuracyM: number | null;
  source: PositionSource;
  /** Source-specific details (speed, bearing, altitude, battery, MLP shape …). */
  extra?: Record<string, unknown> | null;
}

export interface StoredPosition extends PositionInput {
  id: number;
  receivedAt: Date;
}

/** NOTIFY channel of new positions; the payload is their ids, comma-separated. */
export const POSITIONS_CHANNEL = 'lbs_positions';
/** Ids per NOTIFY, well under PostgreSQL's 8000-byte payload limit (ids of up to 15 digits and a comma). */
const IDS_PER_NOTIFY = 400;

/**
 * Writes a batch in one statement (arrays unnested, so the statement is the same for 1 or 5,000 rows), keeps the
 * latest position per MSISDN (only a newer one replaces it) and queues a NOTIFY of the new ids, which PostgreSQL
 * delivers to every listening replica when the transaction commits.
 */
export async function storePositions(
  tx: Transaction<Database>,
  inputs: readonly PositionInput[],
): Promise<StoredPosition[]> {
  if (inputs.length === 0) return [];
  const rows = await sql<{ id: number; received_at: Date }>`
    with ins as (
      insert into positions (msisdn_id, time, lat, lon, accuracy_m, source, extra)
      select * from unnest(
        ${inputs.map((p) => p.msisdnId)}::int[],
        ${inputs.map((p) => p.time.toISOString())}::timestamptz[],
        ${inputs.map((p) => p.lat)}::float8[],
        ${inputs.map((p) => p.lon)}::float8[],
        ${inputs.map((p) => p.accuracyM)}::float8[],
        ${inputs.map((p) => p.source)}::text[],
        ${inputs.map((p) => (p.extra ? JSON.stringify(p.extra) : null))}::jsonb[]
      )
      returning id, msisdn_id, time, lat, lon, accuracy_m, source, received_at
    ),
    latest as (
      insert into latest_positions (msisdn_id, position_id, time, lat, lon, accuracy_m, source, received_at)
      select distinct on (msisdn_id) msisdn_id, id, time, lat, lon, accuracy_m, source, received_at
      from ins
      order by msisdn_id, time desc, id desc
      on conflict (msisdn_id) do update set
        position_id = excluded.position_id, time = excluded.time, lat = excluded.lat, lon = excluded.lon,
        accuracy_m = excluded.accuracy_m, source = excluded.source, received_at = excluded.received_at
      where latest_positions.time <= excluded.time
    )
    select id, received_at from ins
  `.execute(tx);
  if (rows.rows.length !== inputs.length)
    throw new Error(`stored ${rows.rows.length} of ${inputs.length} positions`);
  const stored = inputs.map((p, i) => ({
    ...p,
    id: rows.rows[i]!.id,
    receivedAt: new Date(rows.rows[i]!.received_at),
  }));
  for (let i = 0; i < stored.length; i += IDS_PER_NOTIFY) {
    const ids = stored
      .slice(i, i + IDS_PER_NOTIFY)
      .map((p) => p.id)
      .join(',');
    await sql`select pg_notify(${POSITIONS_CHANNEL}, ${ids})`.execute(tx);
  }
  return stored;
}
