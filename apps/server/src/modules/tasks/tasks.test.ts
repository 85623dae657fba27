import { describe, expect, it } from 'vitest';
import type { Poi, Task, TaskAssignment, TaskAssignmentPage, TaskAssignResult } from '@lbs/contracts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';
import { announceOverdue, completeFromOpenVisits } from './jobs.ts';
import { generateRecurring } from './templates.ts';

const f = useOrgFixtures();
const MIN = 60_000;
const ALL_DAY = { days: [1, 2, 3, 4, 5, 6, 7], windows: [{ start: '00:00', end: '00:00' }] };
let lonSeed = 45.5;
/** A place of its own for each test (POIs must not overlap between tests). */
const spot = () => ({ lat: 24.6, lon: (lonSeed += 0.05) });
/** `metres` east of a point. */
const east = (c: { lat: number; lon: number }, metres: number) => ({
  lat: c.lat,
  lon: c.lon + metres / (111_320 * Math.cos((c.lat * Math.PI) / 180)),
});

async function consentingMsisdn(): Promise<number> {
  const id = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
  await f.db
    .updateTable('msisdns')
    .set({ consent_status: 'GRANTED', tracking_enabled: true })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A POI with the MSISDNs assigned to it (the presence engine evaluates only assigned pairs). */
async function site(msisdnIds: number[]) {
  const c = spot();
  const res = await f.call('CA', 'POST', '/pois', {
    name: `Client ${f.unique()}`,
    geometry: { type: 'CIRCLE', center: c, radiusM: 200 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const poi = res.json() as Poi;
  const assigned = await f.call('CA', 'POST', '/poi-assignments', {
    poiId: poi.id,
    msisdnIds,
    purpose: 'VISIT',
    ...ALL_DAY,
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
  return { poi, c };
}

/** Positions every 5 minutes from `start`, one per point (network fixes of 50 m). */
async function track(msisdnId: number, start: number, points: { lat: number; lon: number }[]) {
  for (const [i, p] of points.entries())
    await f.server.location.pipeline.submit([
      { msisdnId, time: new Date(start + i * 5 * MIN), ...p, accuracyM: 50, source: 'NETWORK' },
    ]);
}

/**
 * A 20-minute stay at `c` (fixes a few metres apart: an identical network fix is no new evidence), then gone (the
 * visit closes with EXIT).
 */
const stay = (c: { lat: number; lon: number }) => [
  c,
  east(c, 20),
  east(c, -15),
  east(c, 10),
  east(c, -5),
  east(c, 3000),
  east(c, 3020),
];

async function task(body: Record<string, unknown>, who: 'CA' | 'SA' | 'DA' = 'CA') {
  const res = await f.call(who, 'POST', '/tasks', { title: `Inspect ${f.unique()}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Task;
}

async function assign(taskId: number, msisdnIds: number[]) {
  const res = await f.call('CA', 'POST', `/tasks/${taskId}/assignments`, { msisdnIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TaskAssignResult;
}

const assignmentsOf = async (taskId: number) =>
  ((await f.call('CA', 'GET', `/task-assignments?taskId=${taskId}`)).json() as TaskAssignmentPage).items;
const taskOf = async (id: number) => (await f.call('CA', 'GET', `/tasks/${id}`)).json() as Task;
/**
 * Every committed event processed: drain, and again while the processor reports events above the cluster-wide horizon
 * (a transaction elsewhere, e.g. a background job's, was still open when it looked).
 */
async function settle(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await f.server.events.drain();
    const last = await f.server.events.runBatch('tasks.autoComplete');
    if (!last.waiting && last.processed === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the task processor did not settle');
}

describe('Tasks', () => {
  it('a stay at the POI completes the assignment with frozen evidence; the task (ANY) completes with it', async () => {
    const [stayer, other] = [await consentingMsisdn(), await consentingMsisdn()];
    const { poi, c } = await site([stayer, other]);
    const start = Date.now() - 3 * 3_600_000;
    const t = await task({
      poiId: poi.id,
      priority: 'HIGH',
      labels: ['audit', 'audit', 'Q4'],
      dueStart: new Date(start - 30 * MIN).toISOString(),
      dueEnd: new Date(start + 240 * MIN).toISOString(),
    });
    expect(t).toMatchObject({
      completionRule: 'AUTO_OR_MANUAL',
      assignmentMode: 'ANY',
      status: 'PENDING',
      labels: ['audit', 'Q4'],
      effectiveDwellMinutes: 5,
      overdue: false,
      abilities: { update: true, delete: true, assign: true },
    });
    const result = await assign(t.id, [stayer, other]);
    expect(result).toEqual({ assigned: [stayer, other], alreadyAssigned: [], undetectable: [] });
    expect((await assign(t.id, [stayer])).alreadyAssigned).toEqual([stayer]);
    await settle();
    await track(stayer, start, stay(c));
    await settle();
    const done = (await assignmentsOf(t.id)).find((a) => a.msisdnId === stayer)!;
    expect(done).toMatchObject({ status: 'COMPLETED', completionSource: 'AUTO_VISIT', completedBy: null });
    expect(done.evidence).toHaveLength(1);
    const proof = done.evidence[0]!;
    expect(proof.kind).toBe('VISIT');
    expect(proof.visit!.dwellMinutes).toBeGreaterThanOrEqual(5);
    expect(proof.visit!.confidence).toBeGreaterThanOrEqual(0.6);
    expect(proof.fixes.length).toBeGreaterThanOrEqual(2);
    expect(proof.fixes[0]!.pIn).toBeGreaterThan(0.9);
    expect(await taskOf(t.id)).toMatchObject({ status: 'COMPLETED', completedCount: 1, assigneeCount: 2 });
    // Evidence is a copy: purging the positions leaves it whole.
    await f.db.deleteFrom('positions').where('msisdn_id', '=', stayer).execute();
    const after = (await assignmentsOf(t.id)).find((a) => a.msisdnId === stayer)!;
    expect(after.evidence[0]!.fixes).toEqual(proof.fixes);
    const events = await f.db
      .selectFrom('domain_events')
      .select(['type', 'payload'])
      .where('subject_type', '=', 'task')
      .where('subject_id', '=', String(t.id))
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['TASK_ASSIGNED', 'TASK_ASSIGNED', 'TASK_COMPLETED']);
    expect(events[2]!.payload).toMatchObject({ source: 'AUTO_VISIT', taskCompleted: true });
  });

  it('a drive-by, or a stay outside the due window, completes nothing', async () => {
    const [passer, late] = [await consentingMsisdn(), await consentingMsisdn()];
    const { poi, c } = await site([passer, late]);
    const start = Date.now() - 5 * 3_600_000;
    const t = await task({
      poiId: poi.id,
      assignmentMode: 'EACH',
      dueStart: new Date(start - 60 * MIN).toISOString(),
      dueEnd: new Date(start + 60 * MIN).toISOString(),
    });
    await assign(t.id, [passer, late]);
    await settle();
    // One fix at the site between two far away: passed by, no visit.
    await track(passer, start, [east(c, 3000), c, east(c, -3000), east(c, -3000)]);
    // A real stay, but three hours after the window closed.
    await track(late, start + 180 * MIN, stay(c));
    await settle();
    const visits = await f.db.selectFrom('visits').select('msisdn_id').where('poi_id', '=', poi.id).execute();
    expect(visits.map((v) => v.msisdn_id)).toEqual([late]);
    expect((await assignmentsOf(t.id)).map((a) => a.status)).toEqual(['PENDING', 'PENDING']);
    const now = await taskOf(t.id);
    expect(now).toMatchObject({ status: 'PENDING', overdue: true });
    const overdue = (await f.call('CA', 'GET', `/tasks?overdue=true&poiId=${poi.id}`)).json();
    expect(overdue.items.map((i: Task) => i.id)).toEqual([t.id]);
  });

  it('EACH waits for every assignee; a manual completion needs a reason; reopening keeps the evidence', async () => {
    const [a, b] = [await consentingMsisdn(), await consentingMsisdn()];
    const { poi, c } = await site([a, b]);
    const t = await task({ poiId: poi.id, assignmentMode: 'EACH' });
    await assign(t.id, [a, b]);
    await settle();
    await track(a, Date.now() - 2 * 3_600_000, stay(c));
    await settle();
    expect(await taskOf(t.id)).toMatchObject({ status: 'PENDING', completedCount: 1 });
    const noReason = await f.call('CA', 'POST', `/tasks/${t.id}/assignments/${b}/complete`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toContainEqual(
      expect.objectContaining({ path: 'reason', code: 'taskAssignment.reasonRequired' }),
    );
    const manual = await f.call('CA', 'POST', `/tasks/${t.id}/assignments/${b}/complete`, {
      reason: 'Phone was off; the client signed the sheet',
    });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json()).toMatchObject({
      status: 'COMPLETED',
      completionSource: 'MANUAL',
      completedBy: 'companyadmin',
      abilities: { complete: false, reopen: true },
    });
    expect(await taskOf(t.id)).toMatchObject({ status: 'COMPLETED', completedCount: 2 });
    const again = await f.call('CA', 'POST', `/tasks/${t.id}/assignments/${b}/complete`, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('taskAssignment.alreadyCompleted');
    const reopened = await f.call('CA', 'POST', `/tasks/${t.id}/assignments/${a}/reopen`, {
      reason: 'The visit was at the wrong entrance',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const r = reopened.json() as TaskAssignment;
    expect(r.status).toBe('PENDING');
    expect(r.evidence.map((e) => e.kind)).toEqual(['VISIT', 'REOPENED']);
    expect(await taskOf(t.id)).toMatchObject({ status: 'PENDING', completedCount: 1 });
    // The same visit reported again (a replay) does not complete it a second time.
    const closed = await f.db
      .selectFrom('domain_events')
      .selectAll()
      .where('msisdn_id', '=', a)
      .where('type', 'in', ['GEOFENCE_ENTER', 'VISIT_CLOSED'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await f.db
      .insertInto('domain_events')
      .values({ ...closed, id: undefined, idempotency_key: `${closed.idempotency_key}:again` } as never)
      .execute();
    await settle();
    expect((await assignmentsOf(t.id)).find((x) => x.msisdnId === a)!.status).toBe('PENDING');
    const audit = await f.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'task')
      .where('entity_id', '=', String(t.id))
      .orderBy('id')
      .execute();
    expect(audit.map((x) => x.action)).toEqual([
      'task.create',
      'taskAssignment.create',
      'taskAssignment.complete',
      'taskAssignment.reopen',
    ]);
  });

  it('an assignment made after the visit completes at once; AUTO_ON_VISIT refuses a manual completion', async () => {
    const m = await consentingMsisdn();
    const { poi, c } = await site([m]);
    await track(m, Date.now() - 2 * 3_600_000, stay(c));
    const t = await task({ poiId: poi.id, completionRule: 'AUTO_ON_VISIT' });
    await assign(t.id, [m]);
    expect((await assignmentsOf(t.id))[0]).toMatchObject({
      status: 'COMPLETED',
      completionSource: 'AUTO_VISIT',
    });
    const strict = await task({
      poiId: poi.id,
      completionRule: 'AUTO_ON_VISIT',
      dueEnd: new Date(Date.now() - 4 * 3_600_000).toISOString(),
    });
    await assign(strict.id, [m]);
    const refused = await f.call('CA', 'POST', `/tasks/${strict.id}/assignments/${m}/complete`, {
      reason: 'x',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('taskAssignment.manualNotAllowed');
    // A task with completed assignments is cancelled, not deleted.
    expect((await taskOf(t.id)).abilities.delete).toBe(false);
    const del = await f.call('CA', 'DELETE', `/tasks/${t.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('task.hasCompletions');
    expect((await f.call('CA', 'DELETE', `/tasks/${strict.id}`)).statusCode).toBe(204);
  });

  it('validates every field with field messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'validation.titleRequired'],
      [{ title: 'x'.repeat(201) }, 'title', 'validation.tooLong'],
      [{ title: 'a', priority: 'URGENT' }, 'priority', 'validation.invalid'],
      [{ title: 'a', completionRule: 'AUTO_ON_VISIT' }, 'poiId', 'task.poiRequiredForAuto'],
      [{ title: 'a', dueStart: '2026-01-02T10:00:00Z' }, 'dueEnd', 'task.dueEndRequired'],
      [
        { title: 'a', dueStart: '2026-01-02T10:00:00Z', dueEnd: '2026-01-02T09:00:00Z' },
        'dueEnd',
        'task.dueEndBeforeStart',
      ],
      [{ title: 'a', dueEnd: 'tomorrow' }, 'dueEnd', 'validation.invalid'],
      [{ title: 'a', labels: Array.from({ length: 11 }, (_, i) => `l${i}`) }, 'labels', 'validation.tooMany'],
      [{ title: 'a', requiredDwellMinutes: 0 }, 'requiredDwellMinutes', 'validation.numberOutOfRange'],
      [{ title: 'a', poiId: 2_000_000_000 }, 'poiId', 'task.poiNotFound'],
      [{ title: 'a\u0000b' }, 'title', 'validation.textInvalid'],
    ];
    for (const [body, path, code] of cases) {
      const res = await f.call('CA', 'POST', '/tasks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ path, code }));
    }
    const t = await task({});
    const patch = await f.call('CA', 'PATCH', `/tasks/${t.id}`, { completionRule: 'AUTO_ON_VISIT' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().errors).toContainEqual(
      expect.objectContaining({ path: 'poiId', code: 'task.poiRequiredForAuto' }),
    );
    const bad = await f.call('CA', 'POST', `/tasks/${t.id}/assignments`, { msisdnIds: [] });
    expect(bad.json().errors).toContainEqual(
      expect.objectContaining({ path: 'msisdnIds', code: 'taskAssignment.msisdnsRequired' }),
    );
  });

  it('is scoped: another company answers 404, a DepartmentAdmin sees company-wide tasks but changes only its own', async () => {
    const companyWide = await task({ assignmentMode: 'EACH' });
    expect((await f.call('CB', 'GET', `/tasks/${companyWide.id}`)).statusCode).toBe(404);
    expect((await f.call('CB', 'PATCH', `/tasks/${companyWide.id}`, { title: 'x' })).statusCode).toBe(404);
    const list = (await f.call('CB', 'GET', '/tasks?size=100')).json();
    expect(list.items.map((i: Task) => i.id)).not.toContain(companyWide.id);
    const seen = await f.call('DA', 'GET', `/tasks/${companyWide.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().abilities).toMatchObject({ update: false, delete: false });
    expect((await f.call('DA', 'PATCH', `/tasks/${companyWide.id}`, { title: 'x' })).statusCode).toBe(404);
    // Its members: one of the department (done) and one of the warehouse, which the department admin does not see.
    const [mine, theirs] = [await consentingMsisdn(), await f.freshMsisdn('ALPHA', 'Warehouse', 'Driver')];
    await assign(companyWide.id, [mine, theirs]);
    const done = await f.call('CA', 'POST', `/tasks/${companyWide.id}/assignments/${mine}/complete`, {
      reason: 'Signed sheet',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await f.call('DA', 'GET', `/tasks/${companyWide.id}`)).json()).toMatchObject({
      status: 'PENDING',
      assigneeCount: 1,
      completedCount: 1,
      othersPending: true,
    });
    expect(await taskOf(companyWide.id)).toMatchObject({
      assigneeCount: 2,
      completedCount: 1,
      othersPending: false,
    });
    const own = await task({}, 'DA');
    expect(own.departmentName).toBe('Field Operations');
    expect(own.abilities).toMatchObject({ update: true, delete: true });
    const cancelled = await f.call('DA', 'PATCH', `/tasks/${own.id}`, { status: 'CANCELLED' });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', abilities: { assign: false } });
    const refused = await f.call('CA', 'POST', `/tasks/${own.id}/assignments`, {
      msisdnIds: [await consentingMsisdn()],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('task.notOpen');
    const otherCompanysNumber = await f.freshMsisdn('BETA', 'Site Crew', 'Foreman');
    const outside = await f.call('CA', 'POST', `/tasks/${companyWide.id}/assignments`, {
      msisdnIds: [otherCompanysNumber],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toContainEqual(
      expect.objectContaining({ path: 'msisdnIds', code: 'taskAssignment.msisdnNotFound' }),
    );
  });

  it('a visit still going completes a task that needs a longer stay once the fixes prove it (the sweep)', async () => {
    const m = await consentingMsisdn();
    const { poi, c } = await site([m]);
    const t = await task({ poiId: poi.id, requiredDwellMinutes: 15 });
    await assign(t.id, [m]);
    await settle();
    // Ten minutes inside: the entry is confirmed (dwell 5) but the task needs 15.
    const start = Date.now() - 60 * MIN;
    await track(m, start, [c, east(c, 20), east(c, -15)]);
    await settle();
    expect(await completeFromOpenVisits(f.db)).toBe(0);
    expect((await assignmentsOf(t.id))[0]!.status).toBe('PENDING');
    // Two more fixes inside: twenty minutes, still there.
    await track(m, start + 15 * MIN, [east(c, 10), east(c, -5)]);
    await settle();
    expect(await completeFromOpenVisits(f.db)).toBe(1);
    expect(await completeFromOpenVisits(f.db)).toBe(0);
    const [a] = await assignmentsOf(t.id);
    expect(a).toMatchObject({ status: 'COMPLETED', completionSource: 'AUTO_VISIT' });
    expect(a!.evidence[0]!.visit).toMatchObject({ exitedAt: null, closedBy: 'OPEN' });
    expect(a!.evidence[0]!.visit!.dwellMinutes).toBeGreaterThanOrEqual(15);
    expect(a!.evidence[0]!.fixes).toHaveLength(5);
  });

  it('announces an overdue task once per due time', async () => {
    const m = await consentingMsisdn();
    const t = await task({ dueEnd: new Date(Date.now() - 5 * MIN).toISOString() });
    await assign(t.id, [m]);
    await announceOverdue(f.db, new Date());
    await announceOverdue(f.db, new Date());
    const overdueEvents = () =>
      f.db
        .selectFrom('domain_events')
        .select('payload')
        .where('type', '=', 'TASK_OVERDUE')
        .where('subject_id', '=', String(t.id))
        .execute();
    expect(await overdueEvents()).toHaveLength(1);
    expect((await overdueEvents())[0]!.payload).toMatchObject({ taskId: t.id, pending: 1 });
    // Moved later, it is due again; passed again, it is announced again.
    await f.call('CA', 'PATCH', `/tasks/${t.id}`, { dueEnd: new Date(Date.now() + 60 * MIN).toISOString() });
    await announceOverdue(f.db, new Date());
    expect(await overdueEvents()).toHaveLength(1);
    await announceOverdue(f.db, new Date(Date.now() + 61 * MIN));
    expect(await overdueEvents()).toHaveLength(2);
  });

  it('keeps attachments typed by their bytes, with clean names, downloaded only in scope', async () => {
    const t = await task({});
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6360000000000200010e0a2db40000000049454e44ae426082',
      'hex',
    );
    const up = (fileName: string, data: Buffer, who: 'CA' | 'CB' = 'CA') =>
      f.call(who, 'POST', `/tasks/${t.id}/attachments`, { fileName, content: data.toString('base64') });
    const image = await up('../../etc/site photo.png', png);
    expect(image.statusCode, image.body).toBe(201);
    expect(image.json()).toMatchObject({
      fileName: 'site photo.png',
      contentType: 'image/png',
      sizeBytes: png.length,
    });
    // The name says PDF, the bytes say text: the bytes decide. An Arabic name survives the download header.
    const note = await up('تقرير.pdf', Buffer.from('Gate 3 was locked; the guard let us in.\n'));
    expect(note.json()).toMatchObject({ fileName: 'تقرير.pdf', contentType: 'text/plain' });
    const exe = await up('tool.png', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().errors).toContainEqual(
      expect.objectContaining({ path: 'content', code: 'taskAttachment.typeNotAllowed' }),
    );
    const big = await up('big.txt', Buffer.alloc(5_000_001, 0x61));
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toContainEqual(expect.objectContaining({ code: 'taskAttachment.tooLarge' }));
    const list = (await f.call('CA', 'GET', `/tasks/${t.id}/attachments`)).json();
    expect(list.items.map((a: { fileName: string }) => a.fileName)).toEqual(['site photo.png', 'تقرير.pdf']);
    const file = await f.call('CA', 'GET', `/tasks/${t.id}/attachments/${image.json().id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain('attachment;');
    expect(file.rawPayload.equals(png)).toBe(true);
    const arabic = await f.call('CA', 'GET', `/tasks/${t.id}/attachments/${note.json().id}`);
    expect(arabic.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('تقرير.pdf')}`,
    );
    // Another company's admin neither lists, downloads, adds nor removes.
    expect((await f.call('CB', 'GET', `/tasks/${t.id}/attachments`)).statusCode).toBe(404);
    expect((await f.call('CB', 'GET', `/tasks/${t.id}/attachments/${image.json().id}`)).statusCode).toBe(404);
    expect((await up('x.txt', Buffer.from('x'), 'CB')).statusCode).toBe(404);
    expect((await f.call('CB', 'DELETE', `/tasks/${t.id}/attachments/${image.json().id}`)).statusCode).toBe(
      404,
    );
    expect((await f.call('CA', 'DELETE', `/tasks/${t.id}/attachments/${image.json().id}`)).statusCode).toBe(
      204,
    );
    const audit = await f.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'task')
      .where('entity_id', '=', String(t.id))
      .where('action', 'like', 'taskAttachment.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'taskAttachment.create',
      'taskAttachment.create',
      'taskAttachment.delete',
    ]);
  });

  it('recurring tasks: one per template and day however many workers run, members assigned, paused when asked', async () => {
    const members = [await consentingMsisdn(), await consentingMsisdn()];
    const { poi } = await site(members);
    const created = await f.call('CA', 'POST', '/task-templates', {
      title: `Daily round ${f.unique()}`,
      poiId: poi.id,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startTime: '00:01',
      endTime: '23:59',
      msisdnIds: members,
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json();
    expect(template).toMatchObject({
      completionRule: 'AUTO_OR_MANUAL',
      timeZone: 'Asia/Riyadh',
      active: true,
    });
    const tasksOf = () =>
      f.db
        .selectFrom('tasks')
        .select(['id', 'occurs_on', 'due_start', 'due_end'])
        .where('template_id', '=', template.id)
        .orderBy('occurs_on')
        .execute();
    const before = (await tasksOf()).length;
    expect(before).toBeGreaterThanOrEqual(1);
    // A week ahead, two workers at once: each day is made once.
    const later = new Date(Date.now() + 7 * 86_400_000);
    await Promise.all([generateRecurring(f.db, later), generateRecurring(f.db, later)]);
    const after = await tasksOf();
    expect(after.length - before).toBe(2);
    expect(new Set(after.map((t) => t.occurs_on)).size).toBe(after.length);
    const last = after.at(-1)!;
    // 00:01–23:59 in Riyadh (UTC+3).
    expect(last.due_start!.toISOString()).toMatch(/T21:01:00/);
    expect(last.due_end!.toISOString()).toMatch(/T20:59:00/);
    const assigned = await f.db
      .selectFrom('task_assignments')
      .select('msisdn_id')
      .where('task_id', '=', last.id)
      .orderBy('msisdn_id')
      .execute();
    expect(assigned.map((a) => a.msisdn_id)).toEqual([...members].sort((a, b) => a - b));
    // Paused: nothing new.
    const paused = await f.call('CA', 'PATCH', `/task-templates/${template.id}`, { active: false });
    expect(paused.json().active).toBe(false);
    const whilePaused = (await tasksOf()).length;
    await generateRecurring(f.db, new Date(Date.now() + 14 * 86_400_000));
    expect(await tasksOf()).toHaveLength(whilePaused);
    // Resumed with other terms: the days made from now on follow them; the tasks already made keep theirs.
    const changed = await f.call('CA', 'PATCH', `/task-templates/${template.id}`, {
      active: true,
      title: 'Evening round',
      startTime: '18:00',
      endTime: '20:00',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ active: true, title: 'Evening round', startTime: '18:00' });
    await generateRecurring(f.db, new Date(Date.now() + 21 * 86_400_000));
    const evening = await f.db
      .selectFrom('tasks')
      .select(['title', 'due_start'])
      .where('template_id', '=', template.id)
      .where('title', '=', 'Evening round')
      .execute();
    expect(evening.length).toBeGreaterThanOrEqual(1);
    expect(evening[0]!.due_start!.toISOString()).toMatch(/T15:00:00/);
    expect((await tasksOf()).filter((x) => x.due_start!.toISOString().includes('T21:01:00')).length).toBe(
      after.length,
    );
    const inverted = await f.call('CA', 'PATCH', `/task-templates/${template.id}`, { endTime: '17:00' });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().errors).toContainEqual(
      expect.objectContaining({ path: 'endTime', code: 'task.dueEndBeforeStart' }),
    );
    const noPoi = await f.call('CA', 'PATCH', `/task-templates/${template.id}`, { poiId: null });
    expect(noPoi.json().errors).toContainEqual(
      expect.objectContaining({ path: 'poiId', code: 'task.poiRequiredForAuto' }),
    );
    // Validation and scope.
    const bad = await f.call('CA', 'POST', '/task-templates', {
      title: 'x',
      weekdays: [],
      startTime: '25:00',
      endTime: '08:00',
      msisdnIds: [await f.freshMsisdn('BETA', 'Site Crew', 'Foreman')],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'weekdays', code: 'task.weekdaysRequired' }),
        expect.objectContaining({ path: 'startTime', code: 'validation.timeInvalid' }),
      ]),
    );
    const outside = await f.call('CA', 'POST', '/task-templates', {
      title: 'x',
      weekdays: [1],
      startTime: '08:00',
      endTime: '09:00',
      msisdnIds: [await f.freshMsisdn('BETA', 'Site Crew', 'Foreman')],
    });
    expect(outside.json().errors).toContainEqual(
      expect.objectContaining({ path: 'msisdnIds', code: 'taskAssignment.msisdnNotFound' }),
    );
    expect((await f.call('CB', 'GET', `/task-templates/${template.id}`)).statusCode).toBe(404);
    expect((await f.call('CB', 'DELETE', `/task-templates/${template.id}`)).statusCode).toBe(404);
    expect((await f.call('CA', 'DELETE', `/task-templates/${template.id}`)).statusCode).toBe(204);
    expect((await tasksOf()).length).toBe(0); // the tasks stay, no longer naming it
  });

  it('a phone the network cannot resolve at the POI: assigning an AUTO_ON_VISIT task warns and allows a manual completion', async () => {
    const m = await consentingMsisdn();
    const c = spot();
    const kiosk = await f.call('CA', 'POST', '/pois', {
      name: `Kiosk ${f.unique()}`,
      geometry: { type: 'CIRCLE', center: c, radiusM: 30 },
    });
    expect(kiosk.statusCode, kiosk.body).toBe(201);
    // Its network fixes are kilometre-wide cells.
    for (let i = 0; i < 6; i++)
      await f.server.location.pipeline.submit([
        {
          msisdnId: m,
          time: new Date(Date.now() - (i + 1) * 3_600_000),
          ...east(c, 900),
          accuracyM: 1500,
          source: 'NETWORK',
        },
      ]);
    const t = await task({ poiId: kiosk.json().id, completionRule: 'AUTO_ON_VISIT' });
    expect(await assign(t.id, [m])).toEqual({ assigned: [m], alreadyAssigned: [], undetectable: [m] });
    const [a] = await assignmentsOf(t.id);
    expect(a).toMatchObject({
      completionRule: 'AUTO_OR_MANUAL',
      detectability: { status: 'UNDETECTABLE' },
      abilities: { complete: true },
    });
    const manual = await f.call('CA', 'POST', `/tasks/${t.id}/assignments/${m}/complete`, {
      reason: 'Counted on site',
    });
    expect(manual.statusCode, manual.body).toBe(200);
  });
});
