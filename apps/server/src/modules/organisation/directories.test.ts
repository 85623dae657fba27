import { describe, expect, it } from 'vitest';
import type { Company, OrgUnit, User } from '@lbs/contracts';
import { useOrgFixtures } from './test-fixtures.ts';

/**
 * The reads behind the operator's directories (/operator/companies, /operator/users: SuperAdmin screens outside the
 * SPEC table) and behind the units on a company's details page. They are the ordinary list endpoints, so the scope
 * is the server's: a SuperAdmin sees every company and portal user; a CompanyAdmin asking the same questions, even
 * naming another company, gets its own company's answers only; a DepartmentAdmin or ZoneAdmin may not list companies
 * or users at all (403).
 */
const f = useOrgFixtures();

interface Page<T> {
  items: T[];
  total: number;
}
const list = async <T>(who: 'SA' | 'CA' | 'CB', path: string): Promise<Page<T>> => {
  const response = await f.call(who, 'GET', path);
  expect(response.statusCode).toBe(200);
  return response.json() as Page<T>;
};

describe('the operator’s directories', () => {
  it('a SuperAdmin finds a company it created by search, with what it may do to it; a CompanyAdmin does not', async () => {
    const code = `DIR${f.unique()}`.toUpperCase().slice(0, 20);
    const created = await f.call('SA', 'POST', '/companies', { name: `Directory ${code}`, code });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as Company).id;

    const found = await list<Company>(
      'SA',
      `/companies?q=${code.toLowerCase()}&status=ACTIVE&zoneEnabled=false`,
    );
    expect(found.items.map((c) => [c.id, c.code])).toEqual([[id, code]]);
    expect(found.items[0]!.abilities).toMatchObject({ update: true, delete: true });
    const every = await list<Company>('SA', '/companies?size=100');
    expect(every.items.map((c) => c.code)).toEqual(expect.arrayContaining(['ALPHA', 'BETA', code]));

    expect((await list<Company>('CA', `/companies?q=${code}`)).total).toBe(0);
    const own = await list<Company>('CA', '/companies?size=100');
    expect(own.items.map((c) => c.code)).toEqual(['ALPHA']);
    expect(own.items[0]!.abilities).toMatchObject({ update: false, delete: false });
    for (const who of ['DA', 'ZA'] as const) {
      expect((await f.call(who, 'GET', '/companies')).statusCode).toBe(403);
      expect((await f.call(who, 'GET', '/users')).statusCode).toBe(403);
    }
  });

  it('a SuperAdmin lists every company’s portal users by company, role and active; a CompanyAdmin naming another company gets none', async () => {
    const alpha = await f.companyId('ALPHA');
    const beta = await f.companyId('BETA');
    const everyone = await list<User>('SA', '/users?size=100');
    expect(everyone.items.some((u) => u.companyId === alpha)).toBe(true);
    expect(everyone.items.some((u) => u.companyId === beta)).toBe(true);

    const inactive = await f.freshUser('BETA', ['CompanyAdmin']);
    await f.db.updateTable('users').set({ active: false }).where('id', '=', inactive).execute();
    const betaInactive = await list<User>('SA', `/users?companyId=${beta}&role=CompanyAdmin&active=false`);
    expect(betaInactive.items.map((u) => u.id)).toEqual([inactive]);
    expect(betaInactive.items[0]!.abilities).toMatchObject({ update: true, delete: true });

    expect((await list<User>('CA', `/users?companyId=${beta}`)).total).toBe(0);
    const own = await list<User>('CA', '/users?size=100');
    expect(own.items.every((u) => u.companyId === alpha)).toBe(true);
    expect(own.items.every((u) => !u.abilities.update && !u.abilities.delete)).toBe(true);
    expect((await f.call('CA', 'GET', `/users/${inactive}`)).statusCode).toBe(404);
  });

  it('a company’s departments and zones carry their MSISDN counts, only in the caller’s scope', async () => {
    const alpha = await f.companyId('ALPHA');
    const beta = await f.companyId('BETA');
    for (const [path, column] of [
      ['/departments', 'department_id'],
      ['/zones', 'zone_id'],
    ] as const) {
      const units = await list<OrgUnit>('CA', `${path}?companyId=${alpha}&size=100`);
      expect(units.total).toBeGreaterThan(0);
      const counts = await f.db
        .selectFrom('msisdns')
        .select([column, (eb) => eb.fn.countAll<string>().as('n')])
        .where('company_id', '=', alpha)
        .groupBy(column)
        .execute();
      for (const unit of units.items) {
        expect(unit.companyId).toBe(alpha);
        const row = counts.find((c) => (c as Record<string, unknown>)[column] === unit.id);
        expect(unit.msisdnCount).toBe(Number(row?.n ?? 0));
      }
      expect(units.items.some((u) => u.msisdnCount > 0)).toBe(true);
      // another company's units are not the CompanyAdmin's to count
      expect((await list<OrgUnit>('CA', `${path}?companyId=${beta}`)).total).toBe(0);
    }
  });
});
