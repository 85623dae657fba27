import type { PositionSource, VisitClosedBy } from '@lbs/contracts';
import { classifyFix, type Classification } from './classify.ts';
import {
  initialPresence,
  presenceEvent,
  samePlace,
  visitRecord,
  type Candidate,
  type FixKey,
  type PresenceContext,
  type PresenceFix,
  type PresenceOutput,
  type PresenceState,
  type StepResult,
} from './presence-model.ts';

/**
 * The per (MSISDN, POI) state machine of issue 11, a Schmitt trigger with dwell:
 *
 *   OUTSIDE ──INSIDE──▶ ENTERING ──INSIDE fixes spanning ≥ enter dwell, ≥ 2 of them──▶ INSIDE   (ENTER, backdated)
 *   ENTERING ──OUTSIDE──▶ OUTSIDE                                                                 (passed by)
 *   INSIDE ──OUTSIDE──▶ LEAVING ──OUTSIDE fixes spanning ≥ exit dwell, ≥ 2 of them──▶ OUTSIDE   (EXIT, VISIT_CLOSED)
 *   LEAVING ──INSIDE──▶ INSIDE                                                                   (jitter absorbed)
 *   AMBIGUOUS fixes never change the state.
 *
 * Three things happen by time alone, at deadlines computed from the state (so they fall at the same instant
 * whether a tick or the next fix finds them, which keeps replay identical to live delivery): a candidate holding a
 * precise app fix (accuracy ≤ r_eff / 2) confirms once its dwell has passed without contrary evidence; no fix for
 * longer than max_gap closes the visit NO_DATA at its last inside fix; the end of the assignment's active period
 * closes it WINDOW_END. An unconfirmed ENTERING is dropped by the last two.
 */

/**
 * A state to change: its objects copied (a step changes them in place); source lists are never changed in place
 * (copy on write), so they may be shared.
 */
const copy = (s: PresenceState): PresenceState => ({
  ...s,
  candidate: s.candidate && { ...s.candidate },
  visit: s.visit && { ...s.visit },
  lastFix: s.lastFix && { ...s.lastFix },
  lastNetwork: s.lastNetwork && { ...s.lastNetwork },
});

/** The sources with one more (a new sorted list when it is new: lists may be shared between states). */
function withSource(sources: PositionSource[], source: PositionSource): PositionSource[] {
  return sources.includes(source) ? sources : [...sources, source].sort();
}

function confirmEnter(s: PresenceState, out: PresenceOutput[]): void {
  const c = s.candidate!;
  s.visit = {
    enteredAt: c.firstAt,
    enteredEarliest: c.before,
    lastInsideAt: c.lastAt,
    fixCount: c.fixCount,
    pSum: c.pSum,
    sources: c.sources,
    seeded: false,
  };
  s.state = 'INSIDE';
  s.since = c.firstAt;
  s.candidate = null;
  const visit = visitRecord(s, s.visit);
  out.push({ kind: 'VISIT', change: 'OPENED', visit });
  out.push({ kind: 'EVENT', event: presenceEvent('GEOFENCE_ENTER', visit, c.firstAt, c.before, c.firstAt) });
}

/** Closes the open visit; `since` is when the state became OUTSIDE. */
function closeVisit(s: PresenceState, closedBy: VisitClosedBy, since: number, out: PresenceOutput[]): void {
  const visit = s.visit!;
  // Outside evidence bounds the exit; without it (no data, window end) the latest is unknown.
  const latest = s.state === 'LEAVING' ? s.candidate!.firstAt : null;
  const record = visitRecord(s, visit, closedBy, latest);
  out.push({ kind: 'VISIT', change: 'CLOSED', visit: record });
  if (closedBy === 'EXIT')
    out.push({
      kind: 'EVENT',
      event: presenceEvent('GEOFENCE_EXIT', record, visit.lastInsideAt, visit.lastInsideAt, latest),
    });
  out.push({
    kind: 'EVENT',
    event: presenceEvent('VISIT_CLOSED', record, visit.lastInsideAt, visit.lastInsideAt, latest),
  });
  s.state = 'OUTSIDE';
  s.since = since;
  s.visit = null;
  s.candidate = null;
}

