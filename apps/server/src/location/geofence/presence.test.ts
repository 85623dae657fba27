import { describe, expect, it } from 'vitest';
import { nextDeadline, step, tick } from './presence.ts';
import {
  circleAtSite,
  deliver,
  eventsOf,
  MINUTE,
  minuteOf,
  presenceContext,
  SITE,
  T0,
  track,
} from './presence-fixtures.ts';
import { initialPresence, presenceParams, presenceStateOf, type PresenceState } from './presence-model.ts';
import { finalVisits } from './replay.ts';

const run = deliver;

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
};

describe('presence parameters', () => {
  it('defaults: enter dwell max(5 min, poll, min dwell), exit dwell 10 min, max gap max(30 min, 3 polls)', () => {
    expect(presenceParams({ pollIntervalMinutes: 1 })).toMatchObject({
      enterDwellMs: 5 * MINUTE,
      exitDwellMs: 10 * MINUTE,
      maxGapMs: 30 * MINUTE,
    });
    expect(presenceParams({ pollIntervalMinutes: 15, minDwellMinutes: 20 })).toMatchObject({
      enterDwellMs: 20 * MINUTE,
      maxGapMs: 45 * MINUTE,
    });
    const p = presenceParams({
      pollIntervalMinutes: 5,
      overrides: { exitDwellMs: 1, classify: { insideP: 0.7 } },
    });
    expect([p.exitDwellMs, p.classify.insideP, p.classify.outsideP]).toEqual([1, 0.7, 0.1]);
  });
});

describe('presence: entering', () => {
  const ctx = presenceContext(circleAtSite(100));

  it('confirms with exactly two INSIDE fixes spanning the enter dwell, backdated to the first with bounds', () => {
    // (Two different positions: identical network fixes would not count twice.)
    const fixes = track().at(0, { east: 900 }).at(10).at(15, { east: 5 }).fixes();
    const notYet = run(track().at(0, { east: 900 }).at(10).at(14.99, { east: 5 }).fixes(), ctx);
    expect(notYet.state.state).toBe('ENTERING');
    expect(eventsOf(notYet.outputs)).toEqual([]);
    const { state, outputs } = run(fixes, ctx);
    expect(state.state).toBe('INSIDE');
    const [enter] = eventsOf(outputs);
    expect(enter).toMatchObject({
      type: 'GEOFENCE_ENTER',
      idempotencyKey: `GEOFENCE_ENTER:7:42:${T0 + 10 * MINUTE}`,
      occurredAt: T0 + 10 * MINUTE,
      earliest: T0, // the OUTSIDE fix before
      latest: T0 + 10 * MINUTE,
    });
    expect(enter!.visit).toMatchObject({
      key: `7:42:${T0 + 10 * MINUTE}`,
      fixCount: 2,
      closedBy: 'OPEN',
      dwellMinutes: 5,
    });
    expect(enter!.visit.confidence).toBeGreaterThan(0.9);
  });

  it('does not confirm with one fix however long ago it was, nor count AMBIGUOUS fixes', () => {
    // 100 m site; 200 m out at 150 m accuracy is AMBIGUOUS.
    const fixes = track()
      .at(0)
      .at(5, { east: 200, accuracyM: 150 })
      .at(20, { east: 200, accuracyM: 150 })
      .fixes();
    const { state, outputs } = run(fixes, ctx);
    expect(state.state).toBe('ENTERING');
    expect(outputs).toEqual([]);
    expect(tick(state, T0 + 29 * MINUTE, ctx).state.state).toBe('ENTERING');
    // Network fixes cannot confirm by time alone; max_gap drops the candidate without a "passed by".
    expect(tick(state, T0 + 51 * MINUTE, ctx)).toMatchObject({
      state: { state: 'OUTSIDE', candidate: null },
      outputs: [],
    });
  });

  it('lets one precise app fix (accuracy ≤ r_eff / 2) confirm alone once the dwell has passed', () => {
    const fixes = track().at(0, { accuracyM: 10, source: 'OSMAND' }).fixes();
    const { state } = run(fixes, ctx);
    expect(state.candidate?.preciseAt).toBe(T0);
    expect(tick(state, T0 + 4 * MINUTE, ctx).outputs).toEqual([]);
    const confirmed = tick(state, T0 + 5 * MINUTE, ctx);
    expect(confirmed.state.state).toBe('INSIDE');
    expect(eventsOf(confirmed.outputs).map((e) => [e.type, minuteOf(e.occurredAt)])).toEqual([
      ['GEOFENCE_ENTER', 0],
    ]);
    // The same by the next fix, even an OUTSIDE one after the dwell: confirmed at the deadline, then LEAVING.
    const later = run(
      [...fixes, ...track().at(6, { east: 900, accuracyM: 10, source: 'OSMAND' }).fixes()],
      ctx,
    );
    expect(later.state.state).toBe('LEAVING');
    expect(eventsOf(later.outputs).map((e) => e.type)).toEqual(['GEOFENCE_ENTER']);
    // An app fix of 60 m accuracy (> r_eff / 2) is not precise enough to confirm alone.
    const coarse = run(track().at(0, { accuracyM: 60, source: 'OSMAND' }).fixes(), ctx);
    expect(coarse.state.candidate?.preciseAt).toBeNull();
    expect(tick(coarse.state, T0 + 20 * MINUTE, ctx).outputs).toEqual([]);
  });

  it('does not count identical repeated network fixes as independent evidence', () => {
    const same = { east: 10, north: 10, accuracyM: 60 };
    const repeats = track().at(0, same).at(5, same).at(10, same).fixes();
    const r = run(repeats, ctx);
    expect(r.state.state).toBe('ENTERING');
    expect(r.state.candidate).toMatchObject({ fixCount: 1, lastAt: T0 + 10 * MINUTE });
    const distinct = run(
      [
        ...repeats,
        ...track()
          .at(15, { ...same, east: 12 })
          .fixes(),
      ],
      ctx,
    );
    expect(distinct.state.state).toBe('INSIDE');
    expect(finalVisits(distinct.outputs)[0]).toMatchObject({ fixCount: 2, enteredAt: T0, dwellMinutes: 15 });
    // The same coordinates from an app are separate readings of a receiver: they count.
    const app = { ...same, accuracyM: 60, source: 'OWNTRACKS' as const };
    expect(run(track().at(0, app).at(5, app).fixes(), ctx).state.state).toBe('INSIDE');
  });

  it('still counts a repeat as no evidence after an AMBIGUOUS fix in between, entering and leaving', () => {
    const same = { east: 0, accuracyM: 50 };
    const cell = { east: 0, accuracyM: 1000 }; // a 1 km cell: AMBIGUOUS against a 100 m POI
    const entering = run(track().at(0, same).at(3, cell).at(6, same).fixes(), ctx);
    expect(entering.state).toMatchObject({ state: 'ENTERING', candidate: { fixCount: 1 } });
    expect(eventsOf(entering.outputs)).toEqual([]);
    // Another place after it is evidence again, and so is the first place after that.
    const back = run(track().at(0, same).at(3, { east: 5, accuracyM: 50 }).at(6, same).fixes(), ctx);
    expect(back.state.state).toBe('INSIDE');

    const away = { east: 3000, accuracyM: 50 };
    const leaving = run(
      track().stay({ from: 0, to: 20, every: 5 }).at(25, away).at(30, cell).at(36, away).fixes(),
      ctx,
    );
    expect(leaving.state).toMatchObject({ state: 'LEAVING', candidate: { fixCount: 1 } });
    expect(eventsOf(leaving.outputs).map((e) => e.type)).toEqual(['GEOFENCE_ENTER']);
  });
});

