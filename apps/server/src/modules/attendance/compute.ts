import type { AttendanceStatus, HoursMethod } from '@lbs/contracts';
import { localTime, zonedTimeToInstant } from '../../location/tracking-window.ts';

/**
 * Attendance of one MSISDN on one shift date, from the visits of the presence engine at its attendance sites and the
 * fixes of the day (issue 12). Pure and deterministic: the same inputs give the same day, so any day can be
 * recomputed when late data or a rule change arrives.
 *
 * Honesty rules (network fixes are sparse and wide):
 * - LATE only with evidence: an OUTSIDE fix after start + grace and before the arrival, or an arrival whose earliest
 *   bound is after start + grace. A late sampled arrival without such evidence is PRESENT, "arrival unverified".
 * - ABSENT only with evidence: no visit, and OUTSIDE fixes covering at least half of the shift. Less coverage is
 *   NO_DATA (phone off, consent withdrawn, locate failures), never ABSENT.
 * - The half-day and absent thresholds apply to minutes inside, as in Frappe HRMS.
 */

export type FixClass = 'INSIDE' | 'OUTSIDE' | 'AMBIGUOUS';

/** A shift's terms as they apply on a date (one version of the shift). */
export interface ShiftRule {
  /** Local wall-clock times HH:mm; an end not after the start ends the next day. */
  start: string;
  end: string;
  /** ISO weekdays (1 = Monday) the shift works. */
  days: readonly number[];
  timeZone: string;
  checkInBeforeMin: number;
  checkOutAfterMin: number;
  lateGraceMin: number;
  earlyExitGraceMin: number;
  /** 0 disables. */
  halfDayThresholdMin: number;
  /** 0 disables. */
  absentThresholdMin: number;
  hoursMethod: HoursMethod;
  countOnHolidays: boolean;
}

/** The holiday list of the shift: weekly off days, named holidays, make-up working days. */
export interface HolidayCalendar {
  weeklyOff: readonly number[];
  /** Local date YYYY-MM-DD → name. */
  holidays: ReadonlyMap<string, string>;
  /** Local dates that are working days although a weekly off or a holiday would say otherwise. */
  workingDays: ReadonlySet<string>;
}

/** A visit at one of the MSISDN's attendance sites (epoch ms). */
export interface AttendanceVisit {
  key: string;
  poiId: number;
  enteredAt: number;
  /** The last fix before the entry (the entry lies after it); null when unknown. */
  enteredEarliest: number | null;
  /** Null while the visit is open. */
  exitedAt: number | null;
  /** The first outside fix after the exit; null when unknown (no data, window end) or open. */
  exitedLatest: number | null;
  /** The visit's last inside fix (an open visit runs to it). */
  lastInsideAt: number;
}

/** A fix of the day, classed against the sites: INSIDE one, OUTSIDE all, or AMBIGUOUS. */
export interface AttendanceFix {
  time: number;
  class: FixClass;
}

export interface DayInput {
  /** The shift date (the local date the shift starts), YYYY-MM-DD. */
  date: string;
  rule: ShiftRule;
  calendar: HolidayCalendar | null;
  visits: readonly AttendanceVisit[];
  fixes: readonly AttendanceFix[];
  /** The time one informative fix speaks for (the poll interval); coverage counts ± half of it around each fix. */
  fixSpanMs: number;
  /** The computation's now: an open window is judged up to it. */
  now: number;
}

/** Why the day is what it is, as message keys with parameters (the UI words them in its language). */
export interface Reason {
  code: string;
  params?: Record<string, string | number>;
}

