import { describe, expect, it } from 'vitest';
import type {
  AttendanceDay,
  AttendanceDetail,
  AttendanceSheet,
  HolidayList,
  Poi,
  Shift,
} from '@lbs/contracts';
import { ATTENDANCE_STATUSES } from '@lbs/contracts';
import type { Executor } from '../../db/database.ts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';
import { replayPresence } from '../pois/index.ts';
import { localDate, nextDate, isoWeekday } from './compute.ts';
import { recomputeAttendance, refreshAttendance } from './jobs.ts';

const f = useOrgFixtures();
const MIN = 60_000;
const ALL_DAY = { days: [1, 2, 3, 4, 5, 6, 7], windows: [{ start: '00:00', end: '00:00' }] };
let lonSeed = 44.5;
const spot = () => ({ lat: 24.5, lon: (lonSeed += 0.05) });
const east = (c: { lat: number; lon: number }, metres: number) => ({
  lat: c.lat,
  lon: c.lon + metres / (111_320 * Math.cos((c.lat * Math.PI) / 180)),
});
const riyadh = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+03:00`);

/** The latest Sunday–Thursday at least `back` days ago (Riyadh), not the national day. */
function workingDay(back: number): string {
  let date = nextDate(localDate('Asia/Riyadh', Date.now()), -back);
  while (![7, 1, 2, 3, 4].includes(isoWeekday(date)) || date.endsWith('-09-23')) date = nextDate(date, -1);
  return date;
}

async function consentingMsisdn(): Promise<number> {
  const id = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
  await f.db
    .updateTable('msisdns')
    .set({ consent_status: 'GRANTED', tracking_enabled: true })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A Saudi holiday list seeded from date-holidays and a Sunday–Thursday 08:00–17:00 shift using it. */
async function saudiShift(): Promise<{ shift: Shift; list: HolidayList }> {
  const year = new Date().getUTCFullYear();
  const created = await f.call('CA', 'POST', '/holiday-lists', {
    name: `KSA ${f.unique()}`,
    fromDate: `${year - 1}-01-01`,
    toDate: `${year + 1}-12-31`,
    weeklyOff: [5, 6],
    country: 'SA',
  });
  expect(created.statusCode, created.body).toBe(201);
  let list = created.json() as HolidayList;
  for (const y of [year - 1, year]) {
    const seeded = await f.call('CA', 'POST', `/holiday-lists/${list.id}/seed?year=${y}&language=ar`);
    expect(seeded.statusCode, seeded.body).toBe(200);
    list = seeded.json() as HolidayList;
  }
  const res = await f.call('CA', 'POST', '/shifts', {
    name: `Day ${f.unique()}`,
    start: '08:00',
    end: '17:00',
    days: [7, 1, 2, 3, 4],
    timeZone: 'Asia/Riyadh',
    lateGraceMin: 10,
    earlyExitGraceMin: 10,
    holidayListId: list.id,
    effectiveFrom: `${year - 1}-01-01`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { shift: res.json() as Shift, list };
}

async function attendanceSite(shiftId: number, msisdnIds: number[]) {
  const c = spot();
  const poi = await f.call('CA', 'POST', '/pois', {
    name: `Office ${f.unique()}`,
    geometry: { type: 'CIRCLE', center: c, radiusM: 200 },
  });
  expect(poi.statusCode, poi.body).toBe(201);
  const assigned = await f.call('CA', 'POST', '/poi-assignments', {
    poiId: (poi.json() as Poi).id,
    msisdnIds,
    purpose: 'ATTENDANCE_SITE',
    shiftId,
    ...ALL_DAY,
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
  return c;
}

/** Network fixes every 5 minutes from `from` to `to` (local Riyadh HH:mm) at `at(i)`. */
async function track(
  msisdnId: number,
  date: string,
  from: string,
  to: string,
  at: (i: number) => { lat: number; lon: number },
) {
  const positions = [];
  for (let t = riyadh(date, from), i = 0; t < riyadh(date, to); t += 5 * MIN, i++)
    positions.push({ msisdnId, time: new Date(t), ...at(i), accuracyM: 60, source: 'NETWORK' as const });
  for (const p of positions) await f.server.location.pipeline.submit([p]);
}

/** A working day at the office: outside from 07:00, inside 07:55–17:05, outside until 18:00. */
async function officeDay(m: number, c: { lat: number; lon: number }, date: string) {
  await track(m, date, '07:00', '07:55', (i) => east(c, 3000 + (i % 3) * 40));
  await track(m, date, '07:55', '17:05', (i) => east(c, ((i * 37) % 80) - 40));
  await track(m, date, '17:05', '18:00', (i) => east(c, -3000 - (i % 3) * 40));
}

const dayOf = async (who: 'CA' | 'DA' | 'CB', m: number, date: string) =>
  f.call(who, 'GET', `/attendance?date=${date}&msisdnId=${m}`);

describe('attendance', () => {
  it('a day at the office is PRESENT with its evidence; an override wins, survives recomputation and is audited', async () => {
    const { shift, list } = await saudiShift();
    expect(list.holidays.some((h) => h.name === 'اليوم الوطني')).toBe(true);
    expect(shift.current).toMatchObject({
      start: '08:00',
      end: '17:00',
      timeZone: 'Asia/Riyadh',
      holidayListId: list.id,
    });
    const m = await consentingMsisdn();
    const c = await attendanceSite(shift.id, [m]);
    const date = workingDay(3);
    await officeDay(m, c, date);
    const now = new Date();
    await recomputeAttendance(f.db, {
      from: new Date(riyadh(date, '00:00')),
      to: now,
      now,
      cause: 'test',
      msisdnIds: [m],
    });

    const page = (await dayOf('CA', m, date)).json() as { items: AttendanceDay[] };
    expect(page.items).toHaveLength(1);
    const day = page.items[0]!;
    expect(day).toMatchObject({
      status: 'PRESENT',
      state: 'FINAL',
      shiftId: shift.id,
      arrivalUnverified: false,
    });
    expect(day.firstIn).toBe(new Date(riyadh(date, '07:55')).toISOString());
    expect(day.minutesInside).toBeGreaterThan(500);
    expect(day.abilities.override).toBe(true);

    const detail = (await f.call('CA', 'GET', `/attendance/${m}/${date}`)).json() as AttendanceDetail;
    expect(detail.visits).toHaveLength(1);
    expect(detail.fixes.filter((x) => x.class === 'INSIDE').length).toBeGreaterThan(100);
    expect(detail.fixes.filter((x) => x.class === 'OUTSIDE').length).toBeGreaterThan(10);
    expect(detail.terms.holidayListId).toBe(list.id);

    // Another company's admin: 404 for the day, the evidence and the override.
    expect((await f.call('CB', 'GET', `/attendance/${m}/${date}`)).statusCode).toBe(404);
    expect((await dayOf('CB', m, date)).json().items).toHaveLength(0);
    expect(
      (await f.call('CB', 'PUT', `/attendance/${m}/${date}/override`, { status: 'ABSENT', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    // A reason is required.
    const noReason = await f.call('CA', 'PUT', `/attendance/${m}/${date}/override`, {
      status: 'ABSENT',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ path: 'reason', code: 'validation.commentRequired' });

    const overridden = await f.call('CA', 'PUT', `/attendance/${m}/${date}/override`, {
      status: 'HALF_DAY',
      reason: 'Left for a doctor’s appointment',
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json()).toMatchObject({
      status: 'HALF_DAY',
      computedStatus: 'PRESENT',
      override: { status: 'HALF_DAY', reason: 'Left for a doctor’s appointment', by: 'companyadmin' },
    });
    await recomputeAttendance(f.db, {
      from: new Date(riyadh(date, '00:00')),
      to: now,
      now,
      cause: 'test',
      msisdnIds: [m],
    });
    expect(((await dayOf('CA', m, date)).json().items[0] as AttendanceDay).status).toBe('HALF_DAY');
    const audited = await f.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'attendance.override')
      .where('entity_id', '=', String(m))
      .execute();
    expect(audited).toHaveLength(1);
    // The monthly sheet shows the override in place of the computed status, and filters by it.
    const sheetOf = async (query = '') =>
      (
        await f.call('CA', 'GET', `/attendance/sheet?month=${date.slice(0, 7)}&size=500${query}`)
      ).json() as AttendanceSheet;
    let sheet = await sheetOf('&status=HALF_DAY');
    expect(sheet.rows.find((r) => r.msisdnId === m)?.statuses[sheet.dates.indexOf(date)]).toBe('HALF_DAY');
    expect(sheet.rows.every((r) => r.totals.HALF_DAY > 0)).toBe(true);
    expect(sheet.total).toBe(sheet.rows.length);
    // Removing the override: the computed status counts again.
    const cleared = await f.call('CA', 'PUT', `/attendance/${m}/${date}/override`, {
      status: null,
      reason: 'Mistake',
    });
    expect(cleared.json()).toMatchObject({ status: 'PRESENT', override: null });

    // The monthly sheet has the computed day again; the HALF_DAY filter no longer finds the employee (unless another
    // day of the month was one).
    sheet = await sheetOf();
    const row = sheet.rows.find((r) => r.msisdnId === m)!;
    expect(row.statuses[sheet.dates.indexOf(date)]).toBe('PRESENT');
    expect(row.totals.PRESENT).toBeGreaterThanOrEqual(1);
    expect((await sheetOf('&status=HALF_DAY')).rows.some((r) => r.msisdnId === m)).toBe(
      row.totals.HALF_DAY > 0,
    );
    // Another company's admin does not see the row; deleting the days removes it.
    const other = (
      await f.call('CB', 'GET', `/attendance/sheet?month=${date.slice(0, 7)}&size=500`)
    ).json() as AttendanceSheet;
    expect(other.rows.some((r) => r.msisdnId === m)).toBe(false);
    await f.db.deleteFrom('attendance_days').where('msisdn_id', '=', m).execute();
    expect((await sheetOf()).rows.some((r) => r.msisdnId === m)).toBe(false);
  });

  it('holidays, weekly offs and silent phones: HOLIDAY, WEEKLY_OFF and NO_DATA, never ABSENT without evidence', async () => {
    const { shift } = await saudiShift();
    const m = await consentingMsisdn();
    await attendanceSite(shift.id, [m]);
    const year = new Date().getUTCFullYear() - 1;
    const national = `${year}-09-23`;
    const friday = (() => {
      let d = `${year}-10-01`;
      while (isoWeekday(d) !== 5) d = nextDate(d);
      return d;
    })();
    const silent = workingDay(10);
    const now = new Date();
    for (const date of [national, friday, silent])
      await recomputeAttendance(f.db, {
        from: new Date(riyadh(date, '06:00')),
        to: new Date(riyadh(date, '12:00')),
        now,
        cause: 'test',
        msisdnIds: [m],
      });
    const get = async (date: string) =>
      ((await dayOf('CA', m, date)).json().items[0] as AttendanceDay | undefined)?.status;
    expect(await get(national)).toBe('HOLIDAY');
    expect(await get(friday)).toBe('WEEKLY_OFF');
    expect(await get(silent)).toBe('NO_DATA');
  });

  it('late data makes a FINAL day PRESENT and keeps a correction; two refreshes at once store one row', async () => {
    const { shift } = await saudiShift();
    const m = await consentingMsisdn();
    const c = await attendanceSite(shift.id, [m]);
    const late = workingDay(4);
    const after = workingDay(1);
    const now = new Date();
    // First a later day's positions, then the earlier day computed with none: NO_DATA, FINAL.
    await officeDay(m, c, after);
    await recomputeAttendance(f.db, {
      from: new Date(riyadh(late, '00:00')),
      to: now,
      now,
      cause: 'test',
      msisdnIds: [m],
    });
    const before = (await dayOf('CA', m, late)).json().items[0] as AttendanceDay;
    expect(before).toMatchObject({ status: 'NO_DATA', state: 'FINAL' });
    // The app's backlog for that day arrives (older than the latest position: a replay rebuilds the visits).
    await officeDay(m, c, late);
    await replayPresence(f.db, m, riyadh(late, '00:00'), new Date());
    await recomputeAttendance(f.db, {
      from: new Date(riyadh(late, '00:00')),
      to: now,
      now,
      cause: 'late',
      msisdnIds: [m],
    });
    expect(((await dayOf('CA', m, late)).json().items[0] as AttendanceDay).status).toBe('PRESENT');
    const corrections = await f.db
      .selectFrom('attendance_corrections')
      .selectAll()
      .where('msisdn_id', '=', m)
      .execute();
    expect(corrections).toMatchObject([{ previous_status: 'NO_DATA', status: 'PRESENT', cause: 'late' }]);
    const corrected = await f.db
      .selectFrom('domain_events')
      .select(['type', 'payload'])
      .where('msisdn_id', '=', m)
      .where('type', '=', 'ATTENDANCE_CORRECTED')
      .execute();
    expect(corrected).toMatchObject([
      { payload: { date: late, previousStatus: 'NO_DATA', status: 'PRESENT' } },
    ]);
    // Finalisation exactly once: two refreshes at once leave one row per day and its first finalisation time.
    const first = await f.db
      .selectFrom('attendance_days')
      .select(['date', 'finalized_at'])
      .where('msisdn_id', '=', m)
      .execute();
    await Promise.all([refreshAttendance(f.db, new Date()), refreshAttendance(f.db, new Date())]);
    const again = await f.db
      .selectFrom('attendance_days')
      .select(['date', 'finalized_at'])
      .where('msisdn_id', '=', m)
      .execute();
    for (const row of first)
      expect(again.find((r) => r.date === row.date)?.finalized_at).toEqual(row.finalized_at);
    const keys = again.map((r) => r.date);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('announces a late arrival and an absence once each (ATTENDANCE_LATE, ATTENDANCE_ABSENT), however often recomputed', async () => {
    const { shift } = await saudiShift();
    const [late, away] = [await consentingMsisdn(), await consentingMsisdn()];
    const c = await attendanceSite(shift.id, [late, away]);
    const date = workingDay(8);
    await track(late, date, '07:00', '08:40', (i) => east(c, 3000 + (i % 3) * 40));
    await track(late, date, '08:40', '17:05', (i) => east(c, ((i * 37) % 80) - 40));
    await track(away, date, '07:00', '18:00', (i) => east(c, 4000 + (i % 3) * 40));
    const now = new Date();
    for (let i = 0; i < 2; i++)
      await recomputeAttendance(f.db, {
        from: new Date(riyadh(date, '00:00')),
        to: now,
        now,
        cause: 'test',
        msisdnIds: [late, away],
      });
    const events = await f.db
      .selectFrom('domain_events')
      .select(['type', 'msisdn_id', 'payload'])
      .where('msisdn_id', 'in', [late, away])
      .where('type', 'in', ['ATTENDANCE_LATE', 'ATTENDANCE_ABSENT'])
      .execute();
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'ATTENDANCE_LATE',
          msisdn_id: late,
          payload: expect.objectContaining({ date }),
        }),
        expect.objectContaining({
          type: 'ATTENDANCE_ABSENT',
          msisdn_id: away,
          payload: expect.objectContaining({ date }),
        }),
      ]),
    );
  });

  it('a shift change applies from its date: earlier days keep their terms; bad terms are refused with field errors', async () => {
    const { shift } = await saudiShift();
    const m = await consentingMsisdn();
    const c = await attendanceSite(shift.id, [m]);
    const date = workingDay(6);
    await officeDay(m, c, date);
    const now = new Date();
    await recomputeAttendance(f.db, {
      from: new Date(riyadh(date, '00:00')),
      to: now,
      now,
      cause: 'test',
      msisdnIds: [m],
    });
    const from = nextDate(date);
    const changed = await f.call('CA', 'PATCH', `/shifts/${shift.id}`, {
      start: '07:00',
      effectiveFrom: from,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const s = changed.json() as Shift;
    expect(s.versions.map((v) => v.effectiveFrom)).toEqual([from, shift.current.effectiveFrom]);
    expect(s.versions[0]).toMatchObject({ start: '07:00', end: '17:00' });
    await recomputeAttendance(f.db, {
      from: new Date(riyadh(date, '00:00')),
      to: now,
      now,
      cause: 'shiftChanged',
      shiftId: shift.id,
    });
    const day = (await dayOf('CA', m, date)).json().items[0] as AttendanceDay;
    expect(day.status).toBe('PRESENT');
    expect(day.windowStart).toBe(new Date(riyadh(date, '07:00')).toISOString());

    const empty = await f.call('CA', 'POST', '/shifts', {
      name: `Bad ${f.unique()}`,
      start: '08:00',
      end: '08:00',
      days: [1],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'end', code: 'attendance.shiftEmpty' })]),
    );
    const thresholds = await f.call('CA', 'PATCH', `/shifts/${shift.id}`, {
      halfDayThresholdMin: 60,
      absentThresholdMin: 120,
    });
    expect(thresholds.json().errors[0]).toMatchObject({
      path: 'absentThresholdMin',
      code: 'attendance.absentAboveHalfDay',
    });
    const dupe = await f.call('CA', 'POST', '/holiday-lists', {
      name: `Dupe ${f.unique()}`,
      fromDate: '2026-01-01',
      toDate: '2026-12-31',
      holidays: [
        { date: '2026-03-01', name: 'A' },
        { date: '2026-03-01', name: 'B' },
      ],
    });
    expect(dupe.json().errors[0]).toMatchObject({ path: 'holidays', code: 'attendance.holidayDuplicate' });
    // A shift in use cannot be deleted; another company's shift is not found; only SA/CA may write.
    expect((await f.call('CA', 'DELETE', `/shifts/${shift.id}`)).statusCode).toBe(409);
    expect((await f.call('CB', 'GET', `/shifts/${shift.id}`)).statusCode).toBe(404);
    expect((await f.call('DA', 'PATCH', `/shifts/${shift.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await f.call('DA', 'GET', `/shifts/${shift.id}`)).statusCode).toBe(200);
    // An attendance site must name a shift of the POI's company.
    const other = (
      await f.call('CB', 'POST', '/shifts', {
        name: `B ${f.unique()}`,
        start: '09:00',
        end: '18:00',
        days: [1],
      })
    ).json() as Shift;
    const poi = (
      await f.call('CA', 'POST', '/pois', {
        name: `X ${f.unique()}`,
        geometry: { type: 'CIRCLE', center: spot(), radiusM: 100 },
      })
    ).json() as Poi;
    const wrong = await f.call('CA', 'POST', '/poi-assignments', {
      poiId: poi.id,
      msisdnIds: [m],
      purpose: 'ATTENDANCE_SITE',
      shiftId: other.id,
      ...ALL_DAY,
    });
    expect(wrong.json().errors[0]).toMatchObject({ path: 'shiftId', code: 'attendance.shiftNotFound' });
  });

  it('the monthly sheet holds every status of every stored day, and its counts, whoever writes the days', async () => {
    const { shift } = await saudiShift();
    const m = await consentingMsisdn();
    const version = await f.db
      .selectFrom('shift_versions')
      .select('id')
      .where('shift_id', '=', shift.id)
      .executeTakeFirstOrThrow();
    const company = await f.db
      .selectFrom('msisdns')
      .select('company_id')
      .where('id', '=', m)
      .executeTakeFirstOrThrow();
    // February of a leap year: 29 columns; one day of each status, written straight to the table.
    const day = (n: number) => `2024-02-${String(n).padStart(2, '0')}`;
    await f.db
      .insertInto('attendance_days')
      .values(
        ATTENDANCE_STATUSES.map((status, i) => ({
          msisdn_id: m,
          date: day(i + 1),
          company_id: company.company_id,
          shift_id: shift.id,
          shift_version_id: version.id,
          status,
          state: 'FINAL' as const,
          kind: 'WORKING',
          minutes_inside: 10 * (i + 1),
          visit_keys: '[]',
          reasons: '[]',
        })),
      )
      .execute();
    const sheetOf = async (query = '') =>
      (
        await f.call('CA', 'GET', `/attendance/sheet?month=2024-02&size=1000${query}`)
      ).json() as AttendanceSheet;
    let sheet = await sheetOf();
    expect(sheet.dates).toHaveLength(29);
    let row = sheet.rows.find((r) => r.msisdnId === m)!;
    expect(row.statuses).toEqual([
      ...ATTENDANCE_STATUSES,
      ...Array(29 - ATTENDANCE_STATUSES.length).fill(null),
    ]);
    for (const status of ATTENDANCE_STATUSES) expect(row.totals[status]).toBe(1);
    expect(row.minutesInside).toBe(450);
    // A bulk update (an override straight in the table) and a deletion move the row with them.
    await f.db
      .updateTable('attendance_days')
      .set({ override_status: 'PRESENT', override_reason: 'test' })
      .where('msisdn_id', '=', m)
      .where('date', '=', day(6))
      .execute();
    await f.db.deleteFrom('attendance_days').where('msisdn_id', '=', m).where('date', '=', day(9)).execute();
    sheet = await sheetOf();
    row = sheet.rows.find((r) => r.msisdnId === m)!;
    expect(row.statuses[5]).toBe('PRESENT');
    expect(row.statuses[8]).toBeNull();
    expect(row.totals).toMatchObject({ PRESENT: 2, ABSENT: 0, WEEKLY_OFF: 0 });
    for (const status of ATTENDANCE_STATUSES) {
      const filtered = await sheetOf(`&status=${status}`);
      expect(
        filtered.rows.some((r) => r.msisdnId === m),
        status,
      ).toBe(row.totals[status] > 0);
    }
    // Two transactions writing different days of the month at once: the month holds both.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const setStatus = (trx: Executor, n: number, status: string) =>
      trx
        .updateTable('attendance_days')
        .set({ status })
        .where('msisdn_id', '=', m)
        .where('date', '=', day(n))
        .execute();
    const first = f.db.transaction().execute(async (trx) => {
      await setStatus(trx, 1, 'ABSENT');
      await gate;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = f.db.transaction().execute((trx) => setStatus(trx, 2, 'ABSENT'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([first, second]);
    row = (await sheetOf()).rows.find((r) => r.msisdnId === m)!;
    expect(row.statuses.slice(0, 2)).toEqual(['ABSENT', 'ABSENT']);
  });
});
