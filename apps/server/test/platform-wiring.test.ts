import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './capture-log.ts';
import { startSmtpSink, type SmtpSink } from '../src/messaging/testing/smtp-sink.ts';
import { orgFixtures, type OrgFixtures } from '../src/modules/organisation/test-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';

/**
 * The platform floor as the product uses it: a worker server (LBS_WORKER on) whose old loops run as jobs, whose mail
 * and SMS leave through the relay, and whose changes write their domain events in the same transaction.
 */
const WEBHOOK_TOKEN = 'wiring-webhook-token-0123456789';
let sink: SmtpSink;
let server: TestServer;
let f: OrgFixtures;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({
    SMTP_URL: sink.url,
    SMS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    LBS_WORKER: 'true',
  });
  f = orgFixtures(server);
});
afterAll(async () => {
  await server?.dispose();
  await sink?.close();
});

const eventsOf = (msisdnId: number) =>
  f.db
    .selectFrom('domain_events')
    .select(['type', 'company_id', 'payload'])
    .where('msisdn_id', '=', msisdnId)
    .orderBy('id')
    .execute();
const outboxTo = (to: string) =>
  f.db
    .selectFrom('outbox_messages')
    .select(['channel', 'status', 'body', 'attempts'])
    .where('to', '=', to)
    .orderBy('id')
    .execute();
const reply = (from: string, text: string) =>
  f.call('anon', 'POST', '/sms/inbound', { from, text }, { 'x-webhook-token': WEBHOOK_TOKEN });

async function addNumber(): Promise<{ id: number; msisdn: string; companyId: number }> {
  const companyId = await f.companyId('ALPHA');
  const response = await f.call('SA', 'POST', '/msisdns', {
    companyId,
    msisdn: f.nextNumber(),
    employeeName: 'Wiring Test',
    departmentId: await f.unitId('departments', 'ALPHA', 'Field Operations'),
    designationId: await f.unitId('designations', 'ALPHA', 'Driver'),
  });
  expect(response.statusCode).toBe(201);
  const { id, msisdn } = response.json() as { id: number; msisdn: string };
  return { id, msisdn, companyId };
}

describe('the old loops run as jobs of the worker', () => {
  it('schedules the location tick, retention, the periods of positions, identity purge, relay, notification digests, event pruning, the presence sweep, the task jobs, the attendance refresh, billing, consent reminders and the report exports’ expiry', async () => {
    const schedules = await f.db.selectFrom('job_schedules').select('name').orderBy('name').execute();
    expect(schedules.map((s) => s.name)).toEqual([
      'attendance.refresh',
      'billing.autoIssue',
      'billing.monthly',
      'billing.overdue',
      'consent.reminders',
      'events.prune',
      'identity.purge',
      'jobs.prune',
      'location.partitions',
      'location.retention',
      'location.tick',
      'messaging.relay',
      'notifications.digests',
      'presence.sweep',
      'reports.export-expiry',
      'reports.files.prune',
      'reports.schedules.tick',
      'tasks.recurring',
      'tasks.sweep',
    ]);
    // The tick runs on its own (every 5 s) and leaves a finished job per slot.
    await until(
      async () =>
        (
          await f.db
            .selectFrom('jobs')
            .select('id')
            .where('kind', '=', 'location.tick')
            .where('status', '=', 'DONE')
            .execute()
        ).length > 0,
      20_000,
    );
  });
});

