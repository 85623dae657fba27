import { sql, type Transaction } from 'kysely';
import type { PoiGeometry, PoiTimeWindow, PositionSource } from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { emit } from '../../events/emit.ts';
import type { PresencePayload } from '../../events/types.ts';
import { enqueue } from '../../jobs/queue.ts';
import {
  diffVisits as diffVisitsOf,
  finalVisits as finalVisitsOf,
  initialPresence,
  nextDeadline,
  preparePoi,
  presenceParams,
  seed,
  step,
  tick,
  activeUntil,
  type AssignmentSchedule,
  type PassedBy,
  type PreparedPoi,
  type PresenceContext,
  type PresenceFix,
  type PresenceOutput,
  type PresenceState,
  type VisitRecord,
} from '../../location/geofence/index.ts';
import type { StoredPosition } from '../../location/pipeline.ts';

/**
 * The presence engine on the database: which (MSISDN, POI) pairs are evaluated (active assignments of consenting,
 * tracked numbers at active POIs), their stored state (`poi_presence`), and where the pure core's outputs go
 * (`visits`, `poi_passed_by`, domain events with idempotency keys). Used by the pipeline step (fixes as they are
 * stored), the sweep (deadlines: max gap, window end), seeding (a new assignment) and replay (late fixes).
 */

export const REPLAY_JOB = 'presence.replay';
export const SWEEP_JOB = 'presence.sweep';

/** One evaluated pair with everything its evaluation needs. */
export interface Pair {
  companyId: number;
  msisdnId: number;
  poiId: number;
  schedules: AssignmentSchedule[];
  timeZone: string;
  /** The time zone and schedules as one key: pairs with the same terms share their window answers. */
  sig: string;
  ctx: PresenceContext;
}

const activeMemo = new Map<string, number | null | undefined>();
/**
 * When the pair's active period around `at` ends (undefined: not active; null: not within 14 days). Windows start
 * and end on whole minutes of a zone whose offsets are whole minutes, so the answer holds for the whole minute and
 * is shared by every pair with the same terms (time zone arithmetic is the engine's dearest part otherwise).
 */
function activeEnd(pair: Pair, at: number): number | null | undefined {
  const key = `${pair.sig}|${Math.floor(at / 60_000)}`;
  if (activeMemo.has(key)) return activeMemo.get(key);
  if (activeMemo.size > 200_000) activeMemo.clear();
  const end = activeUntil(pair.schedules, pair.timeZone, at);
  activeMemo.set(key, end);
  return end;
}
const isActive = (pair: Pair, at: number) => activeEnd(pair, at) !== undefined;

const prepared = new Map<string, PreparedPoi>();
/** Prepared POIs by id and version: the polygon work is done once per shape, not per fix. */
function preparedPoi(poiId: number, version: number, geometry: PoiGeometry): PreparedPoi {
  const key = `${poiId}:${version}`;
  let poi = prepared.get(key);
  if (!poi) {
    if (prepared.size > 50_000) prepared.clear();
    poi = preparePoi(poiId, geometry);
    prepared.set(key, poi);
  }
  return poi;
}

export const pairKey = (msisdnId: number, poiId: number) => `${msisdnId}:${poiId}`;

interface PairRow {
  company_id: number;
  msisdn_id: number;
  poi_id: number;
  days: number[];
  windows: PoiTimeWindow[];
  valid_from: string | null;
  valid_to: string | null;
  min_dwell_minutes: number | null;
  category_dwell: number | null;
  geometry: PoiGeometry;
  version: number;
  config: { pollIntervalMinutes?: number; trackingWindow?: { timezone?: string } };
}

/**
 * The pairs to evaluate for these MSISDNs (optionally only these POIs): one per (MSISDN, POI) with every
 * assignment's schedule (an MSISDN may be sent to one POI for two purposes). Only consenting, tracked numbers.
 */
