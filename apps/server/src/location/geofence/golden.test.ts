import { describe, expect, it } from 'vitest';
import { classifyFix } from './classify.ts';
import { accuracyStats, detectability } from './detectability.ts';
import { seed, tick } from './presence.ts';
import {
  circleAtSite,
  deliver,
  eventsOf,
  MINUTE,
  minuteOf,
  presenceContext,
  T0,
  track,
} from './presence-fixtures.ts';
import type { PresenceFix, PresenceState } from './presence-model.ts';
import { finalVisits, passedByOf, replay } from './replay.ts';
import { prng } from '../../lib/prng.ts';

/** Issue 11's golden scenarios, each a fixture of positions run through the engine fix by fix. */

/** Delivered in order, no fix may be ignored. */
function live(fixes: PresenceFix[], ctx: ReturnType<typeof presenceContext>, from?: PresenceState) {
  const result = deliver(fixes, ctx, from);
  expect(result.ignored).toBe(0);
  return result;
}

describe('golden scenarios', () => {
  it('drive-by at 50 km/h past a 150 m POI with 5-minute polls: no ENTER, one "passed by"', () => {
    const ctx = presenceContext(circleAtSite(150));
    // 4.2 km between polls; the minute-10 fix falls on the site (100 m accuracy: p_in 0.92, INSIDE).
    const fixes = track()
      .drive({ from: 0, to: 25, every: 5, speedKmh: 50, startEast: -8333, accuracyM: 100 })
      .fixes();
    expect(fixes.map((f) => classifyFix(ctx.poi, f).class)).toEqual([
      'OUTSIDE',
      'OUTSIDE',
      'INSIDE',
      'OUTSIDE',
      'OUTSIDE',
      'OUTSIDE',
    ]);
    const run = live(fixes, ctx);
    expect(run.states).toEqual(['OUTSIDE', 'OUTSIDE', 'ENTERING', 'OUTSIDE', 'OUTSIDE', 'OUTSIDE']);
    expect(eventsOf(run.outputs)).toEqual([]);
    expect(finalVisits(run.outputs)).toEqual([]);
    expect(passedByOf(run.outputs)).toEqual([
      {
        key: `PASSED_BY:7:42:${T0 + 10 * MINUTE}`,
        msisdnId: 7,
        poiId: 42,
        firstInsideAt: T0 + 10 * MINUTE,
        lastInsideAt: T0 + 10 * MINUTE,
        outsideAt: T0 + 15 * MINUTE,
        fixCount: 1,
        sources: ['NETWORK'],
      },
    ]);
    // The tracking app at one fix a minute does no better than one fix inside either.
    const app = track().drive({
      from: 0,
      to: 20,
      every: 1,
      speedKmh: 50,
      startEast: -8000,
      accuracyM: 10,
      source: 'OSMAND',
    });
    expect(eventsOf(live(app.fixes(), ctx).outputs)).toEqual([]);
  });

  it('stationary inside a 100 m POI, one fix drifted 300 m at 50 m accuracy: no EXIT', () => {
    const ctx = presenceContext(circleAtSite(100));
    const fixes = track()
      .stay({ from: 0, to: 55, every: 5, accuracyM: 50 })
      .at(60, { east: 300, accuracyM: 50 })
      .stay({ from: 65, to: 120, every: 5, accuracyM: 50 })
      .fixes();
    const run = live(fixes, ctx);
    expect(run.states[12]).toBe('LEAVING'); // the drifted fix was OUTSIDE …
    expect(run.states[13]).toBe('INSIDE'); // … and the next one absorbed it
    expect(eventsOf(run.outputs).map((e) => e.type)).toEqual(['GEOFENCE_ENTER']);
    const [visit] = finalVisits(run.outputs);
    expect(visit).toMatchObject({ closedBy: 'OPEN', fixCount: 24, dwellMinutes: 120, exitedAt: null });
    expect(run.state.state).toBe('INSIDE');
  });

  it('1 km accuracy against a 200 m POI: every fix AMBIGUOUS, nothing happens, the assignment is UNDETECTABLE', () => {
    const ctx = presenceContext(circleAtSite(200));
    const random = prng(3);
    const t = track();
    for (let m = 0; m <= 240; m += 5)
      t.at(m, { east: (random() - 0.5) * 1200, north: (random() - 0.5) * 1200, accuracyM: 1000 });
    const fixes = t.fixes();
    expect(new Set(fixes.map((f) => classifyFix(ctx.poi, f).class))).toEqual(new Set(['AMBIGUOUS']));
    const run = live(fixes, ctx);
    expect(run.outputs).toEqual([]);
    expect(new Set(run.states)).toEqual(new Set(['OUTSIDE']));
    const verdict = detectability(ctx.poi.rEffM, accuracyStats(fixes));
    expect(verdict).toMatchObject({
      status: 'UNDETECTABLE',
      adviceRadiusM: 1000,
      basis: { source: 'NETWORK', p50M: 1000 },
    });
  });

  it('the phone dies inside: the visit closes NO_DATA at the last inside fix once max_gap has passed', () => {
    const ctx = presenceContext(circleAtSite(100)); // 5-minute polls: max_gap 30 min
    const run = live(track().stay({ from: 0, to: 60, every: 5 }).fixes(), ctx);
    expect(run.state.state).toBe('INSIDE');
    expect(tick(run.state, T0 + 90 * MINUTE, ctx).outputs).toEqual([]); // exactly max_gap: not yet
    const closed = tick(run.state, T0 + 90 * MINUTE + 1, ctx);
    expect(closed.state.state).toBe('OUTSIDE');
    expect(eventsOf(closed.outputs).map((e) => [e.type, minuteOf(e.occurredAt), e.latest])).toEqual([
      ['VISIT_CLOSED', 60, null],
    ]);
    expect(finalVisits(closed.outputs)).toEqual([
      expect.objectContaining({
        closedBy: 'NO_DATA',
        enteredAt: T0,
        exitedAt: T0 + 60 * MINUTE,
        exitedEarliest: T0 + 60 * MINUTE,
        exitedLatest: null,
        dwellMinutes: 60,
        fixCount: 13,
      }),
    ]);
    // A tick much later decides the same, at the same instants.
    expect(tick(run.state, T0 + 600 * MINUTE, ctx)).toEqual(closed);
  });

  it('a backlog delivered shuffled gives the same visits and events as in order (replay)', () => {
    const ctx = presenceContext(circleAtSite(150), { pollIntervalMinutes: 1 });
    // A day of an app's backlog: arrive, stay, a walk out past the door and back, leave, drive past, come back.
    const fixes = track(9)
      .drive({ from: 0, to: 10, every: 1, speedKmh: 20, startEast: -3500, accuracyM: 15, source: 'OSMAND' })
      .stay({ from: 11, to: 70, every: 1, accuracyM: 20, source: 'OSMAND', jitterM: 30 })
      .at(71, { east: 400, accuracyM: 20, source: 'OSMAND' })
      .stay({ from: 72, to: 120, every: 2, accuracyM: 25, source: 'OSMAND' })
      .drive({ from: 121, to: 150, every: 1, speedKmh: 30, startEast: 200, accuracyM: 15, source: 'OSMAND' })
      .drive({
        from: 200,
        to: 230,
        every: 1,
        speedKmh: 60,
        startEast: -15000,
        accuracyM: 15,
        source: 'OSMAND',
      })
      .stay({ from: 240, to: 300, every: 3, accuracyM: 120, north: 50 })
      .fixes();
    const inOrder = live(fixes, ctx);
    const visits = finalVisits(inOrder.outputs);
    expect(visits.map((v) => [minuteOf(v.enteredAt), minuteOf(v.exitedAt), v.closedBy])).toEqual([
      [11, 120, 'EXIT'],
      [240, null, 'OPEN'],
    ]);
    expect(passedByOf(inOrder.outputs)).toHaveLength(1); // the drive past at 60 km/h
    const random = prng(11);
    const shuffled = fixes
      .map((f) => [random(), f] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, f]) => f);
    const replayed = replay(shuffled, ctx);
    expect(replayed.outputs).toEqual(inOrder.outputs);
    expect(replayed.state).toEqual(inOrder.state);
    expect(replayed.outOfOrder).toBe(0);
  });

  it('a POI created around a parked phone: seeded INSIDE, no ENTER; leaving still gives EXIT', () => {
    const ctx = presenceContext(circleAtSite(100));
    const fixes = track()
      .stay({ from: 0, to: 60, every: 5 })
      .stay({ from: 65, to: 85, every: 5, east: 800 })
      .fixes();
    const seeded = seed(fixes[0]!, ctx, T0 + 2 * MINUTE);
    expect(seeded.state.state).toBe('INSIDE');
    expect(seeded.outputs).toEqual([
      {
        kind: 'VISIT',
        change: 'OPENED',
        visit: expect.objectContaining({ seeded: true, enteredEarliest: null }),
      },
    ]);
    const run = live(fixes.slice(1), ctx, seeded.state);
    expect(eventsOf(run.outputs).map((e) => [e.type, minuteOf(e.occurredAt), minuteOf(e.latest)])).toEqual([
      ['GEOFENCE_EXIT', 60, 65],
      ['VISIT_CLOSED', 60, 65],
    ]);
  });
});