/** Leaves ENTERING or an open visit for lack of data or at the window's end. */
function giveUp(
  s: PresenceState,
  closedBy: 'NO_DATA' | 'WINDOW_END',
  at: number,
  out: PresenceOutput[],
): void {
  if (s.state === 'ENTERING') {
    s.state = 'OUTSIDE';
    s.since = at;
    s.candidate = null;
  } else if (s.visit) {
    closeVisit(s, closedBy, at, out);
  }
  if (closedBy === 'WINDOW_END') s.windowEndsAt = null;
}

const dwellOf = (s: PresenceState, ctx: PresenceContext) =>
  s.state === 'LEAVING' ? ctx.params.exitDwellMs : ctx.params.enterDwellMs;

/** The pending change is confirmed: ENTERING opens the visit, LEAVING closes it (outside since its first fix). */
function confirm(s: PresenceState, out: PresenceOutput[]): void {
  if (s.state === 'ENTERING') confirmEnter(s, out);
  else closeVisit(s, 'EXIT', s.candidate!.firstAt, out);
}

/**
 * The instants at which time alone acts on the state (Infinity: never). A gap acts once it is exceeded. Three
 * functions rather than one answer object: they run on every fix of a pair not OUTSIDE.
 */
function confirmAt(s: PresenceState, ctx: PresenceContext): number {
  const preciseAt = s.candidate?.preciseAt;
  return s.state !== 'OUTSIDE' && preciseAt != null ? s.candidate!.firstAt + dwellOf(s, ctx) : Infinity;
}
const windowAt = (s: PresenceState) => (s.state !== 'OUTSIDE' ? (s.windowEndsAt ?? Infinity) : Infinity);
const gapAt = (s: PresenceState, ctx: PresenceContext) =>
  s.state !== 'OUTSIDE' && s.lastFixAt != null ? s.lastFixAt + ctx.params.maxGapMs : Infinity;

/** Applies every deadline due by `t`, earliest first. */
function expire(s: PresenceState, t: number, ctx: PresenceContext, out: PresenceOutput[]): void {
  // OUTSIDE has no deadline (the common case on the hot path: nothing to compute).
  while (s.state !== 'OUTSIDE') {
    const atConfirm = confirmAt(s, ctx);
    const atWindow = windowAt(s);
    const atGap = gapAt(s, ctx);
    const due = Math.min(
      atConfirm <= t ? atConfirm : Infinity,
      atWindow <= t ? atWindow : Infinity,
      atGap < t ? atGap : Infinity,
    );
    if (due === Infinity) return;
    if (due === atConfirm) confirm(s, out);
    else if (due === atWindow) giveUp(s, 'WINDOW_END', due, out);
    else giveUp(s, 'NO_DATA', due, out);
  }
}

/**
 * The first instant at which `tick` would change the state if no fix came (null: never): when to schedule the
 * pair's next tick job. Times are whole milliseconds, so an exceeded gap is due one millisecond after it ends.
 * Without `withGap`, the deadlines that fixes do not push back (a precise candidate's dwell, the window's end).
 */
export function nextDeadline(state: PresenceState, ctx: PresenceContext, withGap = true): number | null {
  const next = Math.min(confirmAt(state, ctx), windowAt(state), withGap ? gapAt(state, ctx) + 1 : Infinity);
  return Number.isFinite(next) ? next : null;
}

/** Confirms the pending change when its evidence suffices at fix time `t`. */
function tryConfirm(s: PresenceState, t: number, ctx: PresenceContext, out: PresenceOutput[]): void {
  const c = s.candidate!;
  const dwell = dwellOf(s, ctx);
  if ((c.fixCount >= 2 && c.lastAt - c.firstAt >= dwell) || (c.preciseAt != null && t - c.firstAt >= dwell))
    confirm(s, out);
}

function startCandidate(
  fix: PresenceFix,
  cl: Classification,
  precise: boolean,
  before: number | null,
): Candidate {
  return {
    firstAt: fix.time,
    lastAt: fix.time,
    fixCount: 1,
    preciseAt: precise ? fix.time : null,
    pSum: cl.pIn,
    sources: [fix.source],
    before,
  };
}

/** Counts a fix as evidence, unless it repeats the previous network fix (then only its time counts). */
function extend(
  target: { fixCount: number; pSum: number; sources: PositionSource[] },
  fix: PresenceFix,
  cl: Classification,
  repeat: boolean,
): void {
  if (repeat) return;
  target.fixCount++;
  target.pSum += cl.pIn;
  target.sources = withSource(target.sources, fix.source);
}

