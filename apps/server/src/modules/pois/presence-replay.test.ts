import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Poi } from '@lbs/contracts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';
import { storePositions } from '../../location/position-store.ts';
import {
  batchPositions,
  completeBatch,
  prepareBatch,
  presenceMemory,
  readEpochAndCheckpoints,
  replayMsisdn,
  sweepDeadlines,
} from './presence-engine.ts';

/**
 * A replay of late fixes gives what in-order delivery gave (issue 11), where a review found it did not: a pair seeded
 * around a parked phone got an ENTER; a replay whose start fell within an earlier stay (started OUTSIDE there) made a
 * passed-by or a second visit of it; a late first fix, moving a stay's entry (its key), emitted the stay's events again.
 */
const f = useOrgFixtures();
const MIN = 60_000;
const HOUR = 60 * MIN;
let lonSeed = 44.5;
const spot = () => ({ lat: 23.8, lon: (lonSeed += 0.05) });
const east = (c: { lat: number; lon: number }, metres: number) => ({
  lat: c.lat,
  lon: c.lon + metres / (111_320 * Math.cos((c.lat * Math.PI) / 180)),
});

const consentingMsisdn = () => f.trackedMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
async function poiAt(c: { lat: number; lon: number }, radiusM = 150) {
  const res = await f.call('CA', 'POST', '/pois', {
    name: `Review ${f.unique()}`,
    geometry: { type: 'CIRCLE', center: c, radiusM },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Poi;
}
async function assign(poiId: number, msisdnIds: number[]) {
  const res = await f.call('CA', 'POST', '/poi-assignments', {
    poiId,
    msisdnIds,
    purpose: 'VISIT',
    days: [1, 2, 3, 4, 5, 6, 7],
    windows: [{ start: '00:00', end: '00:00' }],
  });
  expect(res.statusCode, res.body).toBe(201);
}
const submit = (
  msisdnId: number,
  at: number,
  p: { lat: number; lon: number },
  accuracyM = 50,
  source: 'NETWORK' | 'OSMAND' = 'NETWORK',
) => f.server.location.pipeline.submit([{ msisdnId, time: new Date(at), ...p, accuracyM, source }]);
/**
 * A POI at a place of its own and a consenting MSISDN `m` sent to it all day — with `reference`, a second one to deliver
 * the same fixes to in order.
 */
async function assignedSite(withReference = false) {
  const c = spot();
  const poi = await poiAt(c);
  const m = await consentingMsisdn();
  const reference = withReference ? await consentingMsisdn() : 0;
  await assign(poi.id, withReference ? [m, reference] : [m]);
  return { c, poi, m, reference };
}
/**
 * A POI at a place of its own and two consenting MSISDNs not yet sent to it (`reference` is given the same fixes in
 * order), with the company's wall-clock `HH:mm` of an instant (assignment windows are in the company's time zone).
 */
async function unassignedSite() {
  const c = spot();
  const poi = await poiAt(c);
  const [m, reference] = [await consentingMsisdn(), await consentingMsisdn()];
  const { config } = await f.db
    .selectFrom('companies')
    .select('config')
    .where('id', '=', poi.companyId)
    .executeTakeFirstOrThrow();
  const timeZone = (config as { trackingWindow?: { timezone?: string } }).trackingWindow?.timezone ?? 'UTC';
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return { c, poi, m, reference, hhmm: (at: number) => format.format(at) };
}
const events = (msisdnId: number) =>
  f.db
    .selectFrom('domain_events')
    .select(['type', 'idempotency_key', 'occurred_at'])
    .where('msisdn_id', '=', msisdnId)
    .where('type', 'in', ['GEOFENCE_ENTER', 'GEOFENCE_EXIT', 'VISIT_CLOSED', 'VISIT_CORRECTED'])
    .orderBy('id')
    .execute();
const visits = (msisdnId: number) =>
  f.db
    .selectFrom('visits')
    .select(['entered_at', 'exited_at', 'closed_by', 'seeded', 'fix_count'])
    .where('msisdn_id', '=', msisdnId)
    .orderBy('entered_at')
    .execute();
const replayJobsFrom = async (msisdnId: number) => {
  const jobs = await f.db
    .selectFrom('jobs')
    .select(['payload'])
    .where('kind', '=', 'presence.replay')
    .execute();
  const mine = jobs
    .map((j) => j.payload as { msisdnId: number; from: string })
    .filter((p) => p.msisdnId === msisdnId);
  expect(mine.length).toBeGreaterThan(0);
  return Math.min(...mine.map((p) => Date.parse(p.from)));
};
const passedBy = (msisdnId: number) =>
  f.db.selectFrom('poi_passed_by').selectAll().where('msisdn_id', '=', msisdnId).execute();
const jitter = (c: { lat: number; lon: number }, i: number) => east(c, [10, -20, 25, -5, 15][i % 5]!);

/**
 * Each MSISDN inside the site at `c` for 20 minutes of an hour three hours ago (from h+10 to h+30), then 5 km away at
 * h+45; answers h.
 */
async function staysThenLeaves(
  c: { lat: number; lon: number },
  msisdnIds: readonly number[],
): Promise<number> {
  const h = Math.floor((Date.now() - 3 * HOUR) / HOUR) * HOUR;
  for (const id of msisdnIds) {
    for (let minute = 10; minute <= 30; minute += 5)
      await submit(id, h + minute * MIN, jitter(c, minute), 20, 'OSMAND');
    await submit(id, h + 45 * MIN, east(c, 5000), 20, 'OSMAND');
  }
  return h;
}
/** A late fix away at h+40 replays the hour: the stay of staysThenLeaves makes no visit, passed-by or event. */
async function lateFixReplaysToNothing(c: { lat: number; lon: number }, m: number, h: number): Promise<void> {
  await submit(m, h + 40 * MIN, east(c, 4000), 20, 'OSMAND');
  await replayMsisdn(f.db, m, await replayJobsFrom(m), new Date());
  expect(await visits(m)).toEqual([]);
  expect(await passedBy(m)).toEqual([]);
  expect(await events(m)).toEqual([]);
}

describe('replay of a seeded pair', () => {
  it('a pair seeded around a parked phone emits no ENTER, even after a late fix makes the MSISDN replay', async () => {
    const c = spot();
    const m = await consentingMsisdn();
    const now = Date.now();
    // Parked inside for 95 minutes before the POI exists (no pair: nothing evaluated).
    for (let t = now - 100 * MIN, i = 0; t <= now - 5 * MIN; t += 5 * MIN, i++)
      await submit(m, t, jitter(c, i));
    const poi = await poiAt(c);
    await assign(poi.id, [m]);
    expect(await events(m)).toEqual([]);
    expect((await visits(m)).map((v) => v.seeded)).toEqual([true]);
    // An app backlog fix (older than the latest): a replay of the MSISDN is queued; run it as the runner would.
    await submit(m, now - 50 * MIN + 30_000, jitter(c, 3), 20, 'OSMAND');
    await replayMsisdn(f.db, m, await replayJobsFrom(m), new Date());
    const after = await events(m);
    expect(after.filter((e) => e.type === 'GEOFENCE_ENTER')).toEqual([]);
  });
});

describe('replay of a pair seeded OUTSIDE', () => {
  it('evaluates no position from before the seeding (no visit from before the assignment)', async () => {
    const c = spot();
    const poi = await poiAt(c);
    const m = await consentingMsisdn();
    // Inside the site for 20 minutes before anyone sent the phone there; then away.
    const h = await staysThenLeaves(c, [m]);
    await assign(poi.id, [m]); // seeded OUTSIDE from the fix at h+45
    // In order every one of these fixes came before the assignment: none was evaluated for it.
    await lateFixReplaysToNothing(c, m, h);
  });
});

describe('replay of a pair seeded OUTSIDE before its window opened', () => {
  it('starts from the seeding fix as live delivery did: the same entry bounds, nothing corrected', async () => {
    const { c, poi, m, reference, hhmm } = await unassignedSite();
    const base = Math.floor(Date.now() / MIN) * MIN;
    // The latest fix when the assignment is made lies before its window opens: the pair is seeded OUTSIDE from it.
    for (const id of [m, reference]) await submit(id, base - 41 * MIN, east(c, 5000), 20, 'OSMAND');
    const res = await f.call('CA', 'POST', '/poi-assignments', {
      poiId: poi.id,
      msisdnIds: [m, reference],
      purpose: 'VISIT',
      days: [1, 2, 3, 4, 5, 6, 7],
      windows: [{ start: hhmm(base - 40 * MIN), end: hhmm(base + 120 * MIN) }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const inside = [40, 35, 30, 27, 25, 20];
    for (const [i, back] of inside.entries())
      await submit(reference, base - back * MIN, jitter(c, i), 20, 'OSMAND');
    // m: the fix at -27 is held back, then comes late (a replay from the hour before it).
    for (const [i, back] of inside.entries())
      if (back !== 27) await submit(m, base - back * MIN, jitter(c, i), 20, 'OSMAND');
    await submit(m, base - 27 * MIN, jitter(c, 3), 20, 'OSMAND');
    await replayMsisdn(f.db, m, await replayJobsFrom(m), new Date());
    const shape = async (id: number) =>
      (
        await f.db
          .selectFrom('visits')
          .select(['entered_at', 'entered_earliest', 'closed_by'])
          .where('msisdn_id', '=', id)
          .orderBy('entered_at')
          .execute()
      ).map((v) => [v.entered_at.getTime(), v.entered_earliest?.getTime() ?? null, v.closed_by]);
    const live = await shape(reference);
    // (An open visit's row follows its checkpoint: its fix count may lag, its entry does not.)
    expect(live).toEqual([[base - 40 * MIN, base - 41 * MIN, 'OPEN']]);
    expect(await shape(m)).toEqual(live);
    expect((await events(m)).filter((e) => e.type === 'VISIT_CORRECTED')).toEqual([]);
  });
});

describe('replay of a pair seeded from a fix that another of the same time followed', () => {
  it('starts from the seeding position itself and evaluates the later one, as live delivery did', async () => {
    const { c, poi, m, reference } = await assignedSite(true);
    // The assignment (made by assignedSite, before any fix) is ended and made again once the network's fix is in.
    await f.db.deleteFrom('poi_presence').where('poi_id', '=', poi.id).execute();
    const base = Math.floor(Date.now() / MIN) * MIN;
    const t = base - 20 * MIN;
    for (const id of [m, reference]) await submit(id, t, east(c, 3000), 500, 'NETWORK');
    await f.db.deleteFrom('poi_assignments').where('poi_id', '=', poi.id).execute();
    await assign(poi.id, [m, reference]); // seeded OUTSIDE from the network's fix at t
    // The app's fix of the same instant, inside, comes after the seeding: in order it is evaluated.
    for (const id of [m, reference]) await submit(id, t, jitter(c, 0), 20, 'OSMAND');
    for (const [i, back] of [15, 10, 5].entries()) {
      await submit(reference, base - back * MIN, jitter(c, i + 1), 20, 'OSMAND');
      if (back !== 10) await submit(m, base - back * MIN, jitter(c, i + 1), 20, 'OSMAND');
    }
    await submit(m, base - 10 * MIN, jitter(c, 2), 20, 'OSMAND'); // late
    await replayMsisdn(f.db, m, await replayJobsFrom(m), new Date());
    const shape = async (id: number) =>
      (await visits(id)).map((v) => [v.entered_at.getTime(), v.closed_by, v.seeded]);
    expect(await shape(reference)).toEqual([[t, 'OPEN', false]]);
    expect(await shape(m)).toEqual(await shape(reference));
    expect((await events(m)).filter((e) => e.type === 'VISIT_CORRECTED')).toEqual([]);
  });
});

describe('replay of a pair whose POI was inactive for a while', () => {
  it('evaluates nothing from while the POI was inactive, as live delivery did', async () => {
    const { c, poi, m, reference } = await assignedSite(true);
    const patch = async (active: boolean) => {
      const res = await f.call('CA', 'PATCH', `/pois/${poi.id}`, { active });
      expect(res.statusCode, res.body).toBe(200);
    };
    await patch(false);
    // Inside the site for 20 minutes while it was inactive; then away.
    const h = await staysThenLeaves(c, [m, reference]);
    await patch(true);
    expect(await visits(reference)).toEqual([]);
    await lateFixReplaysToNothing(c, m, h);
  });
});

describe('replay of a pair seeded INSIDE whose window was narrowed since', () => {
  it('keeps the seeded visit, ended at the narrowed window as live delivery ended it', async () => {
    const { c, poi, m, reference, hhmm } = await unassignedSite();
    const base = Math.floor(Date.now() / MIN) * MIN;
    for (const id of [m, reference]) await submit(id, base - 20 * MIN, jitter(c, 0), 20, 'OSMAND');
    await assign(poi.id, [m, reference]); // all day: seeded INSIDE around the parked phones
    // The window narrowed since: it ended before the seeding.
    const rows = await f.db.selectFrom('poi_assignments').select('id').where('poi_id', '=', poi.id).execute();
    for (const { id } of rows) {
      const res = await f.call('CA', 'PATCH', `/poi-assignments/${id}`, {
        windows: [{ start: hhmm(base - 3 * HOUR), end: hhmm(base - 30 * MIN) }],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [i, back] of [15, 10, 5].entries()) {
      await submit(reference, base - back * MIN, jitter(c, i + 1), 20, 'OSMAND');
      if (back !== 10) await submit(m, base - back * MIN, jitter(c, i + 1), 20, 'OSMAND');
    }
    await submit(m, base - 10 * MIN, jitter(c, 2), 20, 'OSMAND'); // late
    await replayMsisdn(f.db, m, await replayJobsFrom(m), new Date());
    const shape = async (id: number) =>
      (await visits(id)).map((v) => [v.entered_at.getTime(), v.seeded, v.closed_by, v.exited_at?.getTime()]);
    expect(await shape(reference)).toEqual([[base - 20 * MIN, true, 'WINDOW_END', base - 20 * MIN]]);
    expect(await shape(m)).toEqual(await shape(reference));
    expect((await events(m)).filter((e) => e.type === 'VISIT_CORRECTED')).toEqual([]);
  });
});

describe('replay whose start falls within an earlier stay', () => {
  it('network: a stay that ended 33 min before the replayed hour stays one visit, with no passed-by made of its end', async () => {
    const { c, m } = await assignedSite();
    const H = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
    let i = 0;
    for (let t = H - 93 * MIN; t <= H - 33 * MIN; t += 5 * MIN) await submit(m, t, jitter(c, i++));
    for (let t = H - 28 * MIN; t <= H + 40 * MIN; t += 5 * MIN)
      await submit(m, t, east(c, 3000 + (i++ % 3) * 100));
    const passedBefore = await passedBy(m);
    const visitsBefore = await visits(m);
    const eventsBefore = await events(m);
    expect(passedBefore).toHaveLength(0);
    expect(visitsBefore).toHaveLength(1);
    // A late fix far away, in hour H.
    await submit(m, H + 11 * MIN, east(c, 3050));
    await replayMsisdn(f.db, m, await replayJobsFrom(m), new Date());
    const passedAfter = await passedBy(m);
    expect({ passedBy: passedAfter.length, visits: await visits(m), events: await events(m) }).toEqual({
      passedBy: 0,
      visits: visitsBefore,
      events: eventsBefore,
    });
  });

  it('app: a stay whose phone died 33 min before the replayed hour stays one visit (no second ENTER)', async () => {
    const { c, m } = await assignedSite();
    const H = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
    let i = 0;
    for (let t = H - 93 * MIN; t <= H - 33 * MIN; t += MIN) await submit(m, t, jitter(c, i++), 10, 'OSMAND');
    await submit(m, H + 20 * MIN, east(c, 3000)); // the phone back, far away: the visit closed NO_DATA
    const visitsBefore = await visits(m);
    const eventsBefore = await events(m);
    expect(visitsBefore.map((v) => v.closed_by)).toEqual(['NO_DATA']);
    await submit(m, H + 10 * MIN, east(c, 3100)); // late
    await replayMsisdn(f.db, m, await replayJobsFrom(m), new Date());
    const after = await visits(m);
    expect({ visits: after, events: await events(m) }).toEqual({
      visits: visitsBefore,
      events: eventsBefore,
    });
  });
});

describe('replay of a late first fix', () => {
  it('emits one ENTER for the stay (the visit corrected), not a second one', async () => {
    const { c, m } = await assignedSite();
    const t0 = Date.now() - 200 * MIN;
    const path = [
      east(c, 3000),
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => jitter(c, i)),
      east(c, 3000),
      east(c, 3100),
      east(c, 2900),
      east(c, 3050),
    ];
    for (const [i, p] of path.entries()) if (i !== 1) await submit(m, t0 + i * 5 * MIN, p);
    expect((await events(m)).filter((e) => e.type === 'GEOFENCE_ENTER')).toHaveLength(1);
    await submit(m, t0 + 5 * MIN, path[1]!); // late: the first inside fix
    await replayMsisdn(f.db, m, await replayJobsFrom(m), new Date());
    const after = await events(m);
    expect(after.filter((e) => e.type === 'GEOFENCE_ENTER')).toHaveLength(1);
    // The stay, corrected: entered at the late first fix, one correction event for it (not a removal).
    expect((await visits(m)).map((v) => v.entered_at.getTime())).toEqual([t0 + 5 * MIN]);
    const corrections = after.filter((e) => e.type === 'VISIT_CORRECTED');
    expect(corrections).toHaveLength(1);
    expect(corrections[0]!.idempotency_key).not.toMatch(/:removed$/);
  });
});

describe('an app backlog sent once the sweep closed the visit for want of data', () => {
  // In one request, or one fix per request as Traccar Client sends it (then the replay job runs after the last).
  it.each([
    ['in one request', false],
    ['one fix per request', true],
  ])(
    '%s: ends with the visits of in-order delivery, one ENTER, the early close corrected',
    async (_, single) => {
      const { c, m, reference } = await assignedSite(true);
      const t0 = Date.now() - 200 * MIN;
      const fix = (id: number, i: number) => ({
        msisdnId: id,
        time: new Date(t0 + i * 5 * MIN),
        ...jitter(c, i),
        accuracyM: 20,
        source: 'OSMAND' as const,
      });
      // Reference: two hours of fixes delivered on time.
      for (let i = 0; i <= 24; i++) await f.server.location.pipeline.submit([fix(reference, i)]);
      // The first hour on time; the phone goes offline; the sweep closes the visit NO_DATA; the backlog comes.
      for (let i = 0; i <= 12; i++) await f.server.location.pipeline.submit([fix(m, i)]);
      await sweepDeadlines(f.db, new Date(t0 + 100 * MIN));
      expect((await visits(m)).map((v) => v.closed_by)).toEqual(['NO_DATA']);
      const backlog = Array.from({ length: 12 }, (_, k) => fix(m, 13 + k));
      if (single) for (const one of backlog) await f.server.location.pipeline.submit([one]);
      else await f.server.location.pipeline.submit(backlog);
      // No second entry while the replay is pending (it was emitted before the replay removed its visit).
      expect((await events(m)).filter((e) => e.type === 'GEOFENCE_ENTER')).toHaveLength(1);
      await replayMsisdn(f.db, m, await replayJobsFrom(m), new Date());
      await sweepDeadlines(f.db, new Date());
      const types = async (id: number) => (await events(id)).map((e) => e.type);
      expect(await visits(m)).toEqual(await visits(reference));
      expect(await types(m)).toEqual([...(await types(reference)), 'VISIT_CORRECTED']);
    },
  );
});

describe('a stay whose entry moved, first closed for want of data, then by an exit', () => {
  it('emits the GEOFENCE_EXIT in-order delivery emitted (it was never emitted before)', async () => {
    const { c, m, reference } = await assignedSite(true);
    const t0 = Date.now() - 200 * MIN;
    const path = [
      east(c, 3000),
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => jitter(c, i)), // t0+5 … t0+40 inside
      east(c, 3000), // t0+45
      east(c, 3100),
      east(c, 2900),
      east(c, 3050), // t0+60
    ];
    const fix = (id: number, i: number) => ({
      msisdnId: id,
      time: new Date(t0 + i * 5 * MIN),
      ...path[i]!,
      accuracyM: 20,
      source: 'OSMAND' as const,
    });
    for (let i = 0; i < path.length; i++) await f.server.location.pipeline.submit([fix(reference, i)]);
    // m: the first inside fix is held back; the phone falls silent inside; the sweep closes NO_DATA.
    for (let i = 0; i <= 8; i++) if (i !== 1) await f.server.location.pipeline.submit([fix(m, i)]);
    await sweepDeadlines(f.db, new Date(t0 + 80 * MIN));
    expect((await visits(m)).map((v) => v.closed_by)).toEqual(['NO_DATA']);
    // The backlog: the held-back first fix and the fixes away.
    await f.server.location.pipeline.submit([1, 9, 10, 11, 12].map((i) => fix(m, i)));
    await replayMsisdn(f.db, m, await replayJobsFrom(m), new Date());
    const types = async (id: number) => (await events(id)).map((e) => e.type);
    expect(await visits(m)).toEqual(await visits(reference));
    expect((await types(reference)).filter((t) => t === 'GEOFENCE_EXIT')).toHaveLength(1);
    expect((await types(m)).filter((t) => t === 'GEOFENCE_EXIT')).toHaveLength(1);
  });
});

describe('the per-batch read with presence_closures', () => {
  it('sends the closures once, not on every checkpoint row', async () => {
    const db = f.db;
    const poi = await poiAt(spot());
    const ids = [await consentingMsisdn(), await consentingMsisdn(), await consentingMsisdn()];
    // Each MSISDN of the batch: one pair INSIDE (a checkpoint row each), and a closure.
    await sql`insert into poi_presence (msisdn_id, poi_id, company_id, state, data)
      select id, ${poi.id}, ${poi.companyId}, 'INSIDE', '{}'::jsonb from unnest(${ids}::int[]) id`.execute(
      db,
    );
    await sql`insert into presence_closures (msisdn_id, closed_at)
      select id, now() - interval '1 day' from unnest(${ids}::int[]) id`.execute(db);
    try {
      const rows = await readEpochAndCheckpoints(db, ids);
      expect(rows).toHaveLength(3);
      expect(rows.filter((r) => r.closures !== null)).toHaveLength(1);
      expect(rows.find((r) => r.closures !== null)!.closures!.split(',')).toHaveLength(6);
    } finally {
      await sql`delete from poi_presence where msisdn_id = any(${ids}::int[])`.execute(db);
      await sql`delete from presence_closures where msisdn_id = any(${ids}::int[])`.execute(db);
    }
  });
});

describe('a fix from before max_gap ran out, stored just after the sweep closed the visit', () => {
  it('is replayed (or keeps the visit open), not lost', async () => {
    const { c, m } = await assignedSite();
    const t0 = Date.now() - 200 * MIN;
    for (let i = 0; i <= 8; i++)
      await f.server.location.pipeline.submit([
        { msisdnId: m, time: new Date(t0 + i * 5 * MIN), ...jitter(c, i), accuracyM: 20, source: 'OSMAND' },
      ]);
    // The last fix at t0+40: max_gap (30 min) runs out at t0+70. A fix taken at t0+60 arrives at t0+80, its batch
    // prepared (on the reader) just before the sweep, stored just after it.
    const inputs = [
      {
        msisdnId: m,
        time: new Date(t0 + 60 * MIN),
        ...jitter(c, 9),
        accuracyM: 20,
        source: 'OSMAND' as const,
      },
    ];
    const memory = presenceMemory();
    const batch = await prepareBatch(f.db, await batchPositions(f.db, inputs), memory);
    await sweepDeadlines(f.db, new Date(t0 + 80 * MIN));
    await f.db.transaction().execute(async (tx) => {
      const stored = await storePositions(tx, inputs);
      await completeBatch(tx, batch, stored, new Date(t0 + 80 * MIN), memory);
    });
    const replays = (
      await f.db.selectFrom('jobs').select('payload').where('kind', '=', 'presence.replay').execute()
    )
      .map((j) => j.payload as { msisdnId: number })
      .filter((p) => p.msisdnId === m);
    // In order the fix at t0+60 kept the visit open past t0+80: a replay is queued, and it ends the visit at that fix.
    expect(replays.length).toBeGreaterThan(0);
    await replayMsisdn(f.db, m, await replayJobsFrom(m), new Date());
    await sweepDeadlines(f.db, new Date());
    expect((await visits(m)).map((v) => [v.closed_by, v.exited_at?.getTime(), v.fix_count])).toEqual([
      ['NO_DATA', t0 + 60 * MIN, 10],
    ]);
  });
});
