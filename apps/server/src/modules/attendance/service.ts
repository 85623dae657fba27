import { sql } from 'kysely';
import type {
  AttendanceDay,
  AttendanceDetail,
  AttendanceListQuery,
  AttendanceOverride,
  AttendancePage,
  AttendanceReason,
  AttendanceSheet,
  AttendanceSheetQuery,
  AttendanceStatus,
  HolidayList,
  HolidayListCreate,
  HolidayListUpdate,
  Shift,
  ShiftCreate,
  ShiftTerms,
  ShiftUpdate,
} from '@lbs/contracts';
import { ATTENDANCE_STATUSES } from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { authorize, type Caller } from '../../access/caller.ts';
import { roleMay } from '../../access/policies/policy.ts';
import { conflictOn, invalidField } from '../../access/problems.ts';
import { resolveCompany } from '../../access/references.ts';
import { ownCompanyOf } from '../../access/scope.ts';
import { scoped } from '../../access/scoped.ts';
import { writeTransaction } from '../../access/writes.ts';
import { enqueue } from '../../jobs/queue.ts';
import { preparePoi } from '../../location/geofence/index.ts';
import type { PoiGeometry } from '@lbs/contracts';
import { localDate, shiftInstants } from './compute.ts';
import { classAtSites, ruleOf, type ShiftVersionRow } from './days.ts';
import { publicHolidays } from './holidays.ts';
import { ATTENDANCE_RECOMPUTE_JOB } from './jobs.ts';

const MIN = 60_000;

/**
 * The letter of each status in `attendance_months.codes` (migration 0012 maps them the same way in SQL; `-` is a day
 * without a row).
 */
