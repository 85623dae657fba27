import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY_CONFIG, DEFAULT_PRICE_PLAN } from '@lbs/contracts';
import { openTestDatabase } from '../../test/helpers.ts';
import type { Db } from '../db/database.ts';
import { companyReach, reachSql, scopeAllows, tierReach, type Reach, type Scope } from './scope.ts';
import { scoped } from './scoped.ts';

/**
 * One table drives both renderings of the scope rule: the SQL filter (scoped(): msisdns, msisdnOwned, companyOwned)
 * and the live stream's filter (scopeAllows). Companies 1 and 2; departments 10, 11 (of 1) and 12 (of 2); zones 20,
 * 21 (of 1) and 22 (of 2).
 */
const ROWS = {
  n1: { companyId: 1, departmentId: 10, zoneId: 20 },
  n2: { companyId: 1, departmentId: 10, zoneId: null },
  n3: { companyId: 1, departmentId: 11, zoneId: 20 },
  n4: { companyId: 1, departmentId: 11, zoneId: 21 },
  n5: { companyId: 2, departmentId: 12, zoneId: 22 },
} as const;
type RowName = keyof typeof ROWS;

const CASES: { name: string; scope: Scope; msisdns: RowName[]; company: number[] }[] = [
  { name: 'SuperAdmin', scope: { tier: 'all' }, msisdns: ['n1', 'n2', 'n3', 'n4', 'n5'], company: [1, 2] },
  { name: 'no scope', scope: { tier: 'none' }, msisdns: [], company: [] },
  {
    name: 'company 1',
    scope: { tier: 'company', companyId: 1 },
    msisdns: ['n1', 'n2', 'n3', 'n4'],
    company: [1],
  },
  { name: 'company 2', scope: { tier: 'company', companyId: 2 }, msisdns: ['n5'], company: [2] },
  {
    name: 'department 10',
    scope: { tier: 'department', companyId: 1, departmentId: 10 },
    msisdns: ['n1', 'n2'],
    company: [1],
  },
  {
    name: 'department 12 named with the wrong company',
    scope: { tier: 'department', companyId: 1, departmentId: 12 },
    msisdns: [],
    company: [1],
  },
  { name: 'zone 20', scope: { tier: 'zone', companyId: 1, zoneId: 20 }, msisdns: ['n1', 'n3'], company: [1] },
  { name: 'zone 21', scope: { tier: 'zone', companyId: 1, zoneId: 21 }, msisdns: ['n4'], company: [1] },
  {
    name: 'zone 22 of company 2',
    scope: { tier: 'zone', companyId: 2, zoneId: 22 },
    msisdns: ['n5'],
    company: [2],
  },
];

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
const idOf = new Map<RowName, number>();
const nameOf = new Map<number, RowName>();

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  for (const id of [1, 2]) {
    await db
      .insertInto('companies')
      .values({
        id,
        name: `Company ${id}`,
        code: `C${id}`,
        config: JSON.stringify(DEFAULT_COMPANY_CONFIG),
        price_plan: JSON.stringify(DEFAULT_PRICE_PLAN),
      })
      .execute();
    await db.insertInto('designations').values({ id, company_id: id, name: 'Driver' }).execute();
  }
  await db
    .insertInto('departments')
    .values([
      { id: 10, company_id: 1, name: 'D10' },
      { id: 11, company_id: 1, name: 'D11' },
      { id: 12, company_id: 2, name: 'D12' },
    ])
    .execute();
  await db
    .insertInto('zones')
    .values([
      { id: 20, company_id: 1, name: 'Z20' },
      { id: 21, company_id: 1, name: 'Z21' },
      { id: 22, company_id: 2, name: 'Z22' },
    ])
    .execute();
  let n = 0;
  for (const [name, row] of Object.entries(ROWS) as [RowName, (typeof ROWS)[RowName]][]) {
    const { id } = await db
      .insertInto('msisdns')
      .values({
        company_id: row.companyId,
        department_id: row.departmentId,
        zone_id: row.zoneId,
        designation_id: row.companyId,
        msisdn: `+3934700000${n++}`,
        employee_name: name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    idOf.set(name, id);
    nameOf.set(id, name);
    await db
      .insertInto('positions')
      .values({ msisdn_id: id, time: new Date(), lat: 45, lon: 9, accuracy_m: 100, source: 'NETWORK' })
      .execute();
  }
});

afterAll(async () => {
  await handle?.dispose();
});

const sorted = <T>(values: T[]) => [...values].sort();

describe.each(CASES)('scope rule: $name', ({ scope, msisdns, company }) => {
  it('the stream filter lets through exactly the MSISDNs of the table', () => {
    const passed = (Object.keys(ROWS) as RowName[]).filter((name) => scopeAllows(scope, ROWS[name]));
    expect(sorted(passed)).toEqual(sorted(msisdns));
  });

  it('the SQL filter reads exactly the MSISDNs of the table', async () => {
    const rows = await scoped(db, scope).msisdns().select('msisdns.id').execute();
    expect(sorted(rows.map((r) => nameOf.get(r.id)!))).toEqual(sorted(msisdns));
  });

  it('msisdnOwned reaches the positions of exactly those MSISDNs', async () => {
    const rows = await scoped(db, scope)
      .msisdnOwned('positions', 'msisdn_id')
      .select('positions.msisdn_id')
      .execute();
    expect(sorted(rows.map((r) => nameOf.get(r.msisdn_id)!))).toEqual(sorted(msisdns));
  });

  it('companyOwned and companies reach the company as a whole, whatever the tier', async () => {
    const designations = await scoped(db, scope).companyOwned('designations').select('company_id').execute();
    expect(designations.map((r) => r.company_id).sort()).toEqual(company);
    const companies = await scoped(db, scope).companies().select('companies.id').execute();
    expect(companies.map((r) => r.id).sort()).toEqual(company);
  });
});

describe('reachSql', () => {
  it('refuses a tier rule on a table without the column it narrows by', () => {
    const zone: Reach = tierReach({ tier: 'zone', companyId: 1, zoneId: 20 });
    expect(() => reachSql(zone, { company: 'invoices.company_id' })).toThrow(/zone column/);
    expect(() =>
      reachSql(companyReach({ tier: 'zone', companyId: 1, zoneId: 20 }), { company: 'x' }),
    ).not.toThrow();
  });
});
