import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, until } from '../../test/capture-log.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { RowCache } from '../lib/row-cache.ts';
import { EventBus, notify, POOL_UNLISTEN_AFTER_MS } from './bus.ts';
import { changedTags, followRowChanges, ROW_CHANGES_CHANNEL } from './row-changes.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let bus: EventBus;
const heard: string[] = [];
const ids = { company: 0, department: 0, zone: 0, designation: 0, user: 0, msisdn: 0, other: 0, token: 0 };

beforeAll(async () => {
  handle = await openTestDatabase();
  bus = await EventBus.start(handle, captureLog().log, {
    minDelayMs: 300,
    maxDelayMs: 300,
    random: () => 1,
  });
  await bus.subscribe(ROW_CHANGES_CHANNEL, (payload) => heard.push(payload));
  const { db } = handle;
  const config = JSON.stringify({});
  ids.company = (
    await sql<{ id: number }>`insert into companies (name, code, config, price_plan)
      values ('Alpha', 'ALPHA', ${config}, ${config}) returning id`.execute(db)
  ).rows[0]!.id;
  for (const kind of ['department', 'zone', 'designation'] as const)
    ids[kind] = (
      await sql<{ id: number }>`insert into ${sql.table(`${kind}s`)} (company_id, name)
        values (${ids.company}, ${kind}) returning id`.execute(db)
    ).rows[0]!.id;
  ids.user = (
    await db
      .insertInto('users')
      .values({ username: 'u', email: 'u@example.com', full_name: 'U', company_id: ids.company })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const msisdn = (number: string) =>
    db
      .insertInto('msisdns')
      .values({
        company_id: ids.company,
        department_id: ids.department,
        designation_id: ids.designation,
        msisdn: number,
        employee_name: number,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  ids.msisdn = (await msisdn('+15550001')).id;
  ids.other = (await msisdn('+15550002')).id;
  await db
    .insertInto('device_tokens')
    .values([
      { msisdn_id: ids.msisdn, token_hash: 'hash-1' },
      { msisdn_id: ids.other, token_hash: 'hash-2' },
    ])
    .execute();
  ids.token = (
    await db
      .selectFrom('device_tokens')
      .select('id')
      .where('token_hash', '=', 'hash-1')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await bus?.close();
  await handle?.dispose();
});

let marker = 0;
/** The notifications `change` sent (notifications arrive in commit order: a marker sent after it comes last). */
async function sent(change: () => Promise<unknown>): Promise<string[]> {
  heard.length = 0;
  await change();
  const end = `marker:${++marker}`;
  await notify(handle.db, ROW_CHANGES_CHANNEL, end);
  await until(() => heard.includes(end), 5_000, 'the marker notification');
  return heard.slice(0, heard.indexOf(end));
}

describe('row-change notifications (migration 0016)', () => {
  it('name the users whose row or roles changed', async () => {
    const { db } = handle;
    const user = `user:${ids.user}`;
    expect(
      await sent(() => db.updateTable('users').set({ active: false }).where('id', '=', ids.user).execute()),
    ).toEqual([user]);
    expect(
      await sent(() => db.updateTable('users').set({ active: true }).where('id', '=', -1).execute()),
    ).toEqual([]);
    expect(
      await sent(() =>
        db.insertInto('user_roles').values({ user_id: ids.user, role: 'CompanyAdmin' }).execute(),
      ),
    ).toEqual([user]);
    expect(
      await sent(() =>
        db.updateTable('user_roles').set({ role: 'ZoneAdmin' }).where('user_id', '=', ids.user).execute(),
      ),
    ).toEqual([user]);
    expect(await sent(() => db.deleteFrom('user_roles').where('user_id', '=', ids.user).execute())).toEqual([
      user,
    ]);
  });

  it('name the MSISDN of a changed, revoked or first-used device token, not of a "last used" mark', async () => {
    const { db } = handle;
    const token = () => db.updateTable('device_tokens').where('id', '=', ids.token);
    expect(await sent(() => token().set({ last_used_at: new Date() }).execute())).toEqual([
      `msisdn:${ids.msisdn}`,
    ]);
    expect(
      await sent(() =>
        token()
          .set({ last_used_at: new Date(Date.now() + 60_000) })
          .execute(),
      ),
    ).toEqual([]);
    expect(await sent(() => token().set({ revoked_at: new Date() }).execute())).toEqual([
      `msisdn:${ids.msisdn}`,
    ]);
    expect(
      await sent(() =>
        db.updateTable('msisdns').set({ consent_status: 'REVOKED' }).where('id', '=', ids.msisdn).execute(),
      ),
    ).toEqual([`msisdn:${ids.msisdn}`]);
    // Deleting the MSISDN deletes its token too: one notification for both (same payload, same transaction).
    expect(await sent(() => db.deleteFrom('msisdns').where('id', '=', ids.other).execute())).toEqual([
      `msisdn:${ids.other}`,
    ]);
  });

  it('name companies (new ones too) and the units whose names /me shows', async () => {
    const { db } = handle;
    expect(
      await sent(() =>
        db.updateTable('companies').set({ status: 'SUSPENDED' }).where('id', '=', ids.company).execute(),
      ),
    ).toEqual([`company:${ids.company}`]);
    const created = await sent(() =>
      sql`insert into companies (name, code, config, price_plan) values ('Beta', 'BETA', '{}', '{}')`.execute(
        db,
      ),
    );
    expect(created).toEqual([expect.stringMatching(/^company:\d+$/)]);
    for (const kind of ['department', 'zone', 'designation'] as const)
      expect(
        await sent(() =>
          db.updateTable(`${kind}s`).set({ name: 'renamed' }).where('id', '=', ids[kind]).execute(),
        ),
      ).toEqual([`${kind}:${ids[kind]}`]);
  });

  it('name the company whose invoices changed', async () => {
    const { db } = handle;
    const invoice = await sent(() =>
      sql`insert into invoices (company_id, period_start, period_end, status, currency, tax_rate_percent, subtotal_minor,
            rebate_minor, tax_minor, total_minor, tariff_snapshot, content_hash)
          values (${ids.company}, '2026-10-01', '2026-10-31', 'DRAFT', 'SAR', 15, 0, 0, 0, 0, '{}', 'x')`.execute(
        db,
      ),
    );
    expect(invoice).toEqual([`company-invoices:${ids.company}`]);
  });

  it('name the whole kind for a truncated table or more than 200 rows', async () => {
    const { db } = handle;
    const many = Array.from({ length: 201 }, (_, i) => ({
      username: `m${i}`,
      email: `m${i}@example.com`,
      full_name: 'M',
    }));
    await db.insertInto('users').values(many).execute();
    expect(await sent(() => db.updateTable('users').set({ notes: 'all' }).execute())).toEqual(['user:*']);
    expect(await sent(() => sql`truncate device_tokens`.execute(db))).toEqual(['msisdn:*']);
  });
});

describe('changedTags', () => {
  it('reads one tag per id and the kind, or the whole kind', () => {
    expect(changedTags('user:5,7')).toEqual({ tags: ['user:5', 'user:7', 'user:any'] });
    expect(changedTags('company:*')).toEqual({ kind: 'company' });
    expect(changedTags('nonsense')).toBeUndefined();
  });
});

describe('followRowChanges', () => {
  it('drops what a change names; this process’s own changes before their commit returns', async () => {
    const cache = new RowCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const stop = await followRowChanges(bus, [cache]);
    try {
      const load = (value: string) => async () => ({ value, tags: [`user:${ids.user}`] });
      expect(await cache.get('u', load('before'))).toBe('before');
      await handle.db.updateTable('users').set({ full_name: 'Changed' }).where('id', '=', ids.user).execute();
      // No waiting: the notification of this commit came back with it.
      expect(cache.size).toBe(0);
      expect(await cache.get('u', load('after'))).toBe('after');
    } finally {
      await stop();
    }
  });
});

describe.skipIf(!process.env['DATABASE_URL'])('followRowChanges on PostgreSQL', () => {
  it('serves nothing while the LISTEN connection is down and starts empty after it is back', async () => {
    const cache = new RowCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const stop = await followRowChanges(bus, [cache]);
    let reconnected = false;
    const offReconnect = bus.onReconnect(() => (reconnected = true));
    const database = (await sql<{ db: string }>`select current_database() as db`.execute(handle.db)).rows[0]!
      .db;
    const url = new URL(process.env['DATABASE_URL']!);
    url.pathname = `/${database}`;
    // Another replica: its commits reach this process only through the LISTEN connection.
    const replica = new pg.Client({ connectionString: url.toString() });
    await replica.connect();
    const name = async () =>
      (await replica.query<{ full_name: string }>('select full_name from users where id = $1', [ids.user]))
        .rows[0]!.full_name;
    const load = async () => ({ value: await name(), tags: [`user:${ids.user}`] });
    try {
      heard.length = 0;
      await replica.query('update users set full_name = $1 where id = $2', ['One', ids.user]);
      await until(() => heard.includes(`user:${ids.user}`), 5_000, 'the notification of the first change');
      expect(await cache.get('u', load)).toBe('One');
      expect(cache.size).toBe(1);
      await replica.query('select pg_terminate_backend($1)', [bus.backendPid]);
      await until(() => cache.size === 0, 5_000, 'the caches to be suspended');
      // Changed while nothing listens: this notification is lost.
      await replica.query('update users set full_name = $1 where id = $2', ['Two', ids.user]);
      expect(await cache.get('u', load)).toBe('Two');
      expect(cache.size).toBe(0);
      await until(() => reconnected, 5_000, 'the reconnect');
      expect(await cache.get('u', load)).toBe('Two');
      expect(cache.size).toBe(1);
      await replica.query('update users set full_name = $1 where id = $2', ['Three', ids.user]);
      await until(() => cache.size === 0, 1_000, 'the change to drop the entry');
      expect(await cache.get('u', load)).toBe('Three');
    } finally {
      offReconnect();
      await replica.end();
      await stop();
    }
  });

  it('a pool connection left idle stops listening, and listens again before its next borrower’s first query', async () => {
    const cache = new RowCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const stop = await followRowChanges(bus, [cache]);
    const pool = handle.pool!;
    const channels = async (client: pg.ClientBase) =>
      (await client.query<{ c: string }>('select pg_listening_channels() as c')).rows.map((r) => r.c);
    try {
      const client = await pool.connect();
      expect(await channels(client)).toContain(ROW_CHANGES_CHANNEL);
      client.release();
      // Asked directly (not borrowed from the pool, which would listen again): PostgreSQL wakes every listening
      // backend of the database on each NOTIFY, so an idle one must not be.
      const started = Date.now();
      await until(
        async () => !(await channels(client)).includes(ROW_CHANGES_CHANNEL),
        5_000,
        'the idle connection to stop listening',
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(POOL_UNLISTEN_AFTER_MS / 2);
      // Borrowed again: listening before the borrower's first query.
      const again = await pool.connect();
      try {
        expect(await channels(again)).toContain(ROW_CHANGES_CHANNEL);
      } finally {
        again.release();
      }
      // Own commits still come back with the commit, on whichever connection the write borrows.
      await new Promise((resolve) => setTimeout(resolve, 2 * POOL_UNLISTEN_AFTER_MS));
      const load = (value: string) => async () => ({ value, tags: [`user:${ids.user}`] });
      expect(await cache.get('u', load('before'))).toBe('before');
      await handle.db.updateTable('users').set({ full_name: 'Idle' }).where('id', '=', ids.user).execute();
      expect(cache.size).toBe(0);
    } finally {
      await stop();
    }
  });
});
