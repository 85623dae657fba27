import { sql, type Transaction } from 'kysely';
import type { PoiGeometry, PoiTimeWindow, PositionSource } from '@lbs/contracts';
import {
  arrayLiteral,
  float8Array,
  int4Array,
  int8Array,
  splitList,
  timestamptzArray,
  type ArrayElement,
} from '../../db/arrays.ts';
import { PREPARED } from '../../db/prepared.ts';
import { epochMs } from '../../db/timestamps.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { emit, emitMany } from '../../events/emit.ts';
import type { PresencePayload } from '../../events/types.ts';
import { enqueue } from '../../jobs/queue.ts';
import {
  diffVisits as diffVisitsOf,
  finalVisits as finalVisitsOf,
  initialPresence,
  isLate,
  mayBeInside,
  nextDeadline,
  preparePoi,
  presenceParams,
  presenceStateOf,
  seed,
  stepInPlace,
  tick,
  tickInPlace,
  activeUntil,
  type AssignmentSchedule,
  type PassedBy,
  type PreparedPoi,
  type PresenceContext,
  type PresenceFix,
  type PresenceOutput,
  type PresenceState,
  type StepResult,
  type VisitRecord,
  visitRecord,
} from '../../location/geofence/index.ts';
import { MAX_POSITION_AGE_MS, type PositionInput, type StoredPosition } from '../../location/pipeline.ts';
import { positionFields } from '../../location/position-store.ts';

/**
 * The presence engine on the database: which (MSISDN, POI) pairs are evaluated (active assignments of consenting,
 * tracked numbers at active POIs), their stored state (`poi_presence`), and where the pure core's outputs go
 * (`visits`, `poi_passed_by`, domain events with idempotency keys). Used by the pipeline step (fixes as they are
 * stored), the sweep (deadlines: max gap, window end), seeding (a new assignment) and replay (late fixes).
 *
 * Persistence (issue 11's benchmark: ingest with geofencing at ≥ 0.8 of ingest without):
 * - A `poi_presence` row is a checkpoint: the pair's state after the position `through_time`/`through_id`. It is
 *   written when something happens (a state change, a visit opened or closed, an event, an earlier deadline) or when
 *   it lags the newest fix by CHECKPOINT_EVERY_MS; otherwise the state moves on in memory only. The true state is
 *   always the checkpoint plus the MSISDN's stored positions after it — positions commit with the batch, so a crash
 *   loses nothing: whoever reads a checkpoint it has not followed itself catches up from `positions`.
 * - A pair OUTSIDE needs no row read or written: leaving OUTSIDE is always checkpointed, so a pair without a row in
 *   another state is OUTSIDE. Per batch, one read of the rows not OUTSIDE (partial index), no locks; a writer
 *   locks only the rows it writes and redoes a pair whose checkpoint moved meanwhile (the sweep, a replay).
 * - Each process caches the pairs per MSISDN (reloaded when `presence_epoch` moves) and the states it followed, which
 *   it trusts only while the MSISDN's latest stored position is the one it saw last (a rolled-back batch, another
 *   process or a truncate show as a different one).
 */

export const REPLAY_JOB = 'presence.replay';
export const SWEEP_JOB = 'presence.sweep';

/** One evaluated pair with everything its evaluation needs. */
export interface Pair {
  companyId: number;
  msisdnId: number;
  poiId: number;
  /** The pair's time zone and schedules (every assignment's), shared by every pair with the same ones. */
  terms: Terms;
  ctx: PresenceContext;
}

/** A time zone and schedules, with the answers `activeEnd` gave for them. */
interface Terms {
  timeZone: string;
  schedules: readonly AssignmentSchedule[];
  /** Per minute since 1970 (a small integer): when the active period around it ends. */
  memo: Map<number, number | null | undefined>;
  /** The last minute asked about, and the answer (the fixes of a batch share their minute). */
  lastMinute: number;
  lastEnd: number | null | undefined;
}

const termsByText = new Map<string, Terms>();
/** The terms object of a time zone and schedules (kept as given: never changed): one per distinct terms. */
function termsOf(timeZone: string, schedules: readonly AssignmentSchedule[]): Terms {
  const text = `${timeZone}|${JSON.stringify(schedules)}`;
  let terms = termsByText.get(text);
  if (!terms) {
    if (termsByText.size > 100_000) termsByText.clear();
    terms = { timeZone, schedules, memo: new Map(), lastMinute: NaN, lastEnd: undefined };
    termsByText.set(text, terms);
  }
  return terms;
}

/**
 * When the pair's active period around `at` ends (undefined: not active; null: not within 14 days). Windows start
 * and end on whole minutes of a zone whose offsets are whole minutes, so the answer holds for the whole minute and
 * is shared by every pair with the same terms (time zone arithmetic is the engine's dearest part otherwise).
 */
function activeEnd(pair: Pair, at: number): number | null | undefined {
  const terms = pair.terms;
  const minute = Math.floor(at / 60_000);
  if (terms.lastMinute === minute) return terms.lastEnd;
  const memo = terms.memo;
  let end: number | null | undefined;
  if (memo.has(minute)) end = memo.get(minute);
  else {
    if (memo.size > 50_000) memo.clear();
    end = activeUntil(terms.schedules, terms.timeZone, at);
    memo.set(minute, end);
  }
  terms.lastMinute = minute;
  terms.lastEnd = end;
  return end;
}
const isActive = (pair: Pair, at: number) => activeEnd(pair, at) !== undefined;

const prepared = new Map<string, { shape: string; poi: PreparedPoi }>();
/**
 * Prepared POIs by id and version: the polygon work is done once per shape, not per fix. The shape itself is held
 * against the entry: a process with several databases (the tests) sees the same id and version for different POIs.
 */
