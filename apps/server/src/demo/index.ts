import type { Db } from '../db/database.ts';
import { audit, SYSTEM_ACTOR } from '../events/audit.ts';
import { hashPassword } from '../identity/passwords.ts';
import { DEMO_ACCOUNTS, seedAccounts, type DemoAccount } from './accounts.ts';
import { seedInvoices } from './invoices.ts';
import { DEMO_COMPANIES, seedOrganisation } from './organisation.ts';
import { seedPois } from './pois.ts';
import { seedPositionHistory } from './positions.ts';
import { seedTasks } from './tasks.ts';
import { generateRecurring } from '../modules/tasks/index.ts';

export { DEMO_ACCOUNTS, type DemoAccount };

/**
 * Demo data for every area, one file per area, called by the server start only (server.ts): the organisation
 * (companies, org units, MSISDNs), the accounts, invoices, and — once the server listens — the position history.
 */

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
 * structure, about 200 employee MSISDNs in every consent state, and company C with an overdue invoice; all in one
 * transaction. The position history follows when asked.
 */
export async function seedDemo(
  db: Db,
  { password, now = new Date() }: { password: string; now?: Date },
): Promise<DemoSeed> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const companies = await seedOrganisation(trx, now);
    await seedInvoices(trx, companies.values(), now);
    await seedPois(trx, companies.values());
    await seedTasks(trx, companies.values(), now);
    const users = await seedAccounts(trx, companies, passwordHash);
    await audit(trx, SYSTEM_ACTOR('seed'), {
      action: 'seed.demo',
      entity: 'database',
      detail: { companies: DEMO_COMPANIES.length, users },
    });
  });
  return {
    accounts: DEMO_ACCOUNTS,
    history: async () => {
      // The recurring round's tasks of today and tomorrow at once (the job's first run is a quarter of an hour away).
      await generateRecurring(db, now);
      return seedPositionHistory(db);
    },
  };
}
