import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  msisdnDirectoryEntrySchema,
  msisdnDirectoryPageSchema,
  msisdnSchema,
  type Msisdn,
  type MsisdnDirectoryEntry,
  type MsisdnDirectoryPage,
  type MsisdnImport,
  type MsisdnPage,
} from '@lbs/contracts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';

const WEBHOOK_TOKEN = 'test-webhook-token-0123456789';
const f = useOrgFixtures({ SMS_WEBHOOK_TOKEN: WEBHOOK_TOKEN });

const smsTo = (to: string) =>
  f.db
    .selectFrom('outbox_messages')
    .select(['channel', 'body', 'status', 'company_id'])
    .where('to', '=', to)
    .orderBy('id')
    .execute();
const auditOf = async (id: number) =>
  (
    await f.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('entity', '=', 'msisdn')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute()
  ).map((e) => `${e.action} by ${e.actor}`);
const inbound = (
  from: string,
  text: string,
  headers: Record<string, string> = { 'x-webhook-token': WEBHOOK_TOKEN },
) => f.call('anon', 'POST', '/sms/inbound', { from, text }, headers);

async function addNumber(extra: Record<string, unknown> = {}): Promise<Msisdn> {
  const response = await f.call('SA', 'POST', '/msisdns', {
    companyId: await f.companyId('ALPHA'),
    msisdn: f.nextNumber(),
    employeeName: 'Samir Haddad',
    employeeCode: 'ALPHA-9001',
    email: 'samir@alpha.example.com',
    departmentId: await f.unitId('departments', 'ALPHA', 'Field Operations'),
    zoneId: await f.unitId('zones', 'ALPHA', 'North'),
    designationId: await f.unitId('designations', 'ALPHA', 'Driver'),
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Msisdn;
}

describe('employee MSISDNs and consent', () => {
  it('adds a number (any spelling → E.164), sends the consent request SMS and audits both', async () => {
    const number = f.nextNumber();
    const spelled = `0039 ${number.slice(3, 6)} ${number.slice(6)}`;
    const created = await addNumber({ msisdn: spelled });
    expect(Object.keys(created).sort()).toEqual(Object.keys(msisdnSchema.shape).sort());
    expect(created).toMatchObject({
      msisdn: number,
      companyName: 'Alpha Logistics',
      departmentName: 'Field Operations',
      zoneName: 'North',
      designationName: 'Driver',
      consentStatus: 'PENDING',
      consentAt: null,
      consentRequestedAt: expect.any(String),
      trackingEnabled: true,
    });
    const sms = await smsTo(number);
    expect(sms).toEqual([
      {
        channel: 'SMS',
        status: 'PENDING',
        body: expect.stringMatching(
          /^Alpha Logistics asks to locate this phone .*Reply YES to agree or NO to refuse\. You can reply STOP/,
        ),
        company_id: created.companyId,
      },
    ]);
    expect(await auditOf(created.id)).toEqual([
      'msisdn.create by superadmin',
      'msisdn.consent.request by superadmin',
    ]);
    const again = await f.call('SA', 'POST', '/msisdns', {
      ...created,
      msisdn: `+${number.slice(1)}`,
      companyId: created.companyId,
    });
    expect(again.json()).toMatchObject({
      status: 409,
      code: 'msisdn.taken',
      errors: [{ path: 'msisdn', code: 'msisdn.taken' }],
    });
  });

  it('turns YES into GRANTED, STOP into REVOKED, and answers the employee', async () => {
    const { id, msisdn } = await addNumber();
    const yes = await inbound(msisdn.replace('+', '00'), '  yes!  ');
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ handled: true, consentStatus: 'GRANTED' });
    const granted = (await f.call('CA', 'GET', `/msisdns/${id}`)).json() as Msisdn;
    expect(granted.consentStatus).toBe('GRANTED');
    expect(Date.now() - Date.parse(granted.consentAt!)).toBeLessThan(60_000);
    expect((await inbound(msisdn, 'YES')).json()).toEqual({ handled: false, consentStatus: 'GRANTED' });

    const stop = await inbound(msisdn, 'Stop');
    expect(stop.json()).toEqual({ handled: true, consentStatus: 'REVOKED' });
    expect((await f.call('CA', 'GET', `/msisdns/${id}`)).json()).toMatchObject({ consentStatus: 'REVOKED' });
    // A revoked consent comes back only through a new request the employee answers.
    expect((await inbound(msisdn, 'YES')).json()).toEqual({ handled: false, consentStatus: 'REVOKED' });
    const events = await f.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'detail'])
      .where('entity', '=', 'msisdn')
      .where('entity_id', '=', String(id))
      .where('action', 'like', 'msisdn.consent.%')
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.action, e.actor])).toEqual([
      ['msisdn.consent.request', 'superadmin'],
      ['msisdn.consent.grant', 'system:sms'],
      ['msisdn.consent.revoke', 'system:sms'],
    ]);
    expect(events[1]!.detail).toMatchObject({ previous: 'PENDING', consentStatus: 'GRANTED', from: msisdn });
    expect((await smsTo(msisdn)).map((m) => m.body.split('.')[0])).toEqual([
      'Alpha Logistics asks to locate this phone during working hours for work purposes',
      'Thank you',
      'Alpha Logistics will not locate this phone',
    ]);
    // Each counts against the company's per-minute SMS limit (a bulk re-ask cannot flood the gateway).
    expect((await smsTo(msisdn)).map((m) => m.company_id)).toEqual(Array(3).fill(await f.companyId('ALPHA')));
  });

  it('turns NO into REVOKED; the admin can ask again, but not once consent is granted', async () => {
    const { id, msisdn } = await addNumber();
    expect((await inbound(msisdn, 'no thanks')).json()).toEqual({ handled: true, consentStatus: 'REVOKED' });
    const resent = await f.call('ZA', 'POST', `/msisdns/${id}/consent-request`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ consentStatus: 'PENDING' });
    expect(await smsTo(msisdn)).toHaveLength(3);
    expect((await inbound(msisdn, 'Y')).json()).toEqual({ handled: true, consentStatus: 'GRANTED' });
    const refused = await f.call('DA', 'POST', `/msisdns/${id}/consent-request`);
    expect(refused.json()).toMatchObject({ status: 409, code: 'msisdn.consentAlreadyGranted' });
    expect((await auditOf(id)).filter((a) => a.startsWith('msisdn.consent.reopen'))).toEqual([
      'msisdn.consent.reopen by zoneadmin',
    ]);
  });

  it('ignores unknown numbers and other texts, and refuses a wrong webhook token', async () => {
    expect((await inbound('+393479999999', 'YES')).json()).toEqual({ handled: false, consentStatus: null });
    expect((await inbound('not a number', 'YES')).json()).toEqual({ handled: false, consentStatus: null });
    const { msisdn } = await addNumber();
    expect((await inbound(msisdn, 'Who is this?')).json()).toEqual({ handled: false, consentStatus: null });
    expect((await f.call('SA', 'GET', `/msisdns?q=${encodeURIComponent(msisdn)}`)).json()).toMatchObject({
      items: [{ consentStatus: 'PENDING' }],
    });
    const wrong: Record<string, string>[] = [
      {},
      { 'x-webhook-token': 'wrong' },
      { 'x-webhook-token': `${WEBHOOK_TOKEN}x` },
    ];
    for (const headers of wrong) {
      const response = await inbound(msisdn, 'YES', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'auth.unauthorized',
        detail: 'The webhook token is not valid.',
      });
    }
    expect((await inbound(msisdn, 'YES', { authorization: `Bearer ${WEBHOOK_TOKEN}` })).json()).toEqual({
      handled: true,
      consentStatus: 'GRANTED',
    });
  });

  it('restarts consent when a SuperAdmin changes the number', async () => {
    const { id, msisdn } = await addNumber();
    await inbound(msisdn, 'YES');
    const next = f.nextNumber();
    const response = await f.call('SA', 'PATCH', `/msisdns/${id}`, { msisdn: next });
    expect(response.json()).toMatchObject({
      msisdn: next,
      consentStatus: 'PENDING',
      consentAt: null,
      consentRequestedAt: expect.any(String),
    });
    expect(await smsTo(next)).toHaveLength(1);
    expect((await auditOf(id)).at(-2)).toBe('msisdn.update by superadmin');
  });

  it('edits tracking and placement within the company, audited', async () => {
    const { id } = await addNumber();
    const south = await f.unitId('zones', 'ALPHA', 'South');
    const supervisor = await f.unitId('designations', 'ALPHA', 'Supervisor');
    const response = await f.call('CA', 'PATCH', `/msisdns/${id}`, {
      trackingEnabled: false,
      zoneId: south,
      designationId: supervisor,
      email: null,
    });
    expect(response.json()).toMatchObject({
      trackingEnabled: false,
      zoneId: south,
      zoneName: 'South',
      designationId: supervisor,
      designationName: 'Supervisor',
      email: null,
    });
    const last = await f.db
      .selectFrom('audit_log')
      .select('detail')
      .where('entity_id', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.detail).toEqual({ changed: ['zoneId', 'designationId', 'email', 'trackingEnabled'] });
    expect((await f.call('SA', 'DELETE', `/msisdns/${id}`)).statusCode).toBe(204);
    expect(await auditOf(id)).toContain('msisdn.delete by superadmin');
  });

  it('lists with filters the grid uses', async () => {
    const alpha = await f.companyId('ALPHA');
    const north = await f.unitId('zones', 'ALPHA', 'North');
    const page = (
      await f.call(
        'CA',
        'GET',
        `/msisdns?zoneId=${north}&consentStatus=REVOKED&trackingEnabled=true&sort=-employeeName&size=5`,
      )
    ).json() as { items: Msisdn[]; total: number };
    const expected = await f.db
      .selectFrom('msisdns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', alpha)
      .where('zone_id', '=', north)
      .where('consent_status', '=', 'REVOKED')
      .where('tracking_enabled', '=', true)
      .executeTakeFirstOrThrow();
    expect(page.total).toBe(Number(expected.n));
    expect(
      page.items.every((m) => m.zoneId === north && m.consentStatus === 'REVOKED' && m.trackingEnabled),
    ).toBe(true);
    const one = (await f.call('SA', 'GET', '/msisdns?size=1')).json() as { items: Msisdn[] };
    const byNumber = (
      await f.call('SA', 'GET', `/msisdns?q=${encodeURIComponent(one.items[0]!.msisdn)}`)
    ).json() as { items: Msisdn[] };
    expect(byNumber.items.map((m) => m.id)).toEqual([one.items[0]!.id]);
  });

  it('reads the directory in id order by keyset pages: each caller exactly what its list shows', async () => {
    // Each number as the caller's list shows it: id, name, and whether it may be located now (and why not).
    const summary = (m: MsisdnDirectoryEntry) =>
      [m.id, m.employeeName, m.consentStatus, m.abilities.locate, m.blockedBy.locate ?? null].join('|');
    const listed = async (who: 'SA' | 'CA' | 'DA' | 'ZA' | 'CB') => {
      const items: string[] = [];
      for (let page = 1; ; page++) {
        const answer = (
          await f.call(who, 'GET', `/msisdns?size=100&page=${page}&sort=createdAt`)
        ).json() as MsisdnPage;
        items.push(...answer.items.map(summary));
        if (page * answer.size >= answer.total)
          return items.sort((a, b) => Number(a.split('|')[0]) - Number(b.split('|')[0]));
      }
    };
    for (const who of ['SA', 'CA', 'DA', 'ZA', 'CB'] as const) {
      const items: string[] = [];
      let after: number | null = null;
      let requests = 0;
      do {
        const response = await f.call(
          who,
          'GET',
          `/msisdns/directory?size=7${after ? `&after=${after}` : ''}`,
        );
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        const page = response.json() as MsisdnDirectoryPage;
        expect(page.items.length).toBeLessThanOrEqual(7);
        // Sent without the response check: exactly the schema's shape, nothing more.
        expect(msisdnDirectoryPageSchema.safeParse(page).error).toBeUndefined();
        for (const item of page.items) {
          expect(Object.keys(item).sort()).toEqual(Object.keys(msisdnDirectoryEntrySchema.shape).sort());
          expect(Object.keys(item.abilities)).toEqual(['locate']);
          expect(Object.keys(item.blockedBy).filter((key) => key !== 'locate')).toEqual([]);
        }
        items.push(...page.items.map(summary));
        after = page.next;
        requests++;
      } while (after !== null);
      const expected = await listed(who);
      expect(expected.length, who).toBeGreaterThan(0);
      expect(items, who).toEqual(expected);
      // No empty page at the end, even when the last one is full.
      expect(requests, who).toBe(Math.ceil(expected.length / 7));
      // A page exactly as large as what is left says that nothing follows; one row smaller, that something does.
      const whole = (await f.call(who, 'GET', `/msisdns/directory?size=${expected.length}`)).json();
      expect((whole as MsisdnDirectoryPage).items.length, who).toBe(expected.length);
      expect((whole as MsisdnDirectoryPage).next, who).toBeNull();
      if (expected.length > 1) {
        const short = (
          await f.call(who, 'GET', `/msisdns/directory?size=${expected.length - 1}`)
        ).json() as MsisdnDirectoryPage;
        expect(short.next, who).toBe(Number(expected.at(-2)!.split('|')[0]));
      }
    }
    // CompanyAdmin B's directory has none of company A's numbers, and the other way round.
    const b = (await f.call('CB', 'GET', '/msisdns/directory')).json() as MsisdnDirectoryPage;
    const a = (await f.call('CA', 'GET', '/msisdns/directory')).json() as MsisdnDirectoryPage;
    const alpha = await f.companyId('ALPHA');
    expect(a.items.every((m) => m.companyId === alpha)).toBe(true);
    expect(b.items.some((m) => m.companyId === alpha)).toBe(false);
    expect(a.next).toBeNull();
  });
});

