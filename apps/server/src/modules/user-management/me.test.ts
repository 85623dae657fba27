import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API_BASE_PATH, meSchema, type Me } from '@lbs/contracts';
import { useTestServer } from '../../../test/helpers.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { DEFAULT_AVATAR_PATH } from '../assets/routes.ts';

const ME = `${API_BASE_PATH}/user-management/me`;
const server = useTestServer();

async function me(username: string): Promise<Me> {
  const token = await mintAccessToken(server.context.db, server.config, username);
  const response = await server.app.inject({
    method: 'GET',
    url: ME,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as Me;
  // Exactly the contract's fields, nothing from the database row besides.
  expect(Object.keys(body).sort()).toEqual(Object.keys(meSchema.shape).sort());
  return meSchema.parse(body);
}

async function idOf(
  table: 'companies' | 'departments' | 'zones' | 'designations',
  name: string,
  company?: string,
): Promise<number> {
  const { db } = server.context;
  let query = db.selectFrom(table).select(`${table}.id`).where(`${table}.name`, '=', name);
  if (company && table !== 'companies') {
    query = query.where(`${table}.company_id`, '=', await idOf('companies', company));
  }
  return (await query.executeTakeFirstOrThrow()).id;
}

describe('GET /user-management/me', () => {
  it('describes the SuperAdmin with every company’s zone flag and no company of its own', async () => {
    const body = await me('superadmin');
    expect(body).toEqual({
      id: expect.any(Number),
      fullName: 'Operator Super Admin',
      email: 'superadmin@lbs.example.com',
      username: 'superadmin',
      phoneNo: null,
      photoURL: DEFAULT_AVATAR_PATH,
      companyId: null,
      companyName: null,
      departmentId: null,
      departmentName: null,
      zoneId: null,
      zoneName: null,
      designationId: null,
      designationName: null,
      isPiaSigned: false,
      hasDueInvoice: false,
      dueInvoiceList: [],
      roleList: [{ roleName: 'SuperAdmin' }],
      active: true,
      companyConfig: [{ zoneEnabled: true }, { zoneEnabled: false }, { zoneEnabled: false }],
    });
  });

  it('describes a CompanyAdmin of the company with zones', async () => {
    const body = await me('companyadmin');
    expect(body).toMatchObject({
      fullName: 'Aisha Al-Harbi',
      companyId: await idOf('companies', 'Alpha Logistics'),
      companyName: 'Alpha Logistics',
      departmentId: null,
      departmentName: null,
      zoneId: null,
      zoneName: null,
      designationId: await idOf('designations', 'Supervisor', 'Alpha Logistics'),
      designationName: 'Supervisor',
      roleList: [{ roleName: 'CompanyAdmin' }],
      companyConfig: [{ zoneEnabled: true }],
      hasDueInvoice: false,
      dueInvoiceList: [],
    });
  });

  it('names the department of a DepartmentAdmin and the department and zone of a ZoneAdmin', async () => {
    const dept = await me('deptadmin');
    expect(dept).toMatchObject({
      companyName: 'Alpha Logistics',
      departmentId: await idOf('departments', 'Field Operations', 'Alpha Logistics'),
      departmentName: 'Field Operations',
      zoneId: null,
      zoneName: null,
      roleList: [{ roleName: 'DepartmentAdmin' }],
      companyConfig: [{ zoneEnabled: true }],
    });
    const zone = await me('zoneadmin');
    expect(zone).toMatchObject({
      companyName: 'Alpha Logistics',
      departmentName: 'Field Operations',
      zoneId: await idOf('zones', 'North', 'Alpha Logistics'),
      zoneName: 'North',
      designationName: 'Supervisor',
      roleList: [{ roleName: 'ZoneAdmin' }],
      companyConfig: [{ zoneEnabled: true }],
    });
  });

  it('shows the company without zones for the second CompanyAdmin', async () => {
    expect(await me('companyadmin2')).toMatchObject({
      companyName: 'Beta Construction',
      designationName: 'Foreman',
      companyConfig: [{ zoneEnabled: false }],
      hasDueInvoice: false,
    });
  });

  it('lists the overdue invoices of the company with a due invoice (the billing rule)', async () => {
    const body = await me('dueadmin');
    const gamma = await idOf('companies', 'Gamma Retail');
    const overdue = await server.context.db
      .selectFrom('invoices')
      .select(['id', 'number', 'due_on', 'total_minor'])
      .where('company_id', '=', gamma)
      .where('status', '=', 'ISSUED')
      .where('due_on', '<', new Date().toISOString().slice(0, 10))
      .orderBy('due_on')
      .execute();
    expect(overdue.length).toBeGreaterThan(0);
    expect(body).toMatchObject({
      companyName: 'Gamma Retail',
      designationName: 'Store Manager',
      hasDueInvoice: true,
    });
    expect(body.dueInvoiceList.map((i) => i.id)).toEqual(overdue.map((i) => i.id));
    expect(body.dueInvoiceList[0]).toMatchObject({
      number: overdue[0]!.number,
      companyId: gamma,
      companyName: 'Gamma Retail',
      currency: 'EUR',
      status: 'ISSUED',
      totalMinor: Number(overdue[0]!.total_minor),
      balanceMinor: Number(overdue[0]!.total_minor),
    });
    expect(body.dueInvoiceList[0]!.number).toMatch(/^INV-\d{4}-\d{6}$/);
  });

  it('locks only after the due date and the grace days, never for a settled invoice, and lifts on payment', async () => {
    const { db } = server.context;
    const beta = await idOf('companies', 'Beta Construction');
    // Due dates are the company's calendar days (Europe/Rome for Beta): "today" there, whatever the hour in UTC.
    const { zone } = await db
      .selectFrom('companies')
      .select(sql<string>`coalesce(config->'trackingWindow'->>'timezone', 'UTC')`.as('zone'))
      .where('id', '=', beta)
      .executeTakeFirstOrThrow();
    const day = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(Date.now() + offset * 86_400_000);
    const base = (month: number, dueOn: string, graceDays: number) => ({
      company_id: beta,
      period_start: `2019-${String(month).padStart(2, '0')}-01`,
      period_end: `2019-${String(month).padStart(2, '0')}-28`,
      status: 'ISSUED' as const,
      number: `T-2019-${month}`,
      issued_at: new Date(Date.now() - 40 * 86_400_000),
      due_on: dueOn,
      currency: 'EUR',
      tax_rate_percent: '0',
      subtotal_minor: 1000,
      rebate_minor: 0,
      tax_minor: 0,
      total_minor: 1000,
      tariff_snapshot: JSON.stringify({ graceDays }),
      content_hash: 'test',
    });
    await db
      .insertInto('invoices')
      .values([base(1, day(5), 0), base(2, day(0), 0), base(3, day(-3), 7)])
      .execute();
    expect(await me('companyadmin2')).toMatchObject({ hasDueInvoice: false, dueInvoiceList: [] });

    const [late] = await db
      .insertInto('invoices')
      .values(base(4, day(-1), 0))
      .returning('id')
      .execute();
    const body = await me('companyadmin2');
    expect(body.hasDueInvoice).toBe(true);
    expect(body.dueInvoiceList.map((i) => [i.number, i.status])).toEqual([['T-2019-4', 'ISSUED']]);
    // Another company's invoices never show.
    expect((await me('companyadmin')).dueInvoiceList).toEqual([]);
    // Paid in full: the lock lifts at once.
    await db
      .updateTable('invoices')
      .set({ status: 'PAID', paid_minor: 1000 })
      .where('id', '=', late!.id)
      .execute();
    expect(await me('companyadmin2')).toMatchObject({ hasDueInvoice: false, dueInvoiceList: [] });
  });

  it('returns the stored photo when the user has one, and every role held', async () => {
    const { db } = server.context;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'deptadmin')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('users')
      .set({ photo_url: 'https://cdn.example.com/omar.png', phone_no: '+966500000001' })
      .where('id', '=', user.id)
      .execute();
    await db.insertInto('user_roles').values({ user_id: user.id, role: 'ZoneAdmin' }).execute();
    try {
      const body = await me('deptadmin');
      expect(body.photoURL).toBe('https://cdn.example.com/omar.png');
      expect(body.phoneNo).toBe('+966500000001');
      expect(body.roleList.map((r) => r.roleName).sort()).toEqual(['DepartmentAdmin', 'ZoneAdmin']);
    } finally {
      await db
        .deleteFrom('user_roles')
        .where('user_id', '=', user.id)
        .where('role', '=', 'ZoneAdmin')
        .execute();
      await db
        .updateTable('users')
        .set({ photo_url: null, phone_no: null })
        .where('id', '=', user.id)
        .execute();
    }
  });

  it('serves the default avatar without a token', async () => {
    const response = await server.app.inject({ method: 'GET', url: DEFAULT_AVATAR_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
