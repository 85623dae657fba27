import { beforeAll, describe, expect, it } from 'vitest';
import { useOrgFixtures, type Who } from './test-fixtures.ts';

/**
 * Every field with a rule: a body that breaks it → 400 problem+json whose errors name the field (`path`) and the
 * message key (`code`); nothing is written. Bodies start valid and break one field at a time.
 */
const f = useOrgFixtures();
let ids: Record<string, number>;

beforeAll(async () => {
  ids = {
    A: await f.companyId('ALPHA'),
    B: await f.companyId('BETA'),
    deptA: await f.unitId('departments', 'ALPHA', 'Field Operations'),
    deptB: await f.unitId('departments', 'BETA', 'Site Crew'),
    zoneA: await f.unitId('zones', 'ALPHA', 'North'),
    desA: await f.unitId('designations', 'ALPHA', 'Driver'),
    desB: await f.unitId('designations', 'BETA', 'Foreman'),
  };
});

const long = (n: number) => 'x'.repeat(n);

interface Rule {
  /** Field path as the problem names it. */
  path: string;
  code: string;
  patch: Record<string, unknown>;
  /** The values a message names (`{ max: 120 }`), and its English text with them. */
  params?: Record<string, string | number>;
  message?: string;
}

/** Deep-merges a patch into a valid body (`a.b.c` keys reach into nested objects; undefined removes a field). */
function withPatch(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(base);
  for (const [key, value] of Object.entries(patch)) {
    const parts = key.split('.');
    let node = out as Record<string, unknown>;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
    const last = parts.at(-1)!;
    if (value === undefined) delete node[last];
    else node[last] = value;
  }
  return out;
}

const companyBody = () => ({
  name: 'Valid Company',
  code: `V${f.unique()}`.toUpperCase().slice(0, 20),
  contactEmail: 'ops@valid.example.com',
  contactPhone: '+393471234567',
  address: 'Via Roma 1',
  city: 'Milan',
  country: 'IT',
  status: 'ACTIVE',
  config: {
    zoneEnabled: false,
    trackingWindow: { days: [1, 2, 3], start: '08:00', end: '17:00', timezone: 'Europe/Rome' },
    pollIntervalMinutes: 10,
    retentionDays: 30,
  },
  pricePlan: { currency: 'EUR', monthlyFeePerMsisdn: 2.5, feePerLocate: 0.01 },
});

const COMPANY_RULES: Rule[] = [
  { path: 'name', code: 'validation.nameRequired', patch: { name: undefined } },
  { path: 'name', code: 'validation.nameRequired', patch: { name: '   ' } },
  { path: 'name', code: 'validation.tooLong', patch: { name: long(121) }, params: { max: 120 } },
  { path: 'code', code: 'validation.codeInvalid', patch: { code: 'A' } },
  { path: 'code', code: 'validation.codeInvalid', patch: { code: 'NO SPACES' } },
  { path: 'code', code: 'validation.codeInvalid', patch: { code: undefined } },
  { path: 'contactEmail', code: 'validation.emailInvalid', patch: { contactEmail: 'not-an-email' } },
  { path: 'contactPhone', code: 'validation.phoneInvalid', patch: { contactPhone: '12345' } },
  { path: 'country', code: 'validation.countryInvalid', patch: { country: 'XX' } },
  { path: 'address', code: 'validation.tooLong', patch: { address: long(301) }, params: { max: 300 } },
  { path: 'status', code: 'validation.statusInvalid', patch: { status: 'CLOSED' } },
  { path: 'config.zoneEnabled', code: 'validation.invalid', patch: { 'config.zoneEnabled': 'yes' } },
  {
    path: 'config.trackingWindow.days',
    code: 'validation.trackingDaysInvalid',
    patch: { 'config.trackingWindow.days': [] },
  },
  {
    path: 'config.trackingWindow.days',
    code: 'validation.trackingDaysInvalid',
    patch: { 'config.trackingWindow.days': [1, 1] },
  },
  {
    path: 'config.trackingWindow.days.0',
    code: 'validation.trackingDaysInvalid',
    patch: { 'config.trackingWindow.days': [8] },
  },
  {
    path: 'config.trackingWindow.start',
    code: 'validation.timeInvalid',
    patch: { 'config.trackingWindow.start': '8:00' },
  },
  {
    path: 'config.trackingWindow.end',
    code: 'validation.timeInvalid',
    patch: { 'config.trackingWindow.end': '24:00' },
  },
  {
    path: 'config.trackingWindow.end',
    code: 'validation.trackingWindowInvalid',
    patch: { 'config.trackingWindow.end': '07:00' },
  },
  {
    path: 'config.trackingWindow.timezone',
    code: 'validation.timezoneInvalid',
    patch: { 'config.trackingWindow.timezone': 'Mars/Olympus_Mons' },
  },
  {
    path: 'config.trackingWindow.timezone',
    code: 'validation.timezoneInvalid',
    patch: { 'config.trackingWindow.timezone': '+03:00' },
  },
  {
    path: 'config.pollIntervalMinutes',
    code: 'validation.numberOutOfRange',
    patch: { 'config.pollIntervalMinutes': 0 },
    params: { min: 1, max: 1440 },
    message: 'Between 1 and 1440',
  },
  {
    path: 'config.pollIntervalMinutes',
    code: 'validation.numberOutOfRange',
    patch: { 'config.pollIntervalMinutes': 1.5 },
    params: { min: 1, max: 1440 },
  },
  {
    path: 'config.retentionDays',
    code: 'validation.numberOutOfRange',
    patch: { 'config.retentionDays': 3651 },
    params: { min: 1, max: 3650 },
    message: 'Between 1 and 3650',
  },
  { path: 'pricePlan.currency', code: 'validation.currencyInvalid', patch: { 'pricePlan.currency': 'XYZ' } },
  {
    path: 'pricePlan.monthlyFeePerMsisdn',
    code: 'validation.amountInvalid',
    patch: { 'pricePlan.monthlyFeePerMsisdn': -1 },
  },
  {
    path: 'pricePlan.feePerLocate',
    code: 'validation.amountInvalid',
    patch: { 'pricePlan.feePerLocate': '0.01' },
  },
  {
    path: 'pricePlan.feePerLocate',
    code: 'validation.amountInvalid',
    patch: { 'pricePlan.feePerLocate': 0.000001 },
  },
];

