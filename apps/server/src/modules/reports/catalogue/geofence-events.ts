import { sql } from 'kysely';
import type { ReportDefinition, ReportRun } from '../definition.ts';
import { EMPLOYEE_COLUMNS, EMPLOYEE_SORT, msisdnIdsOf, msisdnsOf } from './shared.ts';

/**
 * Entries and exits as the presence engine decided them, read from the visits it keeps (the domain events that
 * announced them are pruned, and a replay corrects a visit in place): ENTER at each visit's first inside fix, EXIT at
 * the last inside fix of a visit that ended by leaving (a visit closed for lack of data or by its window has no exit).
 */
function events(run: ReportRun) {
  const base = () =>
    run.db
      .selectFrom('visits as v')
      .where('v.company_id', '=', run.company.id)
      .where('v.msisdn_id', 'in', msisdnIdsOf(run))
      .where('v.poi_id', 'in', run.poiIds());
  const enter = base()
    .where('v.entered_at', '>=', run.start)
    .where('v.entered_at', '<', run.end)
    .select([
      sql<string>`v.key || ':ENTER'`.as('key'),
      'v.msisdn_id',
      'v.poi_id',
      sql<string>`'ENTER'`.as('event'),
      'v.entered_at as time',
      'v.confidence',
    ]);
  const exit = base()
    .where('v.closed_by', '=', 'EXIT')
    .where('v.exited_at', '>=', run.start)
    .where('v.exited_at', '<', run.end)
    .select([
      sql<string>`v.key || ':EXIT'`.as('key'),
      'v.msisdn_id',
      'v.poi_id',
      sql<string>`'EXIT'`.as('event'),
      sql<Date>`v.exited_at`.as('time'),
      'v.confidence',
    ]);
  // The status filter is the event (the engine admits ENTER and EXIT only).
  const status = run.params.status;
  return status === 'ENTER' ? enter : status === 'EXIT' ? exit : enter.unionAll(exit);
}

/** Each entry into and exit from a POI of the run's MSISDNs in the period. */
export const geofenceEvents: ReportDefinition = {
  key: 'geofenceEvents',
  query: (run) =>
    run.db
      .selectFrom(events(run).as('e'))
      .innerJoin(msisdnsOf(run), 'm.id', 'e.msisdn_id')
      .innerJoin('pois as p', 'p.id', 'e.poi_id')
      .leftJoin('poi_categories as c', 'c.id', 'p.category_id')
      .innerJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .select([
        ...EMPLOYEE_COLUMNS,
        'e.time as time',
        'e.event as event',
        'p.name as poi',
        'c.name as category',
        sql<number>`round((e.confidence * 100)::numeric, 1)`.as('confidence'),
      ]),
  sortBy: {
    ...EMPLOYEE_SORT,
    time: 'e.time',
    poi: sql`lower(p.name)`,
  },
  tieBreaker: 'e.key',
};
