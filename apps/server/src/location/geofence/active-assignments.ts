import type { PoiTimeWindow } from '@lbs/contracts';
import { localTime, zonedTimeToInstant } from '../tracking-window.ts';

/**
 * When a POI assignment is evaluated: on its ISO weekdays, inside one of its windows (wall-clock time of the
 * company's time zone, DST included), between its first and last valid day. A window whose end is not after its
 * start runs past midnight, and start = end is the whole day (as `isWithinWindow` reads the tracking window); a
 * window belongs to the day it starts, for the weekday and for the validity dates alike, so a night shift starting on
 * the last valid day runs to its end.
 */
export interface AssignmentSchedule {
  days: readonly number[];
  windows: readonly PoiTimeWindow[];
  /** Inclusive local dates `YYYY-MM-DD`; null or absent: unbounded. */
  validFrom?: string | null;
  validTo?: string | null;
}

interface Occurrence {
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;
/** A period still open after this long is treated as never ending (a 24/7 assignment). */
const HORIZON_MS = 14 * DAY_MS;

const hhmm = (value: string): [number, number] => [Number(value.slice(0, 2)), Number(value.slice(3, 5))];

/** The windows of `schedule` that start on the local date y-m-d (month 1–12; day may overflow, Date.UTC-style). */
function occurrencesOn(
  schedule: AssignmentSchedule,
  timeZone: string,
  y: number,
  m: number,
  d: number,
): Occurrence[] {
  const date = new Date(Date.UTC(y, m - 1, d));
  const isoDay = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  if (!schedule.days.includes(isoDay)) return [];
  const ymd = date.toISOString().slice(0, 10);
  if ((schedule.validFrom && ymd < schedule.validFrom) || (schedule.validTo && ymd > schedule.validTo))
    return [];
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  return schedule.windows.map((w) => {
    const [sh, sm] = hhmm(w.start);
    const [eh, em] = hhmm(w.end);
    const overnight = eh * 60 + em <= sh * 60 + sm;
    return {
      start: zonedTimeToInstant(timeZone, year, month, day, sh, sm),
      end: zonedTimeToInstant(timeZone, year, month, day + (overnight ? 1 : 0), eh, em),
    };
  });
}

/** The occurrence containing `at` (start inclusive, end exclusive) that ends last, if any. */
function containing(
  schedules: readonly AssignmentSchedule[],
  timeZone: string,
  at: number,
): Occurrence | undefined {
  const l = localTime(timeZone, at);
  let best: Occurrence | undefined;
  for (const schedule of schedules)
    for (const offset of [0, -1])
      for (const o of occurrencesOn(schedule, timeZone, l.year, l.month, l.day + offset))
        if (o.start <= at && at < o.end && (!best || o.end > best.end)) best = o;
  return best;
}

/** True when the assignment is evaluated at `at`. */
export function isAssignmentActive(
  schedule: AssignmentSchedule,
  timeZone: string,
  at: Date | number,
): boolean {
  return containing([schedule], timeZone, typeof at === 'number' ? at : at.getTime()) !== undefined;
}

/**
 * The end of the uninterrupted active period around `at` of one or more assignments (an MSISDN may hold several
 * for one POI): windows that follow on without a gap count as one, so a 24/7 site is never cut at midnight. Answers
 * undefined when none is active at `at`, and null when the period has not ended 14 days later.
 */
export function activeUntil(
  schedules: readonly AssignmentSchedule[],
  timeZone: string,
  at: Date | number,
): number | null | undefined {
  const t = typeof at === 'number' ? at : at.getTime();
  let current = containing(schedules, timeZone, t);
  if (!current) return undefined;
  let end = current.end;
  while ((current = containing(schedules, timeZone, end)) && current.end > end) {
    end = current.end;
    if (end - t > HORIZON_MS) return null;
  }
  return end;
}

/** For the presence engine: the end of the active period containing an instant (null: none or unbounded). */
export function windowEndResolver(
  schedules: readonly AssignmentSchedule[],
  timeZone: string,
): (at: number) => number | null {
  return (at) => activeUntil(schedules, timeZone, at) ?? null;
}
