import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, until } from '../../test/capture-log.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { EventBus } from './bus.ts';
import { emit, emitConsentGranted, emitMany, emitMsisdnCreated, emitPositionsStored } from './emit.ts';
import { EVENTS_CHANNEL } from './types.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.dispose();
});

const events = () => handle.db.selectFrom('domain_events').selectAll().orderBy('id').execute();

describe('emit', () => {
  it('writes the event with its transaction, and not at all when the transaction rolls back', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await emitMsisdnDeleted(trx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await events()).toEqual([]);

    const id = await handle.db.transaction().execute((trx) =>
      emitMsisdnCreated(trx, {
        id: 7,
        msisdn: '+393471234567',
        companyId: 2,
        departmentId: 3,
        zoneId: null,
      }),
    );
    const rows = await events();
    expect(rows).toMatchObject([
      {
        id,
        type: 'MSISDN_CREATED',
        company_id: 2,
        msisdn_id: 7,
        subject_type: 'msisdn',
        subject_id: '7',
        payload: { msisdn: '+393471234567', departmentId: 3, zoneId: null, importId: null },
        idempotency_key: 'MSISDN_CREATED:7',
      },
    ]);
    expect(rows[0]!.txid).toBeGreaterThan(0);
  });

  it('ignores a second event with the same idempotency key', async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const m = { id: 9, msisdn: '+393470000009', companyId: 2 };
    const first = await emitConsentGranted(handle.db, m, { via: 'SMS', previous: 'PENDING', at });
    const second = await emitConsentGranted(handle.db, m, { via: 'SMS', previous: 'PENDING', at });
    expect(first).toBeTypeOf('number');
    expect(second).toBeUndefined();
    expect((await events()).filter((e) => e.type === 'CONSENT_GRANTED')).toHaveLength(1);
    // Without a key, every emit is an event.
    await emit(handle.db, { type: 'MSISDN_DELETED', companyId: 2, payload: { msisdn: '+1' } });
    await emit(handle.db, { type: 'MSISDN_DELETED', companyId: 2, payload: { msisdn: '+1' } });
    expect((await events()).filter((e) => e.type === 'MSISDN_DELETED')).toHaveLength(2);
  });

  it('writes one POSITIONS_STORED event per company of a batch', async () => {
    const t = (m: number) => new Date(Date.UTC(2026, 2, 1, 10, m));
    const written = await emitPositionsStored(handle.db, [
      { id: 101, msisdnId: 1, companyId: 1, time: t(5) },
      { id: 102, msisdnId: 2, companyId: 2, time: t(1) },
      { id: 103, msisdnId: 1, companyId: 1, time: t(2) },
    ]);
    expect(written).toBe(2);
    // The pipeline runs this once per batch: every company's event and the processors' wake-up in one statement.
    let statements = 0;
    const counted = handle.db.withPlugin({
      transformQuery: ({ node }) => {
        statements++;
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    expect(
      await emitPositionsStored(counted, [
        { id: 201, msisdnId: 1, companyId: 1, time: t(6) },
        { id: 202, msisdnId: 2, companyId: 2, time: t(6) },
        { id: 203, msisdnId: 3, companyId: 3, time: t(6) },
      ]),
    ).toBe(3);
    expect(statements).toBe(1);
    const stored = (await events()).filter((e) => e.type === 'POSITIONS_STORED');
    expect(stored.map((e) => [e.company_id, e.payload, e.idempotency_key])).toEqual([
      [
        1,
        { positionIds: [101, 103], msisdnIds: [1], from: t(2).toISOString(), to: t(5).toISOString() },
        'POSITIONS_STORED:1:101',
      ],
      [
        2,
        { positionIds: [102], msisdnIds: [2], from: t(1).toISOString(), to: t(1).toISOString() },
        'POSITIONS_STORED:2:102',
      ],
      [1, expect.anything(), 'POSITIONS_STORED:1:201'],
      [2, expect.anything(), 'POSITIONS_STORED:2:202'],
      [3, expect.anything(), 'POSITIONS_STORED:3:203'],
    ]);
  });
});

describe('emitMany', () => {
  it('notifies the processors once per type written, on commit, and not for events already written', async () => {
    const bus = await EventBus.start(handle, captureLog().log);
    const got: string[] = [];
    await bus.subscribe(EVENTS_CHANNEL, (type) => got.push(type));
    const deleted = (k: string) => ({
      type: 'MSISDN_DELETED' as const,
      companyId: 3,
      payload: { msisdn: '+3' },
      idempotencyKey: `many:${k}`,
    });
    const granted = (k: string) => ({
      type: 'CONSENT_GRANTED' as const,
      companyId: 3,
      payload: { msisdn: '+3', via: 'SMS' as const, previous: 'PENDING' as const },
      idempotencyKey: `many:${k}`,
    });
    expect(
      await handle.db.transaction().execute(async (trx) => {
        const written = await emitMany(trx, [deleted('a'), deleted('b'), granted('c')]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(got).toEqual([]); // nothing before the commit
        return written;
      }),
    ).toBe(3);
    await until(() => got.length === 2, 5_000, 'one notification per type');
    expect(got.sort()).toEqual(['CONSENT_GRANTED', 'MSISDN_DELETED']);
    // Keys used already: nothing written, nothing notified; a new one of one type notifies that type only.
    expect(await emitMany(handle.db, [deleted('a'), granted('c')])).toBe(0);
    expect(await emitMany(handle.db, [deleted('a'), deleted('d')])).toBe(1);
    await until(() => got.length === 3, 5_000, 'the new event notified');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got.slice(2)).toEqual(['MSISDN_DELETED']);
    const rows = (await events()).filter((e) => e.idempotency_key?.startsWith('many:'));
    expect(rows.map((e) => e.idempotency_key)).toEqual(['many:a', 'many:b', 'many:c', 'many:d']);
    await bus.close();
  });
});

function emitMsisdnDeleted(trx: Parameters<typeof emit>[0]) {
  return emit(trx, {
    type: 'MSISDN_DELETED',
    companyId: 1,
    msisdnId: 5,
    payload: { msisdn: '+5' },
    idempotencyKey: 'x',
  });
}
