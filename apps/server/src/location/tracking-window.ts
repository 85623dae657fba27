import type { TrackingWindow } from '@lbs/contracts';

/** Wall-clock reading of an instant in a time zone (ISO weekday 1 = Monday … 7 = Sunday). */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  isoDay: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Recent readings per zone and minute: a tick or an MLP answer asks for the same few minutes thousands of times. */
const readings = new Map<string, LocalTime>();

/** The local date, time and weekday of `at` in `timeZone` (Intl applies the zone's DST rules). */
export function localTime(timeZone: string, at: Date | number): LocalTime {
  const minute = Math.floor((typeof at === 'number' ? at : at.getTime()) / 60_000);
  const key = `${timeZone}|${minute}`;
  const known = readings.get(key);
  if (known) return known;
  if (readings.size > 5000) readings.clear();
  const reading = readLocalTime(timeZone, minute * 60_000);
  readings.set(key, reading);
  return reading;
}

function readLocalTime(timeZone: string, at: number): LocalTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(at)) parts[p.type] = p.value;
  return Object.freeze({
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    isoDay: WEEKDAYS[parts['weekday'] ?? ''] ?? 0,
  });
}

/** Offset of the zone from UTC at an instant, in ms (local − UTC), to the minute. */
function offsetAt(timeZone: string, at: number): number {
  const l = localTime(timeZone, at);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute);
  return asUtc - Math.floor(at / 60_000) * 60_000;
}

/**
 * The instants at which the wall clock of `timeZone` reads y-m-d h:m, earliest first: one as a rule, two for a
 * time the autumn change repeats, and for a time the spring change skips the instant of the change (when the clock
 * first reads later than it).
 */
export function zonedTimeInstants(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): number[] {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const candidates = [
    ...new Set([
      wall - offsetAt(timeZone, wall),
      wall - offsetAt(timeZone, wall - 43_200_000),
      wall - offsetAt(timeZone, wall + 43_200_000),
    ]),
  ].sort((a, b) => a - b);
  const valid = candidates.filter((t) => wall - offsetAt(timeZone, t) === t);
  if (valid.length) return valid;
  // Skipped wall time: the change happens between the two readings; find its minute.
  let lo = candidates[0]!;
  let hi = candidates.at(-1)!;
  while (hi - lo > 60_000) {
    const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
    const l = localTime(timeZone, mid);
    if (Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute) >= wall) hi = mid;
    else lo = mid;
  }
  return [hi];
}

/** The first instant at which the wall clock of `timeZone` reads y-m-d h:m (see zonedTimeInstants). */
export function zonedTimeToInstant(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): number {
  return zonedTimeInstants(timeZone, year, month, day, hour, minute)[0]!;
}

function minutesOf(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

const previousDay = (isoDay: number) => (isoDay === 1 ? 7 : isoDay - 1);

/**
 * True when `at` lies inside the company's tracking window: on one of its weekdays, from `start` (inclusive) to
 * `end` (exclusive), wall-clock time of its time zone, DST included. A window whose end is not after its start runs
 * past midnight into the next day (the weekday is the day it starts); start = end is the whole day.
 */
export function isWithinWindow(window: TrackingWindow, at: Date | number): boolean {
  const l = localTime(window.timezone, at);
  const now = l.hour * 60 + l.minute;
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start === end) return window.days.includes(l.isoDay);
  if (start < end) return window.days.includes(l.isoDay) && now >= start && now < end;
  return (
    (window.days.includes(l.isoDay) && now >= start) ||
    (window.days.includes(previousDay(l.isoDay)) && now < end)
  );
}

/** The next instant after `at` at which the window opens, or undefined for a window without days. */
export function nextWindowOpening(window: TrackingWindow, at: Date | number): Date | undefined {
  const t = typeof at === 'number' ? at : at.getTime();
  const l = localTime(window.timezone, t);
  const [h = 0, m = 0] = window.start.split(':').map(Number);
  for (let k = 0; k <= 8; k++) {
    const date = new Date(Date.UTC(l.year, l.month - 1, l.day + k));
    const isoDay = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
    if (!window.days.includes(isoDay)) continue;
    // The autumn change can make the clock reach `start` twice in a day: the window opens again the second time.
    for (const opening of zonedTimeInstants(
      window.timezone,
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
      h,
      m,
    )) {
      if (opening > t) return new Date(opening);
    }
  }
  return undefined;
}
