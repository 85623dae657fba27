import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
import { captureLog } from '../../../../test/capture-log.ts';
import { MessageRelay, logSmsGateway, smtpTransport } from '../../../messaging/index.ts';
import { startSmtpSink, type SmtpSink } from '../../../messaging/testing/smtp-sink.ts';
import { CALLERS, useOrgFixtures, type Who } from '../../organisation/test-fixtures.ts';
import { reportsService } from '../service.ts';
import { executeRun, fireDueReportSchedules, type RunDeps } from './runs.ts';
import { nextSlot, periodBefore } from './timing.ts';

/**
 * Scheduled reports against a real database, with mail through the outbox and the relay to a real SMTP server on
 * loopback: DST, catch-up after a downtime, no double mail on a retried run, the owner's scope re-checked at run
 * time, the delivery log, the expiring link, and the authorization matrix of every endpoint.
 */
const f = useOrgFixtures();
let sink: SmtpSink;
let relay: MessageRelay;
let deps: RunDeps;

beforeAll(async () => {
  sink = await startSmtpSink();
  const { log } = captureLog();
  relay = new MessageRelay({
    db: f.db,
    log,
    mail: smtpTransport(sink.url),
    sms: logSmsGateway(log),
    from: 'LBS <no-reply@lbs.local>',
  });
  deps = { db: f.db, config: f.server.config, reports: reportsService({ db: f.db }), log };
  // Mail the demo seed queued (invitations) is not this test's: sent once, out of the way.
  await relay.relayDue();
  sink.received.length = 0;
});
afterAll(async () => {
  await sink.close();
});

