import { sql } from 'kysely';
import type { ReportDefinition, ReportRun } from '../definition.ts';
import {
  EMPLOYEE_COLUMNS,
  EMPLOYEE_SORT,
  byDay,
  localDayText,
  msisdnIdsOf,
  msisdnsOf,
  padded,
  periodDays,
} from './shared.ts';

/**
 * Per MSISDN and day (company time zone): the locates billing counts (`locate_usage`, one row per locate request
 * and MSISDN, written from the requests), by result and by who asked — scheduled polling or a user's locate.
 */
function usage(run: ReportRun) {
  return run.db
    .selectFrom('locate_usage as u')
    .where('u.company_id', '=', run.company.id)
    .where('u.at', '>=', run.start)
    .where('u.at', '<', run.end)
    .where('u.msisdn_id', 'in', msisdnIdsOf(run))
    .select([
      'u.msisdn_id',
      localDayText(run, 'u.at').as('day'),
      sql<number>`count(*)::int`.as('requests'),
      sql<number>`count(*) filter (where u.success)::int`.as('successful'),
      sql<number>`count(*) filter (where not u.success)::int`.as('failed'),
      sql<number>`count(*) filter (where u.requested_by = 'SCHEDULE')::int`.as('scheduled'),
      sql<number>`count(*) filter (where u.requested_by = 'USER')::int`.as('on_demand'),
      sql<
        string | null
      >`string_agg(distinct u.result_code, ', ' order by u.result_code) filter (where not u.success)`.as(
        'failure_codes',
      ),
    ])
    .groupBy(['u.msisdn_id', 'day']);
}

/** Locate requests and their results per number and day, with the failure codes. */
export const locateUsage: ReportDefinition = {
  key: 'locateUsage',
  query: (run) =>
    run.db
      .selectFrom(usage(run).as('u'))
      .innerJoin(msisdnsOf(run), 'm.id', 'u.msisdn_id')
      .innerJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .select([
        'u.day as date',
        ...EMPLOYEE_COLUMNS,
        'u.requests as requests',
        'u.successful as successful',
        'u.failed as failed',
        'u.scheduled as scheduled',
        'u.on_demand as onDemand',
        'u.failure_codes as failureCodes',
      ]),
  sortBy: {
    ...EMPLOYEE_SORT,
    date: 'u.day',
    requests: 'u.requests',
  },
  tieBreaker: sql`u.day || ${padded('u.msisdn_id')}`,
  async chart(run) {
    const days = periodDays(run);
    const rows = await run.db
      .selectFrom(usage(run).as('u'))
      .select([
        'u.day',
        sql<number>`sum(u.successful)::int`.as('successful'),
        sql<number>`sum(u.failed)::int`.as('failed'),
      ])
      .groupBy('u.day')
      .execute();
    return {
      chart: 'locatesPerDay',
      labels: days,
      series: [
        { key: 'successful', values: byDay(days, rows, (r) => r.successful) },
        { key: 'failed', values: byDay(days, rows, (r) => r.failed) },
      ],
    };
  },
};
