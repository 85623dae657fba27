/**
 * Cost of the presence engine's fix classifier per (fix, POI) pair (issue 11: target < 20 µs), for a circle, a small
 * polygon with a hole and a 500-corner polygon, against the centre-point test other trackers do (haversine ≤ radius)
 * measured in the same run; plus a full engine step. No database. `node --import tsx src/geofence.ts` runs it alone.
 */
import { pathToFileURL } from 'node:url';
import type { PoiGeometry, PositionSource } from '@lbs/contracts';
import { prng } from '@lbs/server/internal/lib/prng.ts';
import { distanceM, offsetPoint } from '@lbs/server/internal/location/mlp/coordinates.ts';
import {
  classifyFix,
  initialPresence,
  preparePoi,
  presenceParams,
  step,
  type FixLike,
  type PreparedPoi,
} from '@lbs/server/internal/location/geofence/index.ts';
import type { BenchRow } from './location-setup.ts';

const PAIRS = Number(process.env['BENCH_GEOFENCE_PAIRS'] ?? 200_000);
const SITE = { lat: 41.9, lon: 12.5 };

/** A closed ring of `corners` around the site; `wobble` gives it seven smooth lobes (a traced campus outline). */
function ring(corners: number, radiusM: number, wobble = 0): [number, number][] {
  const points = Array.from({ length: corners }, (_, i) => {
    const r = radiusM * (1 + wobble * Math.sin((14 * Math.PI * i) / corners));
    const p = offsetPoint(SITE.lat, SITE.lon, r, (360 * i) / corners);
    return [p.lon, p.lat] as [number, number];
  });
  return [...points, points[0]!];
}

/** Fixes 0–3 km from the site at 10 m – 2 km accuracy, as a mix of network and app positions gives. */
function fixes(count: number): (FixLike & { time: number })[] {
  const random = prng(17);
  return Array.from({ length: count }, (_, i) => {
    const p = offsetPoint(SITE.lat, SITE.lon, 3000 * random() ** 2, 360 * random());
    const source: PositionSource = random() < 0.7 ? 'NETWORK' : 'OSMAND';
    const accuracyM = source === 'NETWORK' ? 100 + 1900 * random() ** 2 : 10 + 40 * random();
    return { ...p, accuracyM, source, time: Date.UTC(2026, 2, 2, 7) + i * 60_000 };
  });
}

/** Microseconds per call of `fn` over the fixes: best of three passes after a warm-up. */
function time(list: readonly FixLike[], fn: (fix: FixLike) => unknown, beforePass = () => {}): number {
  let sink = 0;
  const pass = () => {
    beforePass();
    const started = process.hrtime.bigint();
    for (const fix of list) sink += fn(fix) ? 1 : 0;
    return Number(process.hrtime.bigint() - started) / 1000 / list.length;
  };
  pass();
  const best = Math.min(pass(), pass(), pass());
  if (sink < 0) console.log(sink); // keeps the results alive
  return best;
}

export function benchGeofence(): BenchRow[] {
  const list = fixes(PAIRS);
  const circle = preparePoi(1, { type: 'CIRCLE', center: SITE, radiusM: 200 });
  const small: PoiGeometry = { type: 'POLYGON', coordinates: [ring(8, 300), ring(4, 80).reverse()] };
  const large: PoiGeometry = { type: 'POLYGON', coordinates: [ring(500, 400, 0.2)] };
  const polygons: [string, PreparedPoi][] = [
    ['polygon, 8 corners + a 4-corner hole', preparePoi(2, small)],
    ['polygon, 500 corners', preparePoi(3, large)],
  ];
  const centre = time(list, (f) => distanceM(SITE.lat, SITE.lon, f.lat, f.lon) <= 200);
  const rows: BenchRow[] = [
    {
      bench: 'geofence',
      metric: 'centre point in circle (baseline: haversine ≤ radius)',
      value: centre,
      unit: 'µs/pair',
    },
  ];
  const add = (metric: string, value: number) =>
    rows.push(
      { bench: 'geofence', metric, value, unit: 'µs/pair' },
      { bench: 'geofence', metric: `${metric} / baseline`, value: value / centre, unit: 'ratio' },
    );
  add(
    'classify vs circle (Rice CDF)',
    time(list, (f) => classifyFix(circle, f)),
  );
  for (const [name, poi] of polygons)
    add(
      `classify vs ${name} (64-ray quadrature)`,
      time(list.slice(0, PAIRS / 4), (f) => classifyFix(poi, f)),
    );

  const ctx = { msisdnId: 1, poi: circle, params: presenceParams({ pollIntervalMinutes: 5 }) };
  let state = initialPresence(1, 1);
  const engine = time(
    list,
    (f) => (state = step(state, f as (typeof list)[number], ctx).state),
    () => (state = initialPresence(1, 1)), // each pass replays the same day from the start
  );
  add('engine step vs circle (classify + state machine)', engine);
  return rows;
}

export function formatGeofenceRow(row: BenchRow): string {
  const value = row.unit === 'ratio' ? row.value.toFixed(2) : row.value.toFixed(2);
  return `${row.bench.padEnd(8)} ${row.metric.padEnd(90)} ${value.padStart(10)} ${row.unit}`;
}

export function runGeofenceBench(): BenchRow[] {
  console.log(`\nGeofence classifier — Node ${process.version}, ${PAIRS} fixes (a quarter for polygons)`);
  const rows = benchGeofence();
  for (const row of rows) console.log(formatGeofenceRow(row));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runGeofenceBench();
