import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import { companyWithMsisdns } from '../../test/location-fixtures.ts';
import type { DatabaseHandle } from '../db/database.ts';
import {
  PositionPipeline,
  SECOND_LANE_FROM,
  type PipelineStep,
  type PositionInput,
  type StoredPosition,
} from './pipeline.ts';

let handle: DatabaseHandle & { dispose(): Promise<void> };
let ids: number[];

beforeAll(async () => {
  handle = await openTestDatabase();
  ids = await companyWithMsisdns(handle.db, 'LANES', 3);
});
afterAll(async () => {
  await handle?.dispose();
});

const at = (msisdnId: number, minute: number): PositionInput => ({
  msisdnId,
  time: new Date(Date.now() - (60 - minute) * 60_000),
  lat: 24.7,
  lon: 46.6,
  accuracyM: 100,
  source: 'NETWORK',
});

/** A step that records each batch it sees and holds it until released. */
function gate() {
  const seen: { msisdnId: number; minute: number }[][] = [];
  const held: (() => void)[] = [];
  let open = 0;
  let mostAtOnce = 0;
  const arrivals: (() => void)[] = [];
  const step: PipelineStep = {
    name: 'gate',
    async afterStore(positions: readonly StoredPosition[]) {
      seen.push(
        positions.map((p) => ({
          msisdnId: p.msisdnId,
          minute: Math.round(60 - (Date.now() - p.time.getTime()) / 60_000),
        })),
      );
      open++;
      mostAtOnce = Math.max(mostAtOnce, open);
      arrivals.splice(0).forEach((arrived) => arrived());
      await new Promise<void>((release) => held.push(release));
      open--;
    },
  };
  return {
    step,
    seen,
    get mostAtOnce() {
      return mostAtOnce;
    },
    /** Resolves once `count` batches have reached the step. */
    async reached(count: number) {
      while (seen.length < count) await new Promise<void>((arrived) => arrivals.push(arrived));
    },
    releaseFirst() {
      held.shift()?.();
    },
    releaseAll() {
      held.splice(0).forEach((release) => release());
    },
  };
}

// PGlite has one connection: its pipeline writes one batch at a time.
describe.skipIf(!process.env['DATABASE_URL'])('pipeline lanes', () => {
  it('writes batches of different MSISDNs at once, and each MSISDN’s positions in the order submitted', async () => {
    const [a, b, c] = ids as [number, number, number];
    const g = gate();
    const pipeline = new PositionPipeline(handle.db, { steps: [g.step], lanes: 2, secondLaneFrom: 1 });
    const first = pipeline.submit([at(a, 1)]);
    await g.reached(1);
    // A is in flight: the job with A waits, and so does the later job with B (B's order); C goes at once.
    const second = pipeline.submit([at(a, 2), at(b, 1)]);
    const third = pipeline.submit([at(b, 2)]);
    const fourth = pipeline.submit([at(c, 1)]);
    await g.reached(2);
    expect(g.seen[1]).toEqual([{ msisdnId: c, minute: 1 }]);
    expect(g.mostAtOnce).toBe(2);
    g.releaseFirst();
    await g.reached(3);
    expect(g.seen[2]).toEqual([
      { msisdnId: a, minute: 2 },
      { msisdnId: b, minute: 1 },
      { msisdnId: b, minute: 2 },
    ]);
    g.releaseAll();
    const stored = await Promise.all([first, second, third, fourth]);
    expect(stored.map((s) => s.stored.length)).toEqual([1, 2, 1, 1]);
    // Every position stored once; the latest position of each MSISDN is its newest.
    const latest = await handle.db
      .selectFrom('latest_positions')
      .select(['msisdn_id', 'position_id'])
      .where('msisdn_id', 'in', [a, b, c])
      .orderBy('msisdn_id')
      .execute();
    expect(latest).toEqual([
      { msisdn_id: a, position_id: stored[1]!.stored[0]!.id },
      { msisdn_id: b, position_id: stored[2]!.stored[0]!.id },
      { msisdn_id: c, position_id: stored[3]!.stored[0]!.id },
    ]);
  });

  it('writes a small batch beside another only from SECOND_LANE_FROM positions: smaller ones join the next', async () => {
    const [a, b, c] = ids as [number, number, number];
    const g = gate();
    const pipeline = new PositionPipeline(handle.db, { steps: [g.step], lanes: 2 });
    const first = pipeline.submit([at(a, 4)]);
    await g.reached(1);
    const small = pipeline.submit([at(b, 4)]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(g.seen).toHaveLength(1);
    // Enough positions (of C) to go beside the first batch, the waiting one of B with them.
    const large = pipeline.submit(
      Array.from({ length: SECOND_LANE_FROM - 1 }, (_, i) => ({
        ...at(c, 4),
        time: new Date(Date.now() - i * 1000),
      })),
    );
    await g.reached(2);
    expect(g.seen[1]).toHaveLength(SECOND_LANE_FROM);
    expect(g.mostAtOnce).toBe(2);
    g.releaseAll();
    await Promise.all([first, small, large]);
  });

  it('with one lane, writes one batch at a time', async () => {
    const [a, b] = ids as [number, number];
    const g = gate();
    const pipeline = new PositionPipeline(handle.db, { steps: [g.step] });
    const first = pipeline.submit([at(a, 3)]);
    await g.reached(1);
    const second = pipeline.submit([at(b, 3)]);
    // The second batch starts only once the first is written.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(g.seen).toHaveLength(1);
    g.releaseFirst();
    await g.reached(2);
    g.releaseAll();
    await Promise.all([first, second]);
    expect(g.mostAtOnce).toBe(1);
  });
});
