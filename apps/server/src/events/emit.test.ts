import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import { emit, emitConsentGranted, emitMsisdnCreated, emitPositionsStored } from './emit.ts';

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
    const ids = await emitPositionsStored(handle.db, [
      { id: 101, msisdnId: 1, companyId: 1, time: t(5) },
      { id: 102, msisdnId: 2, companyId: 2, time: t(1) },
      { id: 103, msisdnId: 1, companyId: 1, time: t(2) },
    ]);
    expect(ids).toHaveLength(2);
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
    ]);
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
