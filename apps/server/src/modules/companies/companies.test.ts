import { describe, expect, it } from 'vitest';
import { companySchema, type Company } from '@lbs/contracts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';

const f = useOrgFixtures();

const auditOf = (entity: string, id: number | string) =>
  f.db
    .selectFrom('audit_log')
    .select(['action', 'actor', 'company_id', 'detail'])
    .where('entity', '=', entity)
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();

async function createCompany(body: Record<string, unknown> = {}): Promise<Company> {
  const response = await f.call('SA', 'POST', '/companies', {
    name: 'Delta Security',
    code: `d-${f.unique()}`,
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Company;
}

describe('companies', () => {
  it('creates a company with its configuration and price plan, normalised, and audits it', async () => {
    const company = await createCompany({
      contactEmail: 'ops@delta.example.com',
      contactPhone: '0039 347 765 4321',
      country: 'it',
      config: {
        zoneEnabled: true,
        trackingWindow: { days: [1, 2, 3, 4, 5, 6], start: '07:30', end: '19:00', timezone: 'Europe/Rome' },
        pollIntervalMinutes: 15,
        retentionDays: 60,
      },
      pricePlan: { currency: 'eur', monthlyFeePerMsisdn: 3.5, feePerLocate: 0.02 },
    });
    expect(Object.keys(company).sort()).toEqual(Object.keys(companySchema.shape).sort());
    expect(company).toMatchObject({
      companyId: company.id,
      name: 'Delta Security',
      code: expect.stringMatching(/^D-/),
      contactPhone: '+393477654321',
      country: 'IT',
      status: 'ACTIVE',
      config: {
        zoneEnabled: true,
        trackingWindow: { days: [1, 2, 3, 4, 5, 6], start: '07:30', end: '19:00', timezone: 'Europe/Rome' },
        pollIntervalMinutes: 15,
        retentionDays: 60,
      },
      pricePlan: { currency: 'EUR', monthlyFeePerMsisdn: 3.5, feePerLocate: 0.02 },
    });
    expect((await f.call('SA', 'GET', `/companies/${company.id}`)).json()).toEqual(company);
    expect(await auditOf('company', company.id)).toEqual([
      {
        action: 'company.create',
        actor: 'superadmin',
        company_id: company.id,
        detail: { name: 'Delta Security', code: company.code },
      },
    ]);
  });

  it('fills defaults the form pre-fills', async () => {
    const company = await createCompany();
    expect(company.config).toEqual({
      zoneEnabled: false,
      trackingWindow: { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00', timezone: 'UTC' },
      pollIntervalMinutes: 5,
      retentionDays: 90,
      consentReminderDays: 30,
      consentPendingDays: 14,
    });
    expect(company.pricePlan).toEqual({ currency: 'EUR', monthlyFeePerMsisdn: 0, feePerLocate: 0 });
  });

  it('refuses a taken code, whatever its case', async () => {
    const response = await f.call('SA', 'POST', '/companies', { name: 'Copy', code: 'alpha' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'org.companyCodeTaken',
      errors: [{ path: 'code', code: 'org.companyCodeTaken' }],
    });
    const other = await createCompany();
    expect((await f.call('SA', 'PATCH', `/companies/${other.id}`, { code: 'BETA' })).json()).toMatchObject({
      status: 409,
      code: 'org.companyCodeTaken',
    });
  });

  it('patches only what is sent, inside config and price plan too', async () => {
    const company = await createCompany({ country: 'SA' });
    const response = await f.call('SA', 'PATCH', `/companies/${company.id}`, {
      status: 'SUSPENDED',
      config: { pollIntervalMinutes: 30 },
      pricePlan: { feePerLocate: 0.05 },
      contactEmail: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'SUSPENDED',
      country: 'SA',
      contactEmail: null,
      config: { ...company.config, pollIntervalMinutes: 30 },
      pricePlan: { ...company.pricePlan, feePerLocate: 0.05 },
    });
    expect((await auditOf('company', company.id)).at(-1)).toMatchObject({
      action: 'company.update',
      detail: { changed: ['status', 'config', 'pricePlan'] },
    });
  });

  it('keeps zones only in companies with zones enabled', async () => {
    const company = await createCompany();
    const sa = (path: string, body: unknown) => f.call('SA', 'POST', path, body);
    // A SuperAdmin may not add zones (SPEC §6: zone add is CompanyAdmin only); make a CompanyAdmin of this company.
    const admin = `admin.${f.unique()}`;
    expect(
      (
        await sa('/users', {
          fullName: 'Delta Admin',
          username: admin,
          email: `${admin}@example.com`,
          roles: ['CompanyAdmin'],
          companyId: company.id,
        })
      ).statusCode,
    ).toBe(201);
    const { mintAccessToken } = await import('../../../test/tokens.ts');
    const token = await mintAccessToken(f.db, f.server.config, admin);
    const asAdmin = (method: 'POST' | 'PATCH', path: string, payload: object) =>
      f.server.app.inject({
        method,
        url: `/api/v1/lbs-backend${path}`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });

    const refused = await asAdmin('POST', '/zones', { name: 'North' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'org.zonesDisabled' });

    expect(
      (await f.call('SA', 'PATCH', `/companies/${company.id}`, { config: { zoneEnabled: true } })).statusCode,
    ).toBe(200);
    expect((await asAdmin('POST', '/zones', { name: 'North' })).statusCode).toBe(201);

    const off = await f.call('SA', 'PATCH', `/companies/${company.id}`, { config: { zoneEnabled: false } });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({
      code: 'org.zonesExist',
      errors: [{ path: 'config.zoneEnabled', code: 'org.zonesExist' }],
    });
    expect((await f.call('SA', 'GET', `/companies/${company.id}`)).json()).toMatchObject({
      config: { zoneEnabled: true },
    });
  });

  it('is reflected in /me companyConfig', async () => {
    const beta = await f.companyId('BETA');
    const me = async () =>
      (await f.call('CB', 'GET', '/user-management/me')).json() as {
        companyConfig: { zoneEnabled: boolean }[];
      };
    expect((await me()).companyConfig).toEqual([{ zoneEnabled: false }]);
    expect(
      (await f.call('SA', 'PATCH', `/companies/${beta}`, { config: { zoneEnabled: true } })).statusCode,
    ).toBe(200);
    expect((await me()).companyConfig).toEqual([{ zoneEnabled: true }]);
    expect(
      (await f.call('SA', 'PATCH', `/companies/${beta}`, { config: { zoneEnabled: false } })).statusCode,
    ).toBe(200);
  });

  it('deletes only a company with nothing in it, all or nothing', async () => {
    const alpha = await f.companyId('ALPHA');
    const refused = await f.call('SA', 'DELETE', `/companies/${alpha}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'org.companyInUse',
      detail: 'The company still has departments, zones, designations, users, MSISDNs or invoices',
    });
    expect((await f.call('SA', 'GET', `/companies/${alpha}`)).statusCode).toBe(200);
    expect((await auditOf('company', alpha)).filter((e) => e.action === 'company.delete')).toEqual([]);

    const empty = await createCompany();
    expect((await f.call('SA', 'DELETE', `/companies/${empty.id}`)).statusCode).toBe(204);
    expect((await f.call('SA', 'GET', `/companies/${empty.id}`)).statusCode).toBe(404);
    expect((await auditOf('company', empty.id)).map((e) => e.action)).toEqual([
      'company.create',
      'company.delete',
    ]);
  });

  it('lists with paging, sorting, search and filters', async () => {
    const page = await f.call('SA', 'GET', '/companies?size=2&page=1&sort=code');
    const body = page.json() as { items: Company[]; total: number; page: number; size: number };
    expect(body.page).toBe(1);
    expect(body.size).toBe(2);
    expect(body.items).toHaveLength(2);
    const all = (await f.call('SA', 'GET', '/companies?size=100&sort=code')).json() as {
      items: Company[];
      total: number;
    };
    expect(all.total).toBe(body.total);
    expect(all.items.map((c) => c.code)).toEqual([...all.items.map((c) => c.code)].sort());
    expect(body.items).toEqual(all.items.slice(0, 2));
    const second = (await f.call('SA', 'GET', '/companies?size=2&page=2&sort=code')).json() as {
      items: Company[];
    };
    expect(second.items).toEqual(all.items.slice(2, 4));
    expect(
      ((await f.call('SA', 'GET', '/companies?q=beta')).json() as { items: Company[] }).items.map(
        (c) => c.code,
      ),
    ).toEqual(['BETA']);
    expect(((await f.call('SA', 'GET', '/companies?q=%25')).json() as { total: number }).total).toBe(0);
    const zoned = (await f.call('SA', 'GET', '/companies?zoneEnabled=true&size=100')).json() as {
      items: Company[];
    };
    expect(zoned.items.every((c) => c.config.zoneEnabled)).toBe(true);
    expect(zoned.items.map((c) => c.code)).toContain('ALPHA');
  });
});
