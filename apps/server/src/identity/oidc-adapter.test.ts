import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import { DatabaseAdapter, purgeExpired, revokeGrant } from './oidc-adapter.ts';
import { SESSION_IDLE, SESSION_MAX, sessionRemaining } from './lifetimes.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.dispose());

const adapter = (model: string) => new DatabaseAdapter(handle.db, model);

describe('DatabaseAdapter', () => {
  it('stores, updates, finds by id, uid and user code, and destroys', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a', kind: 'Session' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'b', kind: 'Session' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'b', kind: 'Session' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'b', kind: 'Session' });
    expect(await adapter('Grant').find('s1')).toBeUndefined();

    const codes = adapter('DeviceCode');
    await codes.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await codes.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });

    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('hides expired rows and purges them', async () => {
    const interactions = adapter('Interaction');
    await interactions.upsert('old', { kind: 'Interaction' }, 1);
    await interactions.upsert('new', { kind: 'Interaction' }, 600);
    await handle.db
      .updateTable('oidc_payloads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', 'old')
      .execute();
    expect(await interactions.find('old')).toBeUndefined();
    expect(await purgeExpired(handle.db)).toBe(1);
    expect(await interactions.find('new')).toEqual({ kind: 'Interaction' });
  });

  it('consumes a one-time token exactly once, even when two requests race', async () => {
    const tokens = adapter('RefreshToken');
    await tokens.upsert('rt1', { grantId: 'g1', kind: 'RefreshToken' }, 600);
    const results = await Promise.allSettled([tokens.consume('rt1'), tokens.consume('rt1')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { error: 'invalid_grant' },
    });
    expect((await tokens.find('rt1'))?.consumed).toEqual(expect.any(Number));
  });

  it('revokes everything issued under a grant, and the grant itself when asked', async () => {
    await adapter('Grant').upsert('g2', { kind: 'Grant' }, 600);
    await adapter('AccessToken').upsert('at2', { grantId: 'g2' }, 600);
    await adapter('RefreshToken').upsert('rt2', { grantId: 'g2' }, 600);
    await adapter('RefreshToken').upsert('rt3', { grantId: 'other' }, 600);
    await adapter('Interaction').upsert('i2', { grantId: 'g2' }, 600);

    await adapter('AccessToken').revokeByGrantId('g2');
    expect(await adapter('AccessToken').find('at2')).toBeUndefined();
    expect(await adapter('RefreshToken').find('rt2')).toBeUndefined();
    expect(await adapter('RefreshToken').find('rt3')).toBeDefined();
    expect(await adapter('Interaction').find('i2')).toBeDefined();
    expect(await adapter('Grant').find('g2')).toBeDefined();

    await revokeGrant(handle.db, 'g2');
    expect(await adapter('Grant').find('g2')).toBeUndefined();
  });
});

describe('session lifetime', () => {
  it('slides over the idle window and stops at the maximum', () => {
    const now = 1_000_000;
    expect(sessionRemaining(undefined, now)).toBe(SESSION_IDLE);
    expect(sessionRemaining(now - 60, now)).toBe(30 * 60);
    expect(sessionRemaining(now - SESSION_MAX + 600, now)).toBe(600);
    expect(sessionRemaining(now - SESSION_MAX - 5, now)).toBe(1);
  });
});
