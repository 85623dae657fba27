import { afterEach, describe, expect, it } from 'vitest';
import { distanceM } from '../mlp/coordinates.ts';
import { buildSlir, parseSlia } from '../mlp/documents.ts';
import { dayPlan, networkFix, truePosition, type SimSubscriber } from './movement.ts';
import { startSimulator, type RunningSimulator } from './simulator.ts';
import { generatedMsisdn, generatedSubscribers } from './subscribers.ts';

const SUB: SimSubscriber = {
  msid: '966501000000',
  home: { lat: 24.78, lon: 46.62 },
  city: { lat: 24.7136, lon: 46.6753 },
  timezone: 'Asia/Riyadh',
  workdays: [7, 1, 2, 3, 4],
};
const riyadh = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+03:00`);

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function ask(url: string, msisdns: string[], credentials = {}): Promise<ReturnType<typeof parseSlia>> {
  const response = await fetch(url, {
    method: 'POST',
    body: buildSlir(msisdns, credentials),
    headers: { 'content-type': 'text/xml' },
  });
  expect(response.status).toBe(200);
  return parseSlia(await response.text());
}

describe('subscriber movement', () => {
  it('is home at night, away from home during a working day, and the same for the same number and time', () => {
    const night = truePosition(SUB, riyadh('2025-11-24', '03:00'));
    expect(night).toEqual(SUB.home);
    const noon = truePosition(SUB, riyadh('2025-11-24', '12:00'));
    expect(distanceM(noon.lat, noon.lon, SUB.home.lat, SUB.home.lon)).toBeGreaterThan(500);
    expect(distanceM(noon.lat, noon.lon, SUB.city.lat, SUB.city.lon)).toBeLessThan(15_000);
    expect(truePosition(SUB, riyadh('2025-11-24', '12:00'))).toEqual(noon);
    expect(dayPlan(SUB, 2025, 11, 24, 1)).toEqual(dayPlan({ ...SUB }, 2025, 11, 24, 1));
    // A working day starts and ends at home, moving in between; a different number plans a different day.
    const plan = dayPlan(SUB, 2025, 11, 24, 1);
    expect(plan[0]).toMatchObject(SUB.home);
    expect(plan.at(-1)).toMatchObject(SUB.home);
    expect(plan.length).toBeGreaterThanOrEqual(4);
    expect(dayPlan({ ...SUB, msid: '966501000001' }, 2025, 11, 24, 1)).not.toEqual(plan);
  });

  it('moves plausibly: no jump faster than a car between minutes', () => {
    let previous = truePosition(SUB, riyadh('2025-11-24', '06:00'));
    for (let t = riyadh('2025-11-24', '06:01'); t < riyadh('2025-11-24', '21:00'); t += 60_000) {
      const here = truePosition(SUB, t);
      expect(distanceM(previous.lat, previous.lon, here.lat, here.lon)).toBeLessThan(2500); // < 150 km/h
      previous = here;
    }
  });

  it('reports cell-sized circles (100 m – 2 km) that contain the true position', () => {
    for (let t = riyadh('2025-11-24', '07:00'); t < riyadh('2025-11-24', '19:00'); t += 7 * 60_000) {
      const fix = networkFix(SUB, t);
      const truth = truePosition(SUB, t);
      expect(fix.radiusM).toBeGreaterThanOrEqual(100);
      expect(fix.radiusM).toBeLessThanOrEqual(2000);
      expect(distanceM(fix.lat, fix.lon, truth.lat, truth.lon)).toBeLessThanOrEqual(fix.radiusM);
    }
  });
});

describe('network simulator (MLP server)', () => {
  it('answers many MSISDNs in one request, unknown numbers as UNKNOWN SUBSCRIBER, and counts requests per MSISDN', async () => {
    sim = await startSimulator({
      subscribers: generatedSubscribers(100_000),
      latencyMs: [0, 0],
      absentRate: 0,
      unknownRate: 0,
      now: () => riyadh('2025-11-24', '10:00'),
    });
    const known = [generatedMsisdn(0), generatedMsisdn(99_999)];
    const answer = await ask(sim.url, [...known, '+999000100000']);
    expect(answer.positions.map((p) => (p.ok ? [p.msid, 'ok', p.shape] : [p.msid, p.resultCode]))).toEqual([
      ['999000000000', 'ok', 'CircularArea'],
      ['999000099999', 'ok', 'CircularArea'],
      ['999000100000', 4],
    ]);
    const located = answer.positions[0]!;
    expect(located.ok && located.time.toISOString()).toBe('2025-11-24T07:00:00.000Z');
    await ask(sim.url, [known[0]!]);
    expect(sim.requestsFor(known[0]!)).toBe(2);
    expect(sim.requestsFor(known[1]!)).toBe(1);
    const stats = await (
      await fetch(sim.url.replace('/mlp', `/stats?msisdn=${encodeURIComponent(known[0]!)}`))
    ).json();
    expect(stats).toEqual({
      requests: 2,
      locates: 4,
      subscribers: 100_000,
      msisdnsAsked: 3,
      perMsisdn: { '999000000000': 2 },
    });
    expect((await fetch(sim.url.replace('/mlp', '/stats/reset'), { method: 'POST' })).status).toBe(204);
    expect(sim.stats.requests).toBe(0);
  });

  it('fails the configured share of locates (absent, unknown)', async () => {
    // 5,000 locates (five requests of 1,000), so that the bounds hold at every minute of every day: the draws are
    // fixed per number and minute, and on a working day a phone switched off all day (3 % of them) adds to the absent
    // share, so it is about 0.32 (standard deviation 0.0066 here; 0.015 with the 1,000 locates this test asked for
    // before, when a draw of 0.366 failed CI).
    sim = await startSimulator({
      subscribers: generatedSubscribers(5000),
      latencyMs: [0, 0],
      absentRate: 0.3,
      unknownRate: 0.1,
    });
    const codes: number[] = [];
    for (let request = 0; request < 5; request++) {
      const answer = await ask(
        sim.url,
        Array.from({ length: 1000 }, (_, i) => generatedMsisdn(request * 1000 + i)),
      );
      for (const p of answer.positions) codes.push(p.ok ? 0 : p.resultCode);
    }
    const share = (code: number) => codes.filter((c) => c === code).length / codes.length;
    expect(share(5)).toBeGreaterThan(0.24);
    expect(share(5)).toBeLessThan(0.36);
    expect(share(4)).toBeGreaterThan(0.06);
    expect(share(4)).toBeLessThan(0.14);
  });

  it('checks the client credentials and answers request errors in MLP', async () => {
    sim = await startSimulator({
      subscribers: generatedSubscribers(10),
      latencyMs: [0, 0],
      credentials: { id: 'portal', pwd: 'secret' },
      maxMsids: 5,
    });
    expect((await ask(sim.url, [generatedMsisdn(1)], { id: 'portal', pwd: 'wrong' })).requestResult).toEqual({
      resultCode: 3,
      result: 'UNAUTHORIZED APPLICATION',
    });
    expect(
      (
        await ask(
          sim.url,
          Array.from({ length: 6 }, (_, i) => generatedMsisdn(i)),
          { id: 'portal', pwd: 'secret' },
        )
      ).requestResult?.resultCode,
    ).toBe(104);
    const malformed = await fetch(sim.url, { method: 'POST', body: '<svc_init><slir>' });
    expect(parseSlia(await malformed.text()).requestResult?.resultCode).toBe(105);
    expect(sim.stats.requests).toBe(0);
  });

  it('waits its configured latency before answering', async () => {
    sim = await startSimulator({ subscribers: generatedSubscribers(10), latencyMs: [120, 150] });
    const started = performance.now();
    await ask(sim.url, [generatedMsisdn(1)]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
  });
});
