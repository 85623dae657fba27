import { describe, expect, it } from 'vitest';
import { CALLERS, useOrgFixtures, type OrgFixtures, type Who } from '../organisation/test-fixtures.ts';

/**
 * Every task endpoint × {anonymous, SuperAdmin, CompanyAdmin, DepartmentAdmin, ZoneAdmin of company A, CompanyAdmin
 * of company B} → the exact status, written out by hand. Tasks are placed like POIs: company-wide ones are seen by
 * every tier of their company and changed by SuperAdmin and CompanyAdmin; a department's task is seen and changed by
 * that department's admin too. Assignments are made, completed and reopened by whoever sees the task and the MSISDN.
 * Columns: anon SA CA DA ZA CB. 401 anonymous · 404 outside the scope · 400 a body the caller may not send (a
 * SuperAdmin names no company, an MSISDN the caller does not see) · 2xx allowed.
 */
interface Target {
  id: number;
  m?: number;
}
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  target?: (f: OrgFixtures) => Promise<Target>;
  fresh?: boolean;
  body?: (f: OrgFixtures, target: Target | undefined) => unknown | Promise<unknown>;
  expect: string;
}

const f = useOrgFixtures();
const A = 'ALPHA';

async function taskIn(x: OrgFixtures, code: string, department?: string): Promise<Target> {
  const row = await x.db
    .insertInto('tasks')
    .values({
      company_id: await x.companyId(code),
      department_id: department ? await x.unitId('departments', code, department) : null,
      title: `Matrix ${x.unique()}`,
      priority: 'MEDIUM',
      labels: '[]',
      completion_rule: 'MANUAL',
      assignment_mode: 'ANY',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** A company-wide task of A with an MSISDN of Field Operations / North assigned (completed when asked). */
async function assigned(x: OrgFixtures, completed = false): Promise<Target> {
  const { id } = await taskIn(x, A);
  const m = await x.freshMsisdn(A, 'Field Operations', 'Driver', 'North');
  await x.db
    .insertInto('task_assignments')
    .values({
      task_id: id,
      msisdn_id: m,
      company_id: await x.companyId(A),
      completion_rule: 'MANUAL',
      ...(completed
        ? { status: 'COMPLETED', completion_source: 'MANUAL', completed_at: new Date(), reason: 'done' }
        : {}),
    })
    .execute();
  return { id, m };
}

/** A company-wide task of A with a text attachment ({m}: the attachment's id). */
async function attached(x: OrgFixtures): Promise<Target> {
  const { id } = await taskIn(x, A);
  const row = await x.db
    .insertInto('task_attachments')
    .values({
      task_id: id,
      company_id: await x.companyId(A),
      file_name: 'note.txt',
      content_type: 'text/plain',
      size_bytes: 4,
      sha256: '-',
      data: Buffer.from('note'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, m: row.id };
}

/** A company-wide recurring task of A (Mondays, no members). */
async function templateIn(x: OrgFixtures): Promise<Target> {
  const row = await x.db
    .insertInto('task_templates')
    .values({
      company_id: await x.companyId(A),
      title: `Round ${x.unique()}`,
      priority: 'MEDIUM',
      completion_rule: 'MANUAL',
      assignment_mode: 'ANY',
      weekdays: JSON.stringify([1]),
      start_time: '08:00',
      end_time: '09:00',
      time_zone: 'Asia/Riyadh',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

const CASES: Case[] = [
  { name: 'list tasks', method: 'GET', path: '/tasks', expect: '401 200 200 200 200 200' },
  { name: 'list assignments', method: 'GET', path: '/task-assignments', expect: '401 200 200 200 200 200' },
  {
    name: 'read company-wide task of A',
    method: 'GET',
    path: '/tasks/{id}',
    target: (x) => taskIn(x, A),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'read task of B',
    method: 'GET',
    path: '/tasks/{id}',
    target: (x) => taskIn(x, 'BETA'),
    expect: '401 200 404 404 404 200',
  },
  {
    name: "read task of DA's department",
    method: 'GET',
    path: '/tasks/{id}',
    target: (x) => taskIn(x, A, 'Field Operations'),
    expect: '401 200 200 200 404 404',
  },
  {
    name: 'read task of a sibling department',
    method: 'GET',
    path: '/tasks/{id}',
    target: (x) => taskIn(x, A, 'Warehouse'),
    expect: '401 200 200 404 404 404',
  },
  {
    name: 'add task (own company; a SuperAdmin must name one)',
    method: 'POST',
    path: '/tasks',
    body: (x) => ({ title: `Matrix ${x.unique()}` }),
    expect: '401 400 201 201 201 201',
  },
  {
    name: 'edit company-wide task of A',
    method: 'PATCH',
    path: '/tasks/{id}',
    target: (x) => taskIn(x, A),
    body: () => ({ priority: 'HIGH' }),
    expect: '401 200 200 404 404 404',
  },
  {
    name: "edit task of DA's department",
    method: 'PATCH',
    path: '/tasks/{id}',
    target: (x) => taskIn(x, A, 'Field Operations'),
    body: () => ({ priority: 'LOW' }),
    expect: '401 200 200 200 404 404',
  },
  {
    name: 'delete company-wide task of A',
    method: 'DELETE',
    path: '/tasks/{id}',
    target: (x) => taskIn(x, A),
    fresh: true,
    expect: '401 204 204 404 404 404',
  },
  {
    name: 'assignments of a company-wide task of A',
    method: 'GET',
    path: '/tasks/{id}/assignments',
    target: (x) => assigned(x),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'assign an own MSISDN to a company-wide task of A',
    method: 'POST',
    path: '/tasks/{id}/assignments',
    target: (x) => taskIn(x, A),
    fresh: true,
    body: async (x) => ({ msisdnIds: [await x.freshMsisdn(A, 'Field Operations', 'Driver', 'North')] }),
    expect: '401 201 201 201 201 404',
  },
  {
    name: "assign an MSISDN of another department and zone (outside DA's and ZA's scope)",
    method: 'POST',
    path: '/tasks/{id}/assignments',
    target: (x) => taskIn(x, A),
    fresh: true,
    body: async (x) => ({ msisdnIds: [await x.freshMsisdn(A, 'Warehouse', 'Driver', 'South')] }),
    expect: '401 201 201 400 400 404',
  },
  {
    name: 'remove an own assignment',
    method: 'DELETE',
    path: '/tasks/{id}/assignments/{m}',
    target: (x) => assigned(x),
    fresh: true,
    expect: '401 204 204 204 204 404',
  },
  {
    name: 'complete an own assignment by hand',
    method: 'POST',
    path: '/tasks/{id}/assignments/{m}/complete',
    target: (x) => assigned(x),
    fresh: true,
    body: () => ({ reason: 'Confirmed by phone' }),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'reopen an own completed assignment',
    method: 'POST',
    path: '/tasks/{id}/assignments/{m}/reopen',
    target: (x) => assigned(x, true),
    fresh: true,
    body: () => ({ reason: 'Wrong site' }),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'attachments of a company-wide task of A',
    method: 'GET',
    path: '/tasks/{id}/attachments',
    target: (x) => taskIn(x, A),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'attach a file to a company-wide task of A (an edit of the task)',
    method: 'POST',
    path: '/tasks/{id}/attachments',
    target: (x) => taskIn(x, A),
    body: () => ({ fileName: 'note.txt', content: Buffer.from('Bring the badge.').toString('base64') }),
    expect: '401 201 201 404 404 404',
  },
  {
    name: "attach a file to a task of DA's department",
    method: 'POST',
    path: '/tasks/{id}/attachments',
    target: (x) => taskIn(x, A, 'Field Operations'),
    body: () => ({ fileName: 'note.txt', content: Buffer.from('Bring the badge.').toString('base64') }),
    expect: '401 201 201 201 404 404',
  },
  {
    name: 'download an attachment of a company-wide task of A',
    method: 'GET',
    path: '/tasks/{id}/attachments/{m}',
    target: (x) => attached(x),
    expect: '401 200 200 200 200 404',
  },
  {
    name: 'remove an attachment of a company-wide task of A',
    method: 'DELETE',
    path: '/tasks/{id}/attachments/{m}',
    target: (x) => attached(x),
    fresh: true,
    expect: '401 204 204 404 404 404',
  },
  { name: 'list recurring tasks', method: 'GET', path: '/task-templates', expect: '401 200 200 200 200 200' },
  {
    name: 'add a recurring task (own company; a SuperAdmin must name one)',
    method: 'POST',
    path: '/task-templates',
    body: (x) => ({ title: `Round ${x.unique()}`, weekdays: [1], startTime: '08:00', endTime: '09:00' }),
    expect: '401 400 201 201 201 201',
  },
  {
    name: 'pause a company-wide recurring task of A',
    method: 'PATCH',
    path: '/task-templates/{id}',
    target: (x) => templateIn(x),
    body: () => ({ active: false }),
    expect: '401 200 200 404 404 404',
  },
];

describe('Task authorization matrix', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const expected = c.expect.split(/\s+/).map(Number);
    expect(expected).toHaveLength(CALLERS.length);
    const shared = c.target && !c.fresh ? await c.target(f) : undefined;
    const actual: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const [i, who] of CALLERS.entries()) {
      const target = c.fresh && c.target ? await c.target(f) : shared;
      const path = target
        ? c.path.replace('{id}', String(target.id)).replace('{m}', String(target.m))
        : c.path;
      const body = c.body ? await c.body(f, target) : undefined;
      const response = await f.call(who as Who, c.method, path, body);
      actual[who] = response.statusCode;
      wanted[who] = expected[i]!;
      if (response.statusCode >= 400)
        expect(response.headers['content-type'], `${who} ${c.method} ${path}`).toMatch(
          /^application\/problem\+json/,
        );
    }
    expect(actual).toEqual(wanted);
  });
});
