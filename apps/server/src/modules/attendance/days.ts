import { sql } from 'kysely';
import type { PoiGeometry } from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { emitMany, type NewEvent } from '../../events/emit.ts';
import type { EventType } from '../../events/types.ts';
import { classifyFix, preparePoi, type FixLike, type PreparedPoi } from '../../location/geofence/index.ts';
import { openVisitsNow, pairKey } from '../pois/index.ts';
import {
  computeDay,
  localDate,
  nextDate,
  shiftInstants,
  type AttendanceFix,
  type AttendanceVisit,
  type DayResult,
  type HolidayCalendar,
  type ShiftRule,
} from './compute.ts';

/**
 * Attendance on the database: who is counted (MSISDNs with attendance sites and a shift), the rule of a shift on a
 * date (its version effective then), the holiday list, the visits at the sites and the day's fixes classed against
 * them; `computeDays` computes and stores days (PROVISIONAL while the window is open, FINAL from window end +
 * FINALIZE_AFTER_MS; a FINAL day that changes keeps a correction; an override is never touched).
 */

/** How long after a window's end its day becomes FINAL (late fixes of an app still arrive). */
export const FINALIZE_AFTER_MS = 30 * 60_000;
const MIN = 60_000;

export interface Member {
  msisdnId: number;
  companyId: number;
  shiftId: number;
  sites: PreparedPoi[];
  pollIntervalMinutes: number;
}

/** MSISDNs with attendance sites (ATTENDANCE_SITE assignments naming a shift at active POIs), by company or id. */
export async function attendanceMembers(
  db: Executor,
  filter: { companyId?: number; msisdnIds?: readonly number[] } = {},
): Promise<Member[]> {
  const { rows } = await sql<{
    msisdn_id: number;
    company_id: number;
    shift_id: number;
    poi_id: number;
    geometry: PoiGeometry;
    poll: number | null;
  }>`
    select a.msisdn_id, a.company_id, a.shift_id, a.poi_id, p.geometry,
           (c.config->>'pollIntervalMinutes')::int as poll
    from poi_assignments a
    join pois p on p.id = a.poi_id and p.active
    join companies c on c.id = a.company_id
    where a.purpose = 'ATTENDANCE_SITE' and a.shift_id is not null
      ${filter.companyId !== undefined ? sql`and a.company_id = ${filter.companyId}` : sql``}
      ${filter.msisdnIds ? sql`and a.msisdn_id = any(${filter.msisdnIds}::int[])` : sql``}
    order by a.msisdn_id, a.shift_id, a.poi_id`.execute(db);
  const members = new Map<number, Member>();
  for (const r of rows) {
    let m = members.get(r.msisdn_id);
    // An MSISDN sent to sites of several shifts is counted on the first (the lowest id): one shift per day.
    if (!m) {
      m = {
        msisdnId: r.msisdn_id,
        companyId: r.company_id,
        shiftId: r.shift_id,
        sites: [],
        pollIntervalMinutes: r.poll ?? 5,
      };
      members.set(r.msisdn_id, m);
    }
    if (m.shiftId === r.shift_id) m.sites.push(preparePoi(r.poi_id, r.geometry));
  }
  return [...members.values()];
}

export interface ShiftVersionRow {
  id: number;
  shift_id: number;
  effective_from: string;
  start_time: string;
  end_time: string;
  days: number[];
  time_zone: string;
  check_in_before_min: number;
  check_out_after_min: number;
  late_grace_min: number;
  early_exit_grace_min: number;
  half_day_threshold_min: number;
  absent_threshold_min: number;
  hours_method: ShiftRule['hoursMethod'];
  count_on_holidays: boolean;
  holiday_list_id: number | null;
}

