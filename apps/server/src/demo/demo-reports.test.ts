import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_KEYS } from '@lbs/contracts';
import { openTestDatabase } from '../../test/helpers.ts';
import { loadAuthUser } from '../access/auth-user.ts';
import { scopeOf } from '../access/scope.ts';
import { loadConfig } from '../config.ts';
import { reportsService } from '../modules/reports/index.ts';
import { seedDemo } from './index.ts';

/**
 * The demo gives every report rows for the demo accounts in the current month so far and in the previous month (the
 * billing report: the previous month's invoice; the current month is not invoiced yet).
 */
let handle: Awaited<ReturnType<typeof openTestDatabase>>;
const now = new Date();
beforeAll(async () => {
  handle = await openTestDatabase();
  const seed = await seedDemo(handle.db, { password: 'Demo!2345', billing: loadConfig({}).billing, now });
  await seed.history();
}, 600_000);
afterAll(async () => {
  await handle?.dispose();
});

const day = (d: Date) => d.toISOString().slice(0, 10);
const previous = {
  from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))),
  to: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))),
};
const current = { from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))), to: day(now) };

describe('demo reports', () => {
  it.each(['companyadmin', 'deptadmin', 'companyadmin2', 'dueadmin'])(
    'every report the %s may run has rows this month and last month',
    async (username) => {
      const user = (await loadAuthUser(handle.db, { username }))!;
      const caller = { user, scope: scopeOf(user), requestId: undefined };
      const service = reportsService({ db: handle.db });
      const allowed = service.catalogue(caller).items.map((r) => r.key);
      expect(allowed.length).toBeGreaterThanOrEqual(user.role === 'CompanyAdmin' ? REPORT_KEYS.length : 8);
      const empty: string[] = [];
      for (const key of allowed)
        for (const [name, period] of Object.entries({ previous, current })) {
          if (key === 'billing' && name === 'current') continue;
          const prepared = await service.prepare(caller, key, period);
          if ((await prepared.count()) === 0) empty.push(`${key} ${name}`);
        }
      expect(empty).toEqual([]);
    },
  );
});
