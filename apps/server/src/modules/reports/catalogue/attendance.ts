import { sql } from 'kysely';
import type { ReportChartData } from '@lbs/contracts';
import type { ReportDefinition, ReportRun } from '../definition.ts';
import {
  EMPLOYEE_COLUMNS,
  EMPLOYEE_SORT,
  byDay,
  msisdnIdsOf,
  msisdnsOf,
  padded,
  periodDays,
} from './shared.ts';

/**
 * Attendance reads the days modules/attendance computes and stores (`attendance_days`, one per MSISDN and date with
 * a shift): the status is the override when there is one. Working days are the days that are neither a holiday nor
 * a weekly off; present-like days are those the person came (present, late, early exit, both, half day).
 */
const STATUS = sql<string>`coalesce(ad.override_status, ad.status)`;
const OFF = sql.raw(`('HOLIDAY', 'WEEKLY_OFF')`);
const PRESENT_LIKE = sql.raw(`('PRESENT', 'LATE', 'EARLY_EXIT', 'LATE_AND_EARLY_EXIT', 'HALF_DAY')`);

/** The run's stored days in the period (`ad`), optionally of one status. */
function days(run: ReportRun, status?: string) {
  let q = run.db
    .selectFrom('attendance_days as ad')
    .where('ad.company_id', '=', run.company.id)
    .where('ad.date', '>=', run.params.from)
    .where('ad.date', '<=', run.params.to)
    .where('ad.msisdn_id', 'in', msisdnIdsOf(run));
  if (status) q = q.where(STATUS, '=', status);
  return q;
}

/** Per day of the period: present-like ÷ working days (0–100, null without a working day), and both counts. */
async function rateChart(run: ReportRun, status?: string): Promise<ReportChartData> {
  const labels = periodDays(run);
  const rows = await days(run, status)
    .select([
      sql<string>`ad.date::text`.as('day'),
      sql<number>`count(*) filter (where ${STATUS} in ${PRESENT_LIKE})::int`.as('present'),
      sql<number>`count(*) filter (where ${STATUS} not in ${OFF})::int`.as('working'),
    ])
    .groupBy('ad.date')
    .execute();
  const rate = (r: { present: number; working: number }) =>
    r.working ? Math.round((1000 * r.present) / r.working) / 10 : null;
  return {
    chart: 'attendanceRate',
    labels,
    series: [
      { key: 'rate', values: byDay(labels, rows, rate, null) },
      { key: 'present', values: byDay(labels, rows, (r) => r.present) },
      { key: 'workingDays', values: byDay(labels, rows, (r) => r.working) },
    ],
  };
}

/** Each employee's day: status, first in, last out, time inside, lateness and early exit, and whether overridden. */
export const attendanceDaily: ReportDefinition = {
  key: 'attendanceDaily',
  query: (run) =>
    days(run, run.params.status)
      .innerJoin(msisdnsOf(run), 'm.id', 'ad.msisdn_id')
      .innerJoin('designations as g', 'g.id', 'm.designation_id')
      .innerJoin('shifts as s', 's.id', 'ad.shift_id')
      .innerJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .select([
        sql<string>`ad.date::text`.as('date'),
        ...EMPLOYEE_COLUMNS,
        'g.name as designation',
        's.name as shift',
        STATUS.as('status'),
        'ad.first_in as firstIn',
        'ad.last_out as lastOut',
        sql<number>`round(ad.minutes_inside * 60)`.as('inside'),
        sql<number>`round(ad.late_minutes * 60)`.as('lateBy'),
        sql<number>`round(ad.early_exit_minutes * 60)`.as('earlyBy'),
        sql<boolean>`ad.override_status is not null`.as('overridden'),
      ]),
  sortBy: {
    ...EMPLOYEE_SORT,
    date: 'ad.date',
  },
  tieBreaker: sql`${padded('ad.msisdn_id')} || ad.date::text`,
  chart: (run) => rateChart(run, run.params.status),
};

const count = (status: string) => sql<number>`count(*) filter (where ${STATUS} = ${sql.lit(status)})::int`;

/**
 * Per employee over the period (a month): days by status, time inside and the attendance rate — aggregated in one
 * grouped scan of the stored days, then joined to the employees.
 */
export const attendanceMonthly: ReportDefinition = {
  key: 'attendanceMonthly',
  query: (run) => {
    const totals = days(run)
      .select([
        'ad.msisdn_id',
        sql<number>`count(*) filter (where ${STATUS} not in ${OFF})::int`.as('working_days'),
        count('PRESENT').as('present'),
        count('LATE').as('late'),
        count('EARLY_EXIT').as('early_exit'),
        count('LATE_AND_EARLY_EXIT').as('late_and_early_exit'),
        count('HALF_DAY').as('half_day'),
        count('ABSENT').as('absent'),
        count('NO_DATA').as('no_data'),
        count('HOLIDAY').as('holidays'),
        count('WEEKLY_OFF').as('weekly_off'),
        sql<number>`round(sum(ad.minutes_inside) * 60)`.as('inside'),
        sql<number | null>`round(100.0 * count(*) filter (where ${STATUS} in ${PRESENT_LIKE})
          / nullif(count(*) filter (where ${STATUS} not in ${OFF}), 0), 1)`.as('rate'),
      ])
      .groupBy('ad.msisdn_id');
    return run.db
      .selectFrom(totals.as('a'))
      .innerJoin(msisdnsOf(run), 'm.id', 'a.msisdn_id')
      .innerJoin('designations as g', 'g.id', 'm.designation_id')
      .innerJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .select([
        ...EMPLOYEE_COLUMNS,
        'g.name as designation',
        'a.working_days as workingDays',
        'a.present as present',
        'a.late as late',
        'a.early_exit as earlyExit',
        'a.late_and_early_exit as lateAndEarlyExit',
        'a.half_day as halfDay',
        'a.absent as absent',
        'a.no_data as noData',
        'a.holidays as holidays',
        'a.weekly_off as weeklyOff',
        'a.inside as inside',
        'a.rate as attendanceRate',
      ]);
  },
  sortBy: {
    ...EMPLOYEE_SORT,
    attendanceRate: 'a.rate',
  },
  tieBreaker: 'm.id',
  chart: (run) => rateChart(run),
};