export const ATTENDANCE_STATUS_CODES: Record<AttendanceStatus, string> = {
  PRESENT: 'P',
  LATE: 'L',
  EARLY_EXIT: 'E',
  LATE_AND_EARLY_EXIT: 'B',
  HALF_DAY: 'H',
  ABSENT: 'A',
  NO_DATA: 'N',
  HOLIDAY: 'O',
  WEEKLY_OFF: 'W',
};
const STATUS_OF_CODE: Record<string, AttendanceStatus> = Object.fromEntries(
  ATTENDANCE_STATUSES.map((s) => [ATTENDANCE_STATUS_CODES[s], s]),
);
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** Shifts, holiday lists and attendance days for callers, scoped like everything else (issue 12). */
export function attendanceService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  // ── Shifts ──

  async function companyZone(dbx: Executor, companyId: number): Promise<string> {
    const row = await dbx
      .selectFrom('companies')
      .select(sql<string | null>`config->'trackingWindow'->>'timezone'`.as('tz'))
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row?.tz ?? 'UTC';
  }

  function termsOf(v: ShiftVersionRow, listNames: Map<number, string>): ShiftTerms {
    return {
      effectiveFrom: v.effective_from,
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
      holidayListId: v.holiday_list_id,
      holidayListName: v.holiday_list_id === null ? null : (listNames.get(v.holiday_list_id) ?? null),
    };
  }

  async function shiftsOf(caller: Caller, ids?: readonly number[], companyId?: number): Promise<Shift[]> {
    let q = scoped(db, caller.scope)
      .companyOwned('shifts')
      .select(['shifts.id', 'shifts.company_id', 'shifts.name']);
    if (ids) q = q.where('shifts.id', 'in', ids.length ? ids : [0]);
    if (companyId !== undefined) q = q.where('shifts.company_id', '=', companyId);
    const shifts = await q.orderBy('shifts.name').execute();
    if (!shifts.length) return [];
    const shiftIds = shifts.map((s) => s.id);
    const versions = (await db
      .selectFrom('shift_versions')
      .selectAll()
      .where('shift_id', 'in', shiftIds)
      .orderBy('effective_from', 'desc')
      .execute()) as ShiftVersionRow[];
    const lists = await db
      .selectFrom('holiday_lists')
      .select(['id', 'name'])
      .where('company_id', 'in', [...new Set(shifts.map((s) => s.company_id))])
      .execute();
    const listNames = new Map(lists.map((l) => [l.id, l.name]));
    const members = await db
      .selectFrom('poi_assignments')
      .select(['shift_id', (eb) => eb.fn.count<number>(sql`distinct msisdn_id`).as('n')])
      .where('purpose', '=', 'ATTENDANCE_SITE')
      .where('shift_id', 'in', shiftIds)
      .groupBy('shift_id')
      .execute();
    const counts = new Map(members.map((m) => [m.shift_id!, Number(m.n)]));
    return shifts.map((s) => {
      const own = versions.filter((v) => v.shift_id === s.id);
      const today = localDate(own[0]?.time_zone ?? 'UTC', now().getTime());
      const current = own.find((v) => v.effective_from <= today) ?? own.at(-1)!;
      return {
        id: s.id,
        companyId: s.company_id,
        name: s.name,
        current: termsOf(current, listNames),
        versions: own.map((v) => termsOf(v, listNames)),
        memberCount: counts.get(s.id) ?? 0,
        abilities: {
          update: roleMay(caller, 'shift', 'update'),
          delete: roleMay(caller, 'shift', 'delete') && !counts.get(s.id),
        },
      };
    });
  }

  async function listShifts(
    caller: Caller,
    q: { companyId?: number | undefined },
  ): Promise<{ items: Shift[] }> {
    authorize(caller, 'shift', 'list');
    return { items: await shiftsOf(caller, undefined, q.companyId) };
  }

  async function getShift(caller: Caller, id: number): Promise<Shift> {
    authorize(caller, 'shift', 'read');
    const [shift] = await shiftsOf(caller, [id]);
    if (!shift) throw notFound('The shift');
    return shift;
  }

  async function holidayListOfCompany(dbx: Executor, companyId: number, id: number | null | undefined) {
    if (id == null) return;
    const row = await dbx
      .selectFrom('holiday_lists')
      .select('id')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw invalidField('holidayListId', 'attendance.holidayListNotFound');
  }

  function versionValues(
    shiftId: number,
    effectiveFrom: string,
    t: Omit<ShiftTerms, 'effectiveFrom' | 'holidayListName'>,
  ) {
    return {
      shift_id: shiftId,
      effective_from: effectiveFrom,
      start_time: t.start,
      end_time: t.end,
      days: JSON.stringify(t.days),
      time_zone: t.timeZone,
      check_in_before_min: t.checkInBeforeMin,
      check_out_after_min: t.checkOutAfterMin,
      late_grace_min: t.lateGraceMin,
      early_exit_grace_min: t.earlyExitGraceMin,
      half_day_threshold_min: t.halfDayThresholdMin,
      absent_threshold_min: t.absentThresholdMin,
      hours_method: t.hoursMethod,
      count_on_holidays: t.countOnHolidays,
      holiday_list_id: t.holidayListId,
    };
  }

  async function createShift(caller: Caller, body: ShiftCreate): Promise<Shift> {
    authorize(caller, 'shift', 'create');
    const id = await writeTransaction(
      db,
      async (trx) => {
        const company = await resolveCompany(trx, caller.scope, body.companyId);
        await holidayListOfCompany(trx, company.id, body.holidayListId);
        const timeZone = body.timeZone ?? (await companyZone(trx, company.id));
        const shift = await trx
          .insertInto('shifts')
          .values({ company_id: company.id, name: body.name })
          .returning('id')
          .executeTakeFirstOrThrow();
        const effectiveFrom = body.effectiveFrom ?? localDate(timeZone, now().getTime());
        await trx
          .insertInto('shift_versions')
          .values(
            versionValues(shift.id, effectiveFrom, {
              ...body,
              timeZone,
              holidayListId: body.holidayListId ?? null,
            }),
          )
          .execute();
        await audit(trx, actorOf(caller), {
          action: 'shift.create',
          entity: 'shift',
          entityId: shift.id,
          companyId: company.id,
          detail: { name: body.name, effectiveFrom },
        });
        return shift.id;
      },
      { unique: () => conflictOn('org.nameTaken', 'name') },
    );
    return getShift(caller, id);
  }

  async function lockShift(trx: Executor, caller: Caller, id: number) {
    const row = await scoped(trx, caller.scope)
      .companyOwned('shifts')
      .select(['shifts.id', 'shifts.company_id', 'shifts.name'])
      .where('shifts.id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('The shift');
    return row;
  }

  const TERM_KEYS = [
    'start',
    'end',
    'days',
    'timeZone',
    'checkInBeforeMin',
    'checkOutAfterMin',
    'lateGraceMin',
    'earlyExitGraceMin',
    'halfDayThresholdMin',
    'absentThresholdMin',
    'hoursMethod',
    'countOnHolidays',
    'holidayListId',
  ] as const;

  async function updateShift(caller: Caller, id: number, body: ShiftUpdate): Promise<Shift> {
    authorize(caller, 'shift', 'update');
    await writeTransaction(
      db,
      async (trx) => {
        const shift = await lockShift(trx, caller, id);
        if (body.name !== undefined)
          await trx
            .updateTable('shifts')
            .set({ name: body.name, updated_at: now() })
            .where('id', '=', id)
            .execute();
        const changed = TERM_KEYS.filter((k) => body[k] !== undefined);
        let effectiveFrom: string | undefined;
        if (changed.length) {
          await holidayListOfCompany(trx, shift.company_id, body.holidayListId);
          const versions = (await trx
            .selectFrom('shift_versions')
            .selectAll()
            .where('shift_id', '=', id)
            .orderBy('effective_from', 'desc')
            .execute()) as ShiftVersionRow[];
          const latest = versions[0]!;
          effectiveFrom = body.effectiveFrom ?? localDate(latest.time_zone, now().getTime());
          const base = versions.find((v) => v.effective_from <= effectiveFrom!) ?? latest;
          const current = { ...ruleOf(base), holidayListId: base.holiday_list_id };
          const merged = {
            start: body.start ?? current.start,
            end: body.end ?? current.end,
            days: body.days ?? [...current.days],
            timeZone: body.timeZone ?? current.timeZone,
            checkInBeforeMin: body.checkInBeforeMin ?? current.checkInBeforeMin,
            checkOutAfterMin: body.checkOutAfterMin ?? current.checkOutAfterMin,
            lateGraceMin: body.lateGraceMin ?? current.lateGraceMin,
            earlyExitGraceMin: body.earlyExitGraceMin ?? current.earlyExitGraceMin,
            halfDayThresholdMin: body.halfDayThresholdMin ?? current.halfDayThresholdMin,
            absentThresholdMin: body.absentThresholdMin ?? current.absentThresholdMin,
            hoursMethod: body.hoursMethod ?? current.hoursMethod,
            countOnHolidays: body.countOnHolidays ?? current.countOnHolidays,
            holidayListId: body.holidayListId !== undefined ? body.holidayListId : current.holidayListId,
          };
          // The merged terms must hold together as a new shift's would.
          if (merged.start === merged.end) throw invalidField('end', 'attendance.shiftEmpty');
          if (
            merged.halfDayThresholdMin &&
            merged.absentThresholdMin &&
            merged.absentThresholdMin > merged.halfDayThresholdMin
          )
            throw invalidField('absentThresholdMin', 'attendance.absentAboveHalfDay');
          const values = versionValues(id, effectiveFrom, merged);
          await trx
            .insertInto('shift_versions')
            .values(values)
            .onConflict((oc) =>
              oc.columns(['shift_id', 'effective_from']).doUpdateSet(({ ref }) => ({
                start_time: ref('excluded.start_time'),
                end_time: ref('excluded.end_time'),
                days: ref('excluded.days'),
                time_zone: ref('excluded.time_zone'),
                check_in_before_min: ref('excluded.check_in_before_min'),
                check_out_after_min: ref('excluded.check_out_after_min'),
                late_grace_min: ref('excluded.late_grace_min'),
                early_exit_grace_min: ref('excluded.early_exit_grace_min'),
                half_day_threshold_min: ref('excluded.half_day_threshold_min'),
                absent_threshold_min: ref('excluded.absent_threshold_min'),
                hours_method: ref('excluded.hours_method'),
                count_on_holidays: ref('excluded.count_on_holidays'),
                holiday_list_id: ref('excluded.holiday_list_id'),
              })),
            )
            .execute();
          // Days from then on follow the new terms (recomputed by a job; FINAL ones that change keep a correction).
          await enqueue(trx as Db, {
            kind: ATTENDANCE_RECOMPUTE_JOB,
            key: `shift:${id}:${effectiveFrom}:${now().getTime()}`,
            payload: {
              shiftId: id,
              from: new Date(`${effectiveFrom}T00:00:00Z`).toISOString(),
              to: now().toISOString(),
              cause: 'shiftChanged',
            },
          });
        }
        await audit(trx, actorOf(caller), {
          action: 'shift.update',
          entity: 'shift',
          entityId: id,
          companyId: shift.company_id,
          detail: { changed: Object.keys(body), ...(effectiveFrom ? { effectiveFrom } : {}) },
        });
      },
      { unique: () => conflictOn('org.nameTaken', 'name') },
    );
    return getShift(caller, id);
  }

  async function deleteShift(caller: Caller, id: number): Promise<void> {
    authorize(caller, 'shift', 'delete');
    await writeTransaction(db, async (trx) => {
      const shift = await lockShift(trx, caller, id);
      const used = await trx
        .selectFrom('poi_assignments')
        .select('id')
        .where('shift_id', '=', id)
        .executeTakeFirst();
      const counted = await trx
        .selectFrom('attendance_days')
        .select('msisdn_id')
        .where('shift_id', '=', id)
        .executeTakeFirst();
      if (used || counted) throw conflictOn('attendance.shiftInUse');
      await trx.deleteFrom('shifts').where('id', '=', id).execute();
      await audit(trx, actorOf(caller), {
        action: 'shift.delete',
        entity: 'shift',
        entityId: id,
        companyId: shift.company_id,
        detail: { name: shift.name },
      });
    });
  }

  // ── Holiday lists ──

  async function holidayListsOf(
    caller: Caller,
    ids?: readonly number[],
    companyId?: number,
  ): Promise<HolidayList[]> {
    let q = scoped(db, caller.scope)
      .companyOwned('holiday_lists')
      .select([
        'holiday_lists.id',
        'holiday_lists.company_id',
        'holiday_lists.name',
        sql<string>`holiday_lists.from_date::text`.as('from_date'),
        sql<string>`holiday_lists.to_date::text`.as('to_date'),
        'holiday_lists.weekly_off',
        'holiday_lists.country',
      ]);
    if (ids) q = q.where('holiday_lists.id', 'in', ids.length ? ids : [0]);
    if (companyId !== undefined) q = q.where('holiday_lists.company_id', '=', companyId);
    const lists = await q.orderBy('holiday_lists.name').execute();
    if (!lists.length) return [];
    const days = await db
      .selectFrom('holidays')
      .select(['holiday_list_id', sql<string>`date::text`.as('date'), 'name', 'kind'])
      .where(
        'holiday_list_id',
        'in',
        lists.map((l) => l.id),
      )
      .orderBy('date')
      .execute();
    return lists.map((l) => ({
      id: l.id,
      companyId: l.company_id,
      name: l.name,
      fromDate: l.from_date,
      toDate: l.to_date,
      weeklyOff: l.weekly_off,
      country: l.country,
      holidays: days
        .filter((d) => d.holiday_list_id === l.id)
        .map((d) => ({ date: d.date, name: d.name, kind: d.kind })),
      abilities: {
        update: roleMay(caller, 'holidayList', 'update'),
        delete: roleMay(caller, 'holidayList', 'delete'),
        seed: roleMay(caller, 'holidayList', 'seed'),
      },
    }));
  }

  async function listHolidayLists(caller: Caller, q: { companyId?: number | undefined }) {
    authorize(caller, 'holidayList', 'list');
    return { items: await holidayListsOf(caller, undefined, q.companyId) };
  }

  async function getHolidayList(caller: Caller, id: number): Promise<HolidayList> {
    authorize(caller, 'holidayList', 'read');
    const [list] = await holidayListsOf(caller, [id]);
    if (!list) throw notFound('The holiday list');
    return list;
  }

  async function lockHolidayList(trx: Executor, caller: Caller, id: number) {
    const row = await scoped(trx, caller.scope)
      .companyOwned('holiday_lists')
      .select([
        'holiday_lists.id',
        'holiday_lists.company_id',
        'holiday_lists.name',
        'holiday_lists.country',
        sql<string>`holiday_lists.from_date::text`.as('from_date'),
        sql<string>`holiday_lists.to_date::text`.as('to_date'),
      ])
      .where('holiday_lists.id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('The holiday list');
    return row;
  }

  async function replaceHolidays(trx: Executor, listId: number, holidays: HolidayListCreate['holidays']) {
    await trx.deleteFrom('holidays').where('holiday_list_id', '=', listId).execute();
    if (holidays.length)
      await trx
        .insertInto('holidays')
        .values(holidays.map((h) => ({ holiday_list_id: listId, date: h.date, name: h.name, kind: h.kind })))
        .execute();
  }

  /** A holiday list change reaches the days of the shifts using it from its first changed date. */
  async function recomputeFor(trx: Executor, companyId: number, from: string, cause: string) {
    await enqueue(trx as Db, {
      kind: ATTENDANCE_RECOMPUTE_JOB,
      key: `holidays:${companyId}:${from}:${now().getTime()}`,
      payload: {
        companyId,
        from: new Date(`${from}T00:00:00Z`).toISOString(),
        to: now().toISOString(),
        cause,
      },
    });
  }

  async function createHolidayList(caller: Caller, body: HolidayListCreate): Promise<HolidayList> {
    authorize(caller, 'holidayList', 'create');
    const id = await writeTransaction(
      db,
      async (trx) => {
        const company = await resolveCompany(trx, caller.scope, body.companyId);
        const list = await trx
          .insertInto('holiday_lists')
          .values({
            company_id: company.id,
            name: body.name,
            from_date: body.fromDate,
            to_date: body.toDate,
            weekly_off: JSON.stringify(body.weeklyOff),
            country: body.country ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceHolidays(trx, list.id, body.holidays);
        await audit(trx, actorOf(caller), {
          action: 'holidayList.create',
          entity: 'holidayList',
          entityId: list.id,
          companyId: company.id,
          detail: { name: body.name, holidays: body.holidays.length },
        });
        return list.id;
      },
      { unique: () => conflictOn('org.nameTaken', 'name') },
    );
    return getHolidayList(caller, id);
  }

  async function updateHolidayList(
    caller: Caller,
    id: number,
    body: HolidayListUpdate,
  ): Promise<HolidayList> {
    authorize(caller, 'holidayList', 'update');
    await writeTransaction(
      db,
      async (trx) => {
        const list = await lockHolidayList(trx, caller, id);
        const fromDate = body.fromDate ?? list.from_date;
        const toDate = body.toDate ?? list.to_date;
        if (toDate < fromDate) throw invalidField('toDate', 'validation.validToBeforeFrom');
        const holidays =
          body.holidays ??
          (await trx
            .selectFrom('holidays')
            .select([sql<string>`date::text`.as('date'), 'name', 'kind'])
            .where('holiday_list_id', '=', id)
            .execute());
        if (holidays.some((h) => h.date < fromDate || h.date > toDate))
          throw invalidField('holidays', 'attendance.holidayOutsideList');
        await trx
          .updateTable('holiday_lists')
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            from_date: fromDate,
            to_date: toDate,
            ...(body.weeklyOff !== undefined ? { weekly_off: JSON.stringify(body.weeklyOff) } : {}),
            updated_at: now(),
          })
          .where('id', '=', id)
          .execute();
        if (body.holidays) await replaceHolidays(trx, id, body.holidays);
        await recomputeFor(trx, list.company_id, fromDate, 'holidaysChanged');
        await audit(trx, actorOf(caller), {
          action: 'holidayList.update',
          entity: 'holidayList',
          entityId: id,
          companyId: list.company_id,
          detail: { changed: Object.keys(body) },
        });
      },
      { unique: () => conflictOn('org.nameTaken', 'name') },
    );
    return getHolidayList(caller, id);
  }

  async function deleteHolidayList(caller: Caller, id: number): Promise<void> {
    authorize(caller, 'holidayList', 'delete');
    await writeTransaction(db, async (trx) => {
      const list = await lockHolidayList(trx, caller, id);
      await trx.deleteFrom('holiday_lists').where('id', '=', id).execute();
      await recomputeFor(trx, list.company_id, list.from_date, 'holidaysChanged');
      await audit(trx, actorOf(caller), {
        action: 'holidayList.delete',
        entity: 'holidayList',
        entityId: id,
        companyId: list.company_id,
        detail: { name: list.name },
      });
    });
  }

  /**
   * Adds the public holidays of a country and year from date-holidays (names in the requested language where the
   * calendar has them), each day of a several-day holiday, within the list's dates; dates already listed are kept as
   * they are (an admin's correction of an Eid date wins).
   */
  async function seedHolidayList(
    caller: Caller,
    id: number,
    q: { country?: string | undefined; year: number; language?: string | undefined },
  ): Promise<HolidayList> {
    authorize(caller, 'holidayList', 'seed');
    await writeTransaction(db, async (trx) => {
      const list = await lockHolidayList(trx, caller, id);
      const country = q.country ?? list.country;
      if (!country) throw invalidField('country', 'validation.countryInvalid');
      const language =
        q.language ??
        (
          await trx
            .selectFrom('companies')
            .select(sql<string | null>`config->>'language'`.as('language'))
            .where('id', '=', list.company_id)
            .executeTakeFirst()
        )?.language?.slice(0, 2) ??
        'en';
      const found = publicHolidays(country, q.year, language);
      if (!found) throw invalidField('country', 'attendance.countryUnknown');
      const existing = new Set(
        (
          await trx
            .selectFrom('holidays')
            .select(sql<string>`date::text`.as('date'))
            .where('holiday_list_id', '=', id)
            .execute()
        ).map((d) => d.date),
      );
      const added = new Map<string, string>();
      for (const h of found)
        if (h.date >= list.from_date && h.date <= list.to_date && !existing.has(h.date))
          added.set(h.date, h.name);
      if (added.size)
        await trx
          .insertInto('holidays')
          .values(
            [...added].map(([date, name]) => ({ holiday_list_id: id, date, name, kind: 'HOLIDAY' as const })),
          )
          .execute();
      await trx
        .updateTable('holiday_lists')
        .set({ country, updated_at: now() })
        .where('id', '=', id)
        .execute();
      if (added.size)
        await recomputeFor(trx, list.company_id, [...added.keys()].sort()[0]!, 'holidaysChanged');
      await audit(trx, actorOf(caller), {
        action: 'holidayList.seed',
        entity: 'holidayList',
        entityId: id,
        companyId: list.company_id,
        detail: { country, year: q.year, language, added: added.size },
      });
    });
    return getHolidayList(caller, id);
  }

  // ── Days ──

  function daysQuery(caller: Caller) {
    return scoped(db, caller.scope)
      .msisdnOwned('attendance_days', 'msisdn_id')
      .innerJoin('msisdns as m', 'm.id', 'attendance_days.msisdn_id')
      .innerJoin('shifts as sh', 'sh.id', 'attendance_days.shift_id')
      .innerJoin('shift_versions as sv', 'sv.id', 'attendance_days.shift_version_id')
      .leftJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .leftJoin('designations as g', 'g.id', 'm.designation_id')
      .leftJoin('users as u', 'u.id', 'attendance_days.override_by');
  }
  type DayRow = Awaited<ReturnType<typeof selectDays>>[number];
  function selectDays(q: ReturnType<typeof daysQuery>) {
    return q
      .selectAll('attendance_days')
      .select([
        sql<string>`attendance_days.date::text`.as('day'),
        'm.msisdn',
        'm.employee_name',
        'd.name as department_name',
        'z.name as zone_name',
        'g.name as designation_name',
        'sh.name as shift_name',
        'sv.time_zone',
        'u.username as override_by_name',
      ])
      .execute();
  }

  function dayOf(caller: Caller, r: DayRow): AttendanceDay {
    const computed = r.status as AttendanceStatus;
    const override = r.override_status as AttendanceStatus | null;
    return {
      msisdnId: r.msisdn_id,
      msisdn: r.msisdn,
      employeeName: r.employee_name,
      departmentName: r.department_name,
      zoneName: r.zone_name,
      designationName: r.designation_name,
      date: r.day,
      status: override ?? computed,
      computedStatus: computed,
      state: r.state,
      shiftId: r.shift_id,
      shiftName: r.shift_name,
      timeZone: r.time_zone,
      holidayName: r.holiday_name,
      windowStart: iso(r.window_start),
      windowEnd: iso(r.window_end),
      firstIn: iso(r.first_in),
      firstInEarliest: iso(r.first_in_earliest),
      lastOut: iso(r.last_out),
      lastOutLatest: iso(r.last_out_latest),
      stillInside: r.still_inside,
      minutesInside: Number(r.minutes_inside),
      minutesFirstLast: Number(r.minutes_first_last),
      minutesEveryVisit: Number(r.minutes_every_visit),
      minutesObserved: Number(r.minutes_observed),
      outsideCoverage: Number(r.outside_coverage),
      lateMinutes: Number(r.late_minutes),
      earlyExitMinutes: Number(r.early_exit_minutes),
      arrivalUnverified: r.arrival_unverified,
      departureUnverified: r.departure_unverified,
      reasons: r.reasons as AttendanceReason[],
      override: override
        ? {
            status: override,
            reason: r.override_reason ?? '',
            by: r.override_by_name ?? null,
            at: iso(r.override_at)!,
          }
        : null,
      computedAt: iso(r.computed_at)!,
      abilities: { override: roleMay(caller, 'attendance', 'override') },
    };
  }

  async function today(caller: Caller): Promise<string> {
    const companyId = ownCompanyOf(caller.scope);
    return localDate(companyId === undefined ? 'UTC' : await companyZone(db, companyId), now().getTime());
  }

  async function listDays(caller: Caller, query: AttendanceListQuery): Promise<AttendancePage> {
    authorize(caller, 'attendance', 'list');
    const from = query.from ?? query.date ?? (await today(caller));
    const to = query.to ?? query.date ?? from;
    let base = daysQuery(caller)
      .where('attendance_days.date', '>=', from)
      .where('attendance_days.date', '<=', to);
    if (query.companyId !== undefined) base = base.where('attendance_days.company_id', '=', query.companyId);
    if (query.departmentId !== undefined) base = base.where('m.department_id', '=', query.departmentId);
    if (query.zoneId !== undefined) base = base.where('m.zone_id', '=', query.zoneId);
    if (query.designationId !== undefined) base = base.where('m.designation_id', '=', query.designationId);
    if (query.msisdnId !== undefined) base = base.where('attendance_days.msisdn_id', '=', query.msisdnId);
    if (query.status !== undefined)
      base = base.where(
        sql`coalesce(attendance_days.override_status, attendance_days.status)`,
        '=',
        query.status,
      );
    if (query.q) {
      const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) => eb.or([eb('m.employee_name', 'ilike', like), eb('m.msisdn', 'like', like)]));
    }
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await selectDays(
      base
        .orderBy('attendance_days.date', 'desc')
        .orderBy('m.employee_name')
        .orderBy('attendance_days.msisdn_id')
        .limit(query.size)
        .offset((query.page - 1) * query.size),
    );
    await audit(db, actorOf(caller), {
      action: 'location.view',
      entity: 'attendance',
      entityId: null,
      companyId: ownCompanyOf(caller.scope) ?? null,
      detail: { view: 'attendance', from, to, count: rows.length },
    });
    return {
      items: rows.map((r) => dayOf(caller, r)),
      total: Number(counted.n),
      page: query.page,
      size: query.size,
    };
  }

  async function dayRow(caller: Caller, msisdnId: number, date: string): Promise<DayRow> {
    const [row] = await selectDays(
      daysQuery(caller)
        .where('attendance_days.msisdn_id', '=', msisdnId)
        .where('attendance_days.date', '=', date),
    );
    if (!row) throw notFound('The attendance day');
    return row;
  }

  async function getDay(caller: Caller, msisdnId: number, date: string): Promise<AttendanceDetail> {
    authorize(caller, 'attendance', 'read');
    const row = await dayRow(caller, msisdnId, date);
    const version = (await db
      .selectFrom('shift_versions')
      .selectAll()
      .where('id', '=', row.shift_version_id)
      .executeTakeFirstOrThrow()) as ShiftVersionRow;
    const listName = version.holiday_list_id
      ? ((
          await db
            .selectFrom('holiday_lists')
            .select('name')
            .where('id', '=', version.holiday_list_id)
            .executeTakeFirst()
        )?.name ?? null)
      : null;
    const sites = await db
      .selectFrom('poi_assignments as a')
      .innerJoin('pois as p', 'p.id', 'a.poi_id')
      .select(['p.id', 'p.name', 'p.geometry'])
      .where('a.msisdn_id', '=', msisdnId)
      .where('a.purpose', '=', 'ATTENDANCE_SITE')
      .where('a.shift_id', '=', row.shift_id)
      .orderBy('p.name')
      .execute();
    const { start, end } = shiftInstants(ruleOf(version), date);
    const from = new Date(start - version.check_in_before_min * MIN);
    const to = new Date(end + version.check_out_after_min * MIN);
    const visits = sites.length
      ? await db
          .selectFrom('visits as v')
          .innerJoin('pois as p', 'p.id', 'v.poi_id')
          .select([
            'v.key',
            'v.poi_id',
            'p.name as poi_name',
            'v.entered_at',
            'v.entered_earliest',
            'v.exited_at',
            'v.exited_latest',
            'v.dwell_minutes',
            'v.closed_by',
          ])
          .where('v.msisdn_id', '=', msisdnId)
          .where(
            'v.poi_id',
            'in',
            sites.map((s) => s.id),
          )
          .where('v.entered_at', '<', to)
          .where((eb) => eb.or([eb('v.exited_at', 'is', null), eb('v.exited_at', '>', from)]))
          .orderBy('v.entered_at')
          .execute()
      : [];
    const positions = await db
      .selectFrom('positions')
      .select(['time', 'lat', 'lon', 'accuracy_m', 'source'])
      .where('msisdn_id', '=', msisdnId)
      .where('time', '>=', from)
      .where('time', '<', to)
      .orderBy('time')
      .limit(2000)
      .execute();
    const prepared = sites.map((s) => preparePoi(s.id, s.geometry as PoiGeometry));
    const corrections = await db
      .selectFrom('attendance_corrections')
      .select(['previous_status', 'status', 'cause', 'at'])
      .where('msisdn_id', '=', msisdnId)
      .where('date', '=', date)
      .orderBy('at')
      .execute();
    await audit(db, actorOf(caller), {
      action: 'location.view',
      entity: 'msisdn',
      entityId: msisdnId,
      companyId: row.company_id,
      detail: { view: 'attendance', date, fixes: positions.length },
    });
    return {
      day: dayOf(caller, row),
      terms: termsOf(version, new Map(listName === null ? [] : [[version.holiday_list_id!, listName]])),
      sites: sites.map((s) => ({ poiId: s.id, name: s.name })),
      visits: visits.map((v) => ({
        key: v.key,
        poiId: v.poi_id,
        poiName: v.poi_name,
        enteredAt: iso(v.entered_at)!,
        enteredEarliest: iso(v.entered_earliest),
        exitedAt: iso(v.exited_at),
        exitedLatest: iso(v.exited_latest),
        dwellMinutes: Number(v.dwell_minutes),
        closedBy: v.closed_by,
      })),
      fixes: positions.map((p) => ({
        time: iso(p.time)!,
        lat: p.lat,
        lon: p.lon,
        accuracyM: p.accuracy_m,
        source: p.source,
        class: classAtSites(prepared, { lat: p.lat, lon: p.lon, accuracyM: p.accuracy_m, source: p.source }),
      })),
      corrections: corrections.map((c) => ({
        previousStatus: c.previous_status,
        status: c.status,
        cause: c.cause,
        at: iso(c.at)!,
      })),
    };
  }

  async function overrideDay(
    caller: Caller,
    msisdnId: number,
    date: string,
    body: AttendanceOverride,
  ): Promise<AttendanceDay> {
    authorize(caller, 'attendance', 'override');
    await writeTransaction(db, async (trx) => {
      const locked = await scoped(trx, caller.scope)
        .msisdnOwned('attendance_days', 'msisdn_id')
        .select(['attendance_days.company_id', 'attendance_days.status', 'attendance_days.override_status'])
        .where('attendance_days.msisdn_id', '=', msisdnId)
        .where('attendance_days.date', '=', date)
        .forUpdate()
        .executeTakeFirst();
      if (!locked) throw notFound('The attendance day');
      await trx
        .updateTable('attendance_days')
        .set({
          override_status: body.status,
          override_reason: body.status === null ? null : body.reason,
          override_by: body.status === null ? null : caller.user.id,
          override_at: body.status === null ? null : now(),
        })
        .where('msisdn_id', '=', msisdnId)
        .where('date', '=', date)
        .execute();
      await audit(trx, actorOf(caller), {
        action: 'attendance.override',
        entity: 'msisdn',
        entityId: msisdnId,
        companyId: locked.company_id,
        detail: {
          date,
          computed: locked.status,
          previous: locked.override_status,
          status: body.status,
          reason: body.reason,
        },
      });
    });
    return dayOf(caller, await dayRow(caller, msisdnId, date));
  }

  async function sheet(caller: Caller, query: AttendanceSheetQuery): Promise<AttendanceSheet> {
    authorize(caller, 'attendance', 'list');
    const [y, m] = query.month.split('-').map(Number) as [number, number];
    const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const dates = Array.from({ length: count }, (_, i) => `${query.month}-${String(i + 1).padStart(2, '0')}`);
    // One row per employee: the month's statuses as the database keeps them per MSISDN and month
    // (`attendance_months`: a letter per day of the month), joined to the employees the caller reaches, filtered,
    // sorted and paged.
    let people = scoped(db, caller.scope)
      .msisdns()
      .innerJoin('attendance_months as a', 'a.msisdn_id', 'msisdns.id')
      .where('a.month', '=', dates[0]!);
    if (query.companyId !== undefined) people = people.where('a.company_id', '=', query.companyId);
    if (query.departmentId !== undefined)
      people = people.where('msisdns.department_id', '=', query.departmentId);
    if (query.zoneId !== undefined) people = people.where('msisdns.zone_id', '=', query.zoneId);
    if (query.designationId !== undefined)
      people = people.where('msisdns.designation_id', '=', query.designationId);
    // An employee with at least one day of the status (the pages count whole months).
    if (query.status !== undefined)
      people = people.where(sql<boolean>`strpos(a.codes, ${ATTENDANCE_STATUS_CODES[query.status]}) > 0`);
    const pageRows = await people
      .select([
        'msisdns.id',
        'msisdns.msisdn',
        'msisdns.employee_name',
        'a.codes',
        'a.minutes_inside',
        sql<number>`count(*) over ()`.as('total'),
      ])
      .orderBy('msisdns.employee_name')
      .orderBy('msisdns.id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    const zero = () =>
      Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, 0])) as Record<AttendanceStatus, number>;
    const dayTotals = dates.map(zero);
    const rows = pageRows.map((p) => {
      const totals = zero();
      const statuses = dates.map((_, i) => {
        const status = STATUS_OF_CODE[p.codes.charAt(i)] ?? null;
        if (status) {
          totals[status]++;
          dayTotals[i]![status]++;
        }
        return status;
      });
      return {
        msisdnId: p.id,
        msisdn: p.msisdn,
        employeeName: p.employee_name,
        statuses,
        totals,
        minutesInside: Math.round(p.minutes_inside),
      };
    });
    await audit(db, actorOf(caller), {
      action: 'location.view',
      entity: 'attendance',
      entityId: null,
      companyId: ownCompanyOf(caller.scope) ?? null,
      detail: { view: 'attendanceSheet', month: query.month, count: rows.length },
    });
    return {
      month: query.month,
      dates,
      rows,
      dayTotals,
      total: Number(pageRows[0]?.total ?? 0),
      page: query.page,
      size: query.size,
    };
  }

  return {
    listShifts,
    getShift,
    createShift,
    updateShift,
    deleteShift,
    listHolidayLists,
    getHolidayList,
    createHolidayList,
    updateHolidayList,
    deleteHolidayList,
    seedHolidayList,
    listDays,
    getDay,
    overrideDay,
    sheet,
  };
}

export type AttendanceService = ReturnType<typeof attendanceService>;