function preparedPoi(poiId: number, version: number, geometry: PoiGeometry): PreparedPoi {
  const key = `${poiId}:${version}`;
  const shape = JSON.stringify(geometry);
  const cached = prepared.get(key);
  if (cached?.shape === shape) return cached.poi;
  if (prepared.size > 50_000) prepared.clear();
  const poi = preparePoi(poiId, geometry);
  prepared.set(key, { shape, poi });
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
      last.terms = termsOf(last.terms.timeZone, [...last.terms.schedules, schedule]);
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
    const pair: Pair = {
      companyId: row.company_id,
      msisdnId: row.msisdn_id,
      poiId: row.poi_id,
      terms: termsOf(row.config.trackingWindow?.timezone ?? 'UTC', [schedule]),
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

/**
 * The stored states of these MSISDNs' pairs, locked for the transaction (two writers of one pair wait for each
 * other), in (MSISDN, POI) order. Every writer takes them before `presence_epoch` (writeResults moves it last): a
 * write that also changes the pairs — whose triggers move the epoch — locks them first (lockPresence).
 */
async function lockedStates(tx: Executor, msisdnIds: readonly number[]): Promise<Map<string, PresenceState>> {
  const states = new Map<string, PresenceState>();
  if (!msisdnIds.length) return states;
  const rows = await tx
    .selectFrom('poi_presence')
    .select(['msisdn_id', 'poi_id', 'data'])
    .where('msisdn_id', 'in', [...new Set(msisdnIds)])
    .orderBy('msisdn_id')
    .orderBy('poi_id')
    .forUpdate()
    .execute();
  for (const row of rows)
    states.set(pairKey(row.msisdn_id, row.poi_id), presenceStateOf(row.data as PresenceState));
  return states;
}

/** The stored states of these pairs, locked for the transaction (two writers of one pair wait for each other). */
export function loadStates(tx: Executor, pairs: readonly Pair[]): Promise<Map<string, PresenceState>> {
  return lockedStates(
    tx,
    pairs.map((p) => p.msisdnId),
  );
}

/**
 * Locks the presence of these MSISDNs before a write that changes their pairs (an assignment added: its trigger moves
 * `presence_epoch`, then seedPairs reads the states). A replay or the sweep holds the states and then moves the epoch;
 * taking the states first here keeps that one order, so the two wait for each other instead of deadlocking.
 */
export async function lockPresence(tx: Executor, msisdnIds: readonly number[]): Promise<void> {
  await lockedStates(tx, msisdnIds);
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

interface CheckpointWrite {
  pair: Pair;
  state: PresenceState;
  through?: Through | null;
  /**
   * Write only over this: the row's revision, or 'OUTSIDE' (no row, or one OUTSIDE); absent: whatever is there
   * (the caller holds the row's lock).
   */
  expect?: number | 'OUTSIDE';
}

/**
 * Upserts checkpoints (each state with the newest position it includes). A write whose expectation does not hold
 * is left out; the answer holds the new revision of each row written.
 */
async function writeCheckpoints(
  tx: Executor,
  changed: readonly CheckpointWrite[],
  now: Date,
): Promise<Map<string, number>> {
  const revs = new Map<string, number>();
  if (!changed.length) return revs;
  // The inserted `rev` carries the expectation (a new row keeps it; revisions only need to change on each write):
  // -1 none, 0 OUTSIDE, n + 1 the revision n. Arrays unnested: one statement whatever the number of rows.
  const col = (f: (c: CheckpointWrite) => ArrayElement) => arrayLiteral(changed.map(f));
  const ints = (f: (c: CheckpointWrite) => number | null) => int4Array(changed.map(f));
  const { rows: written } = await sql<{ msisdn_id: number; poi_id: number; rev: number }>`${PREPARED}
    insert into poi_presence (msisdn_id, poi_id, company_id, state, data, deadline_at, gap_ms, fix_at, updated_at,
                              rev, through_time, through_id)
    select m, p, c, st, d, dl, g, f, ${now}, r, tt, ti from unnest(
      ${ints((c) => c.pair.msisdnId)}::int[], ${ints((c) => c.pair.poiId)}::int[], ${ints((c) => c.pair.companyId)}::int[],
      ${col((c) => c.state.state)}::text[], ${col((c) => JSON.stringify(c.state))}::jsonb[],
      ${timestamptzArray(changed.map((c) => nextDeadline(c.state, c.pair.ctx, false)))}::timestamptz[],
      ${ints((c) => (c.state.state === 'OUTSIDE' ? null : c.pair.ctx.params.maxGapMs))}::int[],
      ${float8Array(changed.map((c) => c.state.lastFixAt))}::float8[],
      ${int8Array(changed.map((c) => (c.expect === undefined ? -1 : c.expect === 'OUTSIDE' ? 0 : c.expect + 1)))}::int8[],
      ${timestamptzArray(changed.map((c) => (c.through ? c.through.time : null)))}::timestamptz[],
      ${int8Array(changed.map((c) => (c.through ? c.through.id : null)))}::int8[]
    ) as u(m, p, c, st, d, dl, g, f, r, tt, ti)
    on conflict (msisdn_id, poi_id) do update set
      state = excluded.state, data = excluded.data, deadline_at = excluded.deadline_at, gap_ms = excluded.gap_ms,
      fix_at = excluded.fix_at, updated_at = excluded.updated_at, rev = greatest(poi_presence.rev, excluded.rev) + 1,
      through_time = excluded.through_time, through_id = excluded.through_id
    where excluded.rev < 0 or (excluded.rev = 0 and poi_presence.state = 'OUTSIDE')
       or poi_presence.rev + 1 = excluded.rev
    returning msisdn_id, poi_id, rev`.execute(tx);
  for (const r of written) revs.set(pairKey(r.msisdn_id, r.poi_id), Number(r.rev));
  return revs;
}

/**
 * Checkpoints (the states, each with the newest position it includes) and everything the core emitted, written in
 * the caller's transaction (which holds the rows' locks, or writes new ones) by a writer other than the pipeline.
 * Answers the checkpoints' revisions.
 */
export async function writeResults(
  tx: Executor,
  changed: readonly { pair: Pair; state: PresenceState; through?: Through | null }[],
  outputs: readonly { pair: Pair; output: PresenceOutput }[],
  now: Date,
): Promise<Map<string, number>> {
  const revs = await writeCheckpoints(tx, changed, now);
  await recordClosures(tx, changed);
  // States written outside a pipeline batch (sweep, replay, seeding): the pipelines' memories must read them.
  if (revs.size)
    await tx
      .updateTable('presence_epoch')
      .set((eb) => ({ states_epoch: eb('states_epoch', '+', 1) }))
      .where('id', '=', 1)
      .execute();
  await writeOutputs(tx, changed, outputs);
  return revs;
}

/**
 * Per MSISDN, the latest instant at which time alone closed one of these states after its newest fix (presence_closures:
 * a later fix from before it is late).
 */
async function recordClosures(
  tx: Executor,
  changed: readonly { pair: Pair; state: PresenceState }[],
): Promise<void> {
  const closures = new Map<number, number>();
  for (const { pair, state } of changed)
    if (closedByTimeAt(state) !== null)
      closures.set(pair.msisdnId, Math.max(closures.get(pair.msisdnId) ?? -Infinity, state.since!));
  if (!closures.size) return;
  await sql`
    insert into presence_closures (msisdn_id, closed_at)
    select * from unnest(${int4Array([...closures.keys()])}::int[],
                         ${timestamptzArray([...closures.values()])}::timestamptz[])
    on conflict (msisdn_id) do update set closed_at = greatest(presence_closures.closed_at, excluded.closed_at)`.execute(
    tx,
  );
}

/** When time alone closed the state after its newest fix (null: it was not). */
const closedByTimeAt = (s: PresenceState): number | null =>
  s.state === 'OUTSIDE' && s.since !== null && s.lastFixAt !== null && s.since > s.lastFixAt ? s.since : null;

/** What the core emitted (visits, passed-by, events); an open visit's row is brought up to its state. */
async function writeOutputs(
  tx: Executor,
  changed: readonly { pair: Pair; state: PresenceState }[],
  outputs: readonly { pair: Pair; output: PresenceOutput }[],
): Promise<void> {
  const now = new Date();
  const visits = new Map<string, { pair: Pair; visit: VisitRecord }>();
  const passed: { pair: Pair; passedBy: PassedBy }[] = [];
  for (const { pair, output } of outputs) {
    if (output.kind === 'VISIT') visits.set(output.visit.key, { pair, visit: output.visit });
    else if (output.kind === 'PASSED_BY') passed.push({ pair, passedBy: output.passedBy });
  }
  for (const { pair, state } of changed)
    if (state.visit) {
      const visit = visitRecord(state, state.visit);
      visits.set(visit.key, { pair, visit });
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
  const events = outputs.flatMap(({ pair, output }) => {
    if (output.kind !== 'EVENT') return [];
    const e = output.event;
    return [
      {
        type: e.type,
        companyId: pair.companyId,
        msisdnId: e.msisdnId,
        subject: { type: 'poi', id: e.poiId },
        payload: presencePayload(e.visit, e.earliest, e.latest),
        idempotencyKey: e.idempotencyKey,
        occurredAt: new Date(e.occurredAt),
      },
    ];
  });
  await emitMany(tx as Db, events);
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
  if (!visits.length) return;
  const col = (f: (v: VisitRecord, pair: Pair) => ArrayElement) =>
    arrayLiteral(visits.map(({ pair, visit }) => f(visit, pair)));
  const ints = (f: (v: VisitRecord, pair: Pair) => number) =>
    int4Array(visits.map(({ pair, visit }) => f(visit, pair)));
  const floats = (f: (v: VisitRecord) => number) => float8Array(visits.map(({ visit }) => f(visit)));
  const instants = (f: (v: VisitRecord) => number | null) =>
    timestamptzArray(visits.map(({ visit }) => f(visit)));
  // Arrays unnested: one statement whatever the number of visits.
  await sql`${PREPARED}
    insert into visits (key, company_id, msisdn_id, poi_id, entered_at, entered_earliest, entered_latest, exited_at,
                        exited_earliest, exited_latest, dwell_minutes, confidence, fix_count, sources, closed_by,
                        seeded, updated_at)
    select k, c, m, p, ea, ee, el, xa, xe, xl, dw, cf, fc, src, cb, sd, ${now} from unnest(
      ${col((v) => v.key)}::text[], ${ints((_, p) => p.companyId)}::int[], ${ints((v) => v.msisdnId)}::int[],
      ${ints((v) => v.poiId)}::int[], ${instants((v) => v.enteredAt)}::timestamptz[],
      ${instants((v) => v.enteredEarliest)}::timestamptz[], ${instants((v) => v.enteredLatest)}::timestamptz[],
      ${instants((v) => v.exitedAt)}::timestamptz[], ${instants((v) => v.exitedEarliest)}::timestamptz[],
      ${instants((v) => v.exitedLatest)}::timestamptz[], ${floats((v) => v.dwellMinutes)}::float8[],
      ${floats((v) => v.confidence)}::float8[], ${ints((v) => v.fixCount)}::int[],
      ${col((v) => JSON.stringify(v.sources))}::jsonb[], ${col((v) => v.closedBy)}::text[],
      ${col((v) => v.seeded)}::bool[]
    ) as u(k, c, m, p, ea, ee, el, xa, xe, xl, dw, cf, fc, src, cb, sd)
    on conflict (key) do update set
      entered_earliest = excluded.entered_earliest, entered_latest = excluded.entered_latest,
      exited_at = excluded.exited_at, exited_earliest = excluded.exited_earliest,
      exited_latest = excluded.exited_latest, dwell_minutes = excluded.dwell_minutes,
      confidence = excluded.confidence, fix_count = excluded.fix_count, sources = excluded.sources,
      closed_by = excluded.closed_by, seeded = excluded.seeded, updated_at = excluded.updated_at`.execute(tx);
}

/** A position as the engine sees it; `id` -1 while the position is not stored yet. */
const toFix = (
  p: { time: Date; lat: number; lon: number; accuracyM: number | null; source: PositionSource },
  id: number,
): PresenceFix => ({
  time: p.time.getTime(),
  lat: p.lat,
  lon: p.lon,
  accuracyM: p.accuracyM,
  source: p.source,
  positionId: id,
});

/**
 * How far a pair's checkpoint may lag its newest fix (fix time) before it is written though nothing happened: bounds
 * a catch-up (an hour of positions) and how stale an open visit's row is (readers that need it live ask
 * `openVisitsNow`).
 */
export const CHECKPOINT_EVERY_MS = 60 * 60_000;

/** What one process remembers between batches (one per database: the pipeline step owns it). */
export interface PresenceMemory {
  instance: string | null;
  epoch: number;
  statesEpoch: number;
  /** Evaluated pairs per MSISDN (empty: none), valid for `epoch`. */
  pairs: Map<number, Pair[]>;
  /**
   * States followed past their checkpoints, per MSISDN, with the latest position they include: every pair not
   * OUTSIDE with its checkpoint row (a pair not here is OUTSIDE). Valid for `statesEpoch` while the MSISDN's latest
   * stored position is `throughId`.
   */
  held: Map<number, { throughId: number; pairs: Map<number, HeldPair> }>;
}

interface HeldPair {
  row: CheckpointRow;
  state: PresenceState;
}

export function presenceMemory(): PresenceMemory {
  return { instance: null, epoch: -1, statesEpoch: -1, pairs: new Map(), held: new Map() };
}

const MEMORY_LIMIT = 200_000;

async function cachedPairs(
  tx: Executor,
  memory: PresenceMemory,
  msisdnIds: readonly number[],
): Promise<Map<number, Pair[]>> {
  let missing = msisdnIds.filter((id) => !memory.pairs.has(id));
  if (missing.length && memory.pairs.size + missing.length > MEMORY_LIMIT) {
    memory.pairs.clear();
    memory.held.clear();
    missing = [...msisdnIds];
  }
  if (missing.length) {
    const loaded = await loadPairs(tx, missing);
    for (const id of missing) memory.pairs.set(id, loaded.get(id) ?? []);
  }
  return new Map(msisdnIds.map((id) => [id, memory.pairs.get(id)!]));
}

interface Through {
  time: number;
  id: number;
}

/** A checkpoint row (the light read: the state itself is fetched only for a catch-up). */
interface CheckpointRow {
  msisdnId: number;
  poiId: number;
  rev: number;
  deadline: number | null;
  through: Through | null;
  /** The checkpointed state's newest evaluated fix. */
  fixAt: number | null;
}

/** The columns of a checkpoint row (`pp`), instants as epoch milliseconds. */
const CHECKPOINT_COLUMNS = sql`pp.msisdn_id, pp.poi_id, pp.rev,
  (extract(epoch from pp.deadline_at) * 1000)::float8 as deadline_ms,
  (extract(epoch from pp.through_time) * 1000)::float8 as through_ms, pp.through_id, pp.fix_at`;

interface CheckpointSqlRow {
  msisdn_id: number;
  poi_id: number;
  rev: number;
  deadline_ms: number | null;
  through_ms: number | null;
  through_id: number | null;
  fix_at: number | null;
}

function checkpointOf(r: CheckpointSqlRow): CheckpointRow {
  const fixAt = r.fix_at === null ? null : Number(r.fix_at);
  return {
    msisdnId: r.msisdn_id,
    poiId: r.poi_id,
    rev: Number(r.rev),
    deadline: r.deadline_ms === null ? null : Math.round(Number(r.deadline_ms)),
    // Rows written before checkpoints existed were written on every fix: their newest fix is where they stand.
    through:
      r.through_ms !== null
        ? { time: Math.round(Number(r.through_ms)), id: Number(r.through_id ?? -1) }
        : fixAt !== null
          ? { time: fixAt, id: -1 }
          : null,
    fixAt,
  };
}

/** The epochs, and per MSISDN asked for its checkpoints not OUTSIDE (none: one row of the epochs alone). */
export type EpochRows = (CheckpointSqlRow & {
  epoch: number;
  states_epoch: number;
  instance: string;
  msisdn_id: number | null;
  /** The MSISDNs' presence_closures: MSISDN and instant (epoch ms) in turn, comma-separated (on one row; else null). */
  closures: string | null;
})[];

/** The epochs and the checkpoints not OUTSIDE of `msisdnIds`, in one statement. */
export async function readEpochAndCheckpoints(
  tx: Executor,
  msisdnIds: readonly number[],
): Promise<EpochRows> {
  return (
    await sql<EpochRows[number]>`${PREPARED}
      select e.epoch, e.states_epoch, e.instance, ${CHECKPOINT_COLUMNS},
        -- On the first row only (not repeated on each checkpoint's).
        case when row_number() over () = 1 then
          (select string_agg(c.msisdn_id::text || ',' || case when c.closed_at = 'infinity' then 'Infinity'
                    else ${epochMs(sql.ref('c.closed_at'))}::text end, ',')
           from presence_closures c
           where exists (select from presence_closures) and c.msisdn_id = any(${int4Array(msisdnIds)}::int[]))
        end as closures
      from presence_epoch e
      left join poi_presence pp on pp.msisdn_id = any(${int4Array(msisdnIds)}::int[]) and pp.state <> 'OUTSIDE'
      where e.id = 1`.execute(tx)
  ).rows;
}

/**
 * The batch's first read: the epochs (the memory is dropped when the evaluated pairs may have changed, or a writer
 * other than a pipeline wrote states, or this is another database) and the checkpoints not OUTSIDE of the MSISDNs
 * whose states are not followed. Answers the rows and the MSISDNs that are followed. `early`: the same read made
 * for every MSISDN of the batch (sent with the batch's store, before its previous positions were known): its rows
 * of followed MSISDNs are left out, and it serves whatever the epochs say.
 */
async function epochAndCheckpoints(
  tx: Executor,
  memory: PresenceMemory,
  positions: readonly { msisdnId: number; previous?: { id: number } | null }[],
  early?: EpochRows,
): Promise<{ rows: Map<string, CheckpointRow>; followed: Set<number>; closures: Map<number, number> }> {
  const followedOf = () => {
    const followed = new Set<number>();
    for (const p of positions)
      if (p.previous && memory.held.get(p.msisdnId)?.throughId === p.previous.id) followed.add(p.msisdnId);
    return followed;
  };
  const read = (followed: ReadonlySet<number>) =>
    early ??
    readEpochAndCheckpoints(
      tx,
      [...new Set(positions.map((p) => p.msisdnId))].filter((id) => !followed.has(id)),
    );
  let followed = followedOf();
  let rows = await read(followed);
  const epoch = Number(rows[0]?.epoch ?? 0);
  const statesEpoch = Number(rows[0]?.states_epoch ?? 0);
  const instance = rows[0]?.instance ?? '';
  const samePairs = epoch === memory.epoch && instance === memory.instance;
  if (!samePairs) memory.pairs.clear();
  if (!samePairs || statesEpoch !== memory.statesEpoch) {
    memory.held.clear();
    if (followed.size) {
      followed = new Set();
      rows = await read(followed);
    }
  }
  memory.epoch = epoch;
  memory.statesEpoch = statesEpoch;
  memory.instance = instance;
  const out = new Map<string, CheckpointRow>();
  for (const r of rows)
    if (r.msisdn_id !== null && !followed.has(r.msisdn_id))
      out.set(pairKey(r.msisdn_id, r.poi_id), checkpointOf(r));
  const closures = new Map<number, number>();
  const list = splitList(rows.find((r) => r.closures !== null)?.closures);
  for (let i = 0; i + 1 < list.length; i += 2) closures.set(Number(list[i]), Number(list[i + 1]));
  return { rows: out, followed, closures };
}

/**
 * One fix for the pair, on a state the caller owns (changed in place): evaluated inside the assignment's active
 * periods; outside them only time acts. `updates`: report an open visit's progress (replay reads visits from them).
 */
function advance(
  state: PresenceState,
  fix: PresenceFix,
  pair: Pair,
  outputs: PresenceOutput[],
  updates: boolean,
): StepResult['ignored'] {
  if (isActive(pair, fix.time)) return stepInPlace(state, fix, pair.ctx, outputs, updates);
  // A period that still runs at a fix outside every period was made under other terms (the assignment's window was
  // narrowed since): under the terms now it ended with its newest fix's period, or at that fix if that is no more in one.
  // (No end at all — a period without end in sight, all day every day — was such a period too.)
  const end = state.windowEndsAt;
  if (state.state !== 'OUTSIDE' && (end === null || end > fix.time) && state.lastFixAt !== null) {
    const now = activeEnd(pair, state.lastFixAt);
    const narrowed = now === undefined ? state.lastFixAt : now;
    if (narrowed !== null) state.windowEndsAt = end === null ? narrowed : Math.min(end, narrowed);
  }
  tickInPlace(state, fix.time, pair.ctx, outputs);
  // Still a fix of the MSISDN: the next entry is bounded by it, as by any other.
  if (state.state === 'OUTSIDE') state.lastFixAt = fix.time;
  return undefined;
}

/**
 * The pair's fixes in order from `state`, which the caller owns: it is changed in place and answered. A pair OUTSIDE
 * stays so, touched only in its newest fix time, for a fix that cannot be INSIDE (its centre beyond the POI's
 * bounding circle) — the many far pairs cost a distance each. An open visit's progress is not among the outputs
 * unless `updates` (the state holds it).
 */
function run(
  pair: Pair,
  state: PresenceState,
  fixes: readonly PresenceFix[],
  outputs: PresenceOutput[],
  onLate: (msisdnId: number, time: number) => void,
  updates = false,
): PresenceState {
  for (const fix of fixes) {
    if (state.state === 'OUTSIDE' && !mayBeInside(pair.ctx.poi, fix.lat, fix.lon) && !isLate(state, fix)) {
      if (state.lastFixAt === null || fix.time >= state.lastFixAt) state.lastFixAt = fix.time;
      continue;
    }
    if (advance(state, fix, pair, outputs, updates) === 'OUT_OF_ORDER') {
      // The replay asked for evaluates this fix and the pair's later ones in order: they are left to it (evaluated
      // here, they would emit what the replay then corrects).
      onLate(pair.msisdnId, fix.time);
      break;
    }
  }
  return state;
}

/** The state of a pair that has no checkpoint in another state: OUTSIDE, its last fix the MSISDN's previous one. */
function outsideState(pair: Pair, previous: { time: Date } | null): PresenceState {
  return {
    ...initialPresence(pair.msisdnId, pair.poiId),
    lastFixAt: previous ? previous.time.getTime() : null,
  };
}

/** An instant for PostgreSQL; before any time it can hold (a checkpoint that includes no position): -infinity. */
const timestampText = (ms: number) => (ms <= NO_POSITION_YET ? '-infinity' : new Date(ms).toISOString());
const NO_POSITION_YET = -8.64e15;

const laterThan = (a: Through, b: Through | null) =>
  !b || a.time > b.time || (a.time === b.time && a.id > b.id);

/**
 * Brings checkpoints up to date from the stored positions after them (leaving out `exclude`: the batch being
 * evaluated, which follows). The state comes from the row, read here.
 */
async function catchUp(
  tx: Executor,
  items: readonly { pair: Pair; row: CheckpointRow }[],
  exclude: ReadonlySet<number>,
  onLate: (msisdnId: number, time: number) => void,
): Promise<Map<string, { state: PresenceState; outputs: PresenceOutput[]; through: Through | null }>> {
  const out = new Map<string, { state: PresenceState; outputs: PresenceOutput[]; through: Through | null }>();
  if (!items.length) return out;
  const msisdnIds = [...new Set(items.map((i) => i.pair.msisdnId))];
  const stored = await tx
    .selectFrom('poi_presence')
    .select(['msisdn_id', 'poi_id', 'data'])
    .where('msisdn_id', 'in', msisdnIds)
    .where(
      'poi_id',
      'in',
      items.map((i) => i.pair.poiId),
    )
    .execute();
  const states = new Map(
    stored.map((r) => [pairKey(r.msisdn_id, r.poi_id), presenceStateOf(r.data as PresenceState)]),
  );
  const from = new Map<number, number>();
  for (const { pair, row } of items) {
    const t = row.through?.time ?? NO_POSITION_YET;
    from.set(pair.msisdnId, Math.min(from.get(pair.msisdnId) ?? Infinity, t));
  }
  const { rows } = await sql<{
    id: number;
    msisdn_id: number;
    time: Date;
    lat: number;
    lon: number;
    accuracy_m: number | null;
    source: PositionSource;
  }>`
    select p.id, p.msisdn_id, p.time, p.lat, p.lon, p.accuracy_m, p.source
    from positions p
    join unnest(${[...from.keys()]}::int[], ${[...from.values()].map(timestampText)}::timestamptz[])
      as f(msisdn_id, from_time) on p.msisdn_id = f.msisdn_id and p.time >= f.from_time
    where p.time >= ${timestampText(Math.min(...from.values()))}::timestamptz
    order by p.msisdn_id, p.time, p.id`.execute(tx);
  const byMsisdn = new Map<number, PresenceFix[]>();
  for (const r of rows) {
    if (exclude.has(Number(r.id))) continue;
    const fix = toFix({ ...r, accuracyM: r.accuracy_m }, Number(r.id));
    const list = byMsisdn.get(r.msisdn_id);
    if (list) list.push(fix);
    else byMsisdn.set(r.msisdn_id, [fix]);
  }
  for (const { pair, row } of items) {
    const key = pairKey(pair.msisdnId, pair.poiId);
    const start = states.get(key) ?? initialPresence(pair.msisdnId, pair.poiId);
    const fixes = (byMsisdn.get(pair.msisdnId) ?? []).filter((f) =>
      laterThan({ time: f.time, id: f.positionId ?? -1 }, row.through),
    );
    const outputs: PresenceOutput[] = [];
    const state = run(pair, start, fixes, outputs, onLate);
    const last = fixes.at(-1);
    out.set(key, {
      state,
      outputs,
      through: last ? { time: last.time, id: last.positionId ?? -1 } : row.through,
    });
  }
  return out;
}

/** Whether a pair's new state must be checkpointed now rather than carried in memory. */
function mustWrite(
  pair: Pair,
  start: { state: PresenceState; row: CheckpointRow | null },
  state: PresenceState,
  outputs: readonly PresenceOutput[],
): boolean {
  // Leaving or reaching OUTSIDE is always written: a pair without a row in another state is OUTSIDE. Between the
  // other states (INSIDE ⇄ LEAVING: jitter at the edge) the row stays as it is until something happens.
  if ((state.state === 'OUTSIDE') !== (start.row === null)) return true;
  if (outputs.some((o) => o.kind !== 'VISIT' || o.change !== 'UPDATED')) return true;
  if (!start.row) return false;
  const deadline = nextDeadline(state, pair.ctx, false);
  if ((deadline ?? Infinity) < (start.row.deadline ?? Infinity)) return true;
  return (state.lastFixAt ?? 0) - (start.row.fixAt ?? -Infinity) >= CHECKPOINT_EVERY_MS;
}

interface Evaluation {
  pair: Pair;
  fixes: PresenceFix[];
  through: Through | null;
  start: { state: PresenceState; row: CheckpointRow | null };
  state: PresenceState;
  outputs: PresenceOutput[];
}

/** A position of the batch as the evaluation reads it: stored or about to be (then without an id yet). */
export interface BatchPosition extends Omit<PositionInput, 'extra'> {
  /** The MSISDN's latest position before the batch (null: none). */
  previous: { id: number; time: Date } | null;
}

/**
 * A batch evaluated up to its writes: everything that needs only the positions and what was committed before them.
 * The positions' ids are filled in once they are stored (the fixes' ids and the checkpoints' `through`).
 */
export interface PreparedBatch {
  /** The positions in evaluation order: per MSISDN by time, then as submitted (the store's ids follow it). */
  positions: readonly BatchPosition[];
  /** The fix made of each position (null: older than its MSISDN's previous one, left to a replay). */
  fixes: (PresenceFix | null)[];
  /** Per MSISDN, the newest position its checkpoints include (the id of a batch fix is set once stored). */
  throughs: { msisdnId: number; through: Through | null; newest: PresenceFix | undefined }[];
  evaluations: Evaluation[];
  toWrite: Evaluation[];
  replayFrom: Map<number, number>;
  /**
   * The memory's epochs the batch was evaluated under. Another batch (a pipeline writes several at once, on other
   * MSISDNs) may find them moved and drop what the memory holds before this one completes: its states are then not
   * kept either.
   */
  epochs: { instance: string | null; epoch: number; statesEpoch: number };
}

/**
 * The evaluation before the writes: each position (ordered per MSISDN by time) against the MSISDN's evaluated pairs.
 * A fix outside every assignment window of a pair only lets time act (window end, max gap). A position older than
 * the MSISDN's latest before the batch asks for a replay of that MSISDN from its time (a job: the result equals
 * in-order delivery). `reader` sees what was committed before the batch: the pipeline runs this on another connection
 * while the batch is being stored; `exclude` leaves the batch's own positions out of catch-ups that can see them.
 */
export async function prepareBatch(
  reader: Executor,
  positions: readonly BatchPosition[],
  memory: PresenceMemory,
  exclude: ReadonlySet<number> = new Set(),
  /** readEpochAndCheckpoints for every MSISDN of the batch, made already (evaluatePositions). */
  early?: EpochRows,
): Promise<PreparedBatch> {
  const msisdnIds = [...new Set(positions.map((p) => p.msisdnId))];
  const { rows, followed, closures } = await epochAndCheckpoints(reader, memory, positions, early);
  // The followed states as they are now: loading pairs may drop the memory (its size limit), and then they would
  // read as OUTSIDE, their rows not having been read.
  const heldOf = new Map([...followed].map((m) => [m, memory.held.get(m)]));
  // The batch owns the followed states from here (its evaluation changes them in place): completeBatch gives them
  // back; a batch that fails before leaves them out, and the next batch reads their checkpoints.
  for (const m of followed) memory.held.delete(m);
  const pairsByMsisdn = await cachedPairs(reader, memory, msisdnIds);
  const closed = await closedByTime(reader, positions, closures);
  const replayFrom = new Map<number, number>();
  const onLate = (msisdnId: number, time: number) =>
    replayFrom.set(msisdnId, Math.min(replayFrom.get(msisdnId) ?? Infinity, time));

  const evaluations: Evaluation[] = [];
  const stale: { pair: Pair; row: CheckpointRow; evaluation: Evaluation }[] = [];
  const throughs: PreparedBatch['throughs'] = [];
  const batchFixes: (PresenceFix | null)[] = new Array<PresenceFix | null>(positions.length).fill(null);
  let start = 0;
  while (start < positions.length) {
    const msisdnId = positions[start]!.msisdnId;
    let end = start;
    while (end < positions.length && positions[end]!.msisdnId === msisdnId) end++;
    const pairs = pairsByMsisdn.get(msisdnId)!;
    const previous = positions[start]!.previous;
    const first = start;
    start = end;
    if (!pairs.length) {
      throughs.push({ msisdnId, through: null, newest: undefined });
      continue;
    }
    if (closures.get(msisdnId) === Infinity) {
      // A replay is pending: these fixes are left to it (it reads every stored position up to when it runs).
      onLate(msisdnId, positions[first]!.time.getTime());
      throughs.push({ msisdnId, through: null, newest: undefined });
      continue;
    }
    const fixes: PresenceFix[] = [];
    for (let i = first; i < end; i++) {
      const p = positions[i]!;
      if (previous && p.time.getTime() < previous.time.getTime()) onLate(msisdnId, p.time.getTime());
      else {
        // The id is known once the batch is stored (completeBatch).
        const fix = toFix(p, -1);
        batchFixes[i] = fix;
        fixes.push(fix);
      }
    }
    const newest = fixes.at(-1);
    const through: Through | null = newest
      ? { time: newest.time, id: -1 }
      : previous
        ? { time: previous.time.getTime(), id: previous.id }
        : null;
    throughs.push({ msisdnId, through, newest });
    const held = heldOf.get(msisdnId);
    for (const pair of pairs) {
      const h = held?.pairs.get(pair.poiId);
      const row = held ? h?.row : rows.get(pairKey(msisdnId, pair.poiId));
      // A pair closed by time before these fixes came: they are late (a replay evaluates them).
      const timeClosed = row || !closed.size ? undefined : closed.get(pairKey(msisdnId, pair.poiId));
      // A pair OUTSIDE stays so unless a fix may be inside it: nothing to evaluate, read or write.
      if (!row && !timeClosed) {
        let near = false;
        for (const f of fixes) if ((near = mayBeInside(pair.ctx.poi, f.lat, f.lon))) break;
        if (!near) continue;
      }
      const initial = row ? h?.state : (timeClosed ?? outsideState(pair, previous));
      const evaluation: Evaluation = {
        pair,
        fixes,
        through,
        start: { state: initial!, row: row ?? null },
        state: initial!,
        outputs: [],
      };
      evaluations.push(evaluation);
      if (row && !h) stale.push({ pair, row, evaluation });
    }
  }
  if (stale.length) {
    const caught = await catchUp(reader, stale, exclude, onLate);
    for (const { pair, evaluation } of stale) {
      const c = caught.get(pairKey(pair.msisdnId, pair.poiId))!;
      evaluation.start.state = c.state;
      evaluation.outputs.push(...c.outputs);
    }
  }
  for (const e of evaluations) e.state = run(e.pair, e.start.state, e.fixes, e.outputs, onLate);
  const toWrite = evaluations.filter((e) => mustWrite(e.pair, e.start, e.state, e.outputs));
  return {
    positions,
    fixes: batchFixes,
    throughs,
    evaluations,
    toWrite,
    replayFrom,
    epochs: { instance: memory.instance, epoch: memory.epoch, statesEpoch: memory.statesEpoch },
  };
}

/**
 * The states closed by time alone (max_gap, a window's end: the sweep) after their newest fix, before a batch with a
 * fix from before that instant came — an app's backlog, sent once the phone is back. Such a state is OUTSIDE, so the
 * batch's read of the states not OUTSIDE leaves it out; the MSISDNs whose presence_closures say so (few) have their
 * OUTSIDE states read here, and a fix before the closing instant is late (a replay evaluates it).
 */
async function closedByTime(
  reader: Executor,
  positions: readonly BatchPosition[],
  closures: ReadonlyMap<number, number>,
): Promise<Map<string, PresenceState>> {
  const out = new Map<string, PresenceState>();
  if (!closures.size) return out;
  const suspects = new Set<number>();
  for (const p of positions) {
    const closedAt = closures.get(p.msisdnId);
    if (closedAt !== undefined && closedAt !== Infinity && p.time.getTime() < closedAt)
      suspects.add(p.msisdnId);
  }
  if (!suspects.size) return out;
  const rows = await reader
    .selectFrom('poi_presence')
    .select(['msisdn_id', 'poi_id', 'data'])
    .where('msisdn_id', 'in', [...suspects])
    .where('state', '=', 'OUTSIDE')
    .execute();
  for (const r of rows) {
    const state = presenceStateOf(r.data as PresenceState);
    if (closedByTimeAt(state) !== null) out.set(pairKey(r.msisdn_id, r.poi_id), state);
  }
  return out;
}

/**
 * The evaluation's writes, in the position transaction once the batch is stored (`stored`: in the batch's evaluation
 * order): the checkpoints that must be written, what the core emitted, replays asked for; then the memory follows.
 */
export async function completeBatch(
  tx: Transaction<Database>,
  batch: PreparedBatch,
  stored: readonly { id: number; msisdnId: number; time: Date }[],
  now: Date,
  memory: PresenceMemory,
): Promise<void> {
  if (stored.length !== batch.positions.length)
    throw new Error(`presence: ${stored.length} positions stored, ${batch.positions.length} evaluated`);
  stored.forEach((p, i) => {
    const evaluated = batch.positions[i]!;
    if (p.msisdnId !== evaluated.msisdnId || p.time.getTime() !== evaluated.time.getTime())
      throw new Error('presence: the stored batch is not in the evaluated order');
    const fix = batch.fixes[i];
    if (fix) fix.positionId = p.id;
  });
  for (const t of batch.throughs) if (t.newest && t.through) t.through.id = t.newest.positionId!;
  const { replayFrom } = batch;
  const onLate = (msisdnId: number, time: number) =>
    replayFrom.set(msisdnId, Math.min(replayFrom.get(msisdnId) ?? Infinity, time));
  const batchIds = new Set(stored.map((p) => p.id));
  // A writer other than a pipeline (the sweep, a replay, seeding) may have written states since the batch read them
  // (it moves states_epoch; its commit is seen now that the batch is stored): then every evaluation that started from
  // a checkpoint is written too, over that checkpoint — one that moved (a visit the sweep closed for want of data
  // that a fix here fills) is evaluated again from what it holds now, so the fix is not lost.
  const { rows: epochRows } = await sql<{ states_epoch: number }>`${PREPARED}
    select states_epoch from presence_epoch where id = 1`.execute(tx);
  const statesMoved = Number(epochRows[0]?.states_epoch ?? 0) !== batch.epochs.statesEpoch;
  const mustWriteNow = new Set(batch.toWrite);
  const toWrite = statesMoved
    ? batch.evaluations.filter((e) => e.start.row !== null || mustWriteNow.has(e))
    : batch.toWrite;
  const revs = await writeEvaluations(tx, toWrite, batchIds, now, onLate);

  const { epochs } = batch;
  const current =
    !statesMoved &&
    epochs.instance === memory.instance &&
    epochs.epoch === memory.epoch &&
    epochs.statesEpoch === memory.statesEpoch;
  for (const { msisdnId, through } of batch.throughs) {
    if (!through || !current) memory.held.delete(msisdnId);
    else {
      if (memory.held.size >= MEMORY_LIMIT) memory.held.clear();
      memory.held.set(msisdnId, { throughId: through.id, pairs: new Map() });
    }
  }
  for (const e of batch.evaluations) {
    if (e.state.state === 'OUTSIDE') continue;
    const held = memory.held.get(e.pair.msisdnId);
    const rev = revs.get(pairKey(e.pair.msisdnId, e.pair.poiId));
    // The row as written now, or as it was (the state moved on in memory only).
    const row: CheckpointRow | null | undefined =
      rev !== undefined
        ? {
            msisdnId: e.pair.msisdnId,
            poiId: e.pair.poiId,
            rev,
            deadline: nextDeadline(e.state, e.pair.ctx, false),
            through: e.through,
            fixAt: e.state.lastFixAt,
          }
        : e.start.row;
    if (!row || !held) memory.held.delete(e.pair.msisdnId);
    else held.pairs.set(e.pair.poiId, { row, state: e.state });
  }
  for (const [msisdnId, from] of replayFrom) await requestReplay(tx, msisdnId, from);
}

/**
 * Stored positions (ordered per MSISDN by time, then id, each with its `previous`) evaluated and written in the
 * position transaction: both halves in one go, where no other connection could prepare the batch beforehand.
 */
export async function evaluatePositions(
  tx: Transaction<Database>,
  positions: readonly StoredPosition[],
  now: Date,
  memory: PresenceMemory = presenceMemory(),
  /** readEpochAndCheckpoints for every MSISDN of the batch, made in `tx` after the store (the step's readWithStore). */
  early?: EpochRows,
): Promise<void> {
  const batch = await prepareBatch(
    tx,
    positions.map((p) => ({ ...p, previous: p.previous ?? null })),
    memory,
    new Set(positions.map((p) => p.id)),
    early,
  );
  await completeBatch(tx, batch, positions, now, memory);
}

/**
 * Reads, before a batch is stored, each of its MSISDNs' latest stored position (the batch's `previous`), and orders
 * the batch as the pipeline's steps see it once stored: per MSISDN by time, then as submitted.
 */
export async function batchPositions(
  reader: Executor,
  inputs: readonly PositionInput[],
): Promise<BatchPosition[]> {
  const order = inputs.map((_, i) => i);
  order.sort(
    (a, b) =>
      inputs[a]!.msisdnId - inputs[b]!.msisdnId ||
      inputs[a]!.time.getTime() - inputs[b]!.time.getTime() ||
      a - b,
  );
  // One text rather than a row per MSISDN (a batch holds thousands of them): MSISDN, position id and time (epoch
  // milliseconds) of each, in no order (three lists each sorted by MSISDN cost PostgreSQL more than the read itself).
  const { rows } = await sql<{ list: string | null }>`${PREPARED}
    select string_agg(msisdn_id::text || ',' || position_id::text || ',' || ${epochMs(sql.ref('time'))}::text, ',')
      as list
    from latest_positions
    where msisdn_id = any(${int4Array([...new Set(inputs.map((p) => p.msisdnId))])}::int[])`.execute(reader);
  const list = splitList(rows[0]?.list);
  const previous = new Map<number, { id: number; time: Date }>();
  for (let i = 0; i + 2 < list.length; i += 3)
    previous.set(Number(list[i]), { id: Number(list[i + 1]), time: new Date(Number(list[i + 2])) });
  return order.map((i) => {
    const p = inputs[i]!;
    // The fields' object completed in place (a spread into another object made two per position).
    const position = positionFields(p) as BatchPosition;
    position.previous = previous.get(p.msisdnId) ?? null;
    return position;
  });
}

/**
 * Writes the checkpoints that must be written, each only over the checkpoint it started from (checked by the upsert
 * itself); a pair whose row moved meanwhile (the sweep or a replay wrote it) is locked, evaluated again from that row
 * and written then. Answers the new revisions.
 */
async function writeEvaluations(
  tx: Executor,
  evaluations: readonly Evaluation[],
  batchIds: ReadonlySet<number>,
  now: Date,
  onLate: (msisdnId: number, time: number) => void,
): Promise<Map<string, number>> {
  if (!evaluations.length) return new Map();
  const revs = await writeCheckpoints(
    tx,
    evaluations.map((e) => ({
      pair: e.pair,
      state: e.state,
      through: e.through,
      expect: e.start.row ? e.start.row.rev : ('OUTSIDE' as const),
    })),
    now,
  );
  const moved = evaluations.filter((e) => !revs.has(pairKey(e.pair.msisdnId, e.pair.poiId)));
  if (moved.length) {
    const { rows } = await sql<CheckpointSqlRow>`
      select ${CHECKPOINT_COLUMNS}
      from poi_presence pp
      join unnest(${moved.map((e) => e.pair.msisdnId)}::int[], ${moved.map((e) => e.pair.poiId)}::int[])
        as k(msisdn_id, poi_id) on pp.msisdn_id = k.msisdn_id and pp.poi_id = k.poi_id
      order by pp.msisdn_id, pp.poi_id
      for update of pp`.execute(tx);
    const locked = new Map(rows.map((r) => [pairKey(r.msisdn_id, r.poi_id), checkpointOf(r)]));
    const items = moved.flatMap((evaluation) => {
      const row = locked.get(pairKey(evaluation.pair.msisdnId, evaluation.pair.poiId));
      return row ? [{ pair: evaluation.pair, row, evaluation }] : [];
    });
    const caught = await catchUp(tx, items, batchIds, onLate);
    for (const { pair, evaluation } of items) {
      const c = caught.get(pairKey(pair.msisdnId, pair.poiId))!;
      evaluation.outputs = [...c.outputs];
      evaluation.state = run(pair, c.state, evaluation.fixes, evaluation.outputs, onLate);
    }
    const again = await writeCheckpoints(
      tx,
      items.map(({ evaluation: e }) => ({ pair: e.pair, state: e.state, through: e.through })),
      now,
    );
    for (const [key, rev] of again) revs.set(key, rev);
  }
  await writeOutputs(
    tx,
    evaluations.map((e) => ({ pair: e.pair, state: e.state })),
    evaluations.flatMap((e) => e.outputs.map((output) => ({ pair: e.pair, output }))),
  );
  return revs;
}

/**
 * Asks for a replay of an MSISDN's presence from the start of the late fix's hour: one job per MSISDN and hour, queued
 * again by a late fix that comes after it ran (or while it runs), so no late fix is left out of every replay.
 */
export async function requestReplay(tx: Executor, msisdnId: number, from: number): Promise<void> {
  // Until the replay has run, the MSISDN's fixes are left to it (a closure at infinity: every fix is before it), so
  // no fix evaluated meanwhile from a state the replay will change emits what it then corrects (a second ENTER).
  await sql`
    insert into presence_closures (msisdn_id, closed_at) values (${msisdnId}, 'infinity')
    on conflict (msisdn_id) do update set closed_at = 'infinity'`.execute(tx);
  const hour = Math.floor(from / 3_600_000);
  await enqueue(
    tx as Db,
    {
      kind: REPLAY_JOB,
      key: `${msisdnId}:${hour}`,
      payload: { msisdnId, from: new Date(hour * 3_600_000).toISOString() },
    },
    { onConflict: 'replace' },
  );
}

/**
 * A new assignment's pair starts from the MSISDN's latest position, without an ENTER (it was there already).
 * `outsideToo`: a pair that comes back (its POI active again) is seeded afresh unless a stay of it is still going.
 */
export async function seedPairs(
  tx: Executor,
  msisdnIds: readonly number[],
  poiIds: readonly number[],
  now: Date,
  { outsideToo = false }: { outsideToo?: boolean } = {},
): Promise<void> {
  const pairsByMsisdn = await loadPairs(tx, msisdnIds, poiIds);
  const pairs = [...pairsByMsisdn.values()].flat();
  if (!pairs.length) return;
  const states = await loadStates(tx, pairs);
  const fresh = pairs.filter((p) => {
    const state = states.get(pairKey(p.msisdnId, p.poiId));
    return !state || (outsideToo && state.state === 'OUTSIDE');
  });
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
      ? toFix(
          { time: l.time, lat: l.lat, lon: l.lon, accuracyM: l.accuracy_m, source: l.source },
          l.position_id,
        )
      : null;
    // The fix counts only if it fell in the assignment's active period too (in order it would not have been evaluated).
    const active = fix && isActive(pair, now.getTime()) && isActive(pair, fix.time);
    const result = seed(active ? fix : null, pair.ctx, now.getTime());
    changed.push({ pair, state: result.state });
    for (const output of result.outputs) outputs.push({ pair, output });
  }
  await writeResults(tx, changed, outputs, now);
  // Where the pair's evaluation began: a replay over it starts from this seeding (positions up to this fix had come).
  await sql`
    update poi_presence pp set seeded_at = ${now}, seed_fix_at = s.fix_at, seed_position_id = s.position_id
    from unnest(${int4Array(fresh.map((p) => p.msisdnId))}::int[], ${int4Array(fresh.map((p) => p.poiId))}::int[],
                ${timestamptzArray(fresh.map((p) => byMsisdn.get(p.msisdnId)?.time.getTime() ?? null))}::timestamptz[],
                ${int8Array(fresh.map((p) => byMsisdn.get(p.msisdnId)?.position_id ?? null))}::int8[])
      as s(msisdn_id, poi_id, fix_at, position_id)
    where pp.msisdn_id = s.msisdn_id and pp.poi_id = s.poi_id`.execute(tx);
}

/**
 * The deadlines that are due: time alone closes visits (max gap, window end) and confirms precise candidates. A
 * checkpoint's deadline may be early (its state moved on in memory since): the pair is caught up from its positions
 * first, and time acts only on what is still due.
 */
export async function sweepDeadlines(db: Db, now: Date, limit = 1000): Promise<number> {
  return db.transaction().execute(async (tx) => {
    // Due: a deadline that fixes do not move, or no position of the MSISDN for longer than the pair's max gap.
    let { rows: due } = await sql<CheckpointSqlRow & { positioned: boolean }>`
      select ${CHECKPOINT_COLUMNS}, lp.msisdn_id is not null as positioned
      from poi_presence pp
      left join latest_positions lp on lp.msisdn_id = pp.msisdn_id
      where pp.deadline_at <= ${now}
         or (pp.state <> 'OUTSIDE' and pp.gap_ms is not null
             and coalesce(lp.time, pp.through_time) < ${now}::timestamptz - make_interval(secs => pp.gap_ms / 1000.0))
      order by pp.msisdn_id, pp.poi_id
      limit ${limit}
      for update of pp skip locked`.execute(tx);
    if (!due.length) return 0;
    // A batch of one of these MSISDNs still being written holds its latest_positions row, and its positions are not
    // visible here: time closing the MSISDN's visits now could close a stay that the batch's fixes continue (the batch
    // read the states before this commits, and may not write them). Such MSISDNs are left to the next sweep; the rows
    // of the others are held until this commits, so their batches wait for it and then find the states moved. An
    // MSISDN without a latest position has no batch to wait for.
    const positioned = [...new Set(due.filter((d) => d.positioned).map((d) => d.msisdn_id))];
    const { rows: held } = await sql<{ msisdn_id: number }>`
      select msisdn_id from latest_positions where msisdn_id = any(${int4Array(positioned)}::int[])
      order by msisdn_id for share skip locked`.execute(tx);
    const busy = new Set(positioned);
    for (const r of held) busy.delete(r.msisdn_id);
    // The answer counts them still: a full page means more may be due.
    const found = due.length;
    if (busy.size) due = due.filter((d) => !busy.has(d.msisdn_id));
    if (!due.length) return found;
    const pairsByMsisdn = await loadPairs(
      tx,
      [...new Set(due.map((d) => d.msisdn_id))],
      [...new Set(due.map((d) => d.poi_id))],
    );
    const rows = new Map(due.map((d) => [pairKey(d.msisdn_id, d.poi_id), checkpointOf(d)]));
    const items = [...pairsByMsisdn.values()]
      .flat()
      .filter((p) => rows.has(pairKey(p.msisdnId, p.poiId)))
      .map((pair) => ({ pair, row: rows.get(pairKey(pair.msisdnId, pair.poiId))! }));
    const replayFrom = new Map<number, number>();
    const caught = await catchUp(tx, items, new Set(), (m, t) =>
      replayFrom.set(m, Math.min(replayFrom.get(m) ?? Infinity, t)),
    );
    const changed: { pair: Pair; state: PresenceState; through: Through | null }[] = [];
    const outputs: { pair: Pair; output: PresenceOutput }[] = [];
    for (const { pair } of items) {
      const c = caught.get(pairKey(pair.msisdnId, pair.poiId))!;
      const result = tick(c.state, now.getTime(), pair.ctx);
      changed.push({ pair, state: result.state, through: c.through });
      for (const output of [...c.outputs, ...result.outputs]) outputs.push({ pair, output });
    }
    await writeResults(tx, changed, outputs, now);
    for (const [msisdnId, from] of replayFrom) await requestReplay(tx, msisdnId, from);
    // A pair no longer evaluated (assignment removed, POI inactive, consent withdrawn) keeps its state, unscheduled.
    const orphans = due.filter(
      (d) => !items.some((i) => i.pair.msisdnId === d.msisdn_id && i.pair.poiId === d.poi_id),
    );
    for (const o of orphans)
      await tx
        .updateTable('poi_presence')
        .set({ deadline_at: null })
        .where('msisdn_id', '=', o.msisdn_id)
        .where('poi_id', '=', o.poi_id)
        .execute();
    // A closure older than any position the pipeline accepts can have no fix before it still to come.
    await tx
      .deleteFrom('presence_closures')
      .where('closed_at', '<', new Date(now.getTime() - MAX_POSITION_AGE_MS))
      .execute();
    return found;
  });
}

/**
 * The open visits of these pairs as they stand now (their checkpoints caught up from the positions after them), by
 * pairKey: for readers that act on a visit still going (a task proven by a long enough stay) or show it.
 */
export async function openVisitsNow(
  db: Executor,
  keys: readonly { msisdnId: number; poiId: number }[],
): Promise<Map<string, VisitRecord>> {
  const out = new Map<string, VisitRecord>();
  if (!keys.length) return out;
  const { rows } = await sql<CheckpointSqlRow>`
    select ${CHECKPOINT_COLUMNS}
    from poi_presence pp
    join unnest(${keys.map((k) => k.msisdnId)}::int[], ${keys.map((k) => k.poiId)}::int[])
      as k(msisdn_id, poi_id) on pp.msisdn_id = k.msisdn_id and pp.poi_id = k.poi_id
    where pp.state <> 'OUTSIDE'`.execute(db);
  if (!rows.length) return out;
  const checkpoints = new Map(rows.map((r) => [pairKey(r.msisdn_id, r.poi_id), checkpointOf(r)]));
  const pairs = await loadPairs(
    db,
    [...new Set(rows.map((r) => r.msisdn_id))],
    [...new Set(rows.map((r) => r.poi_id))],
  );
  const items = [...pairs.values()]
    .flat()
    .filter((p) => checkpoints.has(pairKey(p.msisdnId, p.poiId)))
    .map((pair) => ({ pair, row: checkpoints.get(pairKey(pair.msisdnId, pair.poiId))! }));
  const caught = await catchUp(db, items, new Set(), () => undefined);
  for (const [key, { state }] of caught) if (state.visit) out.set(key, visitRecord(state, state.visit));
  return out;
}

/**
 * The state of one pair now: its checkpoint caught up from the positions after it (null: no checkpoint). For a
 * change that ends the pair (its last assignment removed), read before the assignment goes.
 */
export async function currentPresence(
  tx: Executor,
  msisdnId: number,
  poiId: number,
): Promise<PresenceState | null> {
  const { rows } = await sql<CheckpointSqlRow & { data: unknown }>`
    select ${CHECKPOINT_COLUMNS}, pp.data from poi_presence pp
    where pp.msisdn_id = ${msisdnId} and pp.poi_id = ${poiId}
    for update`.execute(tx);
  const row = rows[0];
  if (!row) return null;
  const pair = (await loadPairs(tx, [msisdnId], [poiId])).get(msisdnId)?.[0];
  if (!pair) return presenceStateOf(row.data as PresenceState);
  const caught = await catchUp(tx, [{ pair, row: checkpointOf(row) }], new Set(), () => undefined);
  return caught.get(pairKey(msisdnId, poiId))!.state;
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

/** Two visits of one pair that share a moment (an open visit lasts to this day). */
const overlapping = (a: VisitRecord, b: VisitRecord) =>
  a.enteredAt <= (b.exitedAt ?? Infinity) && b.enteredAt <= (a.exitedAt ?? Infinity);

/**
 * Where a pair's replay from `from` starts: at an anchor where in-order delivery stood OUTSIDE — `max_gap` and the
 * enter dwell before `from`, moved back before every stored visit or passed-by that spans it (a replay started OUTSIDE
 * in the middle of a stay would invent a passed-by or a second visit) — or, when the pair was seeded after the
 * anchor, at its seeding (`seeding`): the pair's evaluation began there.
 */
async function replayStart(
  tx: Executor,
  pair: Pair,
  from: number,
): Promise<{ anchor: number; seeding: Seeding | null }> {
  const { maxGapMs, enterDwellMs, exitDwellMs } = pair.ctx.params;
  const back = maxGapMs + enterDwellMs;
  let anchor = from - back;
  for (let moves = 0; moves < 1000; moves++) {
    const at = new Date(anchor);
    // A stay spans the anchor from its entry until its exit was decided (at most max_gap and the exit dwell after
    // its first outside fix); a passed-by from its first inside fix to its outside one.
    const { rows } = await sql<{ first: Date | null }>`
      select min(t) as first from (
        select entered_at as t from visits
        where msisdn_id = ${pair.msisdnId} and poi_id = ${pair.poiId} and entered_at < ${at}
          and (exited_at is null or coalesce(exited_latest, exited_at)
                 >= ${new Date(anchor - maxGapMs - exitDwellMs)})
        union all
        select first_inside_at from poi_passed_by
        where msisdn_id = ${pair.msisdnId} and poi_id = ${pair.poiId} and first_inside_at < ${at}
          and outside_at >= ${at}
      ) spans`.execute(tx);
    const first = rows[0]?.first;
    if (!first) break;
    anchor = new Date(first).getTime() - back;
  }
  // A pair seeded after the anchor began there: the positions up to its seeding fix had come before the pair
  // existed, so the replay starts from the seeding as seedPairs made it (INSIDE or OUTSIDE).
  const row = await tx
    .selectFrom('poi_presence')
    .select(['seeded_at', 'seed_fix_at', 'seed_position_id'])
    .where('msisdn_id', '=', pair.msisdnId)
    .where('poi_id', '=', pair.poiId)
    .executeTakeFirst();
  if (row?.seeded_at) {
    if (!row.seed_fix_at || row.seed_fix_at.getTime() < anchor) return { anchor, seeding: null };
    const fix = await tx
      .selectFrom('positions')
      .select(['id', 'time', 'lat', 'lon', 'accuracy_m', 'source'])
      .where('msisdn_id', '=', pair.msisdnId)
      .where('time', '=', row.seed_fix_at)
      .$if(row.seed_position_id !== null, (q) => q.where('id', '=', row.seed_position_id!))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    // Seeded INSIDE or not is what the seeding did (its seeded visit), not what today's schedule would say.
    const visit = await tx
      .selectFrom('visits')
      .select('id')
      .where('msisdn_id', '=', pair.msisdnId)
      .where('poi_id', '=', pair.poiId)
      .where('seeded', '=', true)
      .where('entered_at', '=', row.seed_fix_at)
      .executeTakeFirst();
    return {
      anchor,
      seeding: {
        fixAt: row.seed_fix_at.getTime(),
        positionId: row.seed_position_id === null ? null : Number(row.seed_position_id),
        fix: fix ? toFix({ ...fix, accuracyM: fix.accuracy_m }, Number(fix.id)) : null,
        at: row.seeded_at.getTime(),
        inside: visit !== undefined,
      },
    };
  }
  // Seeded before seeded_at was recorded: a pair seeded INSIDE (a POI or assignment made around the phone) begins with
  // its seeded visit.
  const seeded = await tx
    .selectFrom('positions as p')
    .innerJoin('visits as v', (join) =>
      join
        .onRef('v.msisdn_id', '=', 'p.msisdn_id')
        .onRef('v.entered_at', '=', 'p.time')
        .on('v.poi_id', '=', pair.poiId)
        .on('v.seeded', '=', true)
        .on('v.entered_at', '>=', new Date(anchor)),
    )
    .select(['p.id', 'p.time', 'p.lat', 'p.lon', 'p.accuracy_m', 'p.source'])
    .where('p.msisdn_id', '=', pair.msisdnId)
    .where('p.time', '>=', new Date(anchor))
    .orderBy('p.time', 'desc')
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirst();
  if (!seeded) return { anchor, seeding: null };
  const fix = toFix({ ...seeded, accuracyM: seeded.accuracy_m }, Number(seeded.id));
  return { anchor, seeding: { fixAt: fix.time, positionId: null, fix, at: null, inside: true } };
}

/** Where a pair's evaluation began: the MSISDN's latest position then (its time, and the fix if still stored). */
interface Seeding {
  fixAt: number;
  /** The position itself (null: not recorded; the positions after its time follow it). */
  positionId: number | null;
  fix: PresenceFix | null;
  /** When it was seeded (null: not recorded). */
  at: number | null;
  /** Seeded INSIDE from `fix` (a seeded visit), or else OUTSIDE. */
  inside: boolean;
}

/**
 * Late fixes: re-runs the MSISDN's presence at each of its pairs from before the first visit the late fix can touch,
 * over the stored positions, exactly as in-order delivery would have; the visits that differ are rewritten with a
 * VISIT_CORRECTED event, events already emitted are not emitted again (their keys), the state becomes the replay's.
 */
export async function replayMsisdn(db: Db, msisdnId: number, from: number, now: Date): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const pairs = (await loadPairs(tx, [msisdnId])).get(msisdnId) ?? [];
    if (!pairs.length) {
      await tx.deleteFrom('presence_closures').where('msisdn_id', '=', msisdnId).execute();
      return 0;
    }
    await loadStates(tx, pairs);
    let corrections = 0;
    let closedAt = -Infinity;
    for (const pair of pairs) {
      const { anchor, seeding } = await replayStart(tx, pair, from);
      // From the seeding (the pair's history begins there), or OUTSIDE at the anchor.
      const after = seeding ? seeding.fixAt : anchor;
      const positions = await tx
        .selectFrom('positions')
        .select(['id', 'time', 'lat', 'lon', 'accuracy_m', 'source'])
        .where('msisdn_id', '=', msisdnId)
        .where((eb) =>
          !seeding
            ? eb('time', '>=', new Date(after))
            : seeding.positionId === null
              ? eb('time', '>', new Date(after))
              : // A position of the same time stored after the seeding's came after it: in order it was evaluated.
                eb.or([
                  eb('time', '>', new Date(after)),
                  eb.and([eb('time', '=', new Date(after)), eb('id', '>', seeding.positionId)]),
                ]),
        )
        .where('time', '<=', now)
        .orderBy('time')
        .orderBy('id')
        .execute();
      // Starts as live delivery would have: OUTSIDE, its last fix the MSISDN's position before the anchor (looked
      // for as far back as the pipeline accepts positions, so only those periods of `positions` are read).
      const before = seeding
        ? undefined
        : await tx
            .selectFrom('positions')
            .select('time')
            .where('msisdn_id', '=', msisdnId)
            .where('time', '>=', new Date(anchor - MAX_POSITION_AGE_MS))
            .where('time', '<', new Date(anchor))
            .orderBy('time', 'desc')
            .limit(1)
            .executeTakeFirst();
      const fixes = positions.map((p) => toFix({ ...p, accuracyM: p.accuracy_m }, Number(p.id)));
      const produced: PresenceOutput[] = [];
      let start = outsideState(pair, before ?? null);
      if (seeding) {
        // As seedPairs did when the assignment was made: INSIDE from that fix without an ENTER, or OUTSIDE — then
        // the pair was evaluated as every pair OUTSIDE is (its row never read): from its last fix.
        const { fix, at, inside } = seeding;
        let seeded = inside && fix ? seed(fix, pair.ctx, at ?? undefined) : null;
        // (Made INSIDE then: terms changed since, such as the poll interval, do not undo it.)
        if (seeded?.state.state === 'OUTSIDE') seeded = seed(fix!, pair.ctx);
        if (seeded && seeded.state.state !== 'OUTSIDE') {
          start = seeded.state;
          produced.push(...seeded.outputs);
        } else start = outsideState(pair, { time: new Date(seeding.fixAt) });
      }
      let state = run(pair, start, fixes, produced, () => undefined, true);
      const ticked = tick(state, now.getTime(), pair.ctx);
      state = ticked.state;
      produced.push(...ticked.outputs);
      const outputs = produced.map((output) => ({ pair, output }));
      const last = fixes.at(-1);
      const through = last ? { time: last.time, id: last.positionId! } : null;

      const storedRows = await tx
        .selectFrom('visits')
        .selectAll()
        .where('msisdn_id', '=', msisdnId)
        .where('poi_id', '=', pair.poiId)
        .where('entered_at', '>=', new Date(after))
        .execute();
      // An open visit's row follows its checkpoint; what the pair stands at now is what the replay is held against.
      const current = await currentPresence(tx, msisdnId, pair.poiId);
      const open = current?.visit ? visitRecord(current, current.visit) : null;
      const stored = storedRows.map((r) => {
        const v = visitOfRow(r as VisitRow);
        return open && v.key === open.key ? open : v;
      });
      const replayed = finalVisitsOf(outputs.map((o) => o.output)).filter((v) => v.enteredAt >= after);
      const diff = diffVisitsOf(stored, replayed);
      // A stay whose entry moved (a late first fix) has a new key: the same stay, corrected, not a new one. Its
      // events already emitted (the entry; the exit and close of a closed stay) are not emitted again.
      const rekeyed = new Map<string, { visit: VisitRecord; old: VisitRecord }>();
      const replaced = new Set<VisitRecord>();
      for (const visit of diff.added) {
        const old = diff.removed.find((v) => !replaced.has(v) && overlapping(v, visit));
        if (!old) continue;
        rekeyed.set(visit.key, { visit, old });
        replaced.add(old);
      }
      const emitted = (type: string, key: string) => {
        const old = rekeyed.get(key)?.old;
        if (!old) return false;
        if (type === 'GEOFENCE_ENTER') return !old.seeded;
        // Only an exit emits GEOFENCE_EXIT (a close for want of data or at the window's end does not); any close
        // emitted VISIT_CLOSED.
        return type === 'GEOFENCE_EXIT' ? old.closedBy === 'EXIT' : old.exitedAt !== null;
      };
      // Outputs of visits that did not change are not written again; events keep their keys (no duplicates).
      const changedKeys = new Set([...diff.added, ...diff.changed].map((v) => v.key));
      const kept = outputs.filter(({ output: o }) =>
        o.kind === 'VISIT'
          ? changedKeys.has(o.visit.key)
          : o.kind !== 'EVENT' || !emitted(o.event.type, o.event.visit.key),
      );
      await writeResults(tx, [{ pair, state, through }], kept, now);
      closedAt = Math.max(closedAt, closedByTimeAt(state) ?? -Infinity);
      if (diff.removed.length)
        await tx
          .deleteFrom('visits')
          .where(
            'key',
            'in',
            diff.removed.map((v) => v.key),
          )
          .execute();
      for (const [visit, removed, old] of [
        ...diff.changed.map((v) => [v, false, v] as const),
        ...[...rekeyed.values()].map(({ visit, old }) => [visit, false, old] as const),
        ...diff.removed.filter((v) => !replaced.has(v)).map((v) => [v, true, v] as const),
      ]) {
        corrections++;
        const moved = old.key === visit.key ? '' : `${visit.key}:`;
        await emit(tx as Db, {
          type: 'VISIT_CORRECTED',
          companyId: pair.companyId,
          msisdnId,
          subject: { type: 'poi', id: pair.poiId },
          payload: { ...presencePayload(visit, visit.enteredEarliest, visit.enteredLatest), removed },
          idempotencyKey: `VISIT_CORRECTED:${old.key}:${removed ? 'removed' : `${moved}${visit.exitedAt}:${visit.fixCount}:${visit.closedBy}`}`,
          occurredAt: now,
        });
      }
    }
    // The replay has run: the MSISDN's fixes are evaluated live again, and a state it left closed by time is
    // recorded as such (after its writes: the locks in the pipeline's order, states before closures).
    await tx.deleteFrom('presence_closures').where('msisdn_id', '=', msisdnId).execute();
    if (closedAt > -Infinity)
      await tx
        .insertInto('presence_closures')
        .values({ msisdn_id: msisdnId, closed_at: new Date(closedAt) })
        .execute();
    return corrections;
  });
}