describe('presence: leaving', () => {
  const ctx = presenceContext(circleAtSite(100));
  const inside = () => track().stay({ from: 0, to: 30, every: 5 });

  it('confirms EXIT with two OUTSIDE fixes spanning the exit dwell, at the last inside fix with bounds', () => {
    const fixes = inside().at(35, { east: 800 }).at(40, { east: 900 }).at(45, { east: 1000 }).fixes();
    const { state, outputs } = run(fixes, ctx);
    expect(state).toMatchObject({ state: 'OUTSIDE', since: T0 + 35 * MINUTE, visit: null, candidate: null });
    expect(
      eventsOf(outputs).map((e) => [
        e.type,
        minuteOf(e.occurredAt),
        minuteOf(e.earliest),
        minuteOf(e.latest),
      ]),
    ).toEqual([
      ['GEOFENCE_ENTER', 0, null, 0],
      ['GEOFENCE_EXIT', 30, 30, 35],
      ['VISIT_CLOSED', 30, 30, 35],
    ]);
    expect(finalVisits(outputs)).toEqual([
      expect.objectContaining({
        closedBy: 'EXIT',
        dwellMinutes: 30,
        fixCount: 7,
        exitedLatest: T0 + 35 * MINUTE,
      }),
    ]);
  });

  it('absorbs an OUTSIDE fix followed by an INSIDE one (jitter), and a repeat of the outside cell', () => {
    const drift = { east: 800, accuracyM: 100 };
    const fixes = inside().at(35, drift).at(40, drift).at(45, drift).at(50).fixes();
    const { state, outputs } = run(fixes, ctx);
    expect(state.state).toBe('INSIDE');
    expect(eventsOf(outputs).map((e) => e.type)).toEqual(['GEOFENCE_ENTER']);
    expect(finalVisits(outputs)[0]).toMatchObject({ closedBy: 'OPEN', dwellMinutes: 50, fixCount: 8 });
  });
});