export interface DayResult {
  date: string;
  status: AttendanceStatus;
  /** Working day, holiday or weekly off; a working day has a window. */
  kind: 'WORKING' | 'HOLIDAY' | 'WEEKLY_OFF';
  holidayName: string | null;
  shiftStart: number | null;
  shiftEnd: number | null;
  windowStart: number | null;
  windowEnd: number | null;
  firstIn: number | null;
  firstInEarliest: number | null;
  lastOut: number | null;
  lastOutLatest: number | null;
  /** Whether the last visit is still open (the day is live). */
  stillInside: boolean;
  minutesFirstLast: number;
  minutesEveryVisit: number;
  /** By the rule's method. */
  minutesInside: number;
  /** Window time covered by informative fixes (INSIDE or OUTSIDE) or visits. */
  minutesObserved: number;
  /** Share of the shift covered by OUTSIDE fixes (0–1): ABSENT needs at least half. */
  outsideCoverage: number;
  lateMinutes: number;
  earlyExitMinutes: number;
  arrivalUnverified: boolean;
  departureUnverified: boolean;
  visitKeys: string[];
  reasons: Reason[];
}

/** ABSENT needs OUTSIDE fixes over at least this share of the shift. */
export const ABSENT_MIN_COVERAGE = 0.5;
const MIN = 60_000;

const hhmm = (v: string): [number, number] => [Number(v.slice(0, 2)), Number(v.slice(3, 5))];

/** ISO weekday of a local date YYYY-MM-DD. */
export function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The local date after `date`. */
export function nextDate(date: string, days = 1): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The shift's start and end instants on a date (DST: a skipped wall time moves forward, a repeated one is the first). */
export function shiftInstants(rule: ShiftRule, date: string): { start: number; end: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [sh, sm] = hhmm(rule.start);
  const [eh, em] = hhmm(rule.end);
  const overnight = eh * 60 + em <= sh * 60 + sm;
  return {
    start: zonedTimeToInstant(rule.timeZone, y, m, d, sh, sm),
    end: zonedTimeToInstant(rule.timeZone, y, m, d + (overnight ? 1 : 0), eh, em),
  };
}

/** The local date on which an instant falls in the zone (YYYY-MM-DD). */
export function localDate(timeZone: string, at: number): string {
  const l = localTime(timeZone, at);
  return `${l.year}-${String(l.month).padStart(2, '0')}-${String(l.day).padStart(2, '0')}`;
}

/** Whether the shift works on the date, and if not, why. */
export function dayKind(
  rule: ShiftRule,
  calendar: HolidayCalendar | null,
  date: string,
): { kind: DayResult['kind']; holidayName: string | null } {
  if (calendar?.workingDays.has(date)) return { kind: 'WORKING', holidayName: null };
  const holiday = calendar?.holidays.get(date);
  if (holiday !== undefined) return { kind: 'HOLIDAY', holidayName: holiday };
  const weekday = isoWeekday(date);
  if (!rule.days.includes(weekday) || calendar?.weeklyOff.includes(weekday))
    return { kind: 'WEEKLY_OFF', holidayName: null };
  return { kind: 'WORKING', holidayName: null };
}

type Interval = [number, number];