export async function loadPairs(
  db: Executor,
  msisdnIds: readonly number[],
  poiIds?: readonly number[],
): Promise<Map<number, Pair[]>> {
  const out = new Map<number, Pair[]>();
  if (!msisdnIds.length) return out;
  const { rows } = await sql<PairRow>`
    select a.company_id, a.msisdn_id, a.poi_id, a.days, a.windows, a.valid_from::text as valid_from,
           a.valid_to::text as valid_to, a.min_dwell_minutes, cat.default_min_dwell_minutes as category_dwell,
           p.geometry, p.version, c.config
    from poi_assignments a
    join pois p on p.id = a.poi_id and p.active
    join msisdns m on m.id = a.msisdn_id and m.consent_status = 'GRANTED' and m.tracking_enabled
    join companies c on c.id = a.company_id
    left join poi_categories cat on cat.id = p.category_id
    where a.msisdn_id in (${sql.join(msisdnIds)})
    ${poiIds ? sql`and a.poi_id in (${sql.join(poiIds.length ? poiIds : [0])})` : sql``}
    order by a.msisdn_id, a.poi_id, a.id`.execute(db);
  let last: Pair | undefined;
  let dwell = 0;
  for (const row of rows) {
    const schedule: AssignmentSchedule = {
      days: row.days,
      windows: row.windows,
      validFrom: row.valid_from,
      validTo: row.valid_to,
    };
    const minDwell = row.min_dwell_minutes ?? row.category_dwell ?? 5;
    if (last && last.msisdnId === row.msisdn_id && last.poiId === row.poi_id) {
      last.schedules.push(schedule);
      last.sig = `${last.timeZone}|${JSON.stringify(last.schedules)}`;
      // The most sensitive of the assignments' dwells decides (each purpose reads the visit it needs).
      if (minDwell < dwell) {
        dwell = minDwell;
        last.ctx.params = presenceParams({
          pollIntervalMinutes: row.config.pollIntervalMinutes ?? 5,
          minDwellMinutes: minDwell,
        });
      }
      continue;
    }
    dwell = minDwell;
    const timeZone = row.config.trackingWindow?.timezone ?? 'UTC';
    const schedules = [schedule];
    const pair: Pair = {
      companyId: row.company_id,
      msisdnId: row.msisdn_id,
      poiId: row.poi_id,
      schedules,
      timeZone,
      sig: `${timeZone}|${JSON.stringify(schedules)}`,
      ctx: {
        msisdnId: row.msisdn_id,
        poi: preparedPoi(row.poi_id, row.version, row.geometry),
        params: presenceParams({
          pollIntervalMinutes: row.config.pollIntervalMinutes ?? 5,
          minDwellMinutes: minDwell,
        }),
        windowEndAt: (at) => activeEnd(pair, at) ?? null,
      },
    };
    last = pair;
    const list = out.get(row.msisdn_id);
    if (list) list.push(last);
    else out.set(row.msisdn_id, [last]);
  }
  return out;
}

/** The stored states of these pairs, locked for the transaction (two writers of one pair wait for each other). */
export async function loadStates(tx: Executor, pairs: readonly Pair[]): Promise<Map<string, PresenceState>> {
  const states = new Map<string, PresenceState>();
  if (!pairs.length) return states;
  const msisdnIds = [...new Set(pairs.map((p) => p.msisdnId))];
  const rows = await tx
    .selectFrom('poi_presence')
    .select(['msisdn_id', 'poi_id', 'data'])
    .where('msisdn_id', 'in', msisdnIds)
    .orderBy('msisdn_id')
    .orderBy('poi_id')
    .forUpdate()
    .execute();
  for (const row of rows) states.set(pairKey(row.msisdn_id, row.poi_id), row.data as PresenceState);
  return states;
}