describe('presence: time, windows and order', () => {
  it('closes the visit WINDOW_END when the assignment window closes, at the last inside fix', () => {
    const windowEnd = T0 + 60 * MINUTE;
    const ctx = presenceContext(circleAtSite(100), {
      windowEndAt: (t) => (t < windowEnd ? windowEnd : null),
    });
    const { state } = run(track().stay({ from: 0, to: 55, every: 5 }).fixes(), ctx);
    expect(state.windowEndsAt).toBe(windowEnd);
    expect(tick(state, windowEnd - 1, ctx).outputs).toEqual([]);
    const closed = tick(state, windowEnd, ctx);
    expect(closed.state).toMatchObject({ state: 'OUTSIDE', since: windowEnd, windowEndsAt: null });
    expect(finalVisits(closed.outputs)).toEqual([
      expect.objectContaining({ closedBy: 'WINDOW_END', exitedAt: T0 + 55 * MINUTE, exitedLatest: null }),
    ]);
    expect(eventsOf(closed.outputs).map((e) => e.type)).toEqual(['VISIT_CLOSED']);
    // The next morning's first fix finds the same close first (no tick needed), then starts afresh.
    const morning = step(
      state,
      track()
        .at(24 * 60)
        .fixes()[0]!,
      ctx,
    );
    expect(morning.outputs.slice(0, 2)).toEqual(closed.outputs);
    expect(morning.state.state).toBe('ENTERING');
  });

  it('tells when to tick next: the earliest of a precise confirmation, the window end and the end of max_gap', () => {
    const windowEnd = T0 + 60 * MINUTE;
    const ctx = presenceContext(circleAtSite(100), { windowEndAt: () => windowEnd });
    expect(nextDeadline(initialPresence(7, 42), ctx)).toBeNull();
    const inside = run(track().stay({ from: 0, to: 10, every: 5 }).fixes(), ctx).state;
    expect(nextDeadline(inside, ctx)).toBe(T0 + 40 * MINUTE + 1); // last fix 10 + max_gap 30, exceeded
    const late = run(track().stay({ from: 0, to: 40, every: 5 }).fixes(), ctx).state;
    expect(nextDeadline(late, ctx)).toBe(windowEnd);
    const precise = run(track().at(0, { accuracyM: 10, source: 'OSMAND' }).fixes(), ctx).state;
    expect(nextDeadline(precise, ctx)).toBe(T0 + 5 * MINUTE);
    for (const state of [inside, late, precise]) {
      const at = nextDeadline(state, ctx)!;
      expect(tick(state, at - 1, ctx).state).toBe(state);
      expect(tick(state, at, ctx).state.state).not.toBe(state.state);
    }
  });

  it('ignores a fix older than the newest (OUT_OF_ORDER, for a replay) and the same fix twice (DUPLICATE)', () => {
    const ctx = presenceContext();
    const [a, b] = track().at(0).at(5).fixes();
    const after = run([a!, b!], ctx).state;
    expect(step(after, a!, ctx)).toEqual({ state: after, outputs: [], ignored: 'OUT_OF_ORDER' });
    expect(step(after, b!, ctx)).toEqual({ state: after, outputs: [], ignored: 'DUPLICATE' });
  });

  it('is pure: the state passed in is never modified, and the state survives JSON', () => {
    const ctx = presenceContext();
    const fixes = track().stay({ from: 0, to: 30, every: 5 }).at(35, { east: 900 }).fixes();
    let state = deepFreeze(initialPresence(7, 42));
    for (const fix of fixes) {
      const before = JSON.stringify(state);
      const next = step(state, fix, ctx).state;
      expect(JSON.stringify(state)).toBe(before);
      state = deepFreeze(JSON.parse(JSON.stringify(next)) as PresenceState);
    }
    expect(state).toMatchObject({ state: 'LEAVING', msisdnId: 7, poiId: 42, version: 2 });
    expect(SITE.lat).toBe(41.9);
  });

  it('reads a state stored in version 1 (newest fixes as text) as the same state in version 2', () => {
    const ctx = presenceContext();
    // Two identical INSIDE network fixes: the state remembers the last counted network fix.
    const same = { east: 30, accuracyM: 60 };
    const [a, b, c] = track().at(0, same).at(5, same).at(10).fixes();
    const current = run([a!, b!], ctx).state;
    expect(current).toMatchObject({ state: 'ENTERING', lastNetwork: { accuracyM: 60 } });
    const { lastFix, lastNetwork, ...rest } = current;
    const stored = {
      ...rest,
      version: 1 as const,
      lastFixSignature: `${lastFix!.time}|${lastFix!.source}|${lastFix!.lat}|${lastFix!.lon}|${lastFix!.accuracyM}`,
      lastNetworkSignature: `${lastNetwork!.lat}|${lastNetwork!.lon}|${lastNetwork!.accuracyM}`,
    };
    const read = presenceStateOf(JSON.parse(JSON.stringify(stored)) as typeof stored);
    expect(read).toEqual(current);
    // The same fix again is still a duplicate, and the next one is evaluated as from the state it came from.
    expect(step(read, b!, ctx).ignored).toBe('DUPLICATE');
    expect(step(read, c!, ctx)).toEqual(step(current, c!, ctx));
    // A state never given a fix reads with none (a missing accuracy stays missing).
    expect(
      presenceStateOf({
        ...initialPresence(7, 42),
        version: 1,
        lastFixSignature: `1000|OSMAND|41.9|12.5|null`,
        lastNetworkSignature: null,
      } as never),
    ).toMatchObject({
      lastFix: { time: 1000, source: 'OSMAND', lat: 41.9, lon: 12.5, accuracyM: null },
      lastNetwork: null,
    });
  });
});
