import type { Db } from '../../db/database.ts';
import { prng } from '../../lib/prng.ts';
import { offsetPoint } from '../mlp/coordinates.ts';
import { hashSeed, type SimSubscriber } from './movement.ts';

/** Where the simulator's subscribers come from. */
export interface SubscriberDirectory {
  get(msid: string): Promise<SimSubscriber | undefined>;
  size(): number;
}

const DEFAULT_CITY = { lat: 24.7136, lon: 46.6753, timezone: 'Asia/Riyadh', workdays: [7, 1, 2, 3, 4] };

/** Number of the i-th generated subscriber (+999 is an unassigned country code: never a real phone). */
export const generatedMsisdn = (i: number) => `+999${String(i).padStart(9, '0')}`;

/**
 * N generated subscribers (+999000000000 …) living around one city: for benchmarks and for running the simulator on
 * its own. Nothing is held per subscriber; each is derived from its number when asked.
 */
export function generatedSubscribers(
  count: number,
  city: { lat: number; lon: number; timezone: string; workdays?: number[] } = DEFAULT_CITY,
): SubscriberDirectory {
  return {
    size: () => count,
    async get(msid) {
      const m = /^999(\d{9})$/.exec(msid);
      if (!m || Number(m[1]) >= count) return undefined;
      const r = prng(hashSeed(`${msid}:home`));
      return {
        msid,
        home: offsetPoint(city.lat, city.lon, 1000 + r() * 12_000, r() * 360),
        city: { lat: city.lat, lon: city.lon },
        timezone: city.timezone,
        workdays: city.workdays ?? DEFAULT_CITY.workdays,
      };
    },
  };
}

/**
 * The seeded MSISDNs of the database: home from the MSISDN row (or near the city), city and working days from the
 * company. Reloaded every minute, and at once (at most every 2 s) when asked for a number it does not know yet.
 */
export function databaseSubscribers(db: Db, now: () => number = Date.now): SubscriberDirectory {
  let byMsid = new Map<string, SimSubscriber>();
  let loadedAt = -Infinity;
  let loading: Promise<void> | undefined;

  async function load(): Promise<void> {
    const rows = await db
      .selectFrom('msisdns as m')
      .innerJoin('companies as c', 'c.id', 'm.company_id')
      .select(['m.msisdn', 'm.home_lat', 'm.home_lon', 'c.latitude', 'c.longitude', 'c.config'])
      .execute();
    const places = await db
      .selectFrom('poi_assignments as a')
      .innerJoin('pois as p', 'p.id', 'a.poi_id')
      .innerJoin('msisdns as m', 'm.id', 'a.msisdn_id')
      .select(['m.msisdn', 'a.purpose', 'p.centroid_lat', 'p.centroid_lon'])
      .where('p.active', '=', true)
      .orderBy('a.id')
      .execute();
    const placesOf = new Map<string, NonNullable<SimSubscriber['places']>>();
    for (const p of places) {
      const msid = p.msisdn.replace(/\D/g, '');
      const entry = placesOf.get(msid) ?? { sites: [] };
      const point = { lat: p.centroid_lat, lon: p.centroid_lon };
      // The first attendance site is the office; the other places (visit sites, and a field worker's client sites
      // that count for attendance too) are where the field trips go, each once.
      if (p.purpose === 'ATTENDANCE_SITE' && !entry.office) entry.office = point;
      else if (!entry.sites.some((s) => s.lat === point.lat && s.lon === point.lon)) entry.sites.push(point);
      placesOf.set(msid, entry);
    }
    const next = new Map<string, SimSubscriber>();
    for (const row of rows) {
      const msid = row.msisdn.replace(/\D/g, '');
      const city = { lat: row.latitude ?? DEFAULT_CITY.lat, lon: row.longitude ?? DEFAULT_CITY.lon };
      const r = prng(hashSeed(`${msid}:home`));
      const home =
        row.home_lat !== null && row.home_lon !== null
          ? { lat: row.home_lat, lon: row.home_lon }
          : offsetPoint(city.lat, city.lon, 1000 + r() * 12_000, r() * 360);
      const window = row.config.trackingWindow;
      next.set(msid, {
        msid,
        home,
        city,
        timezone: window?.timezone ?? 'UTC',
        workdays: window?.days ?? [1, 2, 3, 4, 5],
        ...(placesOf.has(msid) ? { places: placesOf.get(msid)! } : {}),
      });
    }
    byMsid = next;
    loadedAt = now();
  }

  function reload(): Promise<void> {
    loading ??= load().finally(() => (loading = undefined));
    return loading;
  }

  return {
    size: () => byMsid.size,
    async get(msid) {
      const age = now() - loadedAt;
      if (age > 60_000) await reload();
      let found = byMsid.get(msid);
      if (!found && now() - loadedAt > 2_000) {
        await reload();
        found = byMsid.get(msid);
      }
      return found;
    },
  };
}
