import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import { emit } from './emit.ts';
import { pruneEvents } from './prune.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.dispose();
});

const day = 86_400_000;

describe('pruning old domain events', () => {
  it('deletes old events every processor has passed, and keeps the rest', async () => {
    const { db } = handle;
    const now = Date.now();
    const write = (msisdn: string, daysAgo: number) =>
      db.transaction().execute((trx) =>
        emit(trx, {
          type: 'MSISDN_DELETED',
          companyId: null,
          payload: { msisdn },
          occurredAt: new Date(now - daysAgo * day),
        }),
      );
    const oldSeen = (await write('+1', 40))!;
    const oldUnseen = (await write('+2', 35))!;
    const recent = (await write('+3', 1))!;
    const [seen] = await db
      .selectFrom('domain_events')
      .select(['id', 'txid'])
      .where('id', '=', oldSeen)
      .execute();
    // One processor has handled the first event only; it blocks on the second.
    await db
      .insertInto('event_cursors')
      .values({ processor: 'slow', last_txid: seen!.txid, last_id: seen!.id })
      .execute();
    expect(await pruneEvents(db, new Date(now - 30 * day))).toBe(1);
    const left = await db.selectFrom('domain_events').select('id').orderBy('id').execute();
    expect(left.map((e) => e.id)).toEqual([oldUnseen, recent]);
  });
});