const unitBody = () => ({ name: `Valid ${f.unique()}`, description: 'ok' });
const UNIT_RULES: Rule[] = [
  { path: 'name', code: 'validation.nameRequired', patch: { name: undefined } },
  { path: 'name', code: 'validation.nameRequired', patch: { name: '' } },
  { path: 'name', code: 'validation.tooLong', patch: { name: long(121) }, params: { max: 120 } },
  {
    path: 'description',
    code: 'validation.tooLong',
    patch: { description: long(501) },
    params: { max: 500 },
  },
  { path: 'companyId', code: 'validation.companyRequired', patch: { companyId: 'one' } },
];

const userBody = () => {
  const name = `valid.${f.unique()}`;
  return {
    fullName: 'Valid User',
    username: name,
    email: `${name}@example.com`,
    phoneNo: '+966501234567',
    birthDate: '1990-05-17',
    country: 'SA',
    address: 'Olaya St',
    notes: 'ok',
    companyId: ids['A'],
    departmentId: ids['deptA'],
    designationId: ids['desA'],
    roles: ['DepartmentAdmin'],
    active: true,
  };
};
const USER_RULES: Rule[] = [
  { path: 'fullName', code: 'validation.nameRequired', patch: { fullName: undefined } },
  {
    path: 'fullName',
    code: 'validation.tooLong',
    patch: { fullName: long(121) },
    params: { max: 120 },
    message: 'At most 120 characters',
  },
  { path: 'username', code: 'validation.usernameInvalid', patch: { username: 'no spaces' } },
  { path: 'username', code: 'validation.usernameInvalid', patch: { username: 'ab' } },
  { path: 'username', code: 'validation.usernameRequired', patch: { username: undefined } },
  { path: 'username', code: 'validation.usernameRequired', patch: { username: '' } },
  { path: 'email', code: 'validation.emailRequired', patch: { email: undefined } },
  { path: 'email', code: 'validation.emailRequired', patch: { email: '' } },
  { path: 'email', code: 'validation.emailInvalid', patch: { email: 'user@' } },
  { path: 'phoneNo', code: 'validation.phoneInvalid', patch: { phoneNo: 'call me' } },
  {
    path: 'birthDate',
    code: 'validation.dateOutOfRange',
    patch: { birthDate: '1899-12-31' },
    params: { min: '1900-01-01', max: '2099-12-31' },
    message: 'Date must be between 1900-01-01 and 2099-12-31',
  },
  { path: 'birthDate', code: 'validation.invalid', patch: { birthDate: '1990-02-30' } },
  { path: 'country', code: 'validation.countryInvalid', patch: { country: 'Saudi' } },
  { path: 'address', code: 'validation.tooLong', patch: { address: long(301) }, params: { max: 300 } },
  { path: 'notes', code: 'validation.tooLong', patch: { notes: long(2001) }, params: { max: 2000 } },
  { path: 'roles', code: 'validation.rolesRequired', patch: { roles: [] } },
  { path: 'roles', code: 'validation.rolesRequired', patch: { roles: undefined } },
  { path: 'roles.0', code: 'validation.rolesRequired', patch: { roles: ['Boss'] } },
  { path: 'active', code: 'validation.invalid', patch: { active: 'yes' } },
  { path: 'companyId', code: 'validation.invalid', patch: { companyId: -1 } },
  // Rules the service checks (placement and role constraints).
  { path: 'departmentId', code: 'user.departmentAdminNeedsDepartment', patch: { departmentId: null } },
  { path: 'zoneId', code: 'user.zoneAdminNeedsZone', patch: { roles: ['ZoneAdmin'] } },
  {
    path: 'companyId',
    code: 'user.companyAdminNeedsCompany',
    patch: { roles: ['CompanyAdmin'], companyId: null, departmentId: null, designationId: null },
  },
  { path: 'companyId', code: 'org.companyNotFound', patch: { companyId: 999_999 } },
  { path: 'departmentId', code: 'org.departmentNotFound', patch: { departmentId: 'deptB' } },
  { path: 'designationId', code: 'org.designationNotFound', patch: { designationId: 'desB' } },
  {
    path: 'zoneId',
    code: 'org.zonesDisabled',
    patch: { companyId: 'B', departmentId: 'deptB', designationId: 'desB', zoneId: 'zoneA' },
  },
];

