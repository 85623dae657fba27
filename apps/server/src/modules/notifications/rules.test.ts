import { describe, expect, it } from 'vitest';
import type { NotificationRule } from '@lbs/contracts';
import { useOrgFixtures, type Who } from '../organisation/test-fixtures.ts';

/**
 * Notification rules against a real database: the defaults every company gets, CRUD in the creator's tier, another
 * tier's or tenant's rule answering 404, filters and recipients checked against the creator's scope, abilities.
 */
const f = useOrgFixtures();

async function create(who: Who, body: Record<string, unknown>) {
  const response = await f.call(who, 'POST', '/notification-rules', {
    name: `Arrivals ${f.unique()}`,
    eventTypes: ['GEOFENCE_ENTER'],
    channels: ['IN_APP'],
    recipients: { userIds: [], roles: ['CompanyAdmin'] },
    ...body,
  });
  return response;
}

async function created(who: Who, body: Record<string, unknown> = {}): Promise<NotificationRule> {
  const response = await create(who, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as NotificationRule;
}

const listOf = async (who: Who, query = '') => {
  const response = await f.call(who, 'GET', `/notification-rules?size=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: NotificationRule[]; total: number };
};

describe('default rules', () => {
  it('every company has them: consent changes and invoices to its company admins, in the inbox and by e-mail', async () => {
    const { items } = await listOf('CA', '&sort=name');
    const defaults = items
      .filter((r) => r.defaultKey !== null)
      .map((r) => [r.defaultKey, r.eventTypes, r.channels, r.recipients.roles]);
    expect(defaults).toEqual([
      [
        'consent',
        ['CONSENT_GRANTED', 'CONSENT_REVOKED', 'CONSENT_PENDING_EXPIRED'],
        ['IN_APP', 'EMAIL'],
        ['CompanyAdmin'],
      ],
      ['invoices', ['INVOICE_ISSUED', 'INVOICE_OVERDUE'], ['IN_APP', 'EMAIL'], ['CompanyAdmin']],
    ]);
    expect(items.every((r) => r.company.id === items[0]!.company.id)).toBe(true);
    // No geofence rule until someone creates one.
    expect(items.some((r) => r.defaultKey !== null && r.eventTypes.includes('GEOFENCE_ENTER'))).toBe(false);
  });

  it('a company created later gets them too', async () => {
    const id = await f.freshCompany();
    const rows = await f.db
      .selectFrom('notification_rules')
      .select(['default_key', 'active', 'department_id', 'zone_id', 'max_age_minutes'])
      .where('company_id', '=', id)
      .orderBy('default_key')
      .execute();
    expect(rows).toEqual([
      { default_key: 'consent', active: true, department_id: null, zone_id: null, max_age_minutes: 15 },
      { default_key: 'invoices', active: true, department_id: null, zone_id: null, max_age_minutes: 15 },
    ]);
  });
});

describe('notification rules', () => {
  it('creates, reads, changes and deletes a rule with every field, audited', async () => {
    const poi = await f.db
      .selectFrom('pois')
      .select(['id', 'category_id'])
      .where('company_id', '=', await f.companyId('ALPHA'))
      .where('department_id', 'is', null)
      .where('zone_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const msisdn = await f.msisdnIn('ALPHA', 'Field Operations');
    const department = await f.unitId('departments', 'ALPHA', 'Field Operations');
    const zone = await f.unitId('zones', 'ALPHA', 'North');
    const designation = await f.unitId('designations', 'ALPHA', 'Driver');
    const da = await f.userId('deptadmin');
    const body = {
      name: 'Warehouse arrivals',
      eventTypes: ['GEOFENCE_ENTER', 'GEOFENCE_EXIT'],
      filters: {
        poiIds: [poi.id],
        poiCategoryIds: poi.category_id ? [poi.category_id] : [],
        msisdnIds: [msisdn],
        departmentIds: [department],
        zoneIds: [zone],
        designationIds: [designation],
      },
      channels: ['IN_APP', 'EMAIL', 'SMS'],
      recipients: { userIds: [da], roles: ['DepartmentAdmin'] },
      activeHours: { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00', timezone: 'Asia/Riyadh' },
      throttle: { mode: 'MSISDN_POI', minIntervalMinutes: 30 },
      digest: 'IMMEDIATE',
    };
    const rule = await created('CA', body);
    expect(rule).toMatchObject({
      ...body,
      recipients: {
        users: [{ id: da, fullName: expect.any(String), email: 'deptadmin@lbs.example.com' }],
        roles: ['DepartmentAdmin'],
      },
      departmentId: null,
      zoneId: null,
      defaultKey: null,
      maxAgeMinutes: 15,
      active: true,
      createdBy: { id: await f.userId('companyadmin') },
      abilities: { update: true, delete: true },
    });
    expect((await f.call('CA', 'GET', `/notification-rules/${rule.id}`)).json()).toEqual(rule);

    const patched = await f.call('CA', 'PATCH', `/notification-rules/${rule.id}`, {
      active: false,
      maxAgeMinutes: 60,
      throttle: { mode: 'NONE', minIntervalMinutes: 0 },
      activeHours: null,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      active: false,
      maxAgeMinutes: 60,
      throttle: { mode: 'NONE', minIntervalMinutes: 0 },
      activeHours: null,
      name: 'Warehouse arrivals',
      eventTypes: body.eventTypes,
    });

    expect((await f.call('CA', 'DELETE', `/notification-rules/${rule.id}`)).statusCode).toBe(204);
    expect((await f.call('CA', 'GET', `/notification-rules/${rule.id}`)).statusCode).toBe(404);
    const actions = await f.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'notificationRule')
      .where('entity_id', '=', String(rule.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'notificationRule.create',
      'notificationRule.update',
      'notificationRule.delete',
    ]);
  });

  it('belongs to its creator’s tier: the company admin and the SuperAdmin reach it, another unit or tenant gets 404', async () => {
    const rule = await created('DA', { recipients: { userIds: [], roles: ['DepartmentAdmin'] } });
    expect(rule.departmentId).toBe(await f.unitId('departments', 'ALPHA', 'Field Operations'));
    expect(rule.zoneId).toBeNull();
    const zoneRule = await created('ZA', { recipients: { userIds: [], roles: ['ZoneAdmin'] } });
    expect(zoneRule.zoneId).toBe(await f.unitId('zones', 'ALPHA', 'North'));

    for (const who of ['DA', 'CA', 'SA'] as const) {
      expect((await f.call(who, 'GET', `/notification-rules/${rule.id}`)).statusCode, who).toBe(200);
      expect(
        (await listOf(who)).items.map((r) => r.id),
        who,
      ).toContain(rule.id);
    }
    for (const who of ['ZA', 'CB'] as const) {
      expect((await f.call(who, 'GET', `/notification-rules/${rule.id}`)).statusCode, who).toBe(404);
      expect(
        (await f.call(who, 'PATCH', `/notification-rules/${rule.id}`, { name: 'x' })).statusCode,
        who,
      ).toBe(404);
      expect((await f.call(who, 'DELETE', `/notification-rules/${rule.id}`)).statusCode, who).toBe(404);
      expect(
        (await listOf(who)).items.map((r) => r.id),
        who,
      ).not.toContain(rule.id);
    }
    // A unit admin sees its own unit's rules (the demo's among them), not the company-wide defaults.
    expect((await listOf('DA')).items.every((r) => r.departmentId === rule.departmentId)).toBe(true);
    const zoneRules = (await listOf('ZA')).items;
    expect(zoneRules.map((r) => r.id)).toContain(zoneRule.id);
    expect(zoneRules.every((r) => r.zoneId === zoneRule.zoneId && r.departmentId === null)).toBe(true);
    expect((await f.call('anon', 'GET', '/notification-rules')).statusCode).toBe(401);
  });

  it('refuses filters and recipients outside the creator’s scope, naming each field', async () => {
    const otherDepartment = await f.msisdnIn('ALPHA', 'Warehouse');
    const own = await f.msisdnIn('ALPHA', 'Field Operations');
    const companyB = await f.userId('companyadmin2');
    const response = await create('DA', {
      filters: {
        msisdnIds: [own, otherDepartment],
        departmentIds: [await f.unitId('departments', 'ALPHA', 'Warehouse')],
      },
      recipients: { userIds: [companyB], roles: [] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(
      (response.json() as { errors: { path: string; code: string }[] }).errors.map((e) => [e.path, e.code]),
    ).toEqual([
      ['filters.msisdnIds.1', 'notificationRule.filterOutOfScope'],
      ['filters.departmentIds.0', 'notificationRule.filterOutOfScope'],
      ['recipients.userIds.0', 'notificationRule.recipientOutOfScope'],
    ]);
    // Company B's admin cannot name company A's POIs either.
    const alphaPoi = await f.db
      .selectFrom('pois')
      .select('id')
      .where('company_id', '=', await f.companyId('ALPHA'))
      .executeTakeFirstOrThrow();
    const foreign = await create('CB', { filters: { poiIds: [alphaPoi.id] } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({
      path: 'filters.poiIds.0',
      code: 'notificationRule.filterOutOfScope',
    });
  });

  it('validates the body with message keys', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ recipients: { userIds: [], roles: [] } }, 'recipients', 'notificationRule.recipientsRequired'],
      [{ eventTypes: [] }, 'eventTypes', 'notificationRule.eventTypesRequired'],
      [{ channels: [] }, 'channels', 'notificationRule.channelsRequired'],
      [{ channels: ['FAX'] }, 'channels.0', 'validation.invalid'],
      [
        { throttle: { mode: 'MSISDN', minIntervalMinutes: 0 } },
        'throttle.minIntervalMinutes',
        'notificationRule.throttleIntervalRequired',
      ],
      [{ maxAgeMinutes: 0 }, 'maxAgeMinutes', 'validation.numberOutOfRange'],
      [
        { activeHours: { days: [1], start: '18:00', end: '08:00', timezone: 'UTC' } },
        'activeHours.end',
        'validation.trackingWindowInvalid',
      ],
    ];
    for (const [body, path, code] of cases) {
      const response = await create('CA', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors, JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ path, code }),
      );
    }
    const rule = await created('CA');
    const emptied = await f.call('CA', 'PATCH', `/notification-rules/${rule.id}`, {
      recipients: { userIds: [], roles: [] },
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors[0]).toMatchObject({
      path: 'recipients',
      code: 'notificationRule.recipientsRequired',
    });
  });

  it('lets a SuperAdmin create in a company it names, and filters the list', async () => {
    const noCompany = await create('SA', {});
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().errors[0]).toMatchObject({
      path: 'companyId',
      code: 'validation.companyRequired',
    });
    const beta = await f.companyId('BETA');
    const rule = await created('SA', { companyId: beta, eventTypes: ['TASK_OVERDUE'] });
    expect(rule.company.id).toBe(beta);
    const listed = await listOf('SA', `&companyId=${beta}&eventType=TASK_OVERDUE`);
    expect(listed.items.map((r) => r.id)).toEqual([rule.id]);
    expect((await listOf('CB', '&eventType=TASK_OVERDUE')).items.map((r) => r.id)).toEqual([rule.id]);
    expect((await listOf('CA', '&eventType=TASK_OVERDUE')).items.map((r) => r.id)).not.toContain(rule.id);
    // A company admin cannot name another company.
    const foreign = await create('CA', { companyId: beta });
    expect(foreign.statusCode).toBe(400);
  });
});
