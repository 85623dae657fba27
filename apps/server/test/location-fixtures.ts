import type { CompanyConfig, TrackingWindow, ConsentStatus } from '@lbs/contracts';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';

/** Sets a company's tracking window (by company code) and returns the previous config. */
export async function setTrackingWindow(
  db: Db,
  code: string,
  window: Partial<TrackingWindow>,
): Promise<CompanyConfig> {
  const company = await db
    .selectFrom('companies')
    .select(['id', 'config'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const config: CompanyConfig = {
    ...company.config,
    trackingWindow: { ...company.config.trackingWindow, ...window },
  };
  await db
    .updateTable('companies')
    .set({ config: JSON.stringify(config) })
    .where('id', '=', company.id)
    .execute();
  return company.config;
}

/** Open all day, every day (start = end). */
export const ALWAYS: Partial<TrackingWindow> = { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '00:00' };

/** Open on no day but one that is not today anywhere near (closed now). */
export function closedNow(timezone = 'UTC'): Partial<TrackingWindow> {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'short' }).format(
    new Date(),
  );
  const today = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday) + 1;
  return { days: [((today + 2) % 7) + 1], start: '00:00', end: '00:00', timezone };
}

export interface MsisdnRow {
  id: number;
  msisdn: string;
  company_id: number;
  department_id: number;
  zone_id: number | null;
  consent_status: ConsentStatus;
  tracking_enabled: boolean;
}

/** The MSISDNs of a company (by code), in id order. */
export async function companyMsisdns(db: Db, code: string): Promise<MsisdnRow[]> {
  return db
    .selectFrom('msisdns as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select([
      'm.id',
      'm.msisdn',
      'm.company_id',
      'm.department_id',
      'm.zone_id',
      'm.consent_status',
      'm.tracking_enabled',
    ])
    .where('c.code', '=', code)
    .orderBy('m.id')
    .execute();
}

export const trackable = (m: MsisdnRow) => m.consent_status === 'GRANTED' && m.tracking_enabled;

/**
 * A company (by code) with `count` consenting, tracked MSISDNs in one department and designation, positions kept
 * `retentionDays`; answers their ids in order.
 */
export async function companyWithMsisdns(
  db: Db,
  code: string,
  count: number,
  retentionDays = 90,
): Promise<number[]> {
  const config = {
    trackingWindow: { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '00:00', timezone: 'Asia/Riyadh' },
    pollIntervalMinutes: 5,
    retentionDays,
  };
  const { id } = await db
    .insertInto('companies')
    .values({
      name: code,
      code,
      city: 'Riyadh',
      latitude: 24.7,
      longitude: 46.7,
      config: JSON.stringify(config),
      price_plan: JSON.stringify({ currency: 'SAR', monthlyFeePerMsisdn: 1, feePerLocate: 0.01 }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const department = await db
    .insertInto('departments')
    .values({ company_id: id, name: 'Field' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const designation = await db
    .insertInto('designations')
    .values({ company_id: id, name: 'Driver' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ id: number }>`
    insert into msisdns (company_id, department_id, designation_id, msisdn, employee_name, consent_status,
                         tracking_enabled)
    select ${id}, ${department.id}, ${designation.id}, '+9665' || lpad((${id * 100_000} + n)::text, 8, '0'),
           'Employee ' || n, 'GRANTED', true
    from generate_series(1, ${count}) n order by n
    returning id`.execute(db);
  return rows.map((r) => r.id);
}