const msisdnBody = () => ({
  companyId: ids['A'],
  msisdn: f.nextNumber(),
  employeeName: 'Valid Employee',
  employeeCode: 'EMP-1',
  email: 'employee@example.com',
  departmentId: ids['deptA'],
  zoneId: ids['zoneA'],
  designationId: ids['desA'],
  trackingEnabled: true,
});
const MSISDN_RULES: Rule[] = [
  { path: 'msisdn', code: 'validation.phoneInvalid', patch: { msisdn: undefined } },
  { path: 'msisdn', code: 'validation.phoneInvalid', patch: { msisdn: '+3934' } },
  { path: 'msisdn', code: 'validation.phoneInvalid', patch: { msisdn: '+99912345678' } },
  { path: 'msisdn', code: 'validation.phoneInvalid', patch: { msisdn: 393471234567 } },
  { path: 'employeeName', code: 'validation.nameRequired', patch: { employeeName: ' ' } },
  {
    path: 'employeeName',
    code: 'validation.tooLong',
    patch: { employeeName: long(121) },
    params: { max: 120 },
  },
  {
    path: 'employeeCode',
    code: 'validation.tooLong',
    patch: { employeeCode: long(41) },
    params: { max: 40 },
  },
  { path: 'email', code: 'validation.emailInvalid', patch: { email: 'nope' } },
  { path: 'companyId', code: 'validation.companyRequired', patch: { companyId: undefined } },
  { path: 'departmentId', code: 'validation.departmentRequired', patch: { departmentId: undefined } },
  { path: 'designationId', code: 'validation.designationRequired', patch: { designationId: 'x' } },
  { path: 'trackingEnabled', code: 'validation.invalid', patch: { trackingEnabled: 'on' } },
  { path: 'zoneId', code: 'validation.invalid', patch: { zoneId: 0 } },
  // Rules the service checks: references within the company, zones only where enabled.
  { path: 'companyId', code: 'org.companyNotFound', patch: { companyId: 999_999 } },
  { path: 'departmentId', code: 'org.departmentNotFound', patch: { departmentId: 'deptB' } },
  { path: 'designationId', code: 'org.designationNotFound', patch: { designationId: 'desB' } },
  {
    path: 'zoneId',
    code: 'org.zonesDisabled',
    patch: { companyId: 'B', departmentId: 'deptB', designationId: 'desB' },
  },
];

/** Values naming a fixture (`'deptB'`) are replaced by its id. */
function resolveIds(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const key of ['companyId', 'departmentId', 'zoneId', 'designationId']) {
    const value = out[key];
    if (typeof value === 'string' && value in ids) out[key] = ids[value];
  }
  return out;
}

const SUITES: [string, Who, string, () => Record<string, unknown>, Rule[]][] = [
  ['POST /companies', 'SA', '/companies', companyBody, COMPANY_RULES],
  ['POST /departments', 'CA', '/departments', unitBody, UNIT_RULES],
  ['POST /designations', 'DA', '/designations', unitBody, UNIT_RULES],
  ['POST /users', 'SA', '/users', userBody, USER_RULES],
  ['POST /msisdns', 'SA', '/msisdns', msisdnBody, MSISDN_RULES],
];