/** What the state remembers of a fix (not the fix itself: it may carry more, and change once stored). */
const fixKey = (fix: PresenceFix): FixKey => ({
  time: fix.time,
  source: fix.source,
  lat: fix.lat,
  lon: fix.lon,
  accuracyM: fix.accuracyM,
});

/**
 * Remembers the fix as the newest one (and, when it is evidence, the newest network one), in the state's own objects
 * when it has them. An AMBIGUOUS fix in between does not make a repeat of the last counted network fix new evidence.
 */
function remember(s: PresenceState, fix: PresenceFix, evidence: boolean): void {
  const last = s.lastFix;
  if (last) {
    last.time = fix.time;
    last.source = fix.source;
    last.lat = fix.lat;
    last.lon = fix.lon;
    last.accuracyM = fix.accuracyM;
  } else s.lastFix = fixKey(fix);
  if (fix.source !== 'NETWORK' || !evidence) return;
  const network = s.lastNetwork;
  if (network) {
    network.lat = fix.lat;
    network.lon = fix.lon;
    network.accuracyM = fix.accuracyM;
  } else s.lastNetwork = { lat: fix.lat, lon: fix.lon, accuracyM: fix.accuracyM };
}

/**
 * Whether a fix comes too late for the state: older than its newest evaluated fix, or than the instant time alone
 * closed it after that fix (max_gap or the window's end, applied by the sweep before this fix came: in order, the fix
 * would have come first). Such a fix is replayed with the MSISDN's stored positions.
 */
export function isLate(state: PresenceState, fix: { time: number }): boolean {
  const last = state.lastFixAt;
  return (
    last != null && (fix.time < last || (state.since != null && state.since > last && fix.time < state.since))
  );
}

/** Why a fix changes nothing: it comes too late (replay it), or it is the newest one again. */
function ignoredFix(state: PresenceState, fix: PresenceFix): StepResult['ignored'] {
  if (isLate(state, fix)) return 'OUT_OF_ORDER';
  const lastFix = state.lastFix;
  if (lastFix && lastFix.time === fix.time && lastFix.source === fix.source && samePlace(lastFix, fix))
    return 'DUPLICATE';
  return undefined;
}

/** Evaluates one fix (newest so far) for the pair; pure: the input state is not modified. */
export function step(state: PresenceState, fix: PresenceFix, ctx: PresenceContext): StepResult {
  const ignored = ignoredFix(state, fix);
  if (ignored) return { state, outputs: [], ignored };
  const s = copy(state);
  const out: PresenceOutput[] = [];
  evaluate(s, fix, ctx, out, true);
  return { state: s, outputs: out };
}

/**
 * `step` on a state the caller owns: the state and its objects change in place, the outputs are appended to `out`,
 * and an open visit's progress is reported only with `updates` (UPDATED outputs; else the caller reads the visit from
 * the state). The presence engine's path, where a copy of every state on every fix was most of what a step cost.
 */
export function stepInPlace(
  s: PresenceState,
  fix: PresenceFix,
  ctx: PresenceContext,
  out: PresenceOutput[],
  updates = false,
): StepResult['ignored'] {
  const ignored = ignoredFix(s, fix);
  if (!ignored) evaluate(s, fix, ctx, out, updates);
  return ignored;
}

