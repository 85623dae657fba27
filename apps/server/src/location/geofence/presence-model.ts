import type {
  FixClass,
  PositionSource,
  PresenceEventType,
  PresenceStateName,
  VisitClosedBy,
} from '@lbs/contracts';
import { DEFAULT_CLASSIFY_PARAMS, type ClassifyParams } from './classify.ts';
import type { PreparedPoi } from './prepared-poi.ts';

/**
 * The data of the presence engine: its parameters, the serialisable state of one (MSISDN, POI) pair (a
 * `poi_presence` row), and what a step emits. Instants are epoch milliseconds throughout.
 */

const MINUTE = 60_000;

/** A position as the engine sees it. `positionId` orders fixes of the same instant (replay). */
export interface PresenceFix {
  time: number;
  lat: number;
  lon: number;
  accuracyM: number | null;
  source: PositionSource;
  positionId?: number;
}

export interface PresenceParams {
  /** INSIDE fixes must span this long (and be ≥ 2) before an ENTER is confirmed. */
  enterDwellMs: number;
  /** OUTSIDE fixes must span this long (and be ≥ 2) before an EXIT is confirmed. */
  exitDwellMs: number;
  /** No fix for longer than this closes an open visit as NO_DATA (and drops an unconfirmed ENTERING). */
  maxGapMs: number;
  classify: ClassifyParams;
}

/**
 * Issue 11's defaults for a company polling every `pollIntervalMinutes`: enter dwell max(5 min, one poll interval,
 * the assignment's minimum dwell), exit dwell 10 min, max gap max(30 min, 3 poll intervals). Anything may be overridden.
 */
export function presenceParams(options: {
  pollIntervalMinutes: number;
  minDwellMinutes?: number | null;
  overrides?: Partial<Omit<PresenceParams, 'classify'>> & { classify?: Partial<ClassifyParams> };
}): PresenceParams {
  const poll = options.pollIntervalMinutes * MINUTE;
  const { classify, ...timing } = options.overrides ?? {};
  return {
    enterDwellMs: Math.max(5 * MINUTE, poll, (options.minDwellMinutes ?? 0) * MINUTE),
    exitDwellMs: 10 * MINUTE,
    maxGapMs: Math.max(30 * MINUTE, 3 * poll),
    ...timing,
    classify: { ...DEFAULT_CLASSIFY_PARAMS, ...classify },
  };
}

/** What one evaluation needs besides the state: the pair, the prepared POI, the parameters, the windows. */
export interface PresenceContext {
  msisdnId: number;
  poi: PreparedPoi;
  params: PresenceParams;
  /** End of the assignment's active period containing an instant (see windowEndResolver); absent: no windows. */
  windowEndAt?: (at: number) => number | null;
}

/** Evidence for an unconfirmed change: INSIDE fixes while ENTERING, OUTSIDE fixes while LEAVING. */
export interface Candidate {
  firstAt: number;
  lastAt: number;
  /** Independent fixes (a repeated identical network fix does not count again). */
  fixCount: number;
  /** When a precise app fix (accuracy ≤ r_eff / 2) joined; such a candidate confirms by time alone. */
  preciseAt: number | null;
  pSum: number;
  sources: PositionSource[];
  /** The fix before the candidate's first one: the earliest the crossing can have happened. */
  before: number | null;
}

/** The visit in progress while INSIDE or LEAVING. */
export interface OpenVisit {
  enteredAt: number;
  enteredEarliest: number | null;
  lastInsideAt: number;
  fixCount: number;
  pSum: number;
  sources: PositionSource[];
  /** Opened by seeding (the person was already inside when the POI or assignment appeared): no ENTER event. */
  seeded: boolean;
}

/** Where a fix was and how precise it was: what makes two fixes the same position. */
export interface FixPlace {
  lat: number;
  lon: number;
  accuracyM: number | null;
}

/** A fix as the state remembers it: the same position delivered twice is dropped. */
export interface FixKey extends FixPlace {
  time: number;
  source: PositionSource;
}

/**
 * One `poi_presence` row: plain JSON, version-tagged. Version 2 keeps the newest fixes as numbers (version 1 kept
 * them as text, whose making was the dearest part of a step); a version 1 row is read through `presenceStateOf`.
 */
export interface PresenceState {
  version: 2;
  msisdnId: number;
  poiId: number;
  state: PresenceStateName;
  /** Since when the state holds: the visit's entered at when INSIDE, the candidate's first fix when ENTERING or LEAVING. */
  since: number | null;
  /** The newest evaluated fix: max_gap runs from it, and an older fix is out of order (replay). */
  lastFixAt: number | null;
  lastClass: FixClass | null;
  /** The newest fix classified: the same position delivered twice is dropped. */
  lastFix: FixKey | null;
  /** The newest network fix classified INSIDE or OUTSIDE: an identical later one is no independent evidence. */
  lastNetwork: FixPlace | null;
  candidate: Candidate | null;
  visit: OpenVisit | null;
  /** When the assignment's active period that the newest fix fell in ends (WINDOW_END); null: unbounded. */
  windowEndsAt: number | null;
}

/** A stored state of version 1 (the newest fixes as `time|source|lat|lon|accuracy` and `lat|lon|accuracy`). */
interface PresenceStateV1 extends Omit<PresenceState, 'version' | 'lastFix' | 'lastNetwork'> {
  version: 1;
  lastFixSignature: string | null;
  lastNetworkSignature: string | null;
}

