import { sql } from 'kysely';
import type { ReportDefinition } from '../definition.ts';
import { instantText } from './shared.ts';

/** Every position of the run's MSISDNs in the period: time, coordinates, accuracy and source (a view of location). */
export const locationHistory: ReportDefinition = {
  key: 'locationHistory',
  query: (run) =>
    run.db
      .selectFrom('positions as p')
      .innerJoin(run.msisdns().selectAll('msisdns').as('m'), 'm.id', 'p.msisdn_id')
      .innerJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .where('p.time', '>=', run.start)
      .where('p.time', '<', run.end)
      .select([
        'm.msisdn as msisdn',
        'm.employee_name as employee',
        'd.name as department',
        'z.name as zone',
        instantText('p.time').as('time'),
        'p.lat as latitude',
        'p.lon as longitude',
        'p.accuracy_m as accuracyM',
        'p.source as source',
      ]),
  sortBy: {
    time: 'p.time',
    msisdn: 'm.msisdn',
    employee: sql`lower(m.employee_name)`,
  },
  keyColumns: ['time'],
  tieBreaker: 'p.id',
  chart: undefined,
};
