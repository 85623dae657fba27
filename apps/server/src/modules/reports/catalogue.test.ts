import { describe, expect, it } from 'vitest';
import type { ReportChartData, ReportDashboard, ReportPage } from '@lbs/contracts';
import { loadAuthUser } from '../../access/auth-user.ts';
import { scopeOf } from '../../access/scope.ts';
import { useOrgFixtures, type Who } from '../organisation/test-fixtures.ts';
import { reportsService } from './service.ts';

/**
 * The catalogue's reports over fixtures of fresh MSISDNs of Alpha (Riyadh, UTC+3), each in a period of its own so
 * the demo data stays out: exact rows, the status filter, each chart, each caller's slice, and the dashboard.
 */
const f = useOrgFixtures();
const A = 'ALPHA';

type Body = ReportPage & { errors?: { path: string; code: string }[] };
async function rows(who: Who, key: string, query: string) {
  const res = await f.call(who, 'GET', `/reports/${key}/rows?${query}`);
  return { status: res.statusCode, body: res.json() as Body };
}
async function chart(who: Who, key: string, query: string): Promise<ReportChartData> {
  const res = await f.call(who, 'GET', `/reports/${key}/chart?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportChartData;
}
const ok = async (who: Who, key: string, query: string) => {
  const r = await rows(who, key, query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

/** A company-wide POI of Alpha (every tier sees it) in a category. */
async function poi(): Promise<{ id: number; name: string; category: string }> {
  const company = await f.companyId(A);
  const category = await f.db
    .insertInto('poi_categories')
    .values({
      company_id: company,
      name: `Cat ${f.unique()}`,
      color: '#336699',
      icon: 'business',
      default_radius_m: 100,
      default_min_dwell_minutes: 5,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  const row = await f.db
    .insertInto('pois')
    .values({
      company_id: company,
      category_id: category.id,
      name: `Site ${f.unique()}`,
      active: true,
      geometry: JSON.stringify({ type: 'CIRCLE', center: { lat: 24.7, lon: 46.7 }, radiusM: 150 }),
      bbox: '(46.71,24.71),(46.69,24.69)',
      centroid_lat: 24.7,
      centroid_lon: 46.7,
      area_m2: 70_000,
      r_eff_m: 150,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, category: category.name };
}

interface VisitFixture {
  msisdnId: number;
  poiId: number;
  enteredEarliest?: string | null;
  enteredAt: string;
  exitedAt?: string | null;
  exitedLatest?: string | null;
  dwellMinutes: number;
  confidence: number;
  closedBy: 'EXIT' | 'NO_DATA' | 'WINDOW_END' | 'OPEN';
}
async function visit(v: VisitFixture): Promise<void> {
  await f.db
    .insertInto('visits')
    .values({
      key: `T:${f.unique()}`,
      company_id: await f.companyId(A),
      msisdn_id: v.msisdnId,
      poi_id: v.poiId,
      entered_at: v.enteredAt,
      entered_earliest: v.enteredEarliest ?? null,
      entered_latest: v.enteredAt,
      exited_at: v.exitedAt ?? null,
      exited_earliest: v.exitedAt ?? null,
      exited_latest: v.exitedLatest ?? null,
      dwell_minutes: v.dwellMinutes,
      confidence: v.confidence,
      fix_count: 3,
      sources: JSON.stringify(['NETWORK']),
      closed_by: v.closedBy,
      seeded: false,
      updated_at: new Date(),
    })
    .execute();
}

const who = (id: number) => `msisdnIds=${id}`;
const name = async (id: number) =>
  await f.db
    .selectFrom('msisdns')
    .select(['msisdn', 'employee_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('reports: visits and geofence events', () => {
  it('lists visits and brief passes with their bounds, the status filter and the visits per day', async () => {
    const m = await f.freshMsisdn(A, 'Field Operations', 'Driver', 'North');
    const p = await poi();
    await visit({
      msisdnId: m,
      poiId: p.id,
      enteredEarliest: '2026-04-02T05:50:00Z',
      enteredAt: '2026-04-02T06:00:00Z',
      exitedAt: '2026-04-02T08:00:00Z',
      exitedLatest: '2026-04-02T08:10:00Z',
      dwellMinutes: 120,
      confidence: 0.9,
      closedBy: 'EXIT',
    });
    await visit({
      msisdnId: m,
      poiId: p.id,
      enteredAt: '2026-04-03T07:00:00Z',
      dwellMinutes: 30.5,
      confidence: 0.75,
      closedBy: 'OPEN',
    });
    // 2026-04-06 01:00 in Riyadh: after the period.
    await visit({
      msisdnId: m,
      poiId: p.id,
      enteredAt: '2026-04-05T22:00:00Z',
      dwellMinutes: 10,
      confidence: 1,
      closedBy: 'OPEN',
    });
    await f.db
      .insertInto('poi_passed_by')
      .values({
        key: `PASSED_BY:${f.unique()}`,
        company_id: await f.companyId(A),
        msisdn_id: m,
        poi_id: p.id,
        first_inside_at: '2026-04-02T10:00:00Z',
        last_inside_at: '2026-04-02T10:02:00Z',
        outside_at: '2026-04-02T10:05:00Z',
        fix_count: 2,
        sources: JSON.stringify(['NETWORK']),
      })
      .execute();
    const { msisdn, employee_name } = await name(m);
    const q = `from=2026-04-01&to=2026-04-05&${who(m)}`;
    const body = await ok('CA', 'visits', `${q}&sort=enteredAt`);
    expect(body.total).toBe(3);
    const base = {
      msisdn,
      employee: employee_name,
      department: 'Field Operations',
      zone: 'North',
      poi: p.name,
      category: p.category,
    };
    expect(body.items).toEqual([
      {
        ...base,
        enteredEarliest: '2026-04-02T05:50:00.000Z',
        enteredAt: '2026-04-02T06:00:00.000Z',
        exitedAt: '2026-04-02T08:00:00.000Z',
        exitedLatest: '2026-04-02T08:10:00.000Z',
        dwell: 7200,
        confidence: 90,
        status: 'CLOSED',
        closedBy: 'EXIT',
      },
      {
        ...base,
        enteredEarliest: null,
        enteredAt: '2026-04-02T10:00:00.000Z',
        exitedAt: '2026-04-02T10:02:00.000Z',
        exitedLatest: '2026-04-02T10:05:00.000Z',
        dwell: 120,
        confidence: null,
        status: 'PASSED_BY',
        closedBy: null,
      },
      {
        ...base,
        enteredEarliest: null,
        enteredAt: '2026-04-03T07:00:00.000Z',
        exitedAt: null,
        exitedLatest: null,
        dwell: 1830,
        confidence: 75,
        status: 'OPEN',
        closedBy: null,
      },
    ]);
    // Default order: the latest entry first.
    expect((await ok('CA', 'visits', q)).items.map((r) => r.status)).toEqual(['OPEN', 'PASSED_BY', 'CLOSED']);
    expect((await ok('CA', 'visits', `${q}&status=CLOSED`)).items.map((r) => r.enteredAt)).toEqual([
      '2026-04-02T06:00:00.000Z',
    ]);
    expect((await ok('CA', 'visits', `${q}&status=PASSED_BY`)).total).toBe(1);
    const bad = await rows('CA', 'visits', `${q}&status=GONE`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ path: 'query.status', code: 'validation.statusInvalid' }),
    ]);
    // The POI filter: another POI has none of these visits.
    const other = await poi();
    expect((await ok('CA', 'visits', `${q}&poiId=${other.id}`)).total).toBe(0);
    expect((await ok('CA', 'visits', `${q}&poiId=${p.id}`)).total).toBe(3);

    expect(await chart('CA', 'visits', q)).toEqual({
      chart: 'visitsPerDay',
      labels: ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04', '2026-04-05'],
      series: [
        { key: 'visits', values: [0, 1, 1, 0, 0] },
        { key: 'passedBy', values: [0, 1, 0, 0, 0] },
      ],
    });

    const events = await ok('CA', 'geofenceEvents', `${q}&sort=time`);
    expect(events.items).toEqual([
      {
        msisdn,
        employee: employee_name,
        department: 'Field Operations',
        zone: 'North',
        time: '2026-04-02T06:00:00.000Z',
        event: 'ENTER',
        poi: p.name,
        category: p.category,
        confidence: 90,
      },
      {
        msisdn,
        employee: employee_name,
        department: 'Field Operations',
        zone: 'North',
        time: '2026-04-02T08:00:00.000Z',
        event: 'EXIT',
        poi: p.name,
        category: p.category,
        confidence: 90,
      },
      {
        msisdn,
        employee: employee_name,
        department: 'Field Operations',
        zone: 'North',
        time: '2026-04-03T07:00:00.000Z',
        event: 'ENTER',
        poi: p.name,
        category: p.category,
        confidence: 75,
      },
    ]);
    expect((await ok('CA', 'geofenceEvents', `${q}&status=EXIT`)).items.map((r) => r.time)).toEqual([
      '2026-04-02T08:00:00.000Z',
    ]);
  });

  it('keeps each caller to its slice', async () => {
    const north = await f.freshMsisdn(A, 'Field Operations', 'Driver', 'North');
    const south = await f.freshMsisdn(A, 'Warehouse', 'Driver', 'South');
    const p = await poi();
    for (const m of [north, south])
      await visit({
        msisdnId: m,
        poiId: p.id,
        enteredAt: '2025-02-10T06:00:00Z',
        dwellMinutes: 5,
        confidence: 1,
        closedBy: 'OPEN',
      });
    const period = 'from=2025-02-10&to=2025-02-10';
    const numbers = async (w: Who, extra = '') =>
      (await ok(w, 'visits', `${period}${extra}`)).items.map((r) => r.msisdn).sort();
    const [n, s] = [(await name(north)).msisdn, (await name(south)).msisdn];
    expect(await numbers('CA')).toEqual([n, s].sort());
    expect(await numbers('DA')).toEqual([n]); // Field Operations only
    expect(await numbers('ZA')).toEqual([n]); // North only
    expect((await rows('DA', 'visits', `${period}&${who(south)}`)).status).toBe(404);
    expect((await rows('CB', 'visits', `${period}&${who(north)}`)).status).toBe(404);
    expect((await rows('CB', 'visits', `${period}&companyId=${await f.companyId(A)}`)).status).toBe(404);
    expect((await ok('CB', 'visits', period)).total).toBe(0);
    const sa = await rows('SA', 'visits', period);
    expect(sa.status).toBe(400);
    expect(sa.body.errors).toEqual([
      expect.objectContaining({ path: 'query.companyId', code: 'report.companyRequired' }),
    ]);
    expect(await numbers('SA', `&companyId=${await f.companyId(A)}`)).toEqual([n, s].sort());
    // A department outside the DepartmentAdmin's scope is not found.
    expect(
      (await rows('DA', 'visits', `${period}&departmentId=${await f.unitId('departments', A, 'Warehouse')}`))
        .status,
    ).toBe(404);
  });
});

/** A shift 08:00–17:00 (Alpha's, Sunday–Thursday in Riyadh from 2024, unless told otherwise) and its version. */
async function shift(
  options: {
    companyId?: number;
    name?: string;
    days?: number[];
    timeZone?: string;
    effectiveFrom?: string;
  } = {},
): Promise<{ shiftId: number; versionId: number; name: string }> {
  const name = options.name ?? `Shift ${f.unique()}`;
  const s = await f.db
    .insertInto('shifts')
    .values({ company_id: options.companyId ?? (await f.companyId(A)), name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const v = await f.db
    .insertInto('shift_versions')
    .values({
      shift_id: s.id,
      effective_from: options.effectiveFrom ?? '2024-01-01',
      start_time: '08:00',
      end_time: '17:00',
      days: JSON.stringify(options.days ?? [7, 1, 2, 3, 4]),
      time_zone: options.timeZone ?? 'Asia/Riyadh',
      check_in_before_min: 60,
      check_out_after_min: 60,
      late_grace_min: 10,
      early_exit_grace_min: 10,
      half_day_threshold_min: 0,
      absent_threshold_min: 0,
      hours_method: 'FIRST_IN_LAST_OUT',
      count_on_holidays: false,
      holiday_list_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { shiftId: s.id, versionId: v.id, name };
}

interface DayFixture {
  date: string;
  status: string;
  override?: string;
  firstIn?: string;
  lastOut?: string;
  inside?: number;
  late?: number;
  early?: number;
}
async function days(
  msisdnId: number,
  list: DayFixture[],
  companyCode = A,
  given?: Awaited<ReturnType<typeof shift>>,
) {
  const s = given ?? (await shift());
  await f.db
    .insertInto('attendance_days')
    .values(
      await Promise.all(
        list.map(async (d) => ({
          msisdn_id: msisdnId,
          date: d.date,
          company_id: await f.companyId(companyCode),
          shift_id: s.shiftId,
          shift_version_id: s.versionId,
          status: d.status,
          state: 'FINAL' as const,
          kind: 'WORKING',
          first_in: d.firstIn ? new Date(d.firstIn) : null,
          last_out: d.lastOut ? new Date(d.lastOut) : null,
          minutes_inside: d.inside ?? 0,
          late_minutes: d.late ?? 0,
          early_exit_minutes: d.early ?? 0,
          override_status: d.override ?? null,
          override_reason: d.override ? 'Test' : null,
          visit_keys: '[]',
          reasons: '[]',
        })),
      ),
    )
    .execute();
  return s;
}

describe('reports: attendance', () => {
  it('lists each day and sums the month per employee, with the rate per day', async () => {
    const m = await f.freshMsisdn(A, 'Field Operations', 'Driver', 'North');
    const s = await days(m, [
      {
        date: '2026-05-03',
        status: 'PRESENT',
        firstIn: '2026-05-03T04:55:00Z',
        lastOut: '2026-05-03T14:05:00Z',
        inside: 480,
      },
      {
        date: '2026-05-04',
        status: 'LATE',
        firstIn: '2026-05-04T05:20:00Z',
        lastOut: '2026-05-04T14:00:00Z',
        inside: 450.4,
        late: 20,
      },
      { date: '2026-05-05', status: 'ABSENT' },
      { date: '2026-05-06', status: 'HALF_DAY', inside: 200, early: 180 },
      { date: '2026-05-07', status: 'ABSENT', override: 'PRESENT' },
      { date: '2026-05-08', status: 'WEEKLY_OFF' },
    ]);
    const { msisdn, employee_name } = await name(m);
    const q = `from=2026-05-01&to=2026-05-31&${who(m)}`;
    const daily = await ok('CA', 'attendanceDaily', `${q}&sort=date`);
    expect(daily.total).toBe(6);
    expect(daily.items[1]).toEqual({
      date: '2026-05-04',
      msisdn,
      employee: employee_name,
      department: 'Field Operations',
      zone: 'North',
      designation: 'Driver',
      shift: s.name,
      status: 'LATE',
      firstIn: '2026-05-04T05:20:00.000Z',
      lastOut: '2026-05-04T14:00:00.000Z',
      inside: 27024,
      lateBy: 1200,
      earlyBy: 0,
      overridden: false,
    });
    expect(daily.items[4]).toMatchObject({ date: '2026-05-07', status: 'PRESENT', overridden: true });
    expect((await ok('CA', 'attendanceDaily', `${q}&status=ABSENT`)).items.map((r) => r.date)).toEqual([
      '2026-05-05',
    ]);
    expect(
      (await ok('CA', 'attendanceDaily', `${q}&status=PRESENT&sort=date`)).items.map((r) => r.date),
    ).toEqual(['2026-05-03', '2026-05-07']);

    const monthly = await ok('CA', 'attendanceMonthly', q);
    expect(monthly.items).toEqual([
      {
        msisdn,
        employee: employee_name,
        department: 'Field Operations',
        zone: 'North',
        designation: 'Driver',
        workingDays: 5,
        present: 2,
        late: 1,
        earlyExit: 0,
        lateAndEarlyExit: 0,
        halfDay: 1,
        absent: 1,
        noData: 0,
        holidays: 0,
        weeklyOff: 1,
        inside: Math.round((480 + 450.4 + 200) * 60),
        attendanceRate: 80,
      },
    ]);

    const rate = await chart('CA', 'attendanceMonthly', `from=2026-05-01&to=2026-05-08&${who(m)}`);
    expect(rate.chart).toBe('attendanceRate');
    expect(rate.labels).toHaveLength(8);
    expect(rate.series).toEqual([
      { key: 'rate', values: [null, null, 100, 100, 0, 100, 100, null] },
      { key: 'present', values: [0, 0, 1, 1, 0, 1, 1, 0] },
      { key: 'workingDays', values: [0, 0, 1, 1, 1, 1, 1, 0] },
    ]);
    const absentOnly = await chart(
      'CA',
      'attendanceDaily',
      `from=2026-05-03&to=2026-05-05&${who(m)}&status=ABSENT`,
    );
    expect(absentOnly.series[0]).toEqual({ key: 'rate', values: [null, null, 0] });
  });
});

describe('reports: tasks', () => {
  it('lists assignments with completion, overdue and visit, and the completions per day by source', async () => {
    const north = await f.freshMsisdn(A, 'Field Operations', 'Driver', 'North');
    const south = await f.freshMsisdn(A, 'Warehouse', 'Driver', 'South');
    const p = await poi();
    const company = await f.companyId(A);
    const task = async (title: string, poiId: number | null, dueEnd: string, priority: 'LOW' | 'HIGH') =>
      (
        await f.db
          .insertInto('tasks')
          .values({
            company_id: company,
            title,
            priority,
            poi_id: poiId,
            due_start: new Date(Date.parse(dueEnd) - 86_400_000),
            due_end: new Date(dueEnd),
            completion_rule: 'AUTO_OR_MANUAL',
            assignment_mode: 'EACH',
            status: 'PENDING',
            updated_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const assign = async (
      taskId: number,
      msisdnId: number,
      status: 'PENDING' | 'COMPLETED' | 'CANCELLED',
      completedAt: string | null,
      source: 'AUTO_VISIT' | 'MANUAL' | null,
    ) =>
      f.db
        .insertInto('task_assignments')
        .values({
          task_id: taskId,
          msisdn_id: msisdnId,
          company_id: company,
          status,
          completion_rule: 'AUTO_OR_MANUAL',
          completed_at: completedAt ? new Date(completedAt) : null,
          completion_source: source,
          created_at: new Date('2026-06-09T09:00:00Z'),
          updated_at: new Date(),
        })
        .execute();
    const t1 = await task(`Deliver ${f.unique()}`, p.id, '2026-06-10T12:00:00Z', 'HIGH');
    await assign(t1, north, 'COMPLETED', '2026-06-10T09:00:00Z', 'AUTO_VISIT');
    await assign(t1, south, 'PENDING', null, null);
    await visit({
      msisdnId: north,
      poiId: p.id,
      enteredAt: '2026-06-10T08:00:00Z',
      exitedAt: '2026-06-10T09:30:00Z',
      dwellMinutes: 90,
      confidence: 1,
      closedBy: 'EXIT',
    });
    const t2 = await task(`Call ${f.unique()}`, null, '2026-06-12T12:00:00Z', 'LOW');
    await assign(t2, north, 'COMPLETED', '2026-06-12T13:00:00Z', 'MANUAL');
    const t3 = await task(`Later ${f.unique()}`, null, '2026-07-12T12:00:00Z', 'LOW');
    await assign(t3, north, 'PENDING', null, null);

    const q = `from=2026-06-01&to=2026-06-30&msisdnIds=${north},${south}`;
    const body = await ok('CA', 'tasks', `${q}&sort=due,msisdn`);
    const [n, s] = [await name(north), await name(south)];
    expect(
      body.items.map((r) => [
        r.msisdn,
        r.task,
        r.poi,
        r.priority,
        r.status,
        r.due,
        r.completedAt,
        r.completionSource,
        r.timeToComplete,
        r.overdue,
        r.visited,
      ]),
    ).toEqual(
      [
        [
          n.msisdn,
          expect.stringMatching(/^Deliver/),
          p.name,
          'HIGH',
          'COMPLETED',
          '2026-06-10T12:00:00.000Z',
          '2026-06-10T09:00:00.000Z',
          'AUTO_VISIT',
          86_400,
          false,
          true,
        ],
        [
          s.msisdn,
          expect.stringMatching(/^Deliver/),
          p.name,
          'HIGH',
          'PENDING',
          '2026-06-10T12:00:00.000Z',
          null,
          null,
          null,
          true,
          false,
        ],
        [
          n.msisdn,
          expect.stringMatching(/^Call/),
          null,
          'LOW',
          'COMPLETED',
          '2026-06-12T12:00:00.000Z',
          '2026-06-12T13:00:00.000Z',
          'MANUAL',
          273_600,
          true,
          null,
        ],
      ].sort((a, b) => String(a[5]).localeCompare(String(b[5])) || String(a[0]).localeCompare(String(b[0]))),
    );
    expect((await ok('CA', 'tasks', `${q}&status=PENDING`)).items.map((r) => r.msisdn)).toEqual([s.msisdn]);
    expect((await ok('CA', 'tasks', `${q}&poiId=${p.id}`)).total).toBe(2);
    expect((await ok('DA', 'tasks', q.replace(`,${south}`, ''))).total).toBe(2);
    expect((await rows('DA', 'tasks', q)).status).toBe(404);
    // A task of another department (the CompanyAdmin assigned the DepartmentAdmin's employee): not the DA's.
    const other = await task(`Warehouse ${f.unique()}`, null, '2026-06-15T12:00:00Z', 'LOW');
    await f.db
      .updateTable('tasks')
      .set({ department_id: await f.unitId('departments', A, 'Warehouse') })
      .where('id', '=', other)
      .execute();
    await assign(other, north, 'PENDING', null, null);
    const only = `from=2026-06-15&to=2026-06-15&${who(north)}`;
    expect((await ok('CA', 'tasks', only)).total).toBe(1);
    expect((await ok('DA', 'tasks', only)).total).toBe(0);

    const bySource = await chart('CA', 'tasks', `from=2026-06-09&to=2026-06-12&msisdnIds=${north},${south}`);
    expect(bySource).toEqual({
      chart: 'tasksBySource',
      labels: ['2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12'],
      series: [
        { key: 'AUTO_VISIT', values: [0, 1, 0, 0] },
        { key: 'MANUAL', values: [0, 0, 0, 1] },
      ],
    });
  });
});

describe('reports: locate usage and billing', () => {
  it('counts locates per number and day in the company’s time zone, with the failure codes', async () => {
    const m = await f.freshMsisdn(A, 'Field Operations', 'Driver', 'North');
    const company = await f.companyId(A);
    let request = 9_000_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
    const usage = (at: string, by: 'SCHEDULE' | 'USER', code: string) => ({
      locate_request_id: String(request++),
      company_id: company,
      msisdn_id: m,
      at: new Date(at),
      requested_by: by,
      result_code: code,
      success: code === '0',
    });
    await f.db
      .insertInto('locate_usage')
      .values([
        usage('2026-07-01T05:00:00Z', 'SCHEDULE', '0'),
        usage('2026-07-01T06:00:00Z', 'USER', 'TIMEOUT'),
        usage('2026-07-01T07:00:00Z', 'SCHEDULE', '6'),
        usage('2026-07-01T08:00:00Z', 'SCHEDULE', '6'),
        usage('2026-07-01T22:00:00Z', 'SCHEDULE', '0'), // 2026-07-02 01:00 in Riyadh
      ])
      .execute();
    const { msisdn, employee_name } = await name(m);
    const q = `from=2026-07-01&to=2026-07-03&${who(m)}`;
    const body = await ok('CA', 'locateUsage', `${q}&sort=date`);
    const base = { msisdn, employee: employee_name, department: 'Field Operations', zone: 'North' };
    expect(body.items).toEqual([
      {
        date: '2026-07-01',
        ...base,
        requests: 4,
        successful: 1,
        failed: 3,
        scheduled: 3,
        onDemand: 1,
        failureCodes: '6, TIMEOUT',
      },
      {
        date: '2026-07-02',
        ...base,
        requests: 1,
        successful: 1,
        failed: 0,
        scheduled: 1,
        onDemand: 0,
        failureCodes: null,
      },
    ]);
    expect((await ok('CA', 'locateUsage', `${q}&sort=-requests`)).items[0]!.requests).toBe(4);
    expect(await chart('CA', 'locateUsage', q)).toEqual({
      chart: 'locatesPerDay',
      labels: ['2026-07-01', '2026-07-02', '2026-07-03'],
      series: [
        { key: 'successful', values: [1, 1, 0] },
        { key: 'failed', values: [3, 0, 0] },
      ],
    });
    // Usage is the CompanyAdmin's and SuperAdmin's.
    expect((await rows('DA', 'locateUsage', q)).status).toBe(403);
  });

  it('lists each number’s invoice lines per month in major units', async () => {
    const m1 = await f.freshMsisdn(A, 'Field Operations', 'Driver', 'North');
    const m2 = await f.freshMsisdn(A, 'Warehouse', 'Driver', 'South');
    const company = await f.companyId(A);
    const number = `T-${f.unique()}`;
    const invoice = await f.db
      .insertInto('invoices')
      .values({
        company_id: company,
        period_start: '2024-01-01',
        period_end: '2024-01-31',
        status: 'DRAFT',
        currency: 'SAR',
        tax_rate_percent: '15',
        subtotal_minor: 3755,
        rebate_minor: 0,
        tax_minor: 563,
        total_minor: 4318,
        tariff_snapshot: '{}',
        content_hash: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = (
      position: number,
      kind: 'MONTHLY_FEE' | 'LOCATES',
      msisdnId: number,
      amount: number,
      locates: number | null,
    ) => ({
      invoice_id: invoice.id,
      position,
      kind,
      msisdn_id: msisdnId,
      msisdn: 'x',
      employee_name: 'x',
      quantity: '1',
      unit_price: '0',
      amount_minor: amount,
      active_days: 31,
      locates,
      included_locates: locates === null ? null : 50,
    });
    await f.db
      .insertInto('invoice_items')
      .values([
        item(1, 'MONTHLY_FEE', m1, 1500, null),
        item(2, 'LOCATES', m1, 255, 101),
        item(3, 'MONTHLY_FEE', m2, 2000, null),
      ])
      .execute();
    await f.db
      .updateTable('invoices')
      .set({ status: 'ISSUED', number, issued_at: new Date('2024-02-04T09:00:00Z'), due_on: '2024-03-05' })
      .where('id', '=', invoice.id)
      .execute();
    const q = `from=2024-01-01&to=2024-01-31&msisdnIds=${m1},${m2}`;
    const body = await ok('CA', 'billing', `${q}&sort=-total`);
    const [n1, n2] = [await name(m1), await name(m2)];
    expect(body.items).toEqual([
      {
        month: '2024-01',
        invoice: number,
        invoiceStatus: 'ISSUED',
        msisdn: n2.msisdn,
        employee: n2.employee_name,
        department: 'Warehouse',
        zone: 'South',
        monthlyFee: '20.00',
        locates: null,
        locateCharges: '0.00',
        total: '20.00',
        currency: 'SAR',
      },
      {
        month: '2024-01',
        invoice: number,
        invoiceStatus: 'ISSUED',
        msisdn: n1.msisdn,
        employee: n1.employee_name,
        department: 'Field Operations',
        zone: 'North',
        monthlyFee: '15.00',
        locates: 101,
        locateCharges: '2.55',
        total: '17.55',
        currency: 'SAR',
      },
    ]);
    expect((await rows('ZA', 'billing', q)).status).toBe(403);
    // A void invoice is not billed.
    await f.db
      .updateTable('invoices')
      .set({ status: 'VOID', void_reason: 'test', voided_at: new Date() })
      .where('id', '=', invoice.id)
      .execute();
    expect((await ok('CA', 'billing', q)).total).toBe(0);
  });
});

describe('reports: consent and location views', () => {
  it('shows each number’s consent with its changes and requests in the period, and the states', async () => {
    const granted = await f.freshMsisdn(A, 'Field Operations', 'Driver', 'North');
    const reopened = await f.freshMsisdn(A, 'Field Operations', 'Driver', 'North');
    const company = await f.companyId(A);
    await f.db
      .updateTable('msisdns')
      .set({ consent_status: 'GRANTED', consent_at: new Date('2026-08-03T10:00:00Z') })
      .where('id', '=', granted)
      .execute();
    const entry = (id: number, action: string, at: string, detail: Record<string, unknown> = {}) => ({
      at: new Date(at),
      actor: 'sms',
      action,
      entity: 'msisdn',
      entity_id: String(id),
      company_id: company,
      detail: JSON.stringify(detail),
    });
    await f.db
      .insertInto('audit_log')
      .values([
        entry(granted, 'msisdn.consent.request', '2026-07-31T10:00:00Z'), // before the period
        entry(granted, 'msisdn.consent.request', '2026-08-02T10:00:00Z'),
        entry(granted, 'msisdn.consent.grant', '2026-08-03T10:00:00Z'),
        entry(reopened, 'msisdn.consent.request', '2026-08-02T10:00:00Z'),
        entry(reopened, 'msisdn.consent.refuse', '2026-08-04T10:00:00Z'),
        entry(reopened, 'msisdn.consent.reopen', '2026-08-06T10:00:00Z'),
        entry(reopened, 'msisdn.consent.request', '2026-08-06T10:00:00Z'),
        entry(reopened, 'msisdn.update', '2026-08-07T10:00:00Z', { changed: ['employeeName'] }),
      ])
      .execute();
    const [g, r] = [await name(granted), await name(reopened)];
    const q = `from=2026-08-01&to=2026-08-31&msisdnIds=${granted},${reopened}`;
    const body = await ok('CA', 'consent', `${q}&sort=since`);
    const base = { department: 'Field Operations', zone: 'North', trackingEnabled: true };
    expect(body.items).toEqual(
      [
        {
          msisdn: g.msisdn,
          employee: g.employee_name,
          ...base,
          status: 'GRANTED',
          since: '2026-08-03T10:00:00.000Z',
          changesInPeriod: 1,
          lastChange: 'GRANTED',
          lastChangeAt: '2026-08-03T10:00:00.000Z',
          requestsSent: 1,
        },
        {
          msisdn: r.msisdn,
          employee: r.employee_name,
          ...base,
          status: 'PENDING',
          since: null,
          changesInPeriod: 2,
          lastChange: 'PENDING',
          lastChangeAt: '2026-08-06T10:00:00.000Z',
          requestsSent: 2,
        },
      ].map((row) => ({
        msisdn: row.msisdn,
        employee: row.employee,
        department: row.department,
        zone: row.zone,
        status: row.status,
        since: row.since,
        changesInPeriod: row.changesInPeriod,
        lastChange: row.lastChange,
        lastChangeAt: row.lastChangeAt,
        requestsSent: row.requestsSent,
        trackingEnabled: row.trackingEnabled,
      })),
    );
    expect((await ok('CA', 'consent', `${q}&status=GRANTED`)).items.map((x) => x.msisdn)).toEqual([g.msisdn]);
    expect(await chart('CA', 'consent', q)).toEqual({
      chart: 'consentStates',
      labels: ['PENDING', 'GRANTED', 'REVOKED'],
      series: [{ key: 'msisdns', values: [1, 1, 0] }],
    });
  });

  it('lists who viewed whose location, one row per number shown, within the caller’s slice', async () => {
    const north = await f.freshMsisdn(A, 'Field Operations', 'Driver', 'North');
    const south = await f.freshMsisdn(A, 'Warehouse', 'Driver', 'South');
    const company = await f.companyId(A);
    const viewer = await f.userId('companyadmin');
    const viewerName = (
      await f.db.selectFrom('users').select('full_name').where('id', '=', viewer).executeTakeFirstOrThrow()
    ).full_name;
    const entry = (
      action: string,
      at: string,
      entity: string,
      entityId: number | null,
      detail: Record<string, unknown>,
    ) => ({
      at: new Date(at),
      actor_user_id: viewer,
      actor: 'companyadmin',
      action,
      entity,
      entity_id: entityId === null ? null : String(entityId),
      company_id: company,
      detail: JSON.stringify(detail),
    });
    await f.db
      .insertInto('audit_log')
      .values([
        entry('location.view', '2025-09-02T10:00:00Z', 'msisdn', north, {
          view: 'history',
          from: '2025-09-01T00:00:00.000Z',
          to: '2025-09-02T00:00:00.000Z',
          count: 4,
        }),
        entry('location.view', '2025-09-03T10:00:00Z', 'msisdn', null, {
          view: 'monitor',
          count: 2,
          msisdnIds: [north, south],
        }),
        entry('location.view', '2025-09-04T10:00:00Z', 'report', null, {
          view: 'report',
          report: 'attendanceDaily',
        }),
        entry('location.locate', '2025-09-05T10:00:00Z', 'msisdn', south, {}),
        entry('msisdn.update', '2025-09-05T11:00:00Z', 'msisdn', south, {}),
      ])
      .execute();
    const [n, s] = [await name(north), await name(south)];
    const period = 'from=2025-09-01&to=2025-09-30';
    const ca = await ok('CA', 'locationViews', `${period}&sort=time`);
    const base = { viewer: viewerName, viewerRole: 'CompanyAdmin' };
    const nRow = {
      msisdn: n.msisdn,
      employee: n.employee_name,
      department: 'Field Operations',
      zone: 'North',
    };
    const sRow = { msisdn: s.msisdn, employee: s.employee_name, department: 'Warehouse', zone: 'South' };
    const none = { msisdn: null, employee: null, department: null, zone: null };
    expect(ca.items).toEqual(
      [
        {
          time: '2025-09-02T10:00:00.000Z',
          ...base,
          action: 'HISTORY',
          ...nRow,
          detail: '2025-09-01T00:00:00.000Z – 2025-09-02T00:00:00.000Z',
        },
        ...[
          { time: '2025-09-03T10:00:00.000Z', ...base, action: 'MONITOR', ...nRow, detail: null },
          { time: '2025-09-03T10:00:00.000Z', ...base, action: 'MONITOR', ...sRow, detail: null },
        ].sort((a, b) => (a.msisdn < b.msisdn ? -1 : 1)),
        { time: '2025-09-04T10:00:00.000Z', ...base, action: 'REPORT', ...none, detail: 'attendanceDaily' },
        { time: '2025-09-05T10:00:00.000Z', ...base, action: 'LOCATE', ...sRow, detail: null },
      ].map((row) => ({
        time: row.time,
        viewer: row.viewer,
        viewerRole: row.viewerRole,
        action: row.action,
        msisdn: row.msisdn,
        employee: row.employee,
        department: row.department,
        zone: row.zone,
        detail: row.detail,
      })),
    );
    // The DepartmentAdmin: the views of its department's numbers only.
    const da = await ok('DA', 'locationViews', period);
    expect(da.items.map((r) => [r.action, r.msisdn]).sort()).toEqual([
      ['HISTORY', n.msisdn],
      ['MONITOR', n.msisdn],
    ]);
    // A number filter drops the views naming none.
    expect(
      (await ok('CA', 'locationViews', `${period}&${who(south)}`)).items.map((r) => r.action).sort(),
    ).toEqual(['LOCATE', 'MONITOR']);
  });
});

describe('reports: dashboard', () => {
  it('sums this month so far for the caller’s scope', async () => {
    // A company of its own (UTC), its numbers and data in March 2026, read on 2026-03-15 at noon.
    const company = await f.freshCompany();
    const unit = async (table: 'departments' | 'designations') =>
      (
        await f.db
          .insertInto(table)
          .values({ company_id: company, name: `U ${f.unique()}`, description: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [department, designation] = [await unit('departments'), await unit('designations')];
    const ids: number[] = [];
    for (const consent of ['GRANTED', 'GRANTED', 'PENDING', 'REVOKED'] as const)
      ids.push(
        (
          await f.db
            .insertInto('msisdns')
            .values({
              company_id: company,
              department_id: department,
              designation_id: designation,
              msisdn: f.nextNumber(),
              employee_name: `D ${f.unique()}`,
              consent_status: consent,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const { shiftId, versionId } = await shift({
      companyId: company,
      name: 'S',
      days: [1, 2, 3, 4, 5],
      timeZone: 'UTC',
      effectiveFrom: '2026-01-01',
    });
    const day = (
      msisdnId: number,
      date: string,
      status: string,
      state: 'FINAL' | 'PROVISIONAL' = 'FINAL',
    ) => ({
      msisdn_id: msisdnId,
      date,
      company_id: company,
      shift_id: shiftId,
      shift_version_id: versionId,
      status,
      state,
      kind: 'WORKING',
      visit_keys: '[]',
      reasons: '[]',
    });
    await f.db
      .insertInto('attendance_days')
      .values([
        day(ids[0]!, '2026-02-27', 'ABSENT'), // last month
        day(ids[0]!, '2026-03-02', 'PRESENT'),
        day(ids[0]!, '2026-03-03', 'LATE'),
        day(ids[0]!, '2026-03-07', 'WEEKLY_OFF'),
        day(ids[1]!, '2026-03-02', 'ABSENT'),
        day(ids[1]!, '2026-03-15', 'ABSENT', 'PROVISIONAL'), // today, not yet final
      ])
      .execute();
    await f.db
      .insertInto('tariffs')
      .values({
        company_id: company,
        effective_from: '2026-01-01',
        currency: 'EUR',
        monthly_fee: '1',
        price_per_locate: '0.01',
        included_locates: 10,
        billable_locates: 'SUCCESSFUL',
        proration: 'FULL_MONTH',
        rebate_kind: 'NONE',
        rebate_value: '0',
        tax_rate_percent: '0',
        payment_terms_days: 30,
        grace_days: 0,
        review_days: 3,
      })
      .execute();
    let request = 8_000_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
    const locate = (at: string, success: boolean) => ({
      locate_request_id: String(request++),
      company_id: company,
      msisdn_id: ids[0]!,
      at: new Date(at),
      requested_by: 'SCHEDULE' as const,
      result_code: success ? '0' : '6',
      success,
    });
    await f.db
      .insertInto('locate_usage')
      .values([
        locate('2026-02-28T23:00:00Z', true),
        locate('2026-03-01T00:00:00Z', true),
        locate('2026-03-10T00:00:00Z', true),
        locate('2026-03-10T01:00:00Z', false),
        locate('2026-03-16T00:00:00Z', true),
      ])
      .execute();
    const task = async (dueEnd: string) =>
      (
        await f.db
          .insertInto('tasks')
          .values({
            company_id: company,
            title: 'T',
            priority: 'LOW',
            due_end: new Date(dueEnd),
            completion_rule: 'MANUAL',
            assignment_mode: 'EACH',
            status: 'PENDING',
            updated_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const assign = (taskId: number, msisdnId: number, status: 'PENDING' | 'COMPLETED' | 'CANCELLED') =>
      f.db
        .insertInto('task_assignments')
        .values({
          task_id: taskId,
          msisdn_id: msisdnId,
          company_id: company,
          status,
          completion_rule: 'MANUAL',
          updated_at: new Date(),
        })
        .execute();
    const t1 = await task('2026-03-05T12:00:00Z');
    await assign(t1, ids[0]!, 'COMPLETED');
    await assign(t1, ids[1]!, 'PENDING');
    await assign(t1, ids[2]!, 'CANCELLED');
    await assign(await task('2026-03-20T12:00:00Z'), ids[0]!, 'PENDING'); // not yet due
    await assign(await task('2026-02-20T12:00:00Z'), ids[0]!, 'PENDING'); // last month

    const user = (await loadAuthUser(f.db, { username: 'superadmin' }))!;
    const service = reportsService({ db: f.db, now: () => new Date('2026-03-15T12:00:00Z') });
    const dashboard: ReportDashboard = await service.dashboard(
      { user, scope: scopeOf(user), requestId: undefined },
      company,
    );
    expect(dashboard).toEqual({
      month: '2026-03',
      // present, late of 3 working days (the weekly off and today's provisional day do not count)
      attendanceRate: 66.7,
      locatesUsed: 2,
      locatesIncluded: 40,
      tasksDone: 1,
      tasksDue: 2,
      msisdnsWithoutConsent: 2,
      msisdns: 4,
    });
  });

  it('answers each caller for its own company and scope', async () => {
    const get = (w: Who, query = '') => f.call(w, 'GET', `/reports/dashboard${query}`);
    const sa = await get('SA');
    expect(sa.statusCode).toBe(400);
    expect(sa.json().errors).toEqual([
      expect.objectContaining({ path: 'query.companyId', code: 'report.companyRequired' }),
    ]);
    const alpha = await f.companyId(A);
    expect((await get('CB', `?companyId=${alpha}`)).statusCode).toBe(404);
    const ca = await get('CA');
    expect(ca.statusCode, ca.body).toBe(200);
    const da = (await get('DA')).json() as ReportDashboard;
    const all = ca.json() as ReportDashboard;
    expect(all.locatesUsed).not.toBeNull();
    expect(da.locatesUsed).toBeNull();
    expect(da.locatesIncluded).toBeNull();
    const inDepartment = await f.db
      .selectFrom('msisdns')
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('department_id', '=', await f.unitId('departments', A, 'Field Operations'))
      .executeTakeFirstOrThrow();
    expect(da.msisdns).toBe(Number(inDepartment.n));
    expect(all.msisdns).toBeGreaterThan(da.msisdns);
    expect((await get('SA', `?companyId=${alpha}`)).json()).toMatchObject({ msisdns: all.msisdns });
  });
});
