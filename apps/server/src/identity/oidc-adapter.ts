import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.ts';

/** Models whose rows carry the grant they belong to, so a grant can be revoked with everything it issued. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

const epoch = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * oidc-provider storage in the `oidc_payloads` table: sessions, grants, codes, tokens and interactions survive a
 * restart and are shared by every replica. One instance per model; `(model, id)` is the key.
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      consumed_at: typeof payload.consumed === 'number' ? new Date(payload.consumed * 1000) : null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values({ model: this.model, id, ...row })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  /**
   * Marks a one-time artifact (authorization code, refresh token) used. Atomic: of two requests racing with the
   * same code or refresh token only one wins; the other gets invalid_grant instead of a second token set.
   */
  async consume(id: string): Promise<void> {
    const updated = await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: new Date() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new errors.InvalidGrant('grant already used');
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await revokeGrant(this.db, grantId, { keepGrant: true });
  }

  private async findWhere(
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumed_at ? { ...payload, consumed: epoch(row.consumed_at) } : payload;
  }
}

export function databaseAdapterFactory(db: Db): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(db, model);
}

/** Deletes every code and token issued under a grant and, unless told otherwise, the grant itself. */
export async function revokeGrant(db: Db, grantId: string, { keepGrant = false } = {}): Promise<void> {
  await db
    .deleteFrom('oidc_payloads')
    .where((eb) =>
      keepGrant
        ? eb('grant_id', '=', grantId)
        : eb.or([eb('grant_id', '=', grantId), eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)])]),
    )
    .execute();
}

/** Deletes expired rows; returns how many. */
export async function purgeExpired(db: Db, now = new Date()): Promise<number> {
  const rows = await db.deleteFrom('oidc_payloads').where('expires_at', '<', now).returning('id').execute();
  return rows.length;
}