function evaluate(
  s: PresenceState,
  fix: PresenceFix,
  ctx: PresenceContext,
  out: PresenceOutput[],
  updates: boolean,
): void {
  expire(s, fix.time, ctx, out);

  const cl = classifyFix(ctx.poi, fix, ctx.params.classify);
  const network = fix.source === 'NETWORK';
  const repeat = network && s.lastNetwork !== null && samePlace(s.lastNetwork, fix);
  const precise = fix.source !== 'NETWORK' && fix.accuracyM != null && cl.accuracyM <= ctx.poi.rEffM / 2;
  const before = s.lastFixAt;
  s.lastFixAt = fix.time;
  s.lastClass = cl.class;
  remember(s, fix, cl.class !== 'AMBIGUOUS');
  s.windowEndsAt = ctx.windowEndAt?.(fix.time) ?? null;

  if (cl.class === 'AMBIGUOUS') {
    if (s.candidate) tryConfirm(s, fix.time, ctx, out);
  } else if (s.state === 'OUTSIDE') {
    if (cl.class === 'INSIDE') {
      s.state = 'ENTERING';
      s.since = fix.time;
      s.candidate = startCandidate(fix, cl, precise, before);
      tryConfirm(s, fix.time, ctx, out);
    }
  } else if (s.state === 'ENTERING') {
    const c = s.candidate!;
    if (cl.class === 'INSIDE') {
      c.lastAt = fix.time;
      extend(c, fix, cl, repeat);
      if (precise) c.preciseAt ??= fix.time;
      tryConfirm(s, fix.time, ctx, out);
    } else {
      const key = `PASSED_BY:${s.msisdnId}:${s.poiId}:${c.firstAt}`;
      out.push({
        kind: 'PASSED_BY',
        passedBy: {
          key,
          msisdnId: s.msisdnId,
          poiId: s.poiId,
          firstInsideAt: c.firstAt,
          lastInsideAt: c.lastAt,
          outsideAt: fix.time,
          fixCount: c.fixCount,
          sources: [...c.sources],
        },
      });
      s.state = 'OUTSIDE';
      s.since = fix.time;
      s.candidate = null;
    }
  } else if (cl.class === 'INSIDE') {
    // INSIDE, or LEAVING with the person back: the outside fixes were jitter.
    const visit = s.visit!;
    visit.lastInsideAt = fix.time;
    extend(visit, fix, cl, repeat);
    s.state = 'INSIDE';
    s.since = visit.enteredAt;
    s.candidate = null;
    if (updates) out.push({ kind: 'VISIT', change: 'UPDATED', visit: visitRecord(s, visit) });
  } else if (s.state === 'INSIDE') {
    s.state = 'LEAVING';
    s.since = fix.time;
    s.candidate = startCandidate(fix, cl, precise, before);
    tryConfirm(s, fix.time, ctx, out);
  } else {
    const c = s.candidate!;
    c.lastAt = fix.time;
    extend(c, fix, cl, repeat);
    if (precise) c.preciseAt ??= fix.time;
    tryConfirm(s, fix.time, ctx, out);
  }
}

/** Applies what time alone decides by `now` (max_gap, window end, a precise candidate's dwell) when no fix comes. */
export function tick(state: PresenceState, now: number, ctx: PresenceContext): StepResult {
  const s = copy(state);
  const out: PresenceOutput[] = [];
  expire(s, now, ctx, out);
  return out.length || s.state !== state.state ? { state: s, outputs: out } : { state, outputs: [] };
}

/** `tick` on a state the caller owns (changed in place; outputs appended to `out`). */
export function tickInPlace(
  s: PresenceState,
  now: number,
  ctx: PresenceContext,
  out: PresenceOutput[],
): void {
  expire(s, now, ctx, out);
}

/**
 * The starting state of a new POI or assignment from the MSISDN's latest position in the active period: INSIDE with
 * a seeded visit (no ENTER event) when that fix is INSIDE and not older than max_gap at `now`, else OUTSIDE.
 */
export function seed(latest: PresenceFix | null, ctx: PresenceContext, now?: number): StepResult {
  const s = initialPresence(ctx.msisdnId, ctx.poi.poiId);
  if (!latest) return { state: s, outputs: [] };
  const cl = classifyFix(ctx.poi, latest, ctx.params.classify);
  s.lastFixAt = latest.time;
  s.lastClass = cl.class;
  s.lastFix = fixKey(latest);
  if (latest.source === 'NETWORK')
    s.lastNetwork = { lat: latest.lat, lon: latest.lon, accuracyM: latest.accuracyM };
  s.windowEndsAt = ctx.windowEndAt?.(now ?? latest.time) ?? null;
  s.since = latest.time;
  const fresh = now === undefined || now - latest.time <= ctx.params.maxGapMs;
  if (cl.class !== 'INSIDE' || !fresh) return { state: s, outputs: [] };
  s.state = 'INSIDE';
  s.visit = {
    enteredAt: latest.time,
    enteredEarliest: null,
    lastInsideAt: latest.time,
    fixCount: 1,
    pSum: cl.pIn,
    sources: [latest.source],
    seeded: true,
  };
  return { state: s, outputs: [{ kind: 'VISIT', change: 'OPENED', visit: visitRecord(s, s.visit) }] };
}
