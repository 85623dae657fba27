import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, type LivePosition } from '@lbs/contracts';
import { useTestServer } from '../../../test/helpers.ts';
import { companyMsisdns, type MsisdnRow } from '../../../test/location-fixtures.ts';
import { openSse } from '../../../test/sse-client.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { PositionPipeline } from '../../location/pipeline.ts';
import { liveFanoutStep } from '../../location/fanout.ts';

const server = useTestServer();
let alpha: MsisdnRow[];
let beta: MsisdnRow[];
let deptId: number;
let replica: DatabaseHandle | undefined;

beforeAll(async () => {
  alpha = await companyMsisdns(server.context.db, 'ALPHA');
  beta = await companyMsisdns(server.context.db, 'BETA');
  deptId = (
    await server.context.db
      .selectFrom('users')
      .select('department_id')
      .where('username', '=', 'deptadmin')
      .executeTakeFirstOrThrow()
  ).department_id!;
});
afterAll(async () => {
  await replica?.close();
});

/** An open Monitor stream: parsed events as they arrive. */
async function openStream(username: string) {
  const token = await mintAccessToken(server.context.db, server.config, username);
  const stream = await openSse(`${server.baseUrl}${API_BASE_PATH}/monitor/stream`, token);
  const positions = () =>
    stream.events.filter((e) => e.event === 'position').map((e) => JSON.parse(e.data) as LivePosition);
  return { ...stream, positions };
}

const submit = (m: MsisdnRow, lat: number, pipeline = server.location.pipeline) =>
  pipeline.submit([{ msisdnId: m.id, time: new Date(), lat, lon: 10, accuracyM: 300, source: 'NETWORK' }]);

describe('GET /monitor/stream', () => {
  it('streams only the caller’s scope: another company’s positions never arrive', async () => {
    const companyA = await openStream('companyadmin');
    const companyB = await openStream('companyadmin2');
    const department = await openStream('deptadmin');
    expect(companyA.response.status).toBe(200);
    expect(companyA.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(companyA.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    for (const s of [companyA, companyB, department])
      await s.until(() => s.events.some((e) => e.event === 'ready'));
    expect(server.location.hub.size).toBe(3);

    const inDept = alpha.find((m) => m.department_id === deptId)!;
    const otherDept = alpha.find((m) => m.department_id !== deptId)!;
    // Beta's first, then Alpha's: the hub dispatches in order, so once Alpha's arrive Beta's would have too.
    await submit(beta[0]!, 1);
    const { stored } = await submit(otherDept, 2);
    await submit(inDept, 3);
    await companyA.until(() => companyA.positions().length >= 2);
    await companyB.until(() => companyB.positions().length >= 1);
    await department.until(() => department.positions().length >= 1);
    // A last Alpha position: everything before it has been dispatched when it arrives.
    await submit(inDept, 4);
    await department.until(() => department.positions().length >= 2);
    await companyA.until(() => companyA.positions().length >= 3);

    expect(companyA.positions().map((p) => [p.msisdnId, p.lat])).toEqual([
      [otherDept.id, 2],
      [inDept.id, 3],
      [inDept.id, 4],
    ]);
    expect(companyB.positions().map((p) => [p.msisdnId, p.lat])).toEqual([[beta[0]!.id, 1]]);
    expect(department.positions().map((p) => [p.msisdnId, p.lat])).toEqual([
      [inDept.id, 3],
      [inDept.id, 4],
    ]);
    const event = companyA.events.find((e) => e.event === 'position')!;
    expect(event.id).toBe(String(stored[0]!.id));
    expect(JSON.parse(event.data)).toEqual({
      positionId: stored[0]!.id,
      msisdnId: otherDept.id,
      msisdn: otherDept.msisdn,
      employeeName: expect.any(String),
      companyId: otherDept.company_id,
      departmentId: otherDept.department_id,
      zoneId: otherDept.zone_id,
      lat: 2,
      lon: 10,
      accuracyM: 300,
      time: expect.any(String),
      source: 'NETWORK',
    });

    // Opening a stream is a view of locations: audited.
    const audits = await server.context.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', 'location.view')
      .execute();
    expect(
      audits
        .filter((a) => (a.detail as { view?: string }).view === 'stream')
        .map((a) => a.actor)
        .sort(),
    ).toEqual(['companyadmin', 'companyadmin2', 'deptadmin']);

    // Closing a stream unsubscribes it.
    for (const s of [companyA, companyB, department]) s.close();
    await Promise.all([companyA.done, companyB.done, department.done]);
    const deadline = Date.now() + 3000;
    while (server.location.hub.size > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.location.hub.size).toBe(0);
  });

  it('delivers positions written by another replica (PostgreSQL LISTEN/NOTIFY)', async () => {
    const stream = await openStream('companyadmin2');
    await stream.until(() => stream.events.some((e) => e.event === 'ready'));
    let pipeline = server.location.pipeline;
    if (server.config.databaseUrl) {
      replica = await openDatabase({ databaseUrl: server.config.databaseUrl, poolSize: 2 });
      pipeline = new PositionPipeline(replica.db, { steps: [liveFanoutStep] });
    }
    await submit(beta[1]!, 7, pipeline);
    await stream.until(() => stream.positions().length === 1);
    expect(stream.positions()[0]).toMatchObject({ msisdnId: beta[1]!.id, lat: 7 });
    // Left open on purpose: the server's shutdown must end it.
  });

  it('answers 401 without a bearer token', async () => {
    const response = await fetch(`${server.baseUrl}${API_BASE_PATH}/monitor/stream`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