export function ruleOf(v: ShiftVersionRow): ShiftRule {
  return {
    start: v.start_time,
    end: v.end_time,
    days: v.days,
    timeZone: v.time_zone,
    checkInBeforeMin: v.check_in_before_min,
    checkOutAfterMin: v.check_out_after_min,
    lateGraceMin: v.late_grace_min,
    earlyExitGraceMin: v.early_exit_grace_min,
    halfDayThresholdMin: v.half_day_threshold_min,
    absentThresholdMin: v.absent_threshold_min,
    hoursMethod: v.hours_method,
    countOnHolidays: v.count_on_holidays,
  };
}

/** Reads shift versions and holiday lists once per computation run. */
export function ruleBook(db: Executor) {
  const versions = new Map<number, ShiftVersionRow[]>();
  const calendars = new Map<number, HolidayCalendar>();
  return {
    /** The version of the shift in force on the date (the latest effective on or before it). */
    async version(shiftId: number, date: string): Promise<ShiftVersionRow | undefined> {
      let list = versions.get(shiftId);
      if (!list) {
        list = (await db
          .selectFrom('shift_versions')
          .selectAll()
          .where('shift_id', '=', shiftId)
          .orderBy('effective_from', 'desc')
          .execute()) as ShiftVersionRow[];
        versions.set(shiftId, list);
      }
      return list.find((v) => v.effective_from <= date) ?? list.at(-1);
    },
    async calendar(holidayListId: number | null): Promise<HolidayCalendar | null> {
      if (holidayListId === null) return null;
      let calendar = calendars.get(holidayListId);
      if (!calendar) {
        const list = await db
          .selectFrom('holiday_lists')
          .select(['weekly_off'])
          .where('id', '=', holidayListId)
          .executeTakeFirst();
        const days = await db
          .selectFrom('holidays')
          .select(['date', 'name', 'kind'])
          .where('holiday_list_id', '=', holidayListId)
          .execute();
        calendar = {
          weeklyOff: list?.weekly_off ?? [],
          holidays: new Map(days.filter((d) => d.kind === 'HOLIDAY').map((d) => [d.date, d.name])),
          workingDays: new Set(days.filter((d) => d.kind === 'WORKING_DAY').map((d) => d.date)),
        };
        calendars.set(holidayListId, calendar);
      }
      return calendar;
    },
  };
}
export type RuleBook = ReturnType<typeof ruleBook>;

/** One member's day to compute: its shift version, rule and calendar, and its window [from, to). */
interface DayTask {
  member: Member;
  date: string;
  version: ShiftVersionRow;
  rule: ShiftRule;
  calendar: HolidayCalendar | null;
  from: number;
  to: number;
}

