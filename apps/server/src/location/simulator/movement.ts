import { prng } from '../../lib/prng.ts';
import { offsetPoint } from '../mlp/coordinates.ts';
import { localTime } from '../tracking-window.ts';

/** A simulated subscriber: where they live, the city they work in, and their company's working days. */
export interface SimSubscriber {
  /** MSISDN digits as MLP carries them (no '+'). */
  msid: string;
  home: { lat: number; lon: number };
  city: { lat: number; lon: number };
  timezone: string;
  /** ISO weekdays the subscriber works (1 = Monday). */
  workdays: number[];
  /** The places the subscriber is sent to (its POI assignments): the office, and the sites it visits. */
  places?: { office?: { lat: number; lon: number }; sites: { lat: number; lon: number }[] };
}

interface Waypoint {
  /** Minute of the local day. */
  t: number;
  lat: number;
  lon: number;
}

/** FNV-1a: a stable 32-bit seed from a string. */
export function hashSeed(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The subscriber's fixed places: an office near the city centre and four field sites around the city. */
function placesOf(sub: SimSubscriber): {
  office: { lat: number; lon: number };
  sites: { lat: number; lon: number }[];
} {
  const r = prng(hashSeed(`${sub.msid}:places`));
  const office = offsetPoint(sub.city.lat, sub.city.lon, 300 + r() * 2500, r() * 360);
  const sites = Array.from({ length: 4 }, () =>
    offsetPoint(sub.city.lat, sub.city.lon, 2000 + r() * 10_000, r() * 360),
  );
  // Assigned places first: the attendance site is the office, the visit sites are where the field trips go (with
  // one random place as an extra stop, so some trips only drive past an assigned site).
  const assigned = sub.places;
  if (!assigned) return { office, sites };
  return {
    office: assigned.office ?? office,
    sites: [...assigned.sites, ...sites].slice(0, assigned.sites.length + 1),
  };
}

/** Share of working days a subscriber stays at home ill, leaves at noon, or has the phone off all day. */
export const SICK_RATE = 0.04;
export const HALF_DAY_RATE = 0.03;
export const PHONE_OFF_RATE = 0.03;

/** What keeps a subscriber from an ordinary working day, if anything (the same answer for the same day). */
export function dayAbsence(
  sub: Pick<SimSubscriber, 'msid'>,
  year: number,
  month: number,
  day: number,
): 'SICK' | 'HALF_DAY' | 'PHONE_OFF' | null {
  const u = prng(hashSeed(`${sub.msid}:${year}-${month}-${day}:absence`))();
  if (u < SICK_RATE) return 'SICK';
  if (u < SICK_RATE + HALF_DAY_RATE) return 'HALF_DAY';
  if (u < SICK_RATE + HALF_DAY_RATE + PHONE_OFF_RATE) return 'PHONE_OFF';
  return null;
}

/** Whether the subscriber's phone is off all that local day (the network answers "absent subscriber"). */
export function phoneOff(sub: SimSubscriber, at: number): boolean {
  const l = localTime(sub.timezone, at);
  return sub.workdays.includes(l.isoDay) && dayAbsence(sub, l.year, l.month, l.day) === 'PHONE_OFF';
}

/**
 * The subscriber's day as waypoints (a stay is two waypoints at one place; between them they travel in a straight
 * line): on a working day home → office, a few field visits, back to the office, home in the evening; on other days
 * at home with perhaps one outing. The same subscriber and date always give the same day.
 */
export function dayPlan(
  sub: SimSubscriber,
  year: number,
  month: number,
  day: number,
  isoDay: number,
): Waypoint[] {
  const r = prng(hashSeed(`${sub.msid}:${year}-${month}-${day}`));
  const { office, sites } = placesOf(sub);
  // Someone sent to an office and no other site works at the office all day; the others make field trips.
  const fieldTrips = !sub.places || sub.places.sites.length > 0 || !sub.places.office;
  const home = sub.home;
  const plan: Waypoint[] = [];
  const at = (t: number, p: { lat: number; lon: number }) =>
    plan.push({ t: Math.min(t, 1439), lat: p.lat, lon: p.lon });
  // Now and then a working day is not an office day: ill at home, or gone at noon (its own stream, so the ordinary
  // days keep their plans).
  const absence = sub.workdays.includes(isoDay) ? dayAbsence(sub, year, month, day) : null;
  if (absence === 'SICK') return plan;
  if (sub.workdays.includes(isoDay)) {
    // Out of the door 07:00–08:00, at the office 07:20–08:50: most are in before an 08:30 start, a few are not.
    let t = 7 * 60 + r() * 60;
    at(t, home);
    t += 20 + r() * 30;
    at(t, office);
    const leave = absence === 'HALF_DAY' ? 11 * 60 + r() * 30 : 16 * 60 + 45 + r() * 90;
    let here = office;
    while (t < leave - 90) {
      t += 45 + r() * 105;
      at(t, here);
      const next: { lat: number; lon: number } =
        fieldTrips && here === office && r() < 0.65 ? sites[Math.floor(r() * sites.length)]! : office;
      t += 15 + r() * 25;
      at(t, next);
      here = next;
    }
    t = Math.max(t + 30, leave);
    at(t, here);
    // Most field days end back at the office (the van, the report) before home.
    const back = prng(hashSeed(`${sub.msid}:${year}-${month}-${day}:back`));
    if (here !== office && back() < 0.85) {
      t += 20 + back() * 20;
      at(t, office);
      t += 40 + back() * 30;
      at(t, office);
    }
    at(t + 25 + r() * 30, home);
  } else if (r() < 0.4) {
    const out = sites[Math.floor(r() * sites.length)]!;
    let t = 11 * 60 + r() * 180;
    at(t, home);
    t += 20 + r() * 20;
    at(t, out);
    t += 90 + r() * 90;
    at(t, out);
    at(t + 20 + r() * 20, home);
  }
  return plan;
}

/** Where the subscriber really is at an instant (local time of their zone, DST included). */
export function truePosition(sub: SimSubscriber, at: number): { lat: number; lon: number } {
  const l = localTime(sub.timezone, at);
  const minute = l.hour * 60 + l.minute + (at % 60_000) / 60_000;
  const plan = dayPlan(sub, l.year, l.month, l.day, l.isoDay);
  if (plan.length === 0 || minute <= plan[0]!.t || minute >= plan.at(-1)!.t) return sub.home;
  for (let i = 1; i < plan.length; i++) {
    const b = plan[i]!;
    if (minute > b.t) continue;
    const a = plan[i - 1]!;
    const f = b.t === a.t ? 1 : (minute - a.t) / (b.t - a.t);
    return { lat: a.lat + (b.lat - a.lat) * f, lon: a.lon + (b.lon - a.lon) * f };
  }
  return sub.home;
}

/**
 * What the network reports: a cell-sized circle (100 m – 2 km, mostly small) that contains the true position, its
 * centre off by up to half the radius. Stable within a minute for a subscriber.
 */
export function networkFix(sub: SimSubscriber, at: number): { lat: number; lon: number; radiusM: number } {
  const r = prng(hashSeed(`${sub.msid}:${Math.floor(at / 60_000)}`));
  const radiusM = Math.round(100 + r() ** 3 * 1900);
  const truth = truePosition(sub, at);
  const centre = offsetPoint(truth.lat, truth.lon, r() * radiusM * 0.5, r() * 360);
  return { ...centre, radiusM };
}

/**
 * Whether the network fails to locate the subscriber this minute, and how (MLP result code). An absent rate of 0 is a
 * network that always finds the phone: no day with the phone off either.
 */
export function networkFailure(
  sub: SimSubscriber,
  at: number,
  absentRate: number,
  unknownRate: number,
): 4 | 5 | undefined {
  if (absentRate > 0 && phoneOff(sub, at)) return 5;
  const u = prng(hashSeed(`${sub.msid}:fail:${Math.floor(at / 60_000)}`))();
  if (u < absentRate) return 5;
  if (u < absentRate + unknownRate) return 4;
  return undefined;
}