async function waitForImport(id: string): Promise<MsisdnImport> {
  // Imports are durable jobs; this test server runs no worker, so the test runs what is due itself.
  await f.server.jobs.drain();
  for (let i = 0; i < 200; i++) {
    const job = (await f.call('SA', 'GET', `/msisdns/imports/${id}`)).json() as MsisdnImport;
    if (job.status === 'COMPLETED' || job.status === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import did not finish');
}

async function upload(body: string | Buffer, contentType: string, companyCode = 'ALPHA') {
  return f.call(
    'SA',
    'POST',
    `/msisdns/imports?companyId=${await f.companyId(companyCode)}&fileName=staff.csv`,
    body,
    { 'content-type': contentType },
  );
}

describe('bulk import', () => {
  it('imports a CSV row by row: valid rows kept, each invalid one reported with its row, column and key', async () => {
    const [n1, n2, n3] = [f.nextNumber(), f.nextNumber(), f.nextNumber()];
    const seeded = (await f.db.selectFrom('msisdns').select('msisdn').orderBy('id').executeTakeFirstOrThrow())
      .msisdn;
    const csv = [
      'MSISDN;Employee Name;Employee Code;E-mail;Department;Zone;Designation;Tracking',
      `${n1};Rania Saleh;R-1;rania@alpha.example.com;field operations;north;Driver;yes`,
      `12345;Bad Number;;;Nowhere;;Driver;`,
      `${n2};Unknown Dept;;;Accounting;;Driver;`,
      '',
      `${n1};Duplicate In File;;;Warehouse;;Driver;`,
      `${seeded};Already Registered;;;Warehouse;;Driver;`,
      `${n3};No Such Zone;;not-an-email;Warehouse;Nowhere;Courier;maybe`,
    ].join('\r\n');
    const started = await upload(csv, 'application/vnd.ms-excel');
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      format: 'CSV',
      fileName: 'staff.csv',
      status: 'QUEUED',
      total: 6,
      processed: 0,
    });
    const job = await waitForImport(started.json().id);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      total: 6,
      processed: 6,
      succeeded: 1,
      failed: 5,
      finishedAt: expect.any(String),
    });
    expect(job.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [3, 'msisdn', 'validation.phoneInvalid'],
      [3, 'department', 'org.departmentNotFound'],
      [4, 'department', 'org.departmentNotFound'],
      [6, 'msisdn', 'import.duplicateInFile'],
      [7, 'msisdn', 'msisdn.taken'],
      [8, 'email', 'validation.emailInvalid'],
      [8, 'trackingEnabled', 'validation.invalid'],
      [8, 'zone', 'org.zoneNotFound'],
    ]);
    expect(job.errors[0]!.message).toBe('Enter a valid phone number');
    const imported = (await f.call('SA', 'GET', `/msisdns?q=${encodeURIComponent(n1)}`)).json() as {
      items: Msisdn[];
    };
    expect(imported.items).toEqual([
      expect.objectContaining({
        employeeName: 'Rania Saleh',
        departmentName: 'Field Operations',
        zoneName: 'North',
        consentStatus: 'PENDING',
        consentRequestedAt: expect.any(String),
      }),
    ]);
    expect(await smsTo(n1)).toHaveLength(1);
    const events = await f.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', job.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.action)).toEqual(['msisdn.import.start', 'msisdn.import.complete']);
  });

  it('imports an XLSX file (numbers as numeric cells) in batches, with progress to the end', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(['msisdn', 'employeeName', 'department', 'designation', 'zone']);
    const numbers: string[] = [];
    for (let i = 0; i < 450; i++) {
      const n = f.nextNumber();
      numbers.push(n);
      sheet.addRow([
        Number(n.slice(1)),
        `Employee ${i}`,
        i % 2 ? 'Warehouse' : 'Sales',
        'Courier',
        i === 7 ? 'Atlantis' : '',
      ]);
    }
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const started = await upload(file, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(started.json()).toMatchObject({ format: 'XLSX', total: 450 });
    const job = await waitForImport(started.json().id);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      total: 450,
      processed: 450,
      succeeded: 449,
      failed: 1,
      errors: [{ row: 9, field: 'zone', code: 'org.zoneNotFound' }],
    });
    const stored = await f.db
      .selectFrom('msisdns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('msisdn', 'in', numbers)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(449);
    const rows = await f.db
      .selectFrom('msisdn_imports')
      .select('rows')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(rows.rows).toBeNull();
  });

  it('reports zones in a company without zones', async () => {
    const started = await upload(
      `msisdn,employeeName,department,designation,zone\n${f.nextNumber()},Marta Neri,Site Crew,Foreman,Nord\n`,
      'text/csv',
      'BETA',
    );
    const job = await waitForImport(started.json().id);
    expect(job.errors).toEqual([
      { row: 2, field: 'zone', code: 'org.zonesDisabled', message: 'Zones are not enabled for this company' },
    ]);
  });

  it('refuses files it cannot read, at once', async () => {
    const cases: [string | Buffer, string, string][] = [
      ['', 'text/csv', 'import.empty'],
      ['msisdn,employeeName\n+393470000001,A\n', 'text/csv', 'import.missingColumns'],
      ['msisdn,employeeName,department,designation\n', 'text/csv', 'import.empty'],
      [
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]),
        'application/octet-stream',
        'import.unreadable',
      ],
      [Buffer.from('msisdn\u0000\u0001\u0002'), 'text/csv', 'import.unreadable'],
    ];
    for (const [body, type, code] of cases) {
      const response = await upload(body, type);
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toMatchObject({ code });
    }
    const json = await f.call('SA', 'POST', `/msisdns/imports?companyId=${await f.companyId('ALPHA')}`, {
      rows: [],
    });
    expect(json.statusCode).toBe(415);
    const template = await f.call('SA', 'GET', '/msisdns/imports/template.csv');
    expect(template.headers['content-type']).toMatch(/^text\/csv/);
    expect(template.body.split('\n')[0]).toBe(
      'msisdn,employeeName,employeeCode,email,department,zone,designation,trackingEnabled',
    );
  });

  it('resumes a job whose worker stopped, after its lease lapsed', async () => {
    // A worker claimed the import's job and died mid-way: the job is RUNNING with a lease that has lapsed.
    const alpha = await f.companyId('ALPHA');
    const number = f.nextNumber();
    const rows = [
      {
        row: 2,
        cells: { msisdn: number, employeeName: 'Resumed', department: 'Sales', designation: 'Courier' },
      },
    ];
    const { id } = await f.db
      .insertInto('msisdn_imports')
      .values({
        company_id: alpha,
        format: 'CSV',
        status: 'RUNNING',
        total: 1,
        rows: JSON.stringify(rows),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await f.db
      .insertInto('jobs')
      .values({
        kind: 'msisdns.import',
        key: id,
        payload: JSON.stringify({ importId: id }),
        status: 'RUNNING',
        attempts: 1,
        max_attempts: 3,
        locked_by: 'a-worker-that-died',
        lease_until: new Date(Date.now() - 1000),
      })
      .execute();
    const job = await waitForImport(id);
    expect(job).toMatchObject({ status: 'COMPLETED', processed: 1, succeeded: 1, failed: 0 });
    expect(
      (
        await f.db
          .selectFrom('msisdns')
          .select('employee_name')
          .where('msisdn', '=', number)
          .executeTakeFirstOrThrow()
      ).employee_name,
    ).toBe('Resumed');
  });
});