/** Index of the first element of a time-sorted list at or after `t`. */
function firstAtOrAfter<T>(list: readonly T[], t: number, timeOf: (x: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (timeOf(list[mid]!) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The evidence of a batch of days in two reads: the visits at the members' sites touching the batch's windows
 * (closed ones from their rows, open ones as they stand now) and their fixes in them, then cut to each day's window
 * (and its member's sites) and classed against the member's sites.
 */
async function evidenceOf(
  db: Executor,
  tasks: readonly DayTask[],
  now: number,
): Promise<{ visits: AttendanceVisit[]; fixes: AttendanceFix[] }[]> {
  const ids = [...new Set(tasks.map((t) => t.member.msisdnId))];
  const poiIds = [...new Set(tasks.flatMap((t) => t.member.sites.map((s) => s.poiId)))];
  const from = Math.min(...tasks.map((t) => t.from));
  const to = Math.max(...tasks.map((t) => t.to));
  const [visitRows, fixRows] = await Promise.all([
    db
      .selectFrom('visits')
      .select([
        'key',
        'msisdn_id',
        'poi_id',
        'entered_at',
        'entered_earliest',
        'exited_at',
        'exited_latest',
        'dwell_minutes',
      ])
      .where(sql<boolean>`msisdn_id = any(${ids}::int[])`)
      .where(sql<boolean>`poi_id = any(${poiIds}::int[])`)
      .where('entered_at', '<', new Date(to))
      .where((eb) => eb.or([eb('exited_at', 'is', null), eb('exited_at', '>', new Date(from))]))
      .orderBy('entered_at')
      .execute(),
    db
      .selectFrom('positions')
      .select(['msisdn_id', 'time', 'lat', 'lon', 'accuracy_m', 'source'])
      .where(sql<boolean>`msisdn_id = any(${ids}::int[])`)
      .where('time', '>=', new Date(from))
      .where('time', '<', new Date(Math.min(to, now)))
      .orderBy('msisdn_id')
      .orderBy('time')
      .execute(),
  ]);
  const open = visitRows.some((r) => r.exited_at === null)
    ? await openVisitsNow(
        db,
        visitRows
          .filter((r) => r.exited_at === null)
          .map((r) => ({ msisdnId: r.msisdn_id, poiId: r.poi_id })),
      )
    : new Map<string, { key: string; dwellMinutes: number }>();
  const visitsBy = new Map<number, AttendanceVisit[]>();
  for (const r of visitRows) {
    const live = r.exited_at === null ? open.get(pairKey(r.msisdn_id, r.poi_id)) : undefined;
    const enteredAt = r.entered_at.getTime();
    const dwell = live && live.key === r.key ? live.dwellMinutes : Number(r.dwell_minutes);
    let list = visitsBy.get(r.msisdn_id);
    if (!list) visitsBy.set(r.msisdn_id, (list = []));
    list.push({
      key: r.key,
      poiId: r.poi_id,
      enteredAt,
      enteredEarliest: r.entered_earliest ? r.entered_earliest.getTime() : null,
      exitedAt: r.exited_at ? r.exited_at.getTime() : null,
      exitedLatest: r.exited_latest ? r.exited_latest.getTime() : null,
      lastInsideAt: r.exited_at ? r.exited_at.getTime() : enteredAt + dwell * MIN,
    });
  }
  const fixesBy = new Map<number, typeof fixRows>();
  for (const r of fixRows) {
    let list = fixesBy.get(r.msisdn_id);
    if (!list) fixesBy.set(r.msisdn_id, (list = []));
    list.push(r);
  }
  return tasks.map((t) => {
    const sites = new Set(t.member.sites.map((s) => s.poiId));
    const visits = (visitsBy.get(t.member.msisdnId) ?? []).filter(
      (v) => sites.has(v.poiId) && v.enteredAt < t.to && (v.exitedAt === null || v.exitedAt > t.from),
    );
    const all = fixesBy.get(t.member.msisdnId) ?? [];
    const end = Math.min(t.to, now);
    const fixes: AttendanceFix[] = [];
    for (let i = firstAtOrAfter(all, t.from, (p) => p.time.getTime()); i < all.length; i++) {
      const p = all[i]!;
      if (p.time.getTime() >= end) break;
      fixes.push({
        time: p.time.getTime(),
        class: classAtSites(t.member.sites, {
          lat: p.lat,
          lon: p.lon,
          accuracyM: p.accuracy_m,
          source: p.source,
        }),
      });
    }
    return { visits, fixes };
  });
}

/** A fix against an employee's sites: INSIDE one of them, OUTSIDE every one, else AMBIGUOUS (also with no site). */
export function classAtSites(sites: readonly PreparedPoi[], fix: FixLike): AttendanceFix['class'] {
  const classes = sites.map((site) => classifyFix(site, fix).class);
  if (classes.includes('INSIDE')) return 'INSIDE';
  return classes.length && classes.every((c) => c === 'OUTSIDE') ? 'OUTSIDE' : 'AMBIGUOUS';
}

/** The shift dates of a member whose window touches [from, to] (today's, and yesterday's for a night shift). */
export async function datesTouching(
  book: RuleBook,
  shiftId: number,
  from: number,
  to: number,
): Promise<string[]> {
  const any = await book.version(shiftId, localDate('UTC', to));
  if (!any) return [];
  const dates: string[] = [];
  let date = nextDate(localDate(any.time_zone, from), -1);
  const last = localDate(any.time_zone, to);
  while (date <= last) {
    const v = await book.version(shiftId, date);
    if (v) {
      const { start, end } = shiftInstants(ruleOf(v), date);
      if (end + v.check_out_after_min * MIN >= from && start - v.check_in_before_min * MIN <= to)
        dates.push(date);
    }
    date = nextDate(date);
  }
  return dates;
}

/** The longest a single fix may speak for. */
const MAX_FIX_SPAN_MS = 30 * MIN;

/**
 * How long one fix of the day speaks for: the usual interval between its fixes (the median; the positions may come
 * more rarely than the company's poll interval — failures, a sparser schedule — or more often, from an app), at
 * least the poll interval, at most half an hour.
 */
export function fixSpan(
  fixes: readonly AttendanceFix[],
  member: Pick<Member, 'pollIntervalMinutes'>,
): number {
  const poll = Math.max(1, member.pollIntervalMinutes) * MIN;
  const gaps = fixes
    .slice(1)
    .map((f, i) => f.time - fixes[i]!.time)
    .filter((g) => g > 0)
    .sort((a, b) => a - b);
  const median = gaps.length ? gaps[Math.floor(gaps.length / 2)]! : poll;
  return Math.min(MAX_FIX_SPAN_MS, Math.max(poll, median));
}

export interface ComputedDay {
  member: Member;
  version: ShiftVersionRow;
  result: DayResult;
}

const at = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * A statement of its own (not inside a caller's transaction) run again when PostgreSQL chose it as a deadlock's
 * victim: two workers refreshing the same days at once (replicas, or a refresh beside a recompute) were seen to
 * deadlock in the upsert below (CI, 2026-11-27), and the upsert is idempotent. Inside a transaction the caller's
 * whole transaction is rolled back, so the error goes up to it.
 */
async function retriedOnDeadlock<T>(db: Executor, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const deadlock = (error as { code?: unknown } | null)?.code === '40P01';
      if (!deadlock || db.isTransaction || attempt >= 3) throw error;
    }
  }
}

/**
 * Stores computed days in one statement: PROVISIONAL until window end + FINALIZE_AFTER_MS, then FINAL (once:
 * finalized_at keeps the first time). The upsert keeps each row's status before it (`previous_status`) and, when a
 * FINAL day's status changes (late data, a replayed visit), the status it is corrected from (`corrected_from`), both
 * decided under the row's lock, so two workers storing the same day record one correction. Overrides are never
 * touched. Answers the number of stored days whose status changed.
 */
export async function storeDays(
  db: Executor,
  days: readonly ComputedDay[],
  now: number,
  cause: string,
): Promise<number> {
  if (!days.length) return 0;
  const finalOf = (r: DayResult) => r.windowEnd !== null && now >= r.windowEnd + FINALIZE_AFTER_MS;
  const stored = await retriedOnDeadlock(db, () =>
    db
      .insertInto('attendance_days')
      .values(
        days.map(({ member, version, result: r }) => {
          const final = finalOf(r);
          return {
            msisdn_id: member.msisdnId,
            date: r.date,
            company_id: member.companyId,
            shift_id: member.shiftId,
            shift_version_id: version.id,
            status: r.status,
            state: final ? ('FINAL' as const) : ('PROVISIONAL' as const),
            kind: r.kind,
            holiday_name: r.holidayName,
            window_start: at(r.windowStart),
            window_end: at(r.windowEnd),
            first_in: at(r.firstIn),
            first_in_earliest: at(r.firstInEarliest),
            last_out: at(r.lastOut),
            last_out_latest: at(r.lastOutLatest),
            still_inside: r.stillInside,
            minutes_first_last: r.minutesFirstLast,
            minutes_every_visit: r.minutesEveryVisit,
            minutes_inside: r.minutesInside,
            minutes_observed: r.minutesObserved,
            outside_coverage: r.outsideCoverage,
            late_minutes: r.lateMinutes,
            early_exit_minutes: r.earlyExitMinutes,
            arrival_unverified: r.arrivalUnverified,
            departure_unverified: r.departureUnverified,
            visit_keys: JSON.stringify(r.visitKeys),
            reasons: JSON.stringify(r.reasons),
            computed_at: new Date(now),
            finalized_at: final ? new Date(now) : null,
            previous_status: null,
            corrected_from: null,
          };
        }),
      )
      .onConflict((oc) =>
        oc.columns(['msisdn_id', 'date']).doUpdateSet((eb) => ({
          company_id: eb.ref('excluded.company_id'),
          shift_id: eb.ref('excluded.shift_id'),
          shift_version_id: eb.ref('excluded.shift_version_id'),
          status: eb.ref('excluded.status'),
          state: sql<
            'FINAL' | 'PROVISIONAL'
          >`case when attendance_days.state = 'FINAL' then 'FINAL' else excluded.state end`,
          kind: eb.ref('excluded.kind'),
          holiday_name: eb.ref('excluded.holiday_name'),
          window_start: eb.ref('excluded.window_start'),
          window_end: eb.ref('excluded.window_end'),
          first_in: eb.ref('excluded.first_in'),
          first_in_earliest: eb.ref('excluded.first_in_earliest'),
          last_out: eb.ref('excluded.last_out'),
          last_out_latest: eb.ref('excluded.last_out_latest'),
          still_inside: eb.ref('excluded.still_inside'),
          minutes_first_last: eb.ref('excluded.minutes_first_last'),
          minutes_every_visit: eb.ref('excluded.minutes_every_visit'),
          minutes_inside: eb.ref('excluded.minutes_inside'),
          minutes_observed: eb.ref('excluded.minutes_observed'),
          outside_coverage: eb.ref('excluded.outside_coverage'),
          late_minutes: eb.ref('excluded.late_minutes'),
          early_exit_minutes: eb.ref('excluded.early_exit_minutes'),
          arrival_unverified: eb.ref('excluded.arrival_unverified'),
          departure_unverified: eb.ref('excluded.departure_unverified'),
          visit_keys: eb.ref('excluded.visit_keys'),
          reasons: eb.ref('excluded.reasons'),
          computed_at: eb.ref('excluded.computed_at'),
          finalized_at: sql<Date>`coalesce(attendance_days.finalized_at, excluded.finalized_at)`,
          previous_status: sql<string>`attendance_days.status`,
          corrected_from: sql<
            string | null
          >`case when attendance_days.state = 'FINAL' and attendance_days.status <> excluded.status then attendance_days.status end`,
        })),
      )
      .returning(['msisdn_id', 'date', 'status', 'previous_status', 'corrected_from'])
      .execute(),
  );
  const byKey = new Map(days.map((d) => [`${d.member.msisdnId}:${d.result.date}`, d]));
  const corrected = stored.filter((r) => r.corrected_from !== null);
  if (corrected.length) {
    const corrections = await db
      .insertInto('attendance_corrections')
      .values(
        corrected.map((r) => ({
          msisdn_id: r.msisdn_id,
          date: r.date,
          company_id: byKey.get(`${r.msisdn_id}:${r.date}`)!.member.companyId,
          previous_status: r.corrected_from!,
          status: r.status,
          cause,
        })),
      )
      .returning(['id', 'msisdn_id', 'date', 'previous_status', 'status'])
      .execute();
    await emitMany(
      db as Db,
      corrections.map((c) => {
        const { member } = byKey.get(`${c.msisdn_id}:${c.date}`)!;
        return {
          type: 'ATTENDANCE_CORRECTED' as const,
          companyId: member.companyId,
          msisdnId: member.msisdnId,
          subject: { type: 'shift', id: member.shiftId },
          payload: { date: c.date, previousStatus: c.previous_status, status: c.status, cause },
          idempotencyKey: `ATTENDANCE_CORRECTED:${c.id}`,
        };
      }),
    );
  }
  await emitMany(
    db as Db,
    days.flatMap(({ member, result }) => announcements(member, result, finalOf(result))),
  );
  return stored.filter((r) => r.previous_status !== null && r.previous_status !== r.status).length;
}

/**
 * The events others react to (notifications): a late arrival with evidence as soon as it is known, an absence once
 * the day is FINAL; each once per MSISDN and date (idempotency keys), however often the day is recomputed.
 */
function announcements(member: Member, r: DayResult, final: boolean): NewEvent<EventType>[] {
  const base = {
    companyId: member.companyId,
    msisdnId: member.msisdnId,
    subject: { type: 'shift', id: member.shiftId },
  };
  const events: NewEvent<EventType>[] = [];
  if (r.status === 'LATE' || r.status === 'LATE_AND_EARLY_EXIT')
    events.push({
      ...base,
      type: 'ATTENDANCE_LATE',
      payload: {
        date: r.date,
        shiftId: member.shiftId,
        firstIn: r.firstIn === null ? null : new Date(r.firstIn).toISOString(),
        lateMinutes: r.lateMinutes,
      },
      idempotencyKey: `ATTENDANCE_LATE:${member.msisdnId}:${r.date}`,
      ...(r.firstIn !== null ? { occurredAt: new Date(r.firstIn) } : {}),
    });
  if (final && r.status === 'ABSENT')
    events.push({
      ...base,
      type: 'ATTENDANCE_ABSENT',
      payload: { date: r.date, shiftId: member.shiftId, outsideCoverage: r.outsideCoverage },
      idempotencyKey: `ATTENDANCE_ABSENT:${member.msisdnId}:${r.date}`,
      ...(r.windowEnd !== null ? { occurredAt: new Date(r.windowEnd) } : {}),
    });
  return events;
}

/** Days computed and stored per statement (their evidence read in two queries). */
const BATCH = 500;

/**
 * Computes and stores the given dates of the members, in batches of one date (their windows lie close together: one
 * read of the visits, one of the fixes and one upsert per batch).
 */
export async function computeDays(
  db: Executor,
  options: {
    members: readonly Member[];
    dates: (m: Member, book: RuleBook) => Promise<readonly string[]>;
    now: number;
    cause: string;
  },
): Promise<{ days: number; changed: number }> {
  const book = ruleBook(db);
  const tasks: DayTask[] = [];
  for (const member of options.members)
    for (const date of await options.dates(member, book)) {
      const version = await book.version(member.shiftId, date);
      if (!version) continue;
      const rule = ruleOf(version);
      const { start, end } = shiftInstants(rule, date);
      tasks.push({
        member,
        date,
        version,
        rule,
        calendar: await book.calendar(version.holiday_list_id),
        from: start - rule.checkInBeforeMin * MIN,
        to: end + rule.checkOutAfterMin * MIN,
      });
    }
  tasks.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.member.msisdnId - b.member.msisdnId));
  let changed = 0;
  for (let i = 0; i < tasks.length;) {
    let j = i + 1;
    while (j < tasks.length && j - i < BATCH && tasks[j]!.date === tasks[i]!.date) j++;
    const batch = tasks.slice(i, j);
    i = j;
    const evidence = await evidenceOf(db, batch, options.now);
    const computed = batch.map((t, k) => ({
      member: t.member,
      version: t.version,
      result: computeDay({
        date: t.date,
        rule: t.rule,
        calendar: t.calendar,
        visits: evidence[k]!.visits,
        fixes: evidence[k]!.fixes,
        fixSpanMs: fixSpan(evidence[k]!.fixes, t.member),
        now: options.now,
      }),
    }));
    changed += await storeDays(db, computed, options.now, options.cause);
  }
  return { days: tasks.length, changed };
}
