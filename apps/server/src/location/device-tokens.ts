import type { CompanyConfig, CompanyStatus, ConsentStatus } from '@lbs/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/database.ts';

/** A device token is 32 random bytes (base64url, 43 characters): stored only as its SHA-256. */
export const hashDeviceToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Issues a new token for the MSISDN and revokes its earlier ones (an app is configured with one at a time). */
export async function issueDeviceToken(
  db: Executor,
  msisdnId: number,
  createdBy: number | null,
  now: Date = new Date(),
): Promise<{ token: string; createdAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  await db
    .updateTable('device_tokens')
    .set({ revoked_at: now })
    .where('msisdn_id', '=', msisdnId)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await db
    .insertInto('device_tokens')
    .values({
      msisdn_id: msisdnId,
      token_hash: hashDeviceToken(token),
      created_by: createdBy,
      created_at: now,
    })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return { token, createdAt: new Date(row.created_at) };
}

export async function revokeDeviceTokens(
  db: Executor,
  msisdnId: number,
  now: Date = new Date(),
): Promise<number> {
  const result = await db
    .updateTable('device_tokens')
    .set({ revoked_at: now })
    .where('msisdn_id', '=', msisdnId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The MSISDN's live token (when issued, when last used), or undefined when it has none. */
export async function liveDeviceToken(
  db: Executor,
  msisdnId: number,
): Promise<{ createdAt: Date; lastUsedAt: Date | null } | undefined> {
  const row = await db
    .selectFrom('device_tokens')
    .select(['created_at', 'last_used_at'])
    .where('msisdn_id', '=', msisdnId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  };
}

export interface DeviceOwner {
  tokenId: number;
  msisdnId: number;
  msisdn: string;
  consentStatus: ConsentStatus;
  trackingEnabled: boolean;
  company: { id: number; status: CompanyStatus; config: CompanyConfig };
}

/** The MSISDN (and its company) a live token belongs to; undefined for an unknown or revoked token. */
export async function findDeviceOwner(db: Executor, token: string): Promise<DeviceOwner | undefined> {
  if (!token || token.length > 200) return undefined;
  const row = await db
    .selectFrom('device_tokens as t')
    .innerJoin('msisdns as m', 'm.id', 't.msisdn_id')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select([
      't.id',
      'm.id as msisdn_id',
      'm.msisdn',
      'm.consent_status',
      'm.tracking_enabled',
      'm.company_id',
      'c.status',
      'c.config',
    ])
    .where('t.token_hash', '=', hashDeviceToken(token))
    .where('t.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    tokenId: row.id,
    msisdnId: row.msisdn_id,
    msisdn: row.msisdn,
    consentStatus: row.consent_status,
    trackingEnabled: row.tracking_enabled,
    company: { id: row.company_id, status: row.status, config: row.config },
  };
}
