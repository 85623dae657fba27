import type { PositionSource } from '@lbs/contracts';
import { sql, type Transaction } from 'kysely';
import { arrayLiteral, float8Array, int4Array, splitList, timestamptzArray } from '../db/arrays.ts';
import { PREPARED } from '../db/prepared.ts';
import { epochMs } from '../db/timestamps.ts';
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
  /** The company of the MSISDN when the position was stored (steps and events stay per tenant). */
  companyId: number;
  /**
   * The MSISDN's latest position before this batch (null: none), when a step asked for it: a position older than it
   * arrived late, and a step's cache that saw exactly it has missed nothing.
   */
  previous?: { id: number; time: Date } | null;
}

/**
 * A position's own fields, written one by one: a spread copy of each input (whatever else its object carries) cost
 * more than the rest of a batch's mapping.
 */
export function positionFields(p: PositionInput): Omit<PositionInput, 'extra'> {
  return {
    msisdnId: p.msisdnId,
    time: p.time,
    lat: p.lat,
    lon: p.lon,
    accuracyM: p.accuracyM,
    source: p.source,
  };
}

/**
 * Writes a batch in one statement (arrays unnested, so the statement is the same for 1 or 5,000 rows) and keeps the
 * latest position per MSISDN (only a newer one replaces it). Live fan-out and events are pipeline steps.
 */
export async function storePositions(
  tx: Transaction<Database>,
  inputs: readonly PositionInput[],
  withPrevious = false,
): Promise<StoredPosition[]> {
  if (inputs.length === 0) return [];
  const ids = int4Array(inputs.map((p) => p.msisdnId));
  // The answer is one row of comma-separated lists in input order (the ids, the companies, the previous positions)
  // instead of a row per position: a few texts to split where thousands of rows cost more to receive and parse
  // (2,000 positions: about 5 of 40 ms, statement and transaction included).
  const { rows } = await sql<{
    ids: string | null;
    companies: string | null;
    previous_ids: string | null;
    previous_ms: string | null;
  }>`${PREPARED}
    with ${withPrevious ? sql`prev as (select msisdn_id, position_id, time from latest_positions where msisdn_id = any(${ids}::int[])),` : sql``}
    ins as (
      insert into positions (msisdn_id, time, lat, lon, accuracy_m, source, extra)
      select * from unnest(
        ${ids}::int[],
        ${timestamptzArray(inputs.map((p) => p.time))}::timestamptz[],
        ${float8Array(inputs.map((p) => p.lat))}::float8[],
        ${float8Array(inputs.map((p) => p.lon))}::float8[],
        ${float8Array(inputs.map((p) => p.accuracyM))}::float8[],
        ${arrayLiteral(inputs.map((p) => p.source))}::text[],
        ${arrayLiteral(inputs.map((p) => (p.extra ? JSON.stringify(p.extra) : null)))}::jsonb[]
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
    select string_agg(ins.id::text, ',' order by ins.id) as ids,
      string_agg(m.company_id::text, ',' order by ins.id) as companies,
      ${
        withPrevious
          ? sql`string_agg(coalesce(prev.position_id::text, ''), ',' order by ins.id) as previous_ids,
      string_agg(coalesce(${epochMs(sql.ref('prev.time'))}::text, ''), ',' order by ins.id) as previous_ms`
          : sql`null as previous_ids, null as previous_ms`
      }
    from ins join msisdns m on m.id = ins.msisdn_id
    ${withPrevious ? sql`left join prev on prev.msisdn_id = ins.msisdn_id` : sql``}
  `.execute(tx);
  const row = rows[0];
  const storedIds = splitList(row?.ids);
  if (storedIds.length !== inputs.length)
    throw new Error(`stored ${storedIds.length} of ${inputs.length} positions`);
  const companies = splitList(row?.companies);
  // An empty element: a position without a previous one.
  const previousIds = splitList(row?.previous_ids);
  const previousMs = splitList(row?.previous_ms);
  // bigserial ids are taken in the order of the unnested input, so id order is input order.
  return inputs.map((p, i) => {
    // The fields' object completed in place (a spread into another object made two per position).
    const stored = positionFields(p) as StoredPosition;
    stored.id = Number(storedIds[i]);
    stored.companyId = Number(companies[i]);
    if (p.extra !== undefined) stored.extra = p.extra;
    if (withPrevious)
      stored.previous =
        previousIds[i] === '' ? null : { id: Number(previousIds[i]), time: new Date(Number(previousMs[i])) };
    return stored;
  });
}
