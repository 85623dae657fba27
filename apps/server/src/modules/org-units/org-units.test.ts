import { describe, expect, it } from 'vitest';
import type { OrgUnit } from '@lbs/contracts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';

const f = useOrgFixtures();

const auditActions = async (entity: string, id: number) =>
  (
    await f.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', entity)
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

describe('departments, zones and designations', () => {
  it('creates, edits and deletes, each write audited with the company', async () => {
    const created = await f.call('CA', 'POST', '/designations', {
      name: 'Dispatcher',
      description: 'Plans routes',
    });
    expect(created.statusCode).toBe(201);
    const unit = created.json() as OrgUnit;
    expect(unit).toMatchObject({
      companyId: await f.companyId('ALPHA'),
      companyName: 'Alpha Logistics',
      name: 'Dispatcher',
      description: 'Plans routes',
      msisdnCount: 0,
    });
    const edited = await f.call('DA', 'PATCH', `/designations/${unit.id}`, { description: '' });
    expect(edited.json()).toMatchObject({ name: 'Dispatcher', description: null });
    expect((await f.call('ZA', 'DELETE', `/designations/${unit.id}`)).statusCode).toBe(204);
    expect(await auditActions('designation', unit.id)).toEqual([
      'designation.create',
      'designation.update',
      'designation.delete',
    ]);
    const events = await f.db
      .selectFrom('audit_log')
      .select(['actor', 'company_id'])
      .where('entity', '=', 'designation')
      .where('entity_id', '=', String(unit.id))
      .execute();
    expect(events).toEqual([
      { actor: 'companyadmin', company_id: unit.companyId },
      { actor: 'deptadmin', company_id: unit.companyId },
      { actor: 'zoneadmin', company_id: unit.companyId },
    ]);
  });

  it('refuses a name already used in the company (any case), not in another company', async () => {
    const taken = await f.call('CA', 'POST', '/departments', { name: 'warehouse' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'org.nameTaken',
      errors: [{ path: 'name', code: 'org.nameTaken' }],
    });
    expect((await f.call('CB', 'POST', '/departments', { name: 'Warehouse' })).statusCode).toBe(201);
    const sales = await f.unitId('departments', 'ALPHA', 'Sales');
    expect(
      (await f.call('CA', 'PATCH', `/departments/${sales}`, { name: 'MAINTENANCE' })).json(),
    ).toMatchObject({ status: 409, code: 'org.nameTaken' });
    expect((await f.call('CA', 'PATCH', `/departments/${sales}`, { name: 'SALES' })).json()).toMatchObject({
      name: 'SALES',
    });
    expect((await f.call('CA', 'PATCH', `/departments/${sales}`, { name: 'Sales' })).statusCode).toBe(200);
  });

  it.each([
    [
      'departments',
      'Field Operations',
      'org.departmentInUse',
      'The department still has employee MSISDNs or users',
    ],
    ['zones', 'North', 'org.zoneInUse', 'The zone still has employee MSISDNs or users'],
    [
      'designations',
      'Driver',
      'org.designationInUse',
      'The designation is still used by employee MSISDNs or users',
    ],
  ] as const)('answers 409 for %s still in use, and deletes nothing', async (table, name, code, detail) => {
    const id = await f.unitId(table, 'ALPHA', name);
    const response = await f.call('CA', 'DELETE', `/${table}/${id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code, detail });
    expect(await f.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()).toEqual({ id });
    expect(await auditActions(table.slice(0, -1), id)).not.toContain(`${table.slice(0, -1)}.delete`);
  });

  it('counts a portal user as a reference too', async () => {
    const department = await f.freshUnit('departments', 'ALPHA');
    const user = await f.freshUser('ALPHA', ['DepartmentAdmin']);
    await f.db.updateTable('users').set({ department_id: department }).where('id', '=', user).execute();
    expect((await f.call('CA', 'DELETE', `/departments/${department}`)).json()).toMatchObject({
      status: 409,
      code: 'org.departmentInUse',
    });
    await f.db.updateTable('users').set({ department_id: null }).where('id', '=', user).execute();
    expect((await f.call('CA', 'DELETE', `/departments/${department}`)).statusCode).toBe(204);
  });

  it('lists with msisdnCount, sorting, search, paging and a company filter', async () => {
    const alpha = await f.companyId('ALPHA');
    const all = (
      await f.call('SA', 'GET', `/departments?companyId=${alpha}&sort=-msisdnCount,name&size=100`)
    ).json() as { items: OrgUnit[]; total: number };
    const counts = await f.db
      .selectFrom('msisdns')
      .select(['department_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('company_id', '=', alpha)
      .groupBy('department_id')
      .execute();
    for (const item of all.items) {
      expect(item.companyId).toBe(alpha);
      expect(item.msisdnCount).toBe(Number(counts.find((c) => c.department_id === item.id)?.n ?? 0));
    }
    const ordered = [...all.items].sort(
      (a, b) => b.msisdnCount - a.msisdnCount || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
    );
    expect(all.items.map((i) => i.id)).toEqual(ordered.map((i) => i.id));
    const page2 = (
      await f.call('SA', 'GET', `/departments?companyId=${alpha}&sort=-msisdnCount,name&size=2&page=2`)
    ).json() as { items: OrgUnit[]; total: number };
    expect(page2.total).toBe(all.total);
    expect(page2.items).toEqual(all.items.slice(2, 4));
    const search = (await f.call('CA', 'GET', '/departments?q=OPERA')).json() as { items: OrgUnit[] };
    expect(search.items.map((i) => i.name)).toEqual(['Field Operations']);
    expect(((await f.call('CA', 'GET', '/departments?q=_')).json() as { total: number }).total).toBe(0);
  });
});
