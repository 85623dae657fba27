import { beforeAll, describe, expect, it } from 'vitest';
import { useOrgFixtures } from './test-fixtures.ts';

/** The tenant, the role and the consent come from the verified user and the employee, never from a request body. */
const f = useOrgFixtures();
let A: number;
let B: number;

beforeAll(async () => {
  A = await f.companyId('ALPHA');
  B = await f.companyId('BETA');
});

function expectFieldError(
  response: { statusCode: number; json(): unknown },
  status: number,
  path: string,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  expect((response.json() as { errors?: unknown[] }).errors).toEqual([
    expect.objectContaining({ path, code }),
  ]);
}

async function unitsNamed(name: string) {
  const rows = await Promise.all(
    (['departments', 'zones', 'designations'] as const).map((t) =>
      f.db.selectFrom(t).select(['company_id']).where('name', '=', name).execute(),
    ),
  );
  return rows.flat();
}

describe('companyId in bodies, queries and headers', () => {
  it('refuses a non-SuperAdmin naming another company, and nothing lands there', async () => {
    const attempts = [
      ['CA', '/departments'],
      ['CA', '/zones'],
      ['CA', '/designations'],
      ['DA', '/designations'],
      ['ZA', '/designations'],
    ] as const;
    for (const [who, path] of attempts) {
      const name = `Intruder ${f.unique()}`;
      expectFieldError(
        await f.call(who, 'POST', path, { companyId: B, name }),
        400,
        'companyId',
        'org.companyNotFound',
      );
      expect(await unitsNamed(name)).toEqual([]);
    }
    const name = `Intruder ${f.unique()}`;
    expectFieldError(
      await f.call('CB', 'POST', '/designations', { companyId: A, name }),
      400,
      'companyId',
      'org.companyNotFound',
    );
    expect(await unitsNamed(name)).toEqual([]);
  });

  it('places a non-SuperAdmin’s new object in its own company whatever the query string or headers say', async () => {
    const name = `Own ${f.unique()}`;
    const response = await f.call(
      'CA',
      'POST',
      `/departments?companyId=${B}`,
      { name },
      { 'x-company-id': String(B), 'x-tenant-id': String(B) },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ companyId: A, name });
    expect(await unitsNamed(name)).toEqual([{ company_id: A }]);
  });

  it('ignores companyId, id and computed fields in updates', async () => {
    const id = await f.unitId('departments', 'ALPHA', 'Sales');
    const response = await f.call('CA', 'PATCH', `/departments/${id}`, {
      companyId: B,
      id: 1,
      msisdnCount: 0,
      companyName: 'Beta Construction',
      description: 'Sales team',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      companyId: A,
      companyName: 'Alpha Logistics',
      description: 'Sales team',
    });
    const row = await f.db
      .selectFrom('departments')
      .select(['company_id', 'description'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ company_id: A, description: 'Sales team' });
  });

  it('never moves an MSISDN to another company', async () => {
    const id = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    for (const who of ['SA', 'CA'] as const) {
      const response = await f.call(who, 'PATCH', `/msisdns/${id}`, {
        companyId: B,
        employeeCode: `E-${who}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ companyId: A, employeeCode: `E-${who}` });
    }
    // A department of another company is a department that does not exist.
    expectFieldError(
      await f.call('CA', 'PATCH', `/msisdns/${id}`, {
        departmentId: await f.unitId('departments', 'BETA', 'Site Crew'),
      }),
      400,
      'departmentId',
      'org.departmentNotFound',
    );
    const row = await f.db
      .selectFrom('msisdns')
      .select(['company_id', 'department_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      company_id: A,
      department_id: await f.unitId('departments', 'ALPHA', 'Field Operations'),
    });
  });
});

describe('sub-scopes hold on writes', () => {
  it('keeps a DepartmentAdmin’s and a ZoneAdmin’s numbers inside their department and zone', async () => {
    const id = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    expectFieldError(
      await f.call('DA', 'PATCH', `/msisdns/${id}`, {
        departmentId: await f.unitId('departments', 'ALPHA', 'Warehouse'),
      }),
      400,
      'departmentId',
      'org.departmentNotFound',
    );
    expectFieldError(
      await f.call('ZA', 'PATCH', `/msisdns/${id}`, { zoneId: await f.unitId('zones', 'ALPHA', 'South') }),
      400,
      'zoneId',
      'org.zoneNotFound',
    );
    expectFieldError(
      await f.call('ZA', 'PATCH', `/msisdns/${id}`, { zoneId: null }),
      400,
      'zoneId',
      'org.zoneNotFound',
    );
    // Within the scope, the other hierarchy may change: a DepartmentAdmin places the number in another zone.
    const south = await f.unitId('zones', 'ALPHA', 'South');
    expect((await f.call('DA', 'PATCH', `/msisdns/${id}`, { zoneId: south })).json()).toMatchObject({
      zoneId: south,
    });
    expect((await f.call('ZA', 'GET', `/msisdns/${id}`)).statusCode).toBe(404);
  });

  it('lets only a SuperAdmin change the number itself', async () => {
    const id = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    for (const who of ['CA', 'DA', 'ZA'] as const) {
      const response = await f.call(who, 'PATCH', `/msisdns/${id}`, { msisdn: f.nextNumber() });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'msisdn.numberChangeForbidden' });
    }
    const current = (await f.call('CA', 'GET', `/msisdns/${id}`)).json() as { msisdn: string };
    // Sending the number unchanged (a whole form) is not a change.
    expect(
      (await f.call('DA', 'PATCH', `/msisdns/${id}`, { msisdn: current.msisdn, employeeName: 'Same Number' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('consent comes from the employee only', () => {
  it('ignores consentStatus and consentAt when adding a number', async () => {
    const response = await f.call('SA', 'POST', '/msisdns', {
      companyId: A,
      msisdn: f.nextNumber(),
      employeeName: 'Consent Test',
      departmentId: await f.unitId('departments', 'ALPHA', 'Sales'),
      designationId: await f.unitId('designations', 'ALPHA', 'Courier'),
      consentStatus: 'GRANTED',
      consentAt: '2020-01-01T00:00:00Z',
      id: 1,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { id: number; consentStatus: string; consentAt: string | null };
    expect(body).toMatchObject({ consentStatus: 'PENDING', consentAt: null });
    expect(body.id).not.toBe(1);
  });

  it('ignores consentStatus in edits, for every role', async () => {
    const id = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    for (const who of ['SA', 'CA', 'DA', 'ZA'] as const) {
      const response = await f.call(who, 'PATCH', `/msisdns/${id}`, {
        consentStatus: 'GRANTED',
        consentAt: '2020-01-01T00:00:00Z',
        trackingEnabled: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ consentStatus: 'PENDING', consentAt: null });
    }
    const row = await f.db
      .selectFrom('msisdns')
      .select(['consent_status', 'consent_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ consent_status: 'PENDING', consent_at: null });
  });
});

describe('roles and accounts', () => {
  it('refuses role escalation by anyone but a SuperAdmin', async () => {
    const self = { CA: 'companyadmin', DA: 'deptadmin', ZA: 'zoneadmin', CB: 'companyadmin2' } as const;
    for (const [who, username] of Object.entries(self) as [keyof typeof self, string][]) {
      const id = await f.userId(username);
      expect((await f.call(who, 'PATCH', `/users/${id}`, { roles: ['SuperAdmin'] })).statusCode).toBe(403);
      expect(
        (
          await f.call(who, 'POST', '/users', {
            fullName: 'Evil',
            username: `evil.${f.unique()}`,
            email: `evil.${f.unique()}@x.com`,
            roles: ['SuperAdmin'],
          })
        ).statusCode,
      ).toBe(403);
    }
    const roles = await f.db
      .selectFrom('user_roles')
      .select('role')
      .where(
        'user_id',
        'in',
        Object.values(self).length ? await Promise.all(Object.values(self).map((u) => f.userId(u))) : [],
      )
      .execute();
    expect(roles.map((r) => r.role).sort()).toEqual([
      'CompanyAdmin',
      'CompanyAdmin',
      'DepartmentAdmin',
      'ZoneAdmin',
    ]);
  });

  it('ignores id, password and account-state fields when a SuperAdmin adds a user', async () => {
    const username = `plain.${f.unique()}`;
    const response = await f.call('SA', 'POST', '/users', {
      id: 1,
      fullName: 'Plain User',
      username,
      email: `${username}@example.com`,
      roles: ['CompanyAdmin'],
      companyId: A,
      password: 'Sup3rSecret!',
      passwordHash: 'x',
      password_hash: 'x',
      subject: '00000000-0000-4000-8000-000000000000',
      invitationStatus: 'ACCEPTED',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username, invitationStatus: 'PENDING' });
    const row = await f.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'subject'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(row.id).not.toBe(1);
    expect(row.password_hash).toBeNull();
    expect(row.subject).not.toBe('00000000-0000-4000-8000-000000000000');
  });

  it('does not let a SuperAdmin lock itself out', async () => {
    const id = await f.userId('superadmin');
    for (const body of [{ active: false }, { roles: ['CompanyAdmin'] }]) {
      const response = await f.call('SA', 'PATCH', `/users/${id}`, { ...body, companyId: A });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'user.cannotChangeSelf' });
    }
    expect((await f.call('SA', 'DELETE', `/users/${id}`)).json()).toMatchObject({
      status: 409,
      code: 'user.cannotChangeSelf',
    });
    expect((await f.call('SA', 'GET', `/users/${id}`)).json()).toMatchObject({
      active: true,
      roles: ['SuperAdmin'],
      companyId: null,
    });
  });
});
