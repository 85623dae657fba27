/**
 * Ingest with geofencing: the same positions through the server's position pipeline (its steps as the server composes
 * them) with and without the presence step, in the same run and database, with 10,000 POIs in the company and 1–10
 * active assignments per MSISDN (issue 11: ratio ≥ 0.8). For reference, the same weighing on a bare pipeline (storage
 * alone against storage and presence) is printed beside it.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { PositionPipeline, type PositionInput } from '@lbs/server/internal/location/pipeline.ts';
import { deriveGeometry } from '@lbs/server/internal/location/geofence/index.ts';
import { presenceStep } from '@lbs/server/internal/modules/pois/presence-step.ts';
import { positionPipelineSteps } from '@lbs/server/internal/app.ts';
import { pipelineOptions } from '@lbs/server/internal/location/index.ts';
import { benchCompany, benchDatabase, benchMsisdns, rate, type BenchRow } from './location-setup.ts';

const POSITIONS = Number(process.env['BENCH_PRESENCE_POSITIONS'] ?? 50_000);
const DEVICES = 2000;
const POIS = 10_000;
const CENTRE = { lat: 24.7136, lon: 46.6753 };
/** Rounds (5 minutes each) a device stays at one of its sites before it moves to the next. */
const STAY_ROUNDS = Number(process.env['BENCH_PRESENCE_STAY_ROUNDS'] ?? 12);
/** Measured rounds of both pipelines; the median round's figures are printed. */
const ROUNDS = Number(process.env['BENCH_PRESENCE_ROUNDS'] ?? 5);

/** Devices staying at each of their sites in turn: a fix every 5 minutes of simulated time. */
function positions(
  ids: number[],
  sites: Map<number, { lat: number; lon: number }[]>,
  count: number,
): PositionInput[] {
  const start = Date.now() - 20 * 86_400_000;
  return Array.from({ length: count }, (_, i) => {
    const id = ids[i % ids.length]!;
    const round = Math.floor(i / ids.length);
    const own = sites.get(id)!;
    const at = own[Math.floor(round / STAY_ROUNDS) % own.length]!;
    // Each fix of a network position differs a little (identical repeats are no evidence).
    const jitterLat = (((id * 7919 + round * 104_729) % 201) - 100) / 1_000_000;
    const jitterLon = (((id * 104_729 + round * 7919) % 201) - 100) / 1_000_000;
    return {
      msisdnId: id,
      time: new Date(start + round * 5 * 60_000),
      lat: at.lat + jitterLat,
      lon: at.lon + jitterLon,
      accuracyM: 50 + (i % 400),
      source: 'NETWORK' as const,
    };
  });
}

async function through(pipeline: PositionPipeline, rows: PositionInput[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < rows.length) {
        const start = next;
        next += 500;
        await pipeline.submit(rows.slice(start, start + 500));
      }
    }),
  );
  return performance.now() - started;
}

