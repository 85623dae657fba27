import type { PoiGeometry, PositionSource } from '@lbs/contracts';
import { prng } from '../../lib/prng.ts';
import { offsetPoint } from '../mlp/coordinates.ts';
import { preparePoi } from './prepared-poi.ts';
import { step } from './presence.ts';
import {
  initialPresence,
  presenceParams,
  type PresenceContext,
  type PresenceFix,
  type PresenceOutput,
  type PresenceState,
} from './presence-model.ts';

/**
 * Readable fixture builders for the presence tests: a site, a context, and a track of fixes written as
 * "minute m, so many metres east/north of the site, at this accuracy".
 */

export const MINUTE = 60_000;
/** Monday 2 March 2026, 08:00 in Rome (07:00 UTC). */
export const T0 = Date.UTC(2026, 2, 2, 7, 0);
export const SITE = { lat: 41.9, lon: 12.5 };

export const circleAtSite = (radiusM: number): PoiGeometry => ({ type: 'CIRCLE', center: SITE, radiusM });

export function presenceContext(
  geometry: PoiGeometry = circleAtSite(100),
  options: {
    pollIntervalMinutes?: number;
    windowEndAt?: (at: number) => number | null;
    minDwellMinutes?: number;
  } = {},
): PresenceContext {
  return {
    msisdnId: 7,
    poi: preparePoi(42, geometry),
    params: presenceParams({
      pollIntervalMinutes: options.pollIntervalMinutes ?? 5,
      minDwellMinutes: options.minDwellMinutes,
    }),
    windowEndAt: options.windowEndAt,
  };
}

interface Where {
  /** Metres east and north of the site centre (negative: west, south). */
  east?: number;
  north?: number;
  accuracyM?: number | null;
  source?: PositionSource;
}

export interface Track {
  /** One fix at minute `minute` after T0. */
  at(minute: number, where?: Where): Track;
  /** A fix every `every` minutes from `from` to `to` (inclusive), a few metres of jitter each time (`jitterM`). */
  stay(options: Where & { from: number; to: number; every: number; jitterM?: number }): Track;
  /** Driving east at `speedKmh` along the line `north` metres from the centre, one fix every `every` minutes. */
  drive(
    options: Where & { from: number; to: number; every: number; speedKmh: number; startEast: number },
  ): Track;
  /** The fixes, oldest first, numbered as positions are. */
  fixes(): PresenceFix[];
}

export function track(seed = 1): Track {
  const list: Omit<PresenceFix, 'positionId'>[] = [];
  const random = prng(seed);
  const api: Track = {
    at(minute, where = {}) {
      const east = where.east ?? 0;
      const north = where.north ?? 0;
      const p = offsetPoint(
        SITE.lat,
        SITE.lon,
        Math.hypot(east, north),
        (Math.atan2(east, north) * 180) / Math.PI,
      );
      list.push({
        time: T0 + minute * MINUTE,
        lat: p.lat,
        lon: p.lon,
        accuracyM: where.accuracyM === undefined ? 50 : where.accuracyM,
        source: where.source ?? 'NETWORK',
      });
      return api;
    },
    stay({ from, to, every, jitterM = 5, ...where }) {
      for (let m = from; m <= to; m += every)
        api.at(m, {
          ...where,
          east: (where.east ?? 0) + (random() - 0.5) * 2 * jitterM,
          north: (where.north ?? 0) + (random() - 0.5) * 2 * jitterM,
        });
      return api;
    },
    drive({ from, to, every, speedKmh, startEast, ...where }) {
      const metresPerMinute = (speedKmh * 1000) / 60;
      for (let m = from; m <= to; m += every)
        api.at(m, { ...where, east: startEast + (m - from) * metresPerMinute });
      return api;
    },
    fixes() {
      return list
        .map((f, i) => ({ ...f, positionId: i + 1 }))
        .sort((a, b) => a.time - b.time || a.positionId - b.positionId);
    },
  };
  return api;
}

/** The outputs of one kind, for compact assertions. */
export const eventsOf = (outputs: readonly PresenceOutput[]) =>
  outputs.flatMap((o) => (o.kind === 'EVENT' ? [o.event] : []));
export const minuteOf = (t: number | null) => (t === null ? null : (t - T0) / MINUTE);

/**
 * Delivers the fixes one by one, in order, as the pipeline would: the final state, every output, the state name
 * after each fix and how many fixes the engine ignored.
 */
export function deliver(fixes: readonly PresenceFix[], ctx: PresenceContext, from?: PresenceState) {
  let state = from ?? initialPresence(ctx.msisdnId, ctx.poi.poiId);
  const outputs: PresenceOutput[] = [];
  const states: string[] = [];
  let ignored = 0;
  for (const fix of fixes) {
    const result = step(state, fix, ctx);
    if (result.ignored) ignored++;
    state = result.state;
    outputs.push(...result.outputs);
    states.push(state.state);
  }
  return { state, outputs, states, ignored };
}