const numberOrNull = (text: string | undefined) =>
  text === undefined || text === 'null' ? null : Number(text);

/** A stored state (`poi_presence.data`) in the current version. */
export function presenceStateOf(data: PresenceState | PresenceStateV1): PresenceState {
  if (data.version === 2) return data;
  const { lastFixSignature, lastNetworkSignature, ...rest } = data;
  const fix = lastFixSignature?.split('|');
  const network = lastNetworkSignature?.split('|');
  return {
    ...rest,
    version: 2,
    lastFix: fix
      ? {
          time: Number(fix[0]),
          source: fix[1] as PositionSource,
          lat: Number(fix[2]),
          lon: Number(fix[3]),
          accuracyM: numberOrNull(fix[4]),
        }
      : null,
    lastNetwork: network
      ? { lat: Number(network[0]), lon: Number(network[1]), accuracyM: numberOrNull(network[2]) }
      : null,
  };
}

/** Whether a fix is at the same place, with the same precision, as one remembered. */
export const samePlace = (a: FixPlace, b: FixPlace) =>
  a.lat === b.lat && a.lon === b.lon && a.accuracyM === b.accuracyM;

export function initialPresence(msisdnId: number, poiId: number): PresenceState {
  return {
    version: 2,
    msisdnId,
    poiId,
    state: 'OUTSIDE',
    since: null,
    lastFixAt: null,
    lastClass: null,
    lastFix: null,
    lastNetwork: null,
    candidate: null,
    visit: null,
    windowEndsAt: null,
  };
}

/** A row of `visits`; `key` (MSISDN, POI, entered at) is its natural key and the stem of its events' keys. */
export interface VisitRecord {
  key: string;
  msisdnId: number;
  poiId: number;
  enteredAt: number;
  enteredEarliest: number | null;
  enteredLatest: number;
  exitedAt: number | null;
  exitedEarliest: number | null;
  exitedLatest: number | null;
  dwellMinutes: number;
  confidence: number;
  fixCount: number;
  sources: PositionSource[];
  closedBy: VisitClosedBy;
  seeded: boolean;
}

/** A `domain_events` row: `occurredAt` is backdated to the evidence, with the interval the truth lies in. */
export interface PresenceEvent {
  type: PresenceEventType;
  idempotencyKey: string;
  msisdnId: number;
  poiId: number;
  occurredAt: number;
  earliest: number | null;
  latest: number | null;
  visit: VisitRecord;
}

/** Entered and left before the enter dwell: kept for reports, never notified. */
export interface PassedBy {
  key: string;
  msisdnId: number;
  poiId: number;
  firstInsideAt: number;
  lastInsideAt: number;
  /** The OUTSIDE fix that ended it. */
  outsideAt: number;
  fixCount: number;
  sources: PositionSource[];
}

export type VisitChange = 'OPENED' | 'UPDATED' | 'CLOSED';
export type PresenceOutput =
  | { kind: 'EVENT'; event: PresenceEvent }
  | { kind: 'VISIT'; change: VisitChange; visit: VisitRecord }
  | { kind: 'PASSED_BY'; passedBy: PassedBy };

export interface StepResult {
  state: PresenceState;
  outputs: PresenceOutput[];
  /** Why a fix changed nothing: older than the newest evaluated one (replay it), or the same fix again. */
  ignored?: 'OUT_OF_ORDER' | 'DUPLICATE';
}

export const visitKey = (msisdnId: number, poiId: number, enteredAt: number) =>
  `${msisdnId}:${poiId}:${enteredAt}`;

/** The visit record of an open visit as it stands, or closed as `closedBy` with `exitedLatest`. */
export function visitRecord(
  s: PresenceState,
  visit: OpenVisit,
  closedBy: VisitClosedBy = 'OPEN',
  exitedLatest: number | null = null,
): VisitRecord {
  const closed = closedBy !== 'OPEN';
  return {
    key: visitKey(s.msisdnId, s.poiId, visit.enteredAt),
    msisdnId: s.msisdnId,
    poiId: s.poiId,
    enteredAt: visit.enteredAt,
    enteredEarliest: visit.enteredEarliest,
    enteredLatest: visit.enteredAt,
    exitedAt: closed ? visit.lastInsideAt : null,
    exitedEarliest: closed ? visit.lastInsideAt : null,
    exitedLatest: closed ? exitedLatest : null,
    dwellMinutes: Math.round((visit.lastInsideAt - visit.enteredAt) / 6_000) / 10,
    confidence: Math.round((visit.pSum / Math.max(1, visit.fixCount)) * 1000) / 1000,
    fixCount: visit.fixCount,
    sources: [...visit.sources],
    closedBy,
    seeded: visit.seeded,
  };
}

export function presenceEvent(
  type: PresenceEventType,
  visit: VisitRecord,
  occurredAt: number,
  earliest: number | null,
  latest: number | null,
): PresenceEvent {
  return {
    type,
    idempotencyKey: `${type}:${visit.key}`,
    msisdnId: visit.msisdnId,
    poiId: visit.poiId,
    occurredAt,
    earliest,
    latest,
    visit,
  };
}
