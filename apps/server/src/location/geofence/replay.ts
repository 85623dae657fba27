import { step, tick } from './presence.ts';
import {
  initialPresence,
  type PassedBy,
  type PresenceContext,
  type PresenceFix,
  type PresenceOutput,
  type PresenceState,
  type VisitRecord,
} from './presence-model.ts';

/**
 * Late and out-of-order fixes (an app's backlog): instead of skipping them or flipping state, the integration runs
 * the pair's stored positions over the affected span through `replay`, from a state saved before that span (or the
 * initial state), and reconciles what it stored with what the replay says (`diffVisits`). Replay sorts by time, then
 * position id, then content, and is bit-for-bit the same as delivering the fixes one by one in that order (tested).
 */

/** Fix order for replay: time, then position id, then the fix's content (so any input order gives one result). */
export function compareFixes(a: PresenceFix, b: PresenceFix): number {
  if (a.time !== b.time) return a.time - b.time;
  if (a.positionId !== undefined && b.positionId !== undefined && a.positionId !== b.positionId)
    return a.positionId - b.positionId;
  const ka = `${a.source}|${a.lat}|${a.lon}|${a.accuracyM}`;
  const kb = `${b.source}|${b.lat}|${b.lon}|${b.accuracyM}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

export interface ReplayResult {
  state: PresenceState;
  outputs: PresenceOutput[];
  /** Fixes older than `from`'s newest fix (start from an earlier state to include them). */
  outOfOrder: number;
}

/**
 * Runs `fixes` (any order) from `from` (default: the pair's initial state), then applies the deadlines due by
 * `until` (pass now, as a tick would).
 */
export function replay(
  fixes: readonly PresenceFix[],
  ctx: PresenceContext,
  options: { from?: PresenceState; until?: number } = {},
): ReplayResult {
  let state = options.from ?? initialPresence(ctx.msisdnId, ctx.poi.poiId);
  const outputs: PresenceOutput[] = [];
  let outOfOrder = 0;
  for (const fix of [...fixes].sort(compareFixes)) {
    const result = step(state, fix, ctx);
    if (result.ignored === 'OUT_OF_ORDER') outOfOrder++;
    state = result.state;
    outputs.push(...result.outputs);
  }
  if (options.until !== undefined) {
    const result = tick(state, options.until, ctx);
    state = result.state;
    outputs.push(...result.outputs);
  }
  return { state, outputs, outOfOrder };
}

/** The last record of each visit the outputs mention, in order of entry. */
export function finalVisits(outputs: readonly PresenceOutput[]): VisitRecord[] {
  const byKey = new Map<string, VisitRecord>();
  for (const o of outputs) if (o.kind === 'VISIT') byKey.set(o.visit.key, o.visit);
  return [...byKey.values()].sort((a, b) => a.enteredAt - b.enteredAt);
}

export const passedByOf = (outputs: readonly PresenceOutput[]): PassedBy[] =>
  outputs.flatMap((o) => (o.kind === 'PASSED_BY' ? [o.passedBy] : []));

/** Field by field (rows read back from the database need not list their keys in the same order). */
function sameVisit(a: VisitRecord, b: VisitRecord): boolean {
  return (Object.keys(a) as (keyof VisitRecord)[]).every((k) =>
    k === 'sources' ? a.sources.join() === b.sources.join() : a[k] === b[k],
  );
}

/**
 * What changed between the visits stored for a span and the replay's: rows to insert, to update (same key, other
 * content: a correction event) and to delete (a key the replay no longer produces: a correction event too).
 */
export function diffVisits(
  stored: readonly VisitRecord[],
  replayed: readonly VisitRecord[],
): { added: VisitRecord[]; changed: VisitRecord[]; removed: VisitRecord[] } {
  const before = new Map(stored.map((v) => [v.key, v]));
  const after = new Map(replayed.map((v) => [v.key, v]));
  return {
    added: replayed.filter((v) => !before.has(v.key)),
    changed: replayed.filter((v) => before.has(v.key) && !sameVisit(before.get(v.key)!, v)),
    removed: stored.filter((v) => !after.has(v.key)),
  };
}