describe('mail and SMS leave through the relay', () => {
  it('sends an invitation exactly once over SMTP and marks it SENT', async () => {
    const email = `wiring.${f.unique()}@example.com`;
    const response = await f.call('SA', 'POST', '/users', {
      fullName: 'Wiring Invitee',
      username: `wiring.${f.unique()}`,
      email,
      roles: ['CompanyAdmin'],
      companyId: await f.companyId('ALPHA'),
    });
    expect(response.statusCode).toBe(201);
    await until(async () => (await outboxTo(email))[0]?.status === 'SENT');
    expect(await outboxTo(email)).toEqual([
      {
        channel: 'EMAIL',
        status: 'SENT',
        body: expect.stringMatching(/security code is \d{6}\./),
        attempts: 1,
      },
    ]);
    // A later relay run (the minute sweep) sends nothing again.
    await server.jobs.drain();
    expect(sink.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('sends the consent request and the reply’s confirmation SMS through the gateway', async () => {
    const m = await addNumber();
    await until(async () => (await outboxTo(m.msisdn)).every((r) => r.status === 'SENT'));
    expect((await reply(m.msisdn, 'YES')).statusCode).toBe(200);
    await until(async () => (await outboxTo(m.msisdn)).length === 2);
    await until(async () => (await outboxTo(m.msisdn)).every((r) => r.status === 'SENT'));
    expect(await outboxTo(m.msisdn)).toEqual([
      expect.objectContaining({ channel: 'SMS', status: 'SENT', body: expect.stringMatching(/Reply YES/) }),
      expect.objectContaining({ channel: 'SMS', status: 'SENT', body: expect.stringMatching(/^Thank you/) }),
    ]);
  });
});

describe('domain events are written with the change they describe', () => {
  it('MSISDN_CREATED, CONSENT_GRANTED, CONSENT_REVOKED and MSISDN_DELETED', async () => {
    const m = await addNumber();
    expect(await eventsOf(m.id)).toEqual([
      {
        type: 'MSISDN_CREATED',
        company_id: m.companyId,
        payload: expect.objectContaining({ msisdn: m.msisdn, importId: null }),
      },
    ]);
    await reply(m.msisdn, 'YES');
    await reply(m.msisdn, 'STOP');
    await reply(m.msisdn, 'STOP'); // already revoked: no change, no event
    expect((await f.call('SA', 'DELETE', `/msisdns/${m.id}`)).statusCode).toBe(204);
    expect((await eventsOf(m.id)).map((e) => [e.type, e.payload])).toEqual([
      ['MSISDN_CREATED', expect.anything()],
      ['CONSENT_GRANTED', { msisdn: m.msisdn, via: 'SMS', previous: 'PENDING' }],
      ['CONSENT_REVOKED', { msisdn: m.msisdn, via: 'SMS', previous: 'GRANTED' }],
      ['MSISDN_DELETED', { msisdn: m.msisdn }],
    ]);
  });

  it('a refused create writes no event', async () => {
    const m = await addNumber();
    const duplicate = await f.call('SA', 'POST', '/msisdns', {
      companyId: m.companyId,
      msisdn: m.msisdn,
      employeeName: 'Twin',
      departmentId: await f.unitId('departments', 'ALPHA', 'Field Operations'),
      designationId: await f.unitId('designations', 'ALPHA', 'Driver'),
    });
    expect(duplicate.statusCode).toBe(409);
    const created = await f.db
      .selectFrom('domain_events')
      .select('id')
      .where('type', '=', 'MSISDN_CREATED')
      .where('payload', '@>', JSON.stringify({ msisdn: m.msisdn }))
      .execute();
    expect(created).toHaveLength(1);
  });

  it('POSITIONS_STORED per company with the batch; none when the batch rolls back', async () => {
    const m = await addNumber();
    const { pipeline } = server.location;
    const time = new Date();
    const { stored } = await pipeline.submit([
      { msisdnId: m.id, time, lat: 24.7, lon: 46.7, accuracyM: 300, source: 'NETWORK' },
    ]);
    expect(stored[0]).toMatchObject({ msisdnId: m.id, companyId: m.companyId });
    const storedEvents = await f.db
      .selectFrom('domain_events')
      .select(['company_id', 'payload'])
      .where('type', '=', 'POSITIONS_STORED')
      .where('company_id', '=', m.companyId)
      .execute();
    expect(storedEvents.map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ positionIds: [stored[0]!.id], msisdnIds: [m.id] }),
    );
    const before = storedEvents.length;
    // A position of a number that does not exist fails its transaction: the other one's event goes with it.
    await expect(
      pipeline.submit([
        { msisdnId: m.id, time, lat: 24.7, lon: 46.7, accuracyM: 300, source: 'NETWORK' },
        { msisdnId: 2_000_000_000, time, lat: 24.7, lon: 46.7, accuracyM: 300, source: 'NETWORK' },
      ]),
    ).rejects.toThrow();
    const after = await f.db
      .selectFrom('domain_events')
      .select('id')
      .where('type', '=', 'POSITIONS_STORED')
      .where('company_id', '=', m.companyId)
      .execute();
    expect(after).toHaveLength(before);
  });
});