/** The union of intervals (sorted, merged), each clipped to [lo, hi]. */
function union(intervals: readonly Interval[], lo: number, hi: number): Interval[] {
  const clipped = intervals
    .map(([a, b]): Interval => [Math.max(a, lo), Math.min(b, hi)])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: Interval[] = [];
  for (const [a, b] of clipped) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

const total = (intervals: readonly Interval[]) => intervals.reduce((sum, [a, b]) => sum + (b - a), 0);
const minutes = (ms: number) => Math.round((ms / MIN) * 10) / 10;

/** Computes one day. */
export function computeDay(input: DayInput): DayResult {
  const { rule, date } = input;
  const { kind, holidayName } = dayKind(rule, input.calendar, date);
  const { start, end } = shiftInstants(rule, date);
  const windowStart = start - rule.checkInBeforeMin * MIN;
  const windowEnd = end + rule.checkOutAfterMin * MIN;
  // What the window has seen so far: an open window is judged up to now.
  const observedEnd = Math.min(windowEnd, Math.max(windowStart, input.now));
  const visits = input.visits
    .map((v) => ({ ...v, until: v.exitedAt ?? v.lastInsideAt }))
    .filter((v) => v.until > windowStart && v.enteredAt < windowEnd)
    .sort((a, b) => a.enteredAt - b.enteredAt);
  const fixes = input.fixes.filter((f) => f.time >= windowStart && f.time < windowEnd);
  const reasons: Reason[] = [];
  const result: DayResult = {
    date,
    status: 'NO_DATA',
    kind,
    holidayName,
    shiftStart: start,
    shiftEnd: end,
    windowStart,
    windowEnd,
    firstIn: null,
    firstInEarliest: null,
    lastOut: null,
    lastOutLatest: null,
    stillInside: false,
    minutesFirstLast: 0,
    minutesEveryVisit: 0,
    minutesInside: 0,
    minutesObserved: 0,
    outsideCoverage: 0,
    lateMinutes: 0,
    earlyExitMinutes: 0,
    arrivalUnverified: false,
    departureUnverified: false,
    visitKeys: visits.map((v) => v.key),
    reasons,
  };

  const half = input.fixSpanMs / 2;
  const informative = fixes
    .filter((f) => f.class !== 'AMBIGUOUS')
    .map((f): Interval => [f.time - half, f.time + half]);
  const visitSpans = visits.map((v): Interval => [v.enteredAt, v.until]);
  result.minutesObserved = minutes(total(union([...informative, ...visitSpans], windowStart, observedEnd)));
  const outside = fixes
    .filter((f) => f.class === 'OUTSIDE')
    .map((f): Interval => [f.time - half, f.time + half]);
  const shiftLength = end - start;
  result.outsideCoverage =
    shiftLength > 0 ? Math.round((total(union(outside, start, end)) / shiftLength) * 1000) / 1000 : 0;

  if (kind !== 'WORKING' && !(rule.countOnHolidays && visits.length)) {
    result.status = kind;
    reasons.push(
      kind === 'HOLIDAY'
        ? { code: 'attendance.why.holiday', params: { name: holidayName ?? '' } }
        : { code: 'attendance.why.weeklyOff' },
    );
    return result;
  }

  if (!visits.length) {
    if (result.outsideCoverage >= ABSENT_MIN_COVERAGE) {
      result.status = 'ABSENT';
      reasons.push({
        code: 'attendance.why.absentEvidence',
        params: { percent: Math.round(result.outsideCoverage * 100) },
      });
    } else if (observedEnd < windowEnd) {
      // The window is still open: nobody seen at a site yet says nothing so far.
      result.status = 'NO_DATA';
      reasons.push({ code: 'attendance.why.notYet' });
    } else {
      result.status = 'NO_DATA';
      reasons.push({
        code: 'attendance.why.noData',
        params: { percent: Math.round(result.outsideCoverage * 100) },
      });
    }
    return result;
  }

  const first = visits[0]!;
  const last = visits.reduce((a, b) => (b.until > a.until ? b : a));
  // A visit's bounds are the fixes either side of its inside ones, whatever their class. They prove absence only where
  // that fix lies outside every site: after (before) an ambiguous one, the arrival (departure) may lie as far as the
  // last (first) fix outside, and a fix inside another of the employee's sites is no absence at all.
  const fixAt = (t: number | null) => (t === null ? undefined : fixes.find((f) => f.time === t));
  let earliest = first.enteredEarliest ?? first.enteredAt;
  const beforeFix = fixAt(first.enteredEarliest);
  if (beforeFix && beforeFix.class !== 'OUTSIDE')
    earliest =
      fixes.filter((f) => f.class === 'OUTSIDE' && f.time < first.enteredAt).at(-1)?.time ?? windowStart;
  let latest = last.exitedLatest;
  const afterFix = fixAt(last.exitedLatest);
  if (afterFix && afterFix.class !== 'OUTSIDE')
    latest = fixes.find((f) => f.class === 'OUTSIDE' && f.time > last.until)?.time ?? null;
  result.firstIn = Math.max(first.enteredAt, windowStart);
  result.firstInEarliest = Math.max(earliest, windowStart);
  result.stillInside = last.exitedAt === null && observedEnd < windowEnd;
  result.lastOut = Math.min(last.until, windowEnd);
  result.lastOutLatest = latest === null ? null : Math.min(latest, windowEnd);
  result.minutesFirstLast = minutes(Math.max(0, result.lastOut - result.firstIn));
  result.minutesEveryVisit = minutes(total(union(visitSpans, windowStart, windowEnd)));
  result.minutesInside =
    rule.hoursMethod === 'FIRST_IN_LAST_OUT' ? result.minutesFirstLast : result.minutesEveryVisit;
  reasons.push({
    code: 'attendance.why.visits',
    params: { count: visits.length, minutes: Math.round(result.minutesInside) },
  });

  // Lateness: evidence only. The arrival lies between its earliest bound and the first inside fix.
  const lateAfter = start + rule.lateGraceMin * MIN;
  const outsideBeforeArrival = fixes.filter(
    (f) => f.class === 'OUTSIDE' && f.time > lateAfter && f.time < result.firstIn!,
  );
  const lastOutsideBefore = outsideBeforeArrival.at(-1)?.time ?? null;
  const late = lastOutsideBefore !== null || result.firstInEarliest > lateAfter;
  if (late) {
    const knownAbsentUntil = Math.max(lastOutsideBefore ?? 0, result.firstInEarliest);
    result.lateMinutes = minutes(Math.max(0, knownAbsentUntil - start));
    reasons.push(
      lastOutsideBefore !== null
        ? { code: 'attendance.why.lateOutsideFix', params: { at: lastOutsideBefore } }
        : { code: 'attendance.why.lateArrival', params: { at: result.firstInEarliest } },
    );
  } else if (result.firstIn > lateAfter) {
    result.arrivalUnverified = true;
    reasons.push({ code: 'attendance.why.arrivalUnverified', params: { at: result.firstIn } });
  }

  // Early exit: evidence only, and only once the day has been seen to its end (an open visit has not left).
  const earlyBefore = end - rule.earlyExitGraceMin * MIN;
  let early = false;
  if (!result.stillInside && observedEnd >= earlyBefore) {
    const outsideAfterExit = fixes.filter(
      (f) => f.class === 'OUTSIDE' && f.time > result.lastOut! && f.time < earlyBefore,
    );
    const firstOutsideAfter = outsideAfterExit[0]?.time ?? null;
    early =
      firstOutsideAfter !== null || (result.lastOutLatest !== null && result.lastOutLatest < earlyBefore);
    if (early) {
      const knownGoneFrom = Math.min(firstOutsideAfter ?? Infinity, result.lastOutLatest ?? Infinity);
      result.earlyExitMinutes = minutes(Math.max(0, end - knownGoneFrom));
      reasons.push({ code: 'attendance.why.earlyExit', params: { at: knownGoneFrom } });
    } else if (result.lastOut < earlyBefore) {
      result.departureUnverified = true;
      reasons.push({ code: 'attendance.why.departureUnverified', params: { at: result.lastOut } });
    }
  }

  const inside = result.minutesInside;
  const settled = observedEnd >= windowEnd;
  if (settled && rule.absentThresholdMin > 0 && inside < rule.absentThresholdMin) {
    result.status = 'ABSENT';
    reasons.push({ code: 'attendance.why.belowAbsent', params: { minutes: rule.absentThresholdMin } });
  } else if (settled && rule.halfDayThresholdMin > 0 && inside < rule.halfDayThresholdMin) {
    result.status = 'HALF_DAY';
    reasons.push({ code: 'attendance.why.belowHalfDay', params: { minutes: rule.halfDayThresholdMin } });
  } else if (late && early) result.status = 'LATE_AND_EARLY_EXIT';
  else if (late) result.status = 'LATE';
  else if (early) result.status = 'EARLY_EXIT';
  else result.status = 'PRESENT';
  return result;
}