async function createSchedule(who: Who, body: Record<string, unknown>) {
  const response = await f.call(who, 'POST', '/report-schedules', {
    name: 'Weekly trail',
    report: 'locationHistory',
    format: 'csv',
    preset: 'weekly',
    weekday: 1,
    time: '07:00',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; cron: string; timeZone: string; nextRunAt: string };
}

/** A fresh active portal user of company A placed in a department (and zone). */
async function userIn(department: string, zone?: string, role = 'DepartmentAdmin') {
  const name = `rcpt.${f.unique()}`;
  const row = await f.db
    .insertInto('users')
    .values({
      username: name,
      email: `${name}@example.com`,
      full_name: `Recipient ${name}`,
      company_id: await f.companyId('ALPHA'),
      department_id: await f.unitId('departments', 'ALPHA', department),
      zone_id: zone ? await f.unitId('zones', 'ALPHA', zone) : null,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  await f.db.insertInto('user_roles').values({ user_id: row.id, role }).execute();
  return row;
}

const runsOf = (scheduleId: number) =>
  f.db
    .selectFrom('report_runs')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .orderBy('period_start')
    .execute();

const mailTo = (address: string) => sink.received.filter((m) => m.to.includes(address));

describe('timing', () => {
  it('computes the previous day, ISO week and month in the company time zone', () => {
    // 2026-11-30 00:30 in Riyadh is still 2026-11-29 in UTC.
    const at = new Date('2026-11-29T21:30:00Z');
    expect(periodBefore('previousDay', at, 'Asia/Riyadh')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(periodBefore('previousDay', at, 'UTC')).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(periodBefore('previousWeek', at, 'Asia/Riyadh')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodBefore('previousMonth', new Date('2026-03-01T08:00:00Z'), 'UTC')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });
});

describe('report schedules', () => {
  it('runs a daily 02:30 Europe/Rome schedule once on the day the clocks go back (and once the next day)', async () => {
    const ca = await f.userId('companyadmin');
    const s = await createSchedule('CA', { preset: 'daily', time: '02:30', recipients: [ca] });
    const cron = '30 2 * * *';
    const start = new Date('2026-10-24T12:00:00Z');
    await f.db
      .updateTable('report_schedules')
      .set({ time_zone: 'Europe/Rome', cron, next_run_at: nextSlot(cron, 'Europe/Rome', start) })
      .where('id', '=', s.id)
      .execute();
    // A tick every 10 minutes across the change (03:00 CEST → 02:00 CET on 25 October: 02:30 happens twice).
    for (let t = start.getTime(); t <= Date.parse('2026-10-26T12:00:00Z'); t += 600_000)
      await fireDueReportSchedules(f.db, new Date(t));
    const runs = await runsOf(s.id);
    expect(runs.map((r) => [r.period_start, r.period_end])).toEqual([
      ['2026-10-24', '2026-10-24'],
      ['2026-10-25', '2026-10-25'],
    ]);
    const jobs = await f.db
      .selectFrom('jobs')
      .select('key')
      .where(
        'key',
        'in',
        runs.map((r) => `run:${r.id}`),
      )
      .execute();
    expect(jobs).toHaveLength(2);
    const row = await f.db
      .selectFrom('report_schedules')
      .select(['last_slot_at', 'next_run_at'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    // The second slot was 02:30 CET (01:30Z); the next is 27 October 02:30 CET.
    expect(row.last_slot_at?.toISOString()).toBe('2026-10-26T01:30:00.000Z');
    expect(row.next_run_at?.toISOString()).toBe('2026-10-27T01:30:00.000Z');
  });

  it('runs a 02:30 Europe/Rome schedule once, at 03:00, on the day the clocks go forward', async () => {
    const ca = await f.userId('companyadmin');
    const s = await createSchedule('CA', { preset: 'daily', time: '02:30', recipients: [ca] });
    const cron = '30 2 * * *';
    const start = new Date('2026-03-28T12:00:00Z');
    await f.db
      .updateTable('report_schedules')
      .set({ time_zone: 'Europe/Rome', cron, next_run_at: nextSlot(cron, 'Europe/Rome', start) })
      .where('id', '=', s.id)
      .execute();
    const slots: string[] = [];
    for (let t = start.getTime(); t <= Date.parse('2026-03-30T12:00:00Z'); t += 600_000) {
      await fireDueReportSchedules(f.db, new Date(t));
      const row = await f.db
        .selectFrom('report_schedules')
        .select('last_slot_at')
        .where('id', '=', s.id)
        .executeTakeFirstOrThrow();
      const slot = row.last_slot_at?.toISOString();
      if (slot && !slots.includes(slot)) slots.push(slot);
    }
    // 29 March 02:30 does not exist (02:00 CET → 03:00 CEST): that day runs at 03:00 CEST (01:00Z), once.
    expect(slots).toEqual(['2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z']);
    expect((await runsOf(s.id)).map((r) => r.period_start)).toEqual(['2026-03-28', '2026-03-29']);
  });

  it('runs the latest missed period once after a downtime, not the backlog', async () => {
    const ca = await f.userId('companyadmin');
    const s = await createSchedule('CA', { preset: 'daily', time: '07:00', recipients: [ca] });
    const cron = '0 7 * * *';
    await f.db
      .updateTable('report_schedules')
      .set({ time_zone: 'UTC', cron, next_run_at: new Date('2027-01-01T07:00:00Z') })
      .where('id', '=', s.id)
      .execute();
    // Down from 31 December to 5 January noon: four slots missed.
    expect(await fireDueReportSchedules(f.db, new Date('2027-01-05T12:00:00Z'))).toBeGreaterThanOrEqual(1);
    await fireDueReportSchedules(f.db, new Date('2027-01-05T12:01:00Z'));
    await fireDueReportSchedules(f.db, new Date('2027-01-05T18:00:00Z'));
    const runs = await runsOf(s.id);
    expect(runs.map((r) => r.period_start)).toEqual(['2027-01-04']);
    const row = await f.db
      .selectFrom('report_schedules')
      .select('next_run_at')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(row.next_run_at?.toISOString()).toBe('2027-01-06T07:00:00.000Z');
  });

  it('never mails a recipient twice when a run is retried, and logs each delivery', async () => {
    const ca = await f.userId('companyadmin');
    const other = await userIn('Field Operations');
    const s = await createSchedule('CA', {
      recipients: [ca, other.id],
      externalRecipients: ['auditor@partner.example'],
    });
    const queued = await f.call('CA', 'POST', `/report-schedules/${s.id}/run`, {});
    expect(queued.statusCode, queued.body).toBe(202);
    const runId = (queued.json() as { id: number }).id;
    // The first attempt stops after its first delivery (as a crash would).
    let delivered = 0;
    await expect(
      executeRun(deps, runId, {
        attempt: 1,
        onDelivered: () => {
          if (++delivered === 1) throw new Error('killed after the first delivery');
        },
      }),
    ).rejects.toThrow('killed');
    expect((await runsOf(s.id))[0]!.status).toBe('QUEUED');
    await executeRun(deps, runId, { attempt: 2 });
    // And once more, as a duplicate job would: nothing new.
    await executeRun(deps, runId, { attempt: 3 });
    await relay.relayDue();
    const caEmail = (
      await f.db.selectFrom('users').select('email').where('id', '=', ca).executeTakeFirstOrThrow()
    ).email;
    for (const address of [caEmail, other.email, 'auditor@partner.example']) {
      const mails = mailTo(address);
      expect(mails, address).toHaveLength(1);
      expect(mails[0]!.raw).toContain('Content-Disposition: attachment');
      expect(mails[0]!.raw).toMatch(/locationHistory-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv/);
    }
    const log = await f.call('CA', 'GET', `/report-schedules/${s.id}/runs`);
    expect(log.statusCode).toBe(200);
    const [run] = (
      log.json() as {
        items: {
          status: string;
          attempts: number;
          delivery: string;
          deliveries: { recipient: string; status: string }[];
        }[];
      }
    ).items;
    expect(run!.status).toBe('DONE');
    expect(run!.delivery).toBe('ATTACHED');
    expect(run!.deliveries.map((d) => d.status)).toEqual(['SENT', 'SENT', 'SENT']);
    // Each period is sent once: running the same period again is refused.
    const again = await f.call('CA', 'POST', `/report-schedules/${s.id}/run`, {});
    expect(again.statusCode).toBe(409);
    const ready = await f.db
      .selectFrom('domain_events')
      .select('payload')
      .where('type', '=', 'REPORT_READY')
      .where('idempotency_key', '=', `report-ready:${runId}`)
      .execute();
    expect(ready).toHaveLength(1);
  });

  it('re-checks the owner at run time: a recipient moved out of scope is dropped, a deactivated owner pauses it', async () => {
    const da = await f.userId('deptadmin');
    const inside = await userIn('Field Operations');
    const outside = await userIn('Warehouse');
    // At creation an out-of-scope recipient is a field error.
    const refused = await f.call('DA', 'POST', '/report-schedules', {
      name: 'Daily',
      report: 'locationHistory',
      format: 'csv',
      preset: 'daily',
      time: '06:00',
      recipients: [inside.id, outside.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ path: 'recipients.1', code: 'reportSchedule.recipientOutOfScope' }),
    ]);
    // A DepartmentAdmin may not add external addresses.
    const external = await f.call('DA', 'POST', '/report-schedules', {
      name: 'Daily',
      report: 'locationHistory',
      format: 'csv',
      preset: 'daily',
      time: '06:00',
      externalRecipients: ['x@partner.example'],
    });
    expect(external.statusCode).toBe(400);
    expect(external.json().errors[0].code).toBe('reportSchedule.externalNotAllowed');

    const s = await createSchedule('DA', { preset: 'daily', time: '06:00', recipients: [da, inside.id] });
    // The recipient moves to another department before the run.
    await f.db
      .updateTable('users')
      .set({ department_id: await f.unitId('departments', 'ALPHA', 'Warehouse') })
      .where('id', '=', inside.id)
      .execute();
    const first = await f.call('DA', 'POST', `/report-schedules/${s.id}/run`, {
      from: '2026-11-01',
      to: '2026-11-01',
    });
    expect(first.statusCode, first.body).toBe(202);
    await executeRun(deps, first.json().id, { attempt: 1 });
    await relay.relayDue();
    expect(mailTo(inside.email)).toHaveLength(0);
    const log = (await f.call('DA', 'GET', `/report-schedules/${s.id}/runs`)).json() as {
      items: { deliveries: { recipient: string; status: string; reason: string | null }[] }[];
    };
    expect(log.items[0]!.deliveries).toEqual([
      expect.objectContaining({ status: 'SENT' }),
      expect.objectContaining({ recipient: inside.email, status: 'DROPPED', reason: 'outOfScope' }),
    ]);

    // The owner is deactivated: the next run is skipped and the schedule paused, nobody mailed.
    await f.db.updateTable('users').set({ active: false }).where('id', '=', da).execute();
    try {
      const second = await f.call('CA', 'POST', `/report-schedules/${s.id}/run`, {
        from: '2026-11-02',
        to: '2026-11-02',
      });
      expect(second.statusCode, second.body).toBe(202);
      const before = sink.received.length;
      await executeRun(deps, second.json().id, { attempt: 1 });
      await relay.relayDue();
      expect(sink.received.length).toBe(before);
      const paused = (await f.call('CA', 'GET', `/report-schedules/${s.id}`)).json();
      expect(paused).toMatchObject({ active: false, pausedReason: 'ownerInactive', nextRunAt: null });
      const runs = await runsOf(s.id);
      expect(runs.map((r) => r.status)).toEqual(['DONE', 'SKIPPED']);
    } finally {
      await f.db.updateTable('users').set({ active: true }).where('id', '=', da).execute();
    }
  });

  it('sends a file above the attachment limit as an expiring signed link served without a token', async () => {
    const ca = await f.userId('companyadmin');
    const s = await createSchedule('CA', { recipients: [ca], name: 'Big one' });
    const queued = await f.call('CA', 'POST', `/report-schedules/${s.id}/run`, {
      from: '2026-11-09',
      to: '2026-11-15',
    });
    const linkDeps = { ...deps, config: { ...deps.config, reports: { attachMaxBytes: 0, linkTtlHours: 1 } } };
    await executeRun(linkDeps, queued.json().id, { attempt: 1 });
    await relay.relayDue();
    const caEmail = (
      await f.db.selectFrom('users').select('email').where('id', '=', ca).executeTakeFirstOrThrow()
    ).email;
    const mail = mailTo(caEmail).find((m) => m.raw.includes('report-files'));
    expect(mail).toBeDefined();
    expect(mail!.raw).not.toContain('Content-Disposition: attachment');
    const unfolded = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const url = /(http:\/\/[^\s]+\/report-files\/[A-Za-z0-9._-]+)/.exec(unfolded)![1]!;
    const path = new URL(url).pathname;
    const file = await f.server.app.inject({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const token = path.split('/').pop()!;
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(
      (await f.server.app.inject({ method: 'GET', url: `${API_BASE_PATH}/report-files/${forged}` }))
        .statusCode,
    ).toBe(404);
  });

  it('writes the e-mail in the schedule’s language with the schedule in words', async () => {
    const ca = await f.userId('companyadmin');
    const s = await createSchedule('CA', { recipients: [ca], name: 'تقرير الأسبوع', locale: 'ar-SA' });
    const queued = await f.call('CA', 'POST', `/report-schedules/${s.id}/run`, {
      from: '2026-11-02',
      to: '2026-11-08',
    });
    await executeRun(deps, queued.json().id, { attempt: 1 });
    const delivery = await f.db
      .selectFrom('report_deliveries as d')
      .innerJoin('outbox_messages as o', 'o.id', 'd.outbox_id')
      .select(['o.subject', 'o.body', 'o.locale', 'o.attachments', 'o.company_id'])
      .where('d.run_id', '=', queued.json().id)
      .executeTakeFirstOrThrow();
    expect(delivery.locale).toBe('ar-SA');
    // Counted against the company's per-minute e-mail limit.
    expect(delivery.company_id).toBe(await f.companyId('ALPHA'));
    expect(delivery.subject).toBe('تقرير الأسبوع: سجل المواقع، 2026-11-02 – 2026-11-08');
    expect(delivery.body).toContain('مرفق تقرير «سجل المواقع»');
    expect(delivery.body).toContain(
      `الجدولة «تقرير الأسبوع»: كل ${new Intl.DateTimeFormat('ar-SA', { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1, 12)))} الساعة 07:00`,
    );
    expect(delivery.attachments).toEqual([
      expect.objectContaining({ fileName: 'locationHistory-2026-11-02-2026-11-08.csv' }),
    ]);
  });

  it('pauses the schedule of an owner moved to another company', async () => {
    const owner = await f.freshUser('ALPHA', ['CompanyAdmin']);
    const company = await f.companyId('ALPHA');
    const row = await f.db
      .insertInto('report_schedules')
      .values({
        company_id: company,
        owner_id: owner,
        name: 'Moved owner',
        report: 'locationHistory',
        format: 'csv',
        locale: 'en-US',
        recipients: JSON.stringify([owner]),
        preset: 'daily',
        time_of_day: '05:00',
        cron: '0 5 * * *',
        time_zone: 'UTC',
        period: 'previousDay',
        next_run_at: new Date('2030-01-01T05:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await f.db
      .updateTable('users')
      .set({ company_id: await f.companyId('BETA') })
      .where('id', '=', owner)
      .execute();
    await relay.relayDue(); // what the earlier tests queued
    const before = sink.received.length;
    const run = await f.call('CA', 'POST', `/report-schedules/${row.id}/run`, {});
    expect(run.statusCode, run.body).toBe(202);
    await executeRun(deps, run.json().id, { attempt: 1 });
    await relay.relayDue();
    expect(sink.received.slice(before).map((m) => `${m.to.join()} ${m.subject}`)).toEqual([]);
    const shown = (await f.call('CA', 'GET', `/report-schedules/${row.id}`)).json();
    expect(shown).toMatchObject({
      active: false,
      pausedReason: 'ownerOutOfScope',
      lastRun: { status: 'SKIPPED' },
    });
  });

  it('validates with field errors', async () => {
    const bad = await f.call('CA', 'POST', '/report-schedules', {
      name: '',
      report: 'locationHistory',
      format: 'csv',
      preset: 'weekly',
      time: '25:00',
    });
    expect(bad.statusCode).toBe(400);
    const codes = Object.fromEntries(
      (bad.json().errors as { path: string; code: string }[]).map((e) => [e.path, e.code]),
    );
    expect(codes).toMatchObject({
      name: 'validation.nameRequired',
      time: 'reportSchedule.timeInvalid',
      weekday: 'reportSchedule.weekdayRequired',
      recipients: 'reportSchedule.recipientsRequired',
    });
  });
});

/** Columns: anon SA CA DA ZA CB. */
describe('report schedules authorization matrix', () => {
  const selfBody = async (who: Who) => ({
    ...(who === 'SA' ? {} : {}),
    name: `Matrix ${f.unique()}`,
    report: 'locationHistory',
    format: 'csv',
    preset: 'daily',
    time: '05:00',
    recipients: who === 'anon' ? [1] : [await f.userId(USER[who])],
  });
  const USER: Record<Exclude<Who, 'anon'>, string> = {
    SA: 'superadmin',
    CA: 'companyadmin',
    DA: 'deptadmin',
    ZA: 'zoneadmin',
    CB: 'companyadmin2',
  };
  const ofCA = async () =>
    (
      await createSchedule('CA', {
        preset: 'daily',
        time: '05:00',
        recipients: [await f.userId('companyadmin')],
      })
    ).id;
  const ofDA = async () =>
    (
      await createSchedule('DA', {
        preset: 'daily',
        time: '05:00',
        recipients: [await f.userId('deptadmin')],
      })
    ).id;

  const CASES: {
    name: string;
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    path: string;
    target?: () => Promise<number>;
    fresh?: boolean;
    body?: (who: Who) => Promise<unknown> | unknown;
    expect: string;
  }[] = [
    { name: 'list', method: 'GET', path: '/report-schedules', expect: '401 200 200 200 200 200' },
    {
      name: 'create (own company; a SuperAdmin must name one)',
      method: 'POST',
      path: '/report-schedules',
      body: selfBody,
      expect: '401 400 201 201 201 201',
    },
    {
      name: "read CA's schedule",
      method: 'GET',
      path: '/report-schedules/{id}',
      target: ofCA,
      expect: '401 200 200 404 404 404',
    },
    {
      name: "read DA's schedule",
      method: 'GET',
      path: '/report-schedules/{id}',
      target: ofDA,
      expect: '401 200 200 200 404 404',
    },
    {
      name: "pause CA's schedule",
      method: 'PATCH',
      path: '/report-schedules/{id}',
      target: ofCA,
      body: () => ({ active: false }),
      expect: '401 200 200 404 404 404',
    },
    {
      name: "run CA's schedule now",
      method: 'POST',
      path: '/report-schedules/{id}/run',
      target: ofCA,
      fresh: true,
      body: () => ({}),
      expect: '401 202 202 404 404 404',
    },
    {
      name: "runs of CA's schedule",
      method: 'GET',
      path: '/report-schedules/{id}/runs',
      target: ofCA,
      expect: '401 200 200 404 404 404',
    },
    {
      name: "runs of DA's schedule",
      method: 'GET',
      path: '/report-schedules/{id}/runs',
      target: ofDA,
      expect: '401 200 200 200 404 404',
    },
    {
      name: "delete CA's schedule",
      method: 'DELETE',
      path: '/report-schedules/{id}',
      target: ofCA,
      fresh: true,
      expect: '401 204 204 404 404 404',
    },
    {
      name: 'a file link that does not verify (public)',
      method: 'GET',
      path: '/report-files/1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      expect: '404 404 404 404 404 404',
    },
  ];

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const expected = c.expect.split(/\s+/).map(Number);
    const shared = c.target && !c.fresh ? await c.target() : undefined;
    const actual: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const [i, who] of CALLERS.entries()) {
      const id = c.fresh && c.target ? await c.target() : shared;
      const path = id ? c.path.replace('{id}', String(id)) : c.path;
      const response = await f.call(who, c.method, path, c.body ? await c.body(who) : undefined);
      actual[who] = response.statusCode;
      wanted[who] = expected[i]!;
    }
    expect(actual).toEqual(wanted);
  });
});
