import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Poi } from '@lbs/contracts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';

const f = useOrgFixtures();

/**
 * A new assignment moves `presence_epoch` (a trigger) and then reads the MSISDN's presence; a replay (or the sweep)
 * holds that presence and then moves the epoch. Taken in opposite orders the two deadlocked: PostgreSQL aborted one,
 * and POST /poi-assignments answered 500 while the MSISDN's late fix was being replayed. The assignment now takes the
 * presence first: it waits for the replay and is made.
 */
describe.skipIf(!process.env['DATABASE_URL'])(
  'an assignment made while a replay holds the presence (PostgreSQL)',
  () => {
    it('waits for the replay instead of deadlocking with it', async () => {
      const msisdnId = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
      await f.db
        .updateTable('msisdns')
        .set({ consent_status: 'GRANTED', tracking_enabled: true })
        .where('id', '=', msisdnId)
        .execute();
      const site = async (lon: number) => {
        const res = await f.call('CA', 'POST', '/pois', {
          name: `Locks ${f.unique()}`,
          geometry: { type: 'CIRCLE', center: { lat: 24.9, lon }, radiusM: 150 },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as Poi;
      };
      const terms = {
        purpose: 'VISIT',
        days: [1, 2, 3, 4, 5, 6, 7],
        windows: [{ start: '00:00', end: '00:00' }],
      };
      const first = await site(46.91);
      const second = await site(46.95);
      const assign = (poiId: number) =>
        f.call('CA', 'POST', '/poi-assignments', { poiId, msisdnIds: [msisdnId], ...terms });
      expect((await assign(first.id)).statusCode).toBe(201); // the MSISDN now has a presence row

      let assigned: Awaited<ReturnType<typeof assign>> | undefined;
      await f.db.transaction().execute(async (replay) => {
        // As replayMsisdn: the MSISDN's presence locked…
        await replay
          .selectFrom('poi_presence')
          .select('poi_id')
          .where('msisdn_id', '=', msisdnId)
          .forUpdate()
          .execute();
        const pending = assign(second.id).then((r) => (assigned = r));
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(assigned).toBeUndefined(); // waiting for the replay
        // …then the epoch, as writeResults moves it (past PostgreSQL's deadlock_timeout of one second).
        await sql`update presence_epoch set states_epoch = states_epoch + 1 where id = 1`.execute(replay);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        void pending;
      });
      await expect.poll(() => assigned?.statusCode, { timeout: 10_000 }).toBe(201);
      const pairs = await f.db
        .selectFrom('poi_presence')
        .select('poi_id')
        .where('msisdn_id', '=', msisdnId)
        .orderBy('poi_id')
        .execute();
      expect(pairs.map((p) => p.poi_id)).toEqual([first.id, second.id]);
    });
  },
);