const date = (ms: number | null) => (ms === null ? null : new Date(ms));
const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The changed states and everything the core emitted, written in the caller's transaction. */
export async function writeResults(
  tx: Executor,
  changed: readonly { pair: Pair; state: PresenceState }[],
  outputs: readonly { pair: Pair; output: PresenceOutput }[],
  now: Date,
): Promise<void> {
  if (changed.length) {
    await tx
      .insertInto('poi_presence')
      .values(
        changed.map(({ pair, state }) => ({
          msisdn_id: pair.msisdnId,
          poi_id: pair.poiId,
          company_id: pair.companyId,
          state: state.state,
          data: JSON.stringify(state),
          deadline_at: date(nextDeadline(state, pair.ctx)),
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['msisdn_id', 'poi_id']).doUpdateSet((eb) => ({
          state: eb.ref('excluded.state'),
          data: eb.ref('excluded.data'),
          deadline_at: eb.ref('excluded.deadline_at'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  const visits = new Map<string, { pair: Pair; visit: VisitRecord }>();
  const passed: { pair: Pair; passedBy: PassedBy }[] = [];
  for (const { pair, output } of outputs) {
    if (output.kind === 'VISIT') visits.set(output.visit.key, { pair, visit: output.visit });
    else if (output.kind === 'PASSED_BY') passed.push({ pair, passedBy: output.passedBy });
  }
  if (visits.size) await upsertVisits(tx, [...visits.values()], now);
  if (passed.length) {
    await tx
      .insertInto('poi_passed_by')
      .values(
        passed.map(({ pair, passedBy: p }) => ({
          key: p.key,
          company_id: pair.companyId,
          msisdn_id: p.msisdnId,
          poi_id: p.poiId,
          first_inside_at: new Date(p.firstInsideAt),
          last_inside_at: new Date(p.lastInsideAt),
          outside_at: new Date(p.outsideAt),
          fix_count: p.fixCount,
          sources: JSON.stringify(p.sources),
        })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
  for (const { pair, output } of outputs) {
    if (output.kind !== 'EVENT') continue;
    const e = output.event;
    await emit(tx as Db, {
      type: e.type,
      companyId: pair.companyId,
      msisdnId: e.msisdnId,
      subject: { type: 'poi', id: e.poiId },
      payload: presencePayload(e.visit, e.earliest, e.latest),
      idempotencyKey: e.idempotencyKey,
      occurredAt: new Date(e.occurredAt),
    });
  }
}

export function presencePayload(
  visit: VisitRecord,
  earliest: number | null,
  latest: number | null,
): PresencePayload {
  return {
    poiId: visit.poiId,
    visitKey: visit.key,
    earliest: isoOrNull(earliest),
    latest: isoOrNull(latest),
    enteredAt: new Date(visit.enteredAt).toISOString(),
    exitedAt: isoOrNull(visit.exitedAt),
    dwellMinutes: visit.dwellMinutes,
    confidence: visit.confidence,
    closedBy: visit.closedBy,
  };
}

export async function upsertVisits(
  tx: Executor,
  visits: readonly { pair: Pair; visit: VisitRecord }[],
  now: Date,
): Promise<void> {
  await tx
    .insertInto('visits')
    .values(
      visits.map(({ pair, visit: v }) => ({
        key: v.key,
        company_id: pair.companyId,
        msisdn_id: v.msisdnId,
        poi_id: v.poiId,
        entered_at: new Date(v.enteredAt),
        entered_earliest: date(v.enteredEarliest),
        entered_latest: new Date(v.enteredLatest),
        exited_at: date(v.exitedAt),
        exited_earliest: date(v.exitedEarliest),
        exited_latest: date(v.exitedLatest),
        dwell_minutes: v.dwellMinutes,
        confidence: v.confidence,
        fix_count: v.fixCount,
        sources: JSON.stringify(v.sources),
        closed_by: v.closedBy,
        seeded: v.seeded,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        entered_earliest: eb.ref('excluded.entered_earliest'),
        entered_latest: eb.ref('excluded.entered_latest'),
        exited_at: eb.ref('excluded.exited_at'),
        exited_earliest: eb.ref('excluded.exited_earliest'),
        exited_latest: eb.ref('excluded.exited_latest'),
        dwell_minutes: eb.ref('excluded.dwell_minutes'),
        confidence: eb.ref('excluded.confidence'),
        fix_count: eb.ref('excluded.fix_count'),
        sources: eb.ref('excluded.sources'),
        closed_by: eb.ref('excluded.closed_by'),
        seeded: eb.ref('excluded.seeded'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

const toFix = (p: {
  time: Date;
  lat: number;
  lon: number;
  accuracyM: number | null;
  source: PositionSource;
  id: number;
}): PresenceFix => ({
  time: p.time.getTime(),
  lat: p.lat,
  lon: p.lon,
  accuracyM: p.accuracyM,
  source: p.source,
  positionId: p.id,
});

/**
 * The pipeline step's work: each stored position (ordered per MSISDN by time) against the MSISDN's evaluated pairs.
 * A fix outside every assignment window of a pair only lets time act (window end, max gap). A fix older than the
 * pair's newest one asks for a replay of that MSISDN from its time (a job: the result equals in-order delivery).
 */
export async function evaluatePositions(
  tx: Transaction<Database>,
  positions: readonly StoredPosition[],
  now: Date,
): Promise<void> {
  const msisdnIds = [...new Set(positions.map((p) => p.msisdnId))];
  const pairsByMsisdn = await loadPairs(tx, msisdnIds);
  if (!pairsByMsisdn.size) return;
  const allPairs = [...pairsByMsisdn.values()].flat();
  const states = await loadStates(tx, allPairs);
  const changed: { pair: Pair; state: PresenceState }[] = [];
  const outputs: { pair: Pair; output: PresenceOutput }[] = [];
  const replayFrom = new Map<number, number>();
  let start = 0;
  while (start < positions.length) {
    const msisdnId = positions[start]!.msisdnId;
    let end = start;
    while (end < positions.length && positions[end]!.msisdnId === msisdnId) end++;
    const pairs = pairsByMsisdn.get(msisdnId) ?? [];
    for (const pair of pairs) {
      const key = pairKey(pair.msisdnId, pair.poiId);
      const initial = states.get(key) ?? initialPresence(pair.msisdnId, pair.poiId);
      let state = initial;
      for (let i = start; i < end; i++) {
        const fix = toFix(positions[i]!);
        const active = isActive(pair, fix.time);
        const result = active ? step(state, fix, pair.ctx) : tick(state, fix.time, pair.ctx);
        if (result.ignored === 'OUT_OF_ORDER')
          replayFrom.set(msisdnId, Math.min(replayFrom.get(msisdnId) ?? Infinity, fix.time));
        state = result.state;
        for (const output of result.outputs) outputs.push({ pair, output });
      }
      if (state !== initial) changed.push({ pair, state });
    }
    start = end;
  }
  await writeResults(tx, changed, outputs, now);
  for (const [msisdnId, from] of replayFrom) await requestReplay(tx, msisdnId, from);
}

/** Asks for a replay of an MSISDN's presence from `from` (one job per MSISDN and hour of the late fix). */
export async function requestReplay(tx: Executor, msisdnId: number, from: number): Promise<void> {
  const hour = Math.floor(from / 3_600_000);
  await enqueue(tx as Db, {
    kind: REPLAY_JOB,
    key: `${msisdnId}:${hour}`,
    payload: { msisdnId, from: new Date(from).toISOString() },
  });
}

/** A new assignment's pair starts from the MSISDN's latest position, without an ENTER (it was there already). */
export async function seedPairs(
  tx: Executor,
  msisdnIds: readonly number[],
  poiIds: readonly number[],
  now: Date,
): Promise<void> {
  const pairsByMsisdn = await loadPairs(tx, msisdnIds, poiIds);
  const pairs = [...pairsByMsisdn.values()].flat();
  if (!pairs.length) return;
  const states = await loadStates(tx, pairs);
  const fresh = pairs.filter((p) => !states.has(pairKey(p.msisdnId, p.poiId)));
  if (!fresh.length) return;
  const latest = await tx
    .selectFrom('latest_positions')
    .select(['msisdn_id', 'position_id', 'time', 'lat', 'lon', 'accuracy_m', 'source'])
    .where('msisdn_id', 'in', [...new Set(fresh.map((p) => p.msisdnId))])
    .execute();
  const byMsisdn = new Map(latest.map((l) => [l.msisdn_id, l]));
  const changed: { pair: Pair; state: PresenceState }[] = [];
  const outputs: { pair: Pair; output: PresenceOutput }[] = [];
  for (const pair of fresh) {
    const l = byMsisdn.get(pair.msisdnId);
    const fix = l
      ? toFix({
          time: l.time,
          lat: l.lat,
          lon: l.lon,
          accuracyM: l.accuracy_m,
          source: l.source,
          id: l.position_id,
        })
      : null;
    const active = fix && isActive(pair, now.getTime());
    const result = seed(active ? fix : null, pair.ctx, now.getTime());
    changed.push({ pair, state: result.state });
    for (const output of result.outputs) outputs.push({ pair, output });
  }
  await writeResults(tx, changed, outputs, now);
}

/** The deadlines that are due: time alone closes visits (max gap, window end) and confirms precise candidates. */
export async function sweepDeadlines(db: Db, now: Date, limit = 1000): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('poi_presence')
      .select(['msisdn_id', 'poi_id'])
      .where('deadline_at', '<=', now)
      .orderBy('deadline_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (!due.length) return 0;
    const pairsByMsisdn = await loadPairs(
      tx,
      [...new Set(due.map((d) => d.msisdn_id))],
      [...new Set(due.map((d) => d.poi_id))],
    );
    const wanted = new Set(due.map((d) => pairKey(d.msisdn_id, d.poi_id)));
    const pairs = [...pairsByMsisdn.values()].flat().filter((p) => wanted.has(pairKey(p.msisdnId, p.poiId)));
    const states = await loadStates(tx, pairs);
    const changed: { pair: Pair; state: PresenceState }[] = [];
    const outputs: { pair: Pair; output: PresenceOutput }[] = [];
    for (const pair of pairs) {
      const state = states.get(pairKey(pair.msisdnId, pair.poiId));
      if (!state) continue;
      const result = tick(state, now.getTime(), pair.ctx);
      changed.push({ pair, state: result.state });
      for (const output of result.outputs) outputs.push({ pair, output });
    }
    await writeResults(tx, changed, outputs, now);
    // A pair no longer evaluated (assignment removed, POI inactive, consent withdrawn) keeps its state, unscheduled.
    const orphans = due.filter((d) => !pairs.some((p) => p.msisdnId === d.msisdn_id && p.poiId === d.poi_id));
    for (const o of orphans)
      await tx
        .updateTable('poi_presence')
        .set({ deadline_at: null })
        .where('msisdn_id', '=', o.msisdn_id)
        .where('poi_id', '=', o.poi_id)
        .execute();
    return due.length;
  });
}

interface VisitRow {
  key: string;
  msisdn_id: number;
  poi_id: number;
  entered_at: Date;
  entered_earliest: Date | null;
  entered_latest: Date;
  exited_at: Date | null;
  exited_earliest: Date | null;
  exited_latest: Date | null;
  dwell_minutes: number;
  confidence: number;
  fix_count: number;
  sources: unknown;
  closed_by: VisitRecord['closedBy'];
  seeded: boolean;
}

const ms = (d: Date | null) => (d === null ? null : d.getTime());
export function visitOfRow(r: VisitRow): VisitRecord {
  return {
    key: r.key,
    msisdnId: r.msisdn_id,
    poiId: r.poi_id,
    enteredAt: r.entered_at.getTime(),
    enteredEarliest: ms(r.entered_earliest),
    enteredLatest: r.entered_latest.getTime(),
    exitedAt: ms(r.exited_at),
    exitedEarliest: ms(r.exited_earliest),
    exitedLatest: ms(r.exited_latest),
    dwellMinutes: Number(r.dwell_minutes),
    confidence: Number(r.confidence),
    fixCount: r.fix_count,
    sources: r.sources as PositionSource[],
    closedBy: r.closed_by,
    seeded: r.seeded,
  };
}

/**
 * Late fixes: re-runs the MSISDN's presence at each of its pairs from before the first visit the late fix can touch,
 * over the stored positions, exactly as in-order delivery would have; the visits that differ are rewritten with a
 * VISIT_CORRECTED event, events already emitted are not emitted again (their keys), the state becomes the replay's.
 */
export async function replayMsisdn(db: Db, msisdnId: number, from: number, now: Date): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const pairs = (await loadPairs(tx, [msisdnId])).get(msisdnId) ?? [];
    if (!pairs.length) return 0;
    await loadStates(tx, pairs);
    let corrections = 0;
    for (const pair of pairs) {
      const { maxGapMs, enterDwellMs } = pair.ctx.params;
      const touched = await tx
        .selectFrom('visits')
        .select((eb) => eb.fn.min('entered_at').as('first'))
        .where('msisdn_id', '=', msisdnId)
        .where('poi_id', '=', pair.poiId)
        .where((eb) => eb.or([eb('exited_at', 'is', null), eb('exited_at', '>=', new Date(from - maxGapMs))]))
        .executeTakeFirst();
      const first = touched?.first ? new Date(touched.first as Date).getTime() : from;
      const anchor = Math.min(from, first) - maxGapMs - enterDwellMs;
      const positions = await tx
        .selectFrom('positions')
        .select(['id', 'time', 'lat', 'lon', 'accuracy_m', 'source'])
        .where('msisdn_id', '=', msisdnId)
        .where('time', '>=', new Date(anchor))
        .where('time', '<=', now)
        .orderBy('time')
        .orderBy('id')
        .execute();
      let state = initialPresence(msisdnId, pair.poiId);
      const outputs: { pair: Pair; output: PresenceOutput }[] = [];
      for (const p of positions) {
        const fix = toFix({ ...p, accuracyM: p.accuracy_m });
        const active = isActive(pair, fix.time);
        const result = active ? step(state, fix, pair.ctx) : tick(state, fix.time, pair.ctx);
        state = result.state;
        for (const output of result.outputs) outputs.push({ pair, output });
      }
      const ticked = tick(state, now.getTime(), pair.ctx);
      state = ticked.state;
      for (const output of ticked.outputs) outputs.push({ pair, output });

      const storedRows = await tx
        .selectFrom('visits')
        .selectAll()
        .where('msisdn_id', '=', msisdnId)
        .where('poi_id', '=', pair.poiId)
        .where('entered_at', '>=', new Date(anchor))
        .execute();
      const stored = storedRows.map((r) => visitOfRow(r as VisitRow));
      const replayed = finalVisitsOf(outputs.map((o) => o.output)).filter((v) => v.enteredAt >= anchor);
      const diff = diffVisitsOf(stored, replayed);
      // Outputs of visits that did not change are not written again; events keep their keys (no duplicates).
      const changedKeys = new Set([...diff.added, ...diff.changed].map((v) => v.key));
      const kept = outputs.filter((o) => o.output.kind !== 'VISIT' || changedKeys.has(o.output.visit.key));
      await writeResults(tx, [{ pair, state }], kept, now);
      if (diff.removed.length)
        await tx
          .deleteFrom('visits')
          .where(
            'key',
            'in',
            diff.removed.map((v) => v.key),
          )
          .execute();
      for (const [visit, removed] of [
        ...diff.changed.map((v) => [v, false] as const),
        ...diff.removed.map((v) => [v, true] as const),
      ]) {
        corrections++;
        await emit(tx as Db, {
          type: 'VISIT_CORRECTED',
          companyId: pair.companyId,
          msisdnId,
          subject: { type: 'poi', id: pair.poiId },
          payload: { ...presencePayload(visit, visit.enteredEarliest, visit.enteredLatest), removed },
          idempotencyKey: `VISIT_CORRECTED:${visit.key}:${removed ? 'removed' : `${visit.exitedAt}:${visit.fixCount}:${visit.closedBy}`}`,
          occurredAt: now,
        });
      }
    }
    return corrections;
  });
}
