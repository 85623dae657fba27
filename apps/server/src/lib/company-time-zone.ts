import { sql, type RawBuilder } from 'kysely';

/**
 * A company's time zone in SQL: its tracking window's, else UTC — the zone its days are counted in (invoice dates,
 * report periods, daily notification digests). `companies` is the table or its alias in the query.
 */
export function companyTimeZone(companies = 'companies'): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref(`${companies}.config`)}->'trackingWindow'->>'timezone', 'UTC')`;
}
