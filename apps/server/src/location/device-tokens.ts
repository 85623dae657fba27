import type { CompanyConfig, CompanyStatus, ConsentStatus } from '@lbs/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { RowCache } from '../lib/row-cache.ts';

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
  /** When the consent in force was given (null: none): a fix taken before it was taken without consent. */
  consentAt: Date | null;
  trackingEnabled: boolean;
  company: { id: number; status: CompanyStatus; config: CompanyConfig };
  /** The token has never been used: its first use is written before the report is acknowledged. */
  firstUse: boolean;
}

/** The MSISDN (and its company) a live token belongs to; undefined for an unknown or revoked token. */
export async function findDeviceOwner(db: Executor, token: string): Promise<DeviceOwner | undefined> {
  if (!token || token.length > 200) return undefined;
  return ownerByHash(db, hashDeviceToken(token));
}

async function ownerByHash(db: Executor, tokenHash: string): Promise<DeviceOwner | undefined> {
  const row = await db
    .selectFrom('device_tokens as t')
    .innerJoin('msisdns as m', 'm.id', 't.msisdn_id')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select([
      't.id',
      'm.id as msisdn_id',
      'm.msisdn',
      'm.consent_status',
      'm.consent_at',
      'm.tracking_enabled',
      'm.company_id',
      'c.status',
      'c.config',
      't.last_used_at',
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    tokenId: row.id,
    msisdnId: row.msisdn_id,
    msisdn: row.msisdn,
    consentStatus: row.consent_status,
    consentAt: row.consent_at,
    trackingEnabled: row.tracking_enabled,
    company: { id: row.company_id, status: row.status, config: row.config },
    firstUse: row.last_used_at === null,
  };
}

/**
 * findDeviceOwner through a cache that row changes keep current (events/row-changes.ts): an entry goes when its
 * token is revoked or first used, its MSISDN changes (consent, tracking, company, deletion) or its company does.
 */
export function cachedDeviceOwners(
  db: Executor,
  cache: RowCache<DeviceOwner>,
): (token: string) => Promise<DeviceOwner | undefined> {
  return (token) => {
    if (!token || token.length > 200) return Promise.resolve(undefined);
    const tokenHash = hashDeviceToken(token);
    return cache.get(tokenHash, async () => {
      const owner = await ownerByHash(db, tokenHash);
      return owner && { value: owner, tags: [`msisdn:${owner.msisdnId}`, `company:${owner.company.id}`] };
    });
  };
}

/**
 * When each token was last used, kept off the request path: a use marks the token, and the marks are written in one
 * statement a moment later (each token at most once a minute, as the column's precision promises). A crash loses
 * at most the last moment's marks of a timestamp, never a position. Writes are group-committed: one statement at a
 * time, and the marks made while it runs (a fleet of new devices reporting at once) go together in the next.
 */
export class TokenUse {
  readonly #db: Executor;
  readonly #delayMs: number;
  readonly #now: () => number;
  /** Tokens used since the last write began. */
  readonly #pending = new Set<number>();
  /** When this process last marked each token (a token marked within the minute is not marked again). */
  readonly #marked = new Map<number, number>();
  #timer: NodeJS.Timeout | undefined;
  /** The statement running, if one is. */
  #running: Promise<void> | undefined;
  /** The next statement, waiting for the running one: it takes every mark pending when it begins. */
  #next: Promise<void> | undefined;

  constructor(db: Executor, options: { delayMs?: number; now?: () => number } = {}) {
    this.#db = db;
    this.#delayMs = options.delayMs ?? 1000;
    this.#now = options.now ?? Date.now;
  }

  touch(tokenId: number): void {
    const at = this.#now();
    const last = this.#marked.get(tokenId);
    if (last !== undefined && at - last < 60_000) return;
    this.#marked.set(tokenId, at);
    this.#pending.add(tokenId);
    this.#timer ??= setTimeout(() => void this.flush(), this.#delayMs).unref();
  }

  /**
   * Marks a token's first use and writes it before answering: "none received yet" must not outlive the first report
   * the admin can already see on the map. Once per token, so the request path pays for it once, and many first uses
   * at once share a statement.
   */
  first(tokenId: number): Promise<void> {
    this.touch(tokenId);
    return this.flush();
  }

  /** Writes the pending marks (also at shutdown): settles once every mark made before the call is written. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#next) return this.#next;
    if (!this.#running) return this.#write();
    if (!this.#pending.size) return this.#running;
    const next = this.#running.then(() => {
      this.#next = undefined;
      return this.#write();
    });
    this.#next = next;
    return next;
  }

  #write(): Promise<void> {
    const ids = [...this.#pending];
    this.#pending.clear();
    const at = this.#now();
    for (const [id, when] of this.#marked) if (at - when >= 60_000) this.#marked.delete(id);
    if (!ids.length) return Promise.resolve();
    const running: Promise<void> = this.#update(ids).finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
    this.#running = running;
    return running;
  }

  async #update(ids: number[]): Promise<void> {
    try {
      await sql`update device_tokens set last_used_at = now()
        where id = any(${ids}::int[]) and (last_used_at is null or last_used_at < now() - interval '1 minute')`.execute(
        this.#db,
      );
    } catch {
      // A lost mark is a slightly older "last used": the next use marks the token again.
      for (const id of ids) this.#marked.delete(id);
    }
  }
}
