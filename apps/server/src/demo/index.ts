import { sql } from 'kysely';
import type { BillingConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { audit, SYSTEM_ACTOR } from '../events/audit.ts';
import { hashPassword } from '../identity/passwords.ts';
import { DEMO_ACCOUNTS, seedAccounts, type DemoAccount } from './accounts.ts';
import { seedInvoices } from './invoices.ts';
import { deliverDemoNotifications, seedNotificationRules } from './notifications.ts';
import { backdateOrganisation, DEMO_COMPANIES, seedOrganisation } from './organisation.ts';
import { seedPois } from './pois.ts';
import { seedPositionHistory } from './positions.ts';
import { seedTasks } from './tasks.ts';
import { seedAttendance } from './attendance.ts';
import { seedReportHistory, seedReportSchedules } from './reports.ts';
import { recomputeAttendance } from '../modules/attendance/index.ts';
import { generateRecurring } from '../modules/tasks/index.ts';

export { DEMO_ACCOUNTS, type DemoAccount };

/**
 * Demo data for every area, one file per area, called by the server start only (server.ts): the organisation
 * (companies, org units, MSISDNs), the accounts, invoices, and — once the server listens — the position history.
 */

/** Days of position history for every MSISDN (every 15 minutes), and for the employees with an attendance site. */
const HISTORY_DAYS = 3;
/**
 * The employees with an attendance site get the days since the first of the previous month (at least 30): the
 * reports of this month and the last one have their visits and attendance.
 */
const attendanceHistoryDays = (at: Date) =>
  Math.max(
    30,
    Math.ceil((at.getTime() - Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1)) / 86_400_000),
  );

/** The tracked employees with an attendance site: they get a month of history (a number not tracked has none). */
async function attendanceEmployees(db: Db): Promise<Set<number>> {
  const rows = await db
    .selectFrom('poi_assignments as a')
    .innerJoin('msisdns as m', 'm.id', 'a.msisdn_id')
    .select('a.msisdn_id')
    .distinct()
    .where('a.purpose', '=', 'ATTENDANCE_SITE')
    .where('m.tracking_enabled', '=', true)
    .execute();
  return new Set(rows.map((r) => r.msisdn_id));
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export interface DemoSeed {
  accounts: DemoAccount[];
  /** Adds the position history of the last days (a few seconds of work: run it once the server listens). */
  history(): Promise<number>;
}

/**
 * Demo data on an empty database: the operator's super admin, company A (zones) and B (no zones) with their org
 * structure, about 200 employee MSISDNs in every consent state with their consent history and views of location,
 * and the notification rules, in one transaction; then six months of invoices (company C with an overdue one). The
 * position history follows when asked, and the notifications it and the seed's events made.
 */
export async function seedDemo(
  db: Db,
  {
    password,
    billing,
    publicUrl,
    now = new Date(),
  }: { password: string; billing: BillingConfig; publicUrl: string; now?: Date },
): Promise<DemoSeed> {
  const passwordHash = await hashPassword(password);
  const companies = await db.transaction().execute(async (trx) => {
    const companies = await seedOrganisation(trx, now);
    await seedPois(trx, companies.values());
    await seedTasks(trx, companies.values(), now);
    await seedAttendance(trx, companies.values(), now);
    const users = await seedAccounts(trx, companies, passwordHash);
    await seedReportHistory(trx, companies.values(), now);
    await seedReportSchedules(trx, now);
    await seedNotificationRules(trx, companies.values());
    await audit(trx, SYSTEM_ACTOR('seed'), {
      action: 'seed.demo',
      entity: 'database',
      detail: { companies: DEMO_COMPANIES.length, users },
    });
    return companies;
  });
  // Six months of invoices, issued with their PDFs (each issue is a transaction of its own).
  await seedInvoices(db, billing, companies.values(), now);
  // Companies, units, accounts and MSISDNs dated from when their history starts, not from today.
  await backdateOrganisation(db);
  return {
    accounts: DEMO_ACCOUNTS,
    history: async () => {
      // The recurring round's tasks of today and tomorrow at once (the job's first run is a quarter of an hour away).
      await generateRecurring(db, now);
      // A month of history for the employees with an attendance site (the attendance sheet), a few days for the rest.
      const month = await attendanceEmployees(db);
      const at = new Date();
      const days = attendanceHistoryDays(at);
      const positions = await seedPositionHistory(db, at, HISTORY_DAYS, { msisdnIds: month, days });
      // Their attendance (the untracked ones' days say "no data", as they would).
      await recomputeAttendance(db, {
        from: new Date(at.getTime() - days * 86_400_000),
        to: at,
        now: at,
        cause: 'demo',
      });
      // The inboxes: the notifications the history's events (and the seed's) made, delivered as they happened.
      await deliverDemoNotifications(db, { publicUrl });
      // Fresh statistics for the planner: the reports over the new rows would otherwise wait for autovacuum's
      // ANALYZE (seconds instead of milliseconds for an unfiltered visits report on a just-seeded database).
      await sql`analyze`.execute(db);
      return positions;
    },
  };
}
