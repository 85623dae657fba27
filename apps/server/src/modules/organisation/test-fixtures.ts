import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
import { useTestServer, type TestServer } from '../../../test/helpers.ts';
import { mintAccessToken } from '../../../test/tokens.ts';

/** Test callers: anonymous, the four demo roles of company A, and company B's admin. */
export const CALLERS = ['anon', 'SA', 'CA', 'DA', 'ZA', 'CB'] as const;
export type Who = (typeof CALLERS)[number];
export const USERNAMES: Record<Exclude<Who, 'anon'>, string> = {
  SA: 'superadmin',
  CA: 'companyadmin',
  DA: 'deptadmin',
  ZA: 'zoneadmin',
  CB: 'companyadmin2',
};

/** Fixtures over the demo seed: ids by name, fresh objects for destructive cases, tokens, and a request helper. */
export function orgFixtures(server: TestServer) {
  const db = server.context.db;
  const tokens = new Map<Who, string>();
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

  async function token(who: Who): Promise<string | undefined> {
    if (who === 'anon') return undefined;
    if (!tokens.has(who)) tokens.set(who, await mintAccessToken(db, server.config, USERNAMES[who]));
    return tokens.get(who);
  }

  async function call(
    who: Who,
    method: InjectOptions['method'],
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const bearer = await token(who);
    return server.app.inject({
      method,
      url: `${API_BASE_PATH}${path}`,
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
      ...(payload === undefined
        ? {}
        : typeof payload === 'string' || Buffer.isBuffer(payload)
          ? { payload }
          : { payload: payload as object }),
    });
  }

  async function companyId(code: string): Promise<number> {
    return (await db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow())
      .id;
  }

  async function unitId(
    table: 'departments' | 'zones' | 'designations',
    code: string,
    name: string,
  ): Promise<number> {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', await companyId(code))
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function userId(username: string): Promise<number> {
    return (
      await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()
    ).id;
  }

  /** A seeded MSISDN of the company in that department (and zone). */
  async function msisdnIn(code: string, department: string, zone?: string): Promise<number> {
    let q = db
      .selectFrom('msisdns')
      .select('id')
      .where('department_id', '=', await unitId('departments', code, department));
    if (zone) q = q.where('zone_id', '=', await unitId('zones', code, zone));
    return (await q.orderBy('id').executeTakeFirstOrThrow()).id;
  }

  async function freshCompany(): Promise<number> {
    const row = await db
      .insertInto('companies')
      .values({
        name: `Fresh ${unique()}`,
        code: `F${unique()}`.toUpperCase().slice(0, 20),
        config: JSON.stringify({
          trackingWindow: { days: [1], start: '08:00', end: '17:00', timezone: 'UTC' },
          pollIntervalMinutes: 5,
          retentionDays: 30,
        }),
        price_plan: JSON.stringify({ currency: 'EUR', monthlyFeePerMsisdn: 1, feePerLocate: 0.01 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function freshUnit(table: 'departments' | 'zones' | 'designations', code: string): Promise<number> {
    const row = await db
      .insertInto(table)
      .values({ company_id: await companyId(code), name: `Fresh ${unique()}`, description: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A fresh MSISDN (consent PENDING) in the company, department and zone given by name. */
  async function freshMsisdn(
    code: string,
    department: string,
    designation: string,
    zone?: string,
  ): Promise<number> {
    const row = await db
      .insertInto('msisdns')
      .values({
        company_id: await companyId(code),
        department_id: await unitId('departments', code, department),
        zone_id: zone ? await unitId('zones', code, zone) : null,
        designation_id: await unitId('designations', code, designation),
        msisdn: nextNumber(),
        employee_name: `Fresh ${unique()}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A fresh MSISDN that consented and is tracked (so it is located and its app's positions are taken). */
  async function trackedMsisdn(code: string, department: string, designation: string, zone?: string) {
    const id = await freshMsisdn(code, department, designation, zone);
    await db
      .updateTable('msisdns')
      .set({ consent_status: 'GRANTED', consent_at: new Date(), tracking_enabled: true })
      .where('id', '=', id)
      .execute();
    return id;
  }

  /** A fresh invited portal user (no password, no audit history) of the company. */
  async function freshUser(code: string, roles: string[] = ['CompanyAdmin']): Promise<number> {
    const name = `fresh.${unique()}`;
    const row = await db
      .insertInto('users')
      .values({
        username: name,
        email: `${name}@example.com`,
        full_name: 'Fresh User',
        company_id: await companyId(code),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_roles')
      .values(roles.map((role) => ({ user_id: row.id, role })))
      .execute();
    return row.id;
  }

  let numberSeq = 5_000_000;
  /** A valid Italian mobile number not used by the seed. */
  function nextNumber(): string {
    return `+39347${numberSeq++}`;
  }

  return {
    db,
    call,
    token,
    unique,
    companyId,
    unitId,
    userId,
    msisdnIn,
    freshCompany,
    freshUnit,
    freshMsisdn,
    trackedMsisdn,
    freshUser,
    nextNumber,
  };
}

export type OrgFixtures = ReturnType<typeof orgFixtures>;

/**
 * A test server for the calling test file (fresh database, demo seed, `env` on top; see useTestServer) with the
 * fixtures over it. The answer is filled in by a beforeAll hook: hooks the file registers later, and its tests, see
 * it complete.
 */
export function useOrgFixtures(env: Record<string, string> = {}): OrgFixtures & { server: TestServer } {
  const server = useTestServer(env);
  const fixtures = {} as OrgFixtures & { server: TestServer };
  beforeAll(() => {
    Object.assign(fixtures, orgFixtures(server), { server });
  });
  return fixtures;
}
