import { sql } from 'kysely';
import type { ReportDefinition, ReportRun } from '../definition.ts';
import {
  EMPLOYEE_COLUMNS,
  EMPLOYEE_SORT,
  byDay,
  localDayText,
  msisdnIdsOf,
  msisdnsOf,
  periodDays,
} from './shared.ts';

/**
 * The visits (modules/pois: `visits`) and brief passes (`poi_passed_by`: inside, but not for the dwell a visit
 * needs) of the run's MSISDNs at the POIs the caller sees, entered in the period.
 */
function visitsAndPasses(run: ReportRun) {
  const visits = run.db
    .selectFrom('visits as v')
    .where('v.company_id', '=', run.company.id)
    .where('v.entered_at', '>=', run.start)
    .where('v.entered_at', '<', run.end)
    .where('v.msisdn_id', 'in', msisdnIdsOf(run))
    .where('v.poi_id', 'in', run.poiIds())
    .select([
      'v.key',
      'v.msisdn_id',
      'v.poi_id',
      'v.entered_earliest',
      'v.entered_at',
      sql<Date | null>`v.exited_at`.as('exited_at'),
      'v.exited_latest',
      sql<number>`round(v.dwell_minutes * 60)`.as('dwell'),
      sql<number | null>`round((v.confidence * 100)::numeric, 1)`.as('confidence'),
      sql<string>`case when v.closed_by = 'OPEN' then 'OPEN' else 'CLOSED' end`.as('status'),
      sql<string | null>`nullif(v.closed_by, 'OPEN')`.as('closed_by'),
    ]);
  const passes = run.db
    .selectFrom('poi_passed_by as b')
    .where('b.company_id', '=', run.company.id)
    .where('b.first_inside_at', '>=', run.start)
    .where('b.first_inside_at', '<', run.end)
    .where('b.msisdn_id', 'in', msisdnIdsOf(run))
    .where('b.poi_id', 'in', run.poiIds())
    .select([
      'b.key',
      'b.msisdn_id',
      'b.poi_id',
      sql<Date | null>`null::timestamptz`.as('entered_earliest'),
      'b.first_inside_at as entered_at',
      sql<Date | null>`b.last_inside_at`.as('exited_at'),
      sql<Date | null>`b.outside_at`.as('exited_latest'),
      sql<number>`round(extract(epoch from (b.last_inside_at - b.first_inside_at)))`.as('dwell'),
      sql<number | null>`null::numeric`.as('confidence'),
      sql<string>`'PASSED_BY'`.as('status'),
      sql<string | null>`null::text`.as('closed_by'),
    ]);
  return run.params.status === 'PASSED_BY' ? passes : run.params.status ? visits : visits.unionAll(passes);
}

/** Visits at POIs with their entry and exit bounds, dwell, confidence and how each ended; brief passes too. */
export const visits: ReportDefinition = {
  key: 'visits',
  query: (run) => {
    let q = run.db
      .selectFrom(visitsAndPasses(run).as('v'))
      .innerJoin(msisdnsOf(run), 'm.id', 'v.msisdn_id')
      .innerJoin('pois as p', 'p.id', 'v.poi_id')
      .leftJoin('poi_categories as c', 'c.id', 'p.category_id')
      .innerJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .select([
        ...EMPLOYEE_COLUMNS,
        'p.name as poi',
        'c.name as category',
        'v.entered_earliest as enteredEarliest',
        'v.entered_at as enteredAt',
        'v.exited_at as exitedAt',
        'v.exited_latest as exitedLatest',
        'v.dwell as dwell',
        'v.confidence as confidence',
        'v.status as status',
        'v.closed_by as closedBy',
      ]);
    if (run.params.status) q = q.where('v.status', '=', run.params.status);
    return q;
  },
  sortBy: {
    ...EMPLOYEE_SORT,
    poi: sql`lower(p.name)`,
    enteredAt: 'v.entered_at',
    dwell: 'v.dwell',
  },
  tieBreaker: 'v.key',
  async chart(run) {
    const days = periodDays(run);
    const rows = await run.db
      .selectFrom(visits.query(run).as('r'))
      .select([
        localDayText(run, 'r.enteredAt').as('day'),
        sql<number>`count(*) filter (where r.status <> 'PASSED_BY')::int`.as('visits'),
        sql<number>`count(*) filter (where r.status = 'PASSED_BY')::int`.as('passedBy'),
      ])
      .groupBy('day')
      .execute();
    return {
      chart: 'visitsPerDay',
      labels: days,
      series: [
        { key: 'visits', values: byDay(days, rows, (r) => r.visits) },
        { key: 'passedBy', values: byDay(days, rows, (r) => r.passedBy) },
      ],
    };
  },
};