export async function benchPresenceIngest(): Promise<BenchRow[]> {
  const database = await benchDatabase();
  try {
    const { db } = database.handle;
    const org = await benchCompany(db, 'GEOFENCE');
    const ids = await benchMsisdns(db, org, DEVICES, (i) => `+999200${String(i).padStart(6, '0')}`);
    const centres: { lat: number; lon: number }[] = [];
    for (let i = 0; i < POIS; i += 1000) {
      const values = Array.from({ length: Math.min(1000, POIS - i) }, (_, k) => {
        const n = i + k;
        const center = {
          lat: CENTRE.lat + ((n * 7919) % 2000) / 10_000 - 0.1,
          lon: CENTRE.lon + ((n * 104_729) % 2000) / 10_000 - 0.1,
        };
        centres.push(center);
        const geometry = { type: 'CIRCLE' as const, center, radiusM: 100 + (n % 5) * 100 };
        const d = deriveGeometry(geometry);
        return {
          company_id: org.companyId,
          name: `POI ${n}`,
          active: true,
          geometry: JSON.stringify(geometry),
          bbox: d.bboxSql,
          centroid_lat: d.centroid.lat,
          centroid_lon: d.centroid.lon,
          area_m2: d.areaM2,
          r_eff_m: d.rEffM,
        };
      });
      await db.insertInto('pois').values(values).execute();
    }
    const poiIds = (await db.selectFrom('pois').select('id').orderBy('id').execute()).map((r) => r.id);
    const sites = new Map<number, { lat: number; lon: number }[]>();
    const assignments = ids.flatMap((id, i) => {
      const count = 1 + (i % 10);
      const chosen = Array.from({ length: count }, (_, k) => (i * 31 + k * 997) % POIS);
      sites.set(
        id,
        chosen.map((c) => centres[c]!),
      );
      return chosen.map((c) => ({
        company_id: org.companyId,
        poi_id: poiIds[c]!,
        msisdn_id: id,
        purpose: 'VISIT' as const,
        days: JSON.stringify([1, 2, 3, 4, 5, 6, 7]),
        windows: JSON.stringify([{ start: '00:00', end: '00:00' }]),
        notify_on_enter: false,
        notify_on_exit: false,
      }));
    });
    for (let i = 0; i < assignments.length; i += 2000)
      await db
        .insertInto('poi_assignments')
        .values(assignments.slice(i, i + 2000))
        .execute();
    const rows = positions(ids, sites, POSITIONS);
    const truncate = () =>
      sql`truncate positions, latest_positions, poi_presence, visits, poi_passed_by, domain_events`.execute(
        db,
      );
    // As the server composes its pipeline (on PostgreSQL: steps prepare on other connections, two batches at once).
    const concurrency = pipelineOptions(database.handle);
    const steps = positionPipelineSteps();
    const presence = steps.filter((step) => step.name === 'presence');
    if (presence.length !== 1) throw new Error('the server composes no presence step');
    const pipelines = {
      // The server's ingest without geofencing, and with it.
      without: new PositionPipeline(db, {
        steps: steps.filter((step) => step.name !== 'presence'),
        ...concurrency,
      }),
      withPresence: new PositionPipeline(db, { steps, ...concurrency }),
      // A bare pipeline: storage alone, and storage with presence.
      bare: new PositionPipeline(db, concurrency),
      bareWithPresence: new PositionPipeline(db, { steps: [presenceStep()], ...concurrency }),
    };
    for (const pipeline of Object.values(pipelines)) {
      await truncate();
      await through(pipeline, rows.slice(0, 4000)); // warm-up (and the presence steps' prepared POIs)
    }
    // Rounds alternating the pipelines (one run of each varied by ±0.1 in the ratio on this machine): the median
    // round of each weighing.
    const rounds: Record<keyof typeof pipelines, number>[] = [];
    let visits = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const rates = {} as Record<keyof typeof pipelines, number>;
      for (const [name, pipeline] of Object.entries(pipelines) as [
        keyof typeof pipelines,
        PositionPipeline,
      ][]) {
        await truncate();
        rates[name] = rate(rows.length, await through(pipeline, rows));
        if (name === 'withPresence')
          visits = Number(
            (await sql<{ n: number }>`select count(*)::int as n from visits`.execute(db)).rows[0]!.n,
          );
      }
      rounds.push(rates);
    }
    const median = (ratio: (r: (typeof rounds)[number]) => number) =>
      [...rounds].sort((a, b) => ratio(a) - ratio(b))[Math.floor(rounds.length / 2)]!;
    const server = median((r) => r.withPresence / r.without);
    const bare = median((r) => r.bareWithPresence / r.bare);
    return [
      {
        bench: 'presence',
        metric: `server pipeline without geofencing, 500 per submit (${rows.length})`,
        value: server.without,
        unit: 'positions/s',
      },
      {
        bench: 'presence',
        metric: `server pipeline with presence, ${POIS} POIs, 1–10 assignments per MSISDN (${visits} visits)`,
        value: server.withPresence,
        unit: 'positions/s',
      },
      {
        bench: 'presence',
        metric: `ratio with / without geofencing, median of ${ROUNDS} rounds (goal ≥ 0.8)`,
        value: server.withPresence / server.without,
        unit: 'ratio',
      },
      {
        bench: 'presence',
        metric: `bare pipeline (storage alone) / with presence: ${bare.bare.toFixed(0)} / ${bare.bareWithPresence.toFixed(0)} positions/s, ratio (reference)`,
        value: bare.bareWithPresence / bare.bare,
        unit: 'ratio',
      },
    ];
  } finally {
    await database.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await benchPresenceIngest())
    console.log(`${row.metric}: ${row.value.toFixed(row.unit === 'ratio' ? 3 : 0)} ${row.unit}`);
  process.exit(0);
}