describe.each(SUITES)('%s', (_name, who, path, base, rules) => {
  it('accepts the valid body', async () => {
    const response = await f.call(who, 'POST', path, base());
    expect(response.statusCode).toBe(201);
  });

  it.each(rules.map((r) => [`${r.path} → ${r.code}`, r] as const))('%s', async (_label, rule) => {
    const body = resolveIds(withPatch(base(), rule.patch));
    const before = await f.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await f.call(who, 'POST', path, body);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = response.json() as {
      code: string;
      errors: { path: string; code: string; message: string }[];
    };
    expect(problem.code).toBe('problem.validation');
    expect(problem.errors).toContainEqual({
      path: rule.path,
      code: rule.code,
      message: rule.message ?? expect.any(String),
      ...(rule.params ? { params: rule.params } : {}),
    });
    const after = await f.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('updates apply the same rules', () => {
  it.each([
    [
      '/companies/{A}',
      'SA',
      { 'config.trackingWindow': { days: [1], start: '10:00', end: '09:00', timezone: 'UTC' } },
      'config.trackingWindow.end',
      'validation.trackingWindowInvalid',
    ],
    [
      '/companies/{A}',
      'SA',
      { 'pricePlan.currency': 'EURO' },
      'pricePlan.currency',
      'validation.currencyInvalid',
    ],
    ['/departments/{deptA}', 'CA', { name: '' }, 'name', 'validation.nameRequired'],
    ['/msisdns/{msisdn}', 'CA', { msisdn: 'abc' }, 'msisdn', 'validation.phoneInvalid'],
    ['/msisdns/{msisdn}', 'CA', { employeeName: '' }, 'employeeName', 'validation.nameRequired'],
    ['/users/{user}', 'SA', { email: 'bad' }, 'email', 'validation.emailInvalid'],
    ['/users/{user}', 'SA', { roles: ['ZoneAdmin'] }, 'zoneId', 'user.zoneAdminNeedsZone'],
  ] as const)('PATCH %s %j', async (template, who, patch, path, code) => {
    const targets: Record<string, number> = {
      ...ids,
      msisdn: await f.msisdnIn('ALPHA', 'Field Operations', 'North'),
      user: await f.userId('deptadmin'),
    };
    const url = template.replace(/\{(\w+)\}/, (_m, k: string) => String(targets[k]));
    const response = await f.call(who, 'PATCH', url, withPatch({}, patch));
    expect(response.statusCode).toBe(400);
    expect((response.json() as { errors: unknown[] }).errors).toContainEqual({
      path,
      code,
      message: expect.any(String),
    });
  });
});

describe('query strings and path parameters', () => {
  it.each([
    ['/msisdns?size=101', 'query.size', 'validation.pageSizeTooLarge'],
    ['/msisdns?page=0', 'query.page', 'validation.invalid'],
    ['/msisdns?sort=password', 'query.sort', 'validation.sortInvalid'],
    ['/msisdns?sort=-employeeName,nope', 'query.sort', 'validation.sortInvalid'],
    ['/msisdns?consentStatus=MAYBE', 'query.consentStatus', 'validation.statusInvalid'],
    ['/msisdns?trackingEnabled=maybe', 'query.trackingEnabled', 'validation.invalid'],
    ['/msisdns?departmentId=abc', 'query.departmentId', 'validation.invalid'],
    ['/msisdns/directory?size=5001', 'query.size', 'validation.invalid'],
    ['/msisdns/directory?after=0x10', 'query.after', 'validation.invalid'],
    ['/users?role=Boss', 'query.role', 'validation.rolesRequired'],
    ['/companies?status=GONE', 'query.status', 'validation.statusInvalid'],
    ['/departments?companyId=0', 'query.companyId', 'validation.invalid'],
    ['/msisdns/abc', 'params.id', 'validation.invalid'],
    ['/msisdns/99999999999', 'params.id', 'validation.invalid'],
    ['/msisdns/imports/not-a-uuid', 'params.id', 'validation.invalid'],
  ])('GET %s', async (url, path, code) => {
    const response = await f.call('SA', 'GET', url);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { errors: unknown[] }).errors).toContainEqual({
      path,
      code,
      message: expect.any(String),
    });
  });

  it('checks the import query', async () => {
    const response = await f.call('SA', 'POST', '/msisdns/imports', 'msisdn\n', {
      'content-type': 'text/csv',
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { errors: unknown[] }).errors).toContainEqual({
      path: 'query.companyId',
      code: 'validation.companyRequired',
      message: 'Company is required',
    });
  });

  it('checks the invitation PIN (SPEC §5: "The length of Pin should be 6 digits")', async () => {
    for (const code of ['12345', '1234567', 'abcdef']) {
      const response = await f.call('anon', 'POST', '/invitations/verify', {
        email: 'someone@example.com',
        code,
      });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { errors: unknown[] }).errors).toEqual([
        { path: 'code', code: 'validation.pinLength', message: 'The length of Pin should be 6 digits' },
      ]);
    }
  });
});
