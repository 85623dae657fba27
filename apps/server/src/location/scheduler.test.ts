import type { CompanyConfig } from '@lbs/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/helpers.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { Locator } from './locator.ts';
import { MlpClient } from './mlp/client.ts';
import { PositionPipeline } from './pipeline.ts';
import { runRetention } from './retention.ts';
import { LocationWorker } from './scheduler.ts';

const server = useTestServer({ LBS_SIMULATOR_ABSENT_RATE: '0', LBS_SIMULATOR_UNKNOWN_RATE: '0' });
const extraHandles: DatabaseHandle[] = [];

afterAll(async () => {
  for (const h of extraHandles) await h.close();
});

const at = (iso: string) => new Date(iso);
const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);

async function msisdnsOf(code: string) {
  return server.context.db
    .selectFrom('msisdns as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['m.id', 'm.msisdn', 'm.consent_status', 'm.tracking_enabled'])
    .where('c.code', '=', code)
    .orderBy('m.id')
    .execute();
}

const eligible = (m: { consent_status: string; tracking_enabled: boolean }) =>
  m.consent_status === 'GRANTED' && m.tracking_enabled;

describe('location scheduler', () => {
  it('never asks the network for a non-consented, tracking-off or out-of-window MSISDN (simulator counts)', async () => {
    const { worker } = server.location;
    const sim = server.simulator!;
    sim.resetStats();
    const all = [...(await msisdnsOf('ALPHA')), ...(await msisdnsOf('BETA')), ...(await msisdnsOf('GAMMA'))];
    const alpha = await msisdnsOf('ALPHA');
    expect(
      alpha.some((m) => m.consent_status === 'PENDING') &&
        alpha.some((m) => m.consent_status === 'REVOKED') &&
        alpha.some((m) => !m.tracking_enabled),
    ).toBe(true);

    // The demo seed tracks Alpha round the clock; this test gives it office hours, Sunday–Thursday 08:00–18:00.
    const alphaCompany = await server.context.db
      .selectFrom('companies')
      .select(['id', 'config'])
      .where('code', '=', 'ALPHA')
      .executeTakeFirstOrThrow();
    const officeHours: CompanyConfig = {
      ...alphaCompany.config,
      trackingWindow: { days: [7, 1, 2, 3, 4], start: '08:00', end: '18:00', timezone: 'Asia/Riyadh' },
    };
    await server.context.db
      .updateTable('companies')
      .set({ config: JSON.stringify(officeHours) })
      .where('id', '=', alphaCompany.id)
      .execute();

    // Saturday: every company is outside its window (Alpha works Sunday–Thursday in Riyadh, the others Monday–Friday).
    const saturday = at('2025-11-29T10:00:00Z');
    await worker.tick(saturday);
    const deferred = await worker.tick(minutes(saturday, 5));
    expect(deferred.claimed).toBe(all.filter(eligible).length);
    expect(deferred.refused).toEqual({ 'location.outsideWindow': all.filter(eligible).length });
    expect(deferred.requests).toBe(0);
    expect(sim.stats.requests).toBe(0);

    // Deferred to each company's next opening (plus its phase within the first interval).
    const state = await server.context.db
      .selectFrom('msisdn_poll_state')
      .select(['msisdn_id', 'next_poll_at'])
      .execute();
    const next = new Map(state.map((s) => [s.msisdn_id, new Date(s.next_poll_at).getTime()]));
    for (const m of alpha.filter(eligible)) {
      expect(next.get(m.id)).toBeGreaterThanOrEqual(Date.parse('2025-11-30T05:00:00Z')); // Sunday 08:00 Riyadh
      expect(next.get(m.id)).toBeLessThan(Date.parse('2025-11-30T05:05:00Z'));
    }

    // Sunday in Riyadh, the scheduler ticking every 30 s for 15 minutes: only Alpha's consenting, tracked MSISDNs
    // are asked, once per 5-minute slot (an MSISDN whose consent is revoked meanwhile: never again).
    const revoked = alpha.filter(eligible)[0]!;
    await server.context.db
      .updateTable('msisdns')
      .set({ consent_status: 'REVOKED' })
      .where('id', '=', revoked.id)
      .execute();
    const last = at('2025-11-30T05:15:00Z');
    for (let t = at('2025-11-30T05:00:00Z'); t <= last; t = new Date(t.getTime() + 30_000))
      await worker.tick(t);
    const slotsUntil = (first: number, intervalMin: number) =>
      Math.floor((last.getTime() - first) / (intervalMin * 60_000)) + 1;
    for (const m of all) {
      const expected =
        alpha.some((a) => a.id === m.id) && eligible(m) && m.id !== revoked.id
          ? slotsUntil(next.get(m.id)!, 5)
          : 0;
      expect(sim.requestsFor(m.msisdn), m.msisdn).toBe(expected);
    }
    expect(alpha.filter(eligible).every((m) => m.id === revoked.id || sim.requestsFor(m.msisdn) >= 3)).toBe(
      true,
    );
    await server.context.db
      .updateTable('msisdns')
      .set({ consent_status: 'GRANTED' })
      .where('id', '=', revoked.id)
      .execute();

    // Every MLP request was recorded for billing and audit.
    const recorded = await server.context.db
      .selectFrom('locate_requests')
      .select((eb) => [
        eb.fn.sum<number>('msisdn_count').as('asked'),
        eb.fn.countAll<number>().as('requests'),
      ])
      .where('requested_by', '=', 'SCHEDULE')
      .where('gmlc', '<>', 'demo-gmlc') // the demo's billing history
      .executeTakeFirstOrThrow();
    expect(Number(recorded.asked)).toBe(sim.stats.locates);
    expect(Number(recorded.requests)).toBe(sim.stats.requests);
  });

  it('two workers ticking at once never poll an MSISDN twice in one interval', async () => {
    const { db } = server.context;
    const sim = server.simulator!;
    // Beta tracks around the clock every 10 minutes, so its MSISDNs are all due together.
    const beta = await db
      .selectFrom('companies')
      .select(['id', 'config'])
      .where('code', '=', 'BETA')
      .executeTakeFirstOrThrow();
    const config: CompanyConfig = {
      ...beta.config,
      pollIntervalMinutes: 10,
      trackingWindow: {
        ...beta.config.trackingWindow,
        days: [1, 2, 3, 4, 5, 6, 7],
        start: '00:00',
        end: '00:00',
      },
    };
    await db
      .updateTable('companies')
      .set({ config: JSON.stringify(config) })
      .where('id', '=', beta.id)
      .execute();
    const betaMsisdns = await msisdnsOf('BETA');
    await db.deleteFrom('msisdn_poll_state').execute();
    sim.resetStats();

    // A second replica: its own connection pool on PostgreSQL (PGlite is one process with one connection).
    let db2 = db;
    if (server.config.databaseUrl) {
      const handle = await openDatabase({ databaseUrl: server.config.databaseUrl, poolSize: 4 });
      extraHandles.push(handle);
      db2 = handle.db;
    }
    const makeWorker = (d: typeof db, id: string) => {
      const mlp = new MlpClient({ url: sim.url, timeoutMs: 5000, concurrency: 4 });
      return new LocationWorker(
        d,
        new Locator(d, mlp, new PositionPipeline(d), server.app.log),
        server.app.log,
        { batchSize: 5, claimLimit: 7, workerId: id },
      );
    };
    const one = makeWorker(db, 'worker-one');
    const two = makeWorker(db2, 'worker-two');

    const t0 = at('2025-12-06T12:00:00Z'); // a Saturday: only Beta's window is open
    await Promise.all([one.enrol(t0), two.enrol(t0)]);
    const firstSlot = new Map(
      (await db.selectFrom('msisdn_poll_state').select(['msisdn_id', 'next_poll_at']).execute()).map((s) => [
        s.msisdn_id,
        new Date(s.next_poll_at).getTime(),
      ]),
    );
    // Both tick every 30 s for 25 minutes; each round is repeated until neither claims anything (7 per tick at most).
    const last = minutes(t0, 25);
    let asked = 0;
    let rounds = 0;
    for (let t = t0; t <= last; t = new Date(t.getTime() + 30_000)) {
      for (;;) {
        const [a, b] = await Promise.all([one.tick(t), two.tick(t)]);
        asked += a.asked + b.asked;
        rounds++;
        if (a.claimed === 0 && b.claimed === 0) break;
      }
    }
    const polled = betaMsisdns.filter(eligible);
    const expected = (id: number) => Math.floor((last.getTime() - firstSlot.get(id)!) / 600_000) + 1;
    for (const m of betaMsisdns)
      expect(sim.requestsFor(m.msisdn), m.msisdn).toBe(eligible(m) ? expected(m.id) : 0);
    expect(asked).toBe(polled.reduce((n, m) => n + expected(m.id), 0));
    expect(polled.every((m) => expected(m.id) >= 2)).toBe(true);
    expect(rounds).toBeGreaterThan(51);
    const owners = await db.selectFrom('msisdn_poll_state').select('claimed_by').distinct().execute();
    expect(owners.map((o) => o.claimed_by).sort()).toEqual(['worker-one', 'worker-two']);
  });

  it('retention deletes positions older than each company’s retention days', async () => {
    const { db } = server.context;
    const [alpha] = await msisdnsOf('ALPHA');
    const [gamma] = await msisdnsOf('GAMMA');
    const gammaCompany = await db
      .selectFrom('companies')
      .select(['id', 'config'])
      .where('code', '=', 'GAMMA')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('companies')
      .set({ config: JSON.stringify({ ...gammaCompany.config, retentionDays: 7 }) })
      .where('id', '=', gammaCompany.id)
      .execute();
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    await db.deleteFrom('positions').where('msisdn_id', 'in', [alpha!.id, gamma!.id]).execute();
    await db.deleteFrom('latest_positions').where('msisdn_id', 'in', [alpha!.id, gamma!.id]).execute();
    const row = (msisdnId: number, time: Date) => ({
      msisdn_id: msisdnId,
      time,
      lat: 1,
      lon: 1,
      accuracy_m: 100,
      source: 'NETWORK' as const,
    });
    await db
      .insertInto('positions')
      .values([
        row(alpha!.id, daysAgo(100)),
        row(alpha!.id, daysAgo(30)),
        row(gamma!.id, daysAgo(8)),
        row(gamma!.id, daysAgo(6)),
      ])
      .execute();
    await db
      .insertInto('latest_positions')
      .values({
        msisdn_id: gamma!.id,
        position_id: 0,
        time: daysAgo(8),
        lat: 1,
        lon: 1,
        accuracy_m: null,
        source: 'NETWORK',
        received_at: daysAgo(8),
      })
      .execute();
    await runRetention(db, now);
    const left = await db
      .selectFrom('positions')
      .select(['msisdn_id', 'time'])
      .where('msisdn_id', 'in', [alpha!.id, gamma!.id])
      .orderBy('time')
      .execute();
    expect(
      left.map((p) => [p.msisdn_id, Math.round((now.getTime() - new Date(p.time).getTime()) / 86_400_000)]),
    ).toEqual([
      [alpha!.id, 30],
      [gamma!.id, 6],
    ]);
    expect(
      await db
        .selectFrom('latest_positions')
        .select('msisdn_id')
        .where('msisdn_id', '=', gamma!.id)
        .execute(),
    ).toEqual([]);
  });
});
