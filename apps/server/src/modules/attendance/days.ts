import { sql } from 'kysely';
import type { PoiGeometry } from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { emit } from '../../events/emit.ts';
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

/** The visits at the member's sites touching [from, to): closed ones from their rows, open ones as they stand now. */
async function visitsOf(db: Executor, m: Member, from: number, to: number): Promise<AttendanceVisit[]> {
  const poiIds = m.sites.map((s) => s.poiId);
  const rows = await db
    .selectFrom('visits')
    .select([
      'key',
      'poi_id',
      'entered_at',
      'entered_earliest',
      'exited_at',
      'exited_latest',
      'dwell_minutes',
    ])
    .where('msisdn_id', '=', m.msisdnId)
    .where('poi_id', 'in', poiIds)
    .where('entered_at', '<', new Date(to))
    .where((eb) => eb.or([eb('exited_at', 'is', null), eb('exited_at', '>', new Date(from))]))
    .orderBy('entered_at')
    .execute();
  const open = rows.some((r) => r.exited_at === null)
    ? await openVisitsNow(
        db,
        poiIds.map((poiId) => ({ msisdnId: m.msisdnId, poiId })),
      )
    : new Map();
  return rows.map((r) => {
    const live = r.exited_at === null ? open.get(pairKey(m.msisdnId, r.poi_id)) : undefined;
    const enteredAt = r.entered_at.getTime();
    const dwell = live && live.key === r.key ? live.dwellMinutes : Number(r.dwell_minutes);
    return {
      key: r.key,
      poiId: r.poi_id,
      enteredAt,
      enteredEarliest: r.entered_earliest ? r.entered_earliest.getTime() : null,
      exitedAt: r.exited_at ? r.exited_at.getTime() : null,
      exitedLatest: r.exited_latest ? r.exited_latest.getTime() : null,
      lastInsideAt: r.exited_at ? r.exited_at.getTime() : enteredAt + dwell * MIN,
    };
  });
}

/** The member's fixes in [from, to), each INSIDE a site, OUTSIDE every site, or AMBIGUOUS. */
async function fixesOf(db: Executor, m: Member, from: number, to: number): Promise<AttendanceFix[]> {
  const rows = await db
    .selectFrom('positions')
    .select(['time', 'lat', 'lon', 'accuracy_m', 'source'])
    .where('msisdn_id', '=', m.msisdnId)
    .where('time', '>=', new Date(from))
    .where('time', '<', new Date(to))
    .orderBy('time')
    .execute();
  return rows.map((p) => ({
    time: p.time.getTime(),
    class: classAtSites(m.sites, { lat: p.lat, lon: p.lon, accuracyM: p.accuracy_m, source: p.source }),
  }));
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

/** Computes one member's day (without storing it). */
export async function computeMemberDay(
  db: Executor,
  book: RuleBook,
  member: Member,
  date: string,
  now: number,
): Promise<ComputedDay | undefined> {
  const version = await book.version(member.shiftId, date);
  if (!version) return undefined;
  const rule = ruleOf(version);
  const calendar = await book.calendar(version.holiday_list_id);
  const { start, end } = shiftInstants(rule, date);
  const from = start - rule.checkInBeforeMin * MIN;
  const to = end + rule.checkOutAfterMin * MIN;
  const [visits, fixes] = await Promise.all([
    visitsOf(db, member, from, to),
    fixesOf(db, member, from, Math.min(to, now)),
  ]);
  const result = computeDay({ date, rule, calendar, visits, fixes, fixSpanMs: fixSpan(fixes, member), now });
  return { member, version, result };
}

const at = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * Computes and stores the days: PROVISIONAL until window end + FINALIZE_AFTER_MS, then FINAL (once: finalized_at
 * keeps the first time). A FINAL day whose status changes (late data, a replayed visit) records a correction with
 * `cause`. Overrides are never touched. Answers the number of days whose status changed.
 */
export async function storeDays(
  db: Executor,
  days: readonly ComputedDay[],
  now: number,
  cause: string,
): Promise<number> {
  let changed = 0;
  for (const { member, version, result: r } of days) {
    const final = r.windowEnd !== null && now >= r.windowEnd + FINALIZE_AFTER_MS;
    const previous = await db
      .selectFrom('attendance_days')
      .select(['status', 'state'])
      .where('msisdn_id', '=', member.msisdnId)
      .where('date', '=', r.date)
      .forUpdate()
      .executeTakeFirst();
    const values = {
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
    };
    if (!previous) {
      await db
        .insertInto('attendance_days')
        .values({
          msisdn_id: member.msisdnId,
          date: r.date,
          ...values,
          finalized_at: final ? new Date(now) : null,
        })
        .onConflict((oc) => oc.columns(['msisdn_id', 'date']).doNothing())
        .execute();
      await announce(db, member, r, final);
      continue;
    }
    await db
      .updateTable('attendance_days')
      .set({
        ...values,
        state: previous.state === 'FINAL' || final ? 'FINAL' : 'PROVISIONAL',
        finalized_at: sql<Date>`coalesce(finalized_at, ${final ? new Date(now) : null}::timestamptz)`,
      })
      .where('msisdn_id', '=', member.msisdnId)
      .where('date', '=', r.date)
      .execute();
    if (previous.status !== r.status) {
      changed++;
      if (previous.state === 'FINAL') {
        const correction = await db
          .insertInto('attendance_corrections')
          .values({
            msisdn_id: member.msisdnId,
            date: r.date,
            company_id: member.companyId,
            previous_status: previous.status,
            status: r.status,
            cause,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await emit(db as Db, {
          type: 'ATTENDANCE_CORRECTED',
          companyId: member.companyId,
          msisdnId: member.msisdnId,
          subject: { type: 'shift', id: member.shiftId },
          payload: { date: r.date, previousStatus: previous.status, status: r.status, cause },
          idempotencyKey: `ATTENDANCE_CORRECTED:${correction.id}`,
        });
      }
    }
    await announce(db, member, r, final);
  }
  return changed;
}

/**
 * The events others react to (notifications): a late arrival with evidence as soon as it is known, an absence once
 * the day is FINAL; each once per MSISDN and date (idempotency keys), however often the day is recomputed.
 */
async function announce(db: Executor, member: Member, r: DayResult, final: boolean): Promise<void> {
  const base = {
    companyId: member.companyId,
    msisdnId: member.msisdnId,
    subject: { type: 'shift', id: member.shiftId },
  };
  if (r.status === 'LATE' || r.status === 'LATE_AND_EARLY_EXIT')
    await emit(db as Db, {
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
    await emit(db as Db, {
      ...base,
      type: 'ATTENDANCE_ABSENT',
      payload: { date: r.date, shiftId: member.shiftId, outsideCoverage: r.outsideCoverage },
      idempotencyKey: `ATTENDANCE_ABSENT:${member.msisdnId}:${r.date}`,
      ...(r.windowEnd !== null ? { occurredAt: new Date(r.windowEnd) } : {}),
    });
}

/** Computes and stores the given dates of the members (or every member of the filter). */
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
  let days = 0;
  let changed = 0;
  for (const member of options.members) {
    const computed: ComputedDay[] = [];
    for (const date of await options.dates(member, book)) {
      const day = await computeMemberDay(db, book, member, date, options.now);
      if (day) computed.push(day);
    }
    days += computed.length;
    changed += await storeDays(db, computed, options.now, options.cause);
  }
  return { days, changed };
}
