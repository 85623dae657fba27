import { describe, expect, it } from 'vitest';
import { prng } from '../../lib/prng.ts';
import { step, tick } from './presence.ts';
import {
  circleAtSite,
  deliver,
  MINUTE,
  minuteOf,
  presenceContext,
  SITE,
  T0,
  track,
} from './presence-fixtures.ts';
import { initialPresence, type PresenceOutput } from './presence-model.ts';
import { compareFixes, diffVisits, finalVisits, replay } from './replay.ts';

describe('replay of late and out-of-order fixes', () => {
  const ctx = presenceContext(circleAtSite(100));
  // Network fixes every 5 minutes: away until 10, then (a missed poll) inside from 20 to 60, then away; the app's
  // backlog says the person arrived at 12.
  const network = track(2)
    .stay({ from: 0, to: 10, every: 5, east: 1500 })
    .stay({ from: 20, to: 60, every: 5 })
    .stay({ from: 65, to: 90, every: 5, east: 1500 })
    .fixes();
  const backlog = track(3)
    .stay({ from: 12, to: 18, every: 1, accuracyM: 15, source: 'OSMAND' })
    .fixes()
    .map((f, i) => ({ ...f, positionId: 1000 + i }));

  it('refuses late fixes live, and a replay over all stored positions equals in-order delivery', () => {
    // The network fixes arrive live; the backlog arrives at minute 95, all older than the newest fix.
    const live = deliver([...network, ...backlog], ctx);
    expect(live.ignored).toBe(backlog.length);
    expect(
      finalVisits(live.outputs).map((v) => [minuteOf(v.enteredAt), minuteOf(v.exitedAt), v.closedBy]),
    ).toEqual([[20, 60, 'EXIT']]);

    const all = [...network, ...backlog];
    const replayed = replay(all, ctx);
    const inOrder = deliver([...all].sort(compareFixes), ctx);
    expect(replayed.outputs).toEqual(inOrder.outputs);
    expect(replayed.state).toEqual(inOrder.state);
    // The backlog moves the arrival to minute 12: the stored visit is replaced (its key is its entry time).
    const corrected = finalVisits(replayed.outputs);
    expect(corrected.map((v) => [minuteOf(v.enteredAt), minuteOf(v.exitedAt), v.sources])).toEqual([
      [12, 60, ['NETWORK', 'OSMAND']],
    ]);
    const diff = diffVisits(finalVisits(live.outputs), corrected);
    expect(diff.added.map((v) => minuteOf(v.enteredAt))).toEqual([12]);
    expect(diff.removed.map((v) => minuteOf(v.enteredAt))).toEqual([20]);
    expect(diff.changed).toEqual([]);
  });

  it('continues from a saved state and applies the deadlines due by `until`', () => {
    const first = replay(network.slice(0, 10), ctx);
    expect(first.state.state).toBe('INSIDE');
    const rest = replay(network.slice(10, 13), ctx, { from: first.state, until: T0 + 200 * MINUTE });
    const whole = replay(network.slice(0, 13), ctx, { until: T0 + 200 * MINUTE });
    expect([...first.outputs, ...rest.outputs]).toEqual(whole.outputs);
    expect(rest.state).toEqual(whole.state);
    expect(finalVisits(whole.outputs)[0]).toMatchObject({ closedBy: 'NO_DATA', exitedAt: T0 + 60 * MINUTE });
    // A fix older than the saved state's newest is counted, not applied.
    expect(replay(network.slice(0, 2), ctx, { from: first.state }).outOfOrder).toBe(2);
  });

  it('gives the same result whatever ticks run between the fixes (random days, seeded)', () => {
    const polygonSite = {
      type: 'POLYGON' as const,
      coordinates: [
        [
          [SITE.lon - 0.002, SITE.lat - 0.0015],
          [SITE.lon + 0.002, SITE.lat - 0.0015],
          [SITE.lon + 0.002, SITE.lat + 0.0015],
          [SITE.lon - 0.002, SITE.lat + 0.0015],
          [SITE.lon - 0.002, SITE.lat - 0.0015],
        ] as [number, number][],
      ],
    };
    for (let seedValue = 1; seedValue <= 30; seedValue++) {
      const random = prng(seedValue);
      // Windows of 3 hours every 4 hours, so some visits end at a window's close.
      const windowEndAt = (t: number) => {
        const k = Math.floor((t - T0) / (240 * MINUTE));
        const end = T0 + k * 240 * MINUTE + 180 * MINUTE;
        return t < end ? end : null;
      };
      const ctx = presenceContext(seedValue % 2 ? circleAtSite(150) : polygonSite, { windowEndAt });
      const t = track(seedValue);
      let minute = 0;
      let east = 0;
      for (let i = 0; i < 120; i++) {
        minute += random() < 0.1 ? 20 + random() * 60 : 1 + random() * 6; // sometimes silent for a while
        east = random() < 0.2 ? (random() - 0.5) * 1200 : east + (random() - 0.5) * 150;
        const app = random() < 0.4;
        t.at(Math.round(minute * 10) / 10, {
          east,
          north: (random() - 0.5) * 100,
          accuracyM: app ? 5 + random() * 40 : random() < 0.1 ? null : 50 + random() * 600,
          source: app ? 'OSMAND' : 'NETWORK',
        });
      }
      const fixes = t.fixes();
      let state = initialPresence(7, 42);
      const live: PresenceOutput[] = [];
      let last = T0;
      for (const fix of fixes) {
        // A tick job may run any time before the fix arrives.
        if (random() < 0.5) {
          last = last + random() * (fix.time - last);
          const r = tick(state, last, ctx);
          state = r.state;
          live.push(...r.outputs);
        }
        const r = step(state, fix, ctx);
        state = r.state;
        live.push(...r.outputs);
        last = fix.time;
      }
      const until = last + 120 * MINUTE;
      const end = tick(state, until, ctx);
      live.push(...end.outputs);
      const replayed = replay([...fixes].reverse(), ctx, { until });
      expect(replayed.outputs, `seed ${seedValue}`).toEqual(live);
      expect(replayed.state, `seed ${seedValue}`).toEqual(end.state);
    }
  });

  it('finds changed visits field by field', () => {
    const [visit] = finalVisits(replay(network, ctx).outputs);
    const reordered = Object.fromEntries(Object.entries(visit!).reverse()) as typeof visit;
    expect(diffVisits([reordered!], [visit!])).toEqual({ added: [], changed: [], removed: [] });
    const longer = { ...visit!, dwellMinutes: visit!.dwellMinutes + 1 };
    expect(diffVisits([visit!], [longer]).changed).toEqual([longer]);
  });

  it('orders fixes of the same instant by position id, then by content', () => {
    const [a, b] = track().at(0).at(0, { east: 1 }).fixes();
    expect([b!, a!].sort(compareFixes)).toEqual([a, b]);
    const noIds = [a!, b!].map(({ positionId: _, ...f }) => f);
    expect([...noIds].sort(compareFixes)).toEqual([...noIds].reverse().sort(compareFixes));
  });
});
