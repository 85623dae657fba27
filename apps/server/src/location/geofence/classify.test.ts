import { describe, expect, it } from 'vitest';
import type { PoiGeometry, PositionSource } from '@lbs/contracts';
import { prng } from '../../lib/prng.ts';
import { offsetPoint } from '../mlp/coordinates.ts';
import { ACCURACY_TO_SIGMA, classifyFix, DEFAULT_CLASSIFY_PARAMS, effectiveAccuracy } from './classify.ts';
import { toFrame } from './geometry.ts';
import { insidePolygon, mayBeInside, preparePoi, type PreparedPolygon } from './prepared-poi.ts';
import { i0e, polygonMass, rayleighCdf, riceCdf } from './probability.ts';

const LAT = 41.9;
const LON = 12.5;
const circle = (radiusM: number): PoiGeometry => ({
  type: 'CIRCLE',
  center: { lat: LAT, lon: LON },
  radiusM,
});
/** A fix `d` metres east of the POI centre. */
const fixAt = (d: number, accuracyM: number | null, source: PositionSource = 'NETWORK', bearing = 90) => ({
  ...offsetPoint(LAT, LON, d, bearing),
  accuracyM,
  source,
});

/** Standard normal pairs (Box–Muller) from a seeded generator. */
function gaussian(seed: number): () => [number, number] {
  const random = prng(seed);
  return () => {
    const r = Math.sqrt(-2 * Math.log(1 - random()));
    const t = 2 * Math.PI * random();
    return [r * Math.cos(t), r * Math.sin(t)];
  };
}

const SAMPLES = 200_000;
/** Brute force: the share of Gaussian samples around (x, y) that `inside` accepts. */
function monteCarlo(
  x: number,
  y: number,
  sigma: number,
  inside: (x: number, y: number) => boolean,
  seed = 7,
) {
  const next = gaussian(seed);
  let hits = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const [dx, dy] = next();
    if (inside(x + dx * sigma, y + dy * sigma)) hits++;
  }
  return hits / SAMPLES;
}

describe('classifier: inside probability of a circle (Rice CDF)', () => {
  it('meets the reference values of issue 11', () => {
    const p = (accuracy: number, radius: number, d: number) =>
      classifyFix(preparePoi(1, circle(radius)), fixAt(d, accuracy)).pIn;
    expect(p(1000, 200, 0)).toBeCloseTo(0.04, 2); // 1 km cell vs a 200 m site, dead centre
    expect(p(1000, 200, 0)).toBeLessThan(0.05);
    expect(p(100, 100, 0)).toBeCloseTo(0.68, 2); // accuracy = radius, centred
    expect(p(50, 100, 100)).toBeCloseTo(0.43, 2); // 50 m accuracy on the edge of a 100 m site
    // The research table (next-features.md §b), row by row.
    const rows: [number, number, number[]][] = [
      [150, 200, [0.87, 0.74, 0.4, 0.04]],
      [500, 500, [0.68, 0.58, 0.36, 0.04]],
      [2000, 500, [0.07, 0.07, 0.06, 0.01]],
    ];
    for (const [acc, r, expected] of rows)
      expect([0, r / 2, r, r + acc].map((d) => Number(p(acc, r, d).toFixed(2)))).toEqual(expected);
  });

  it('agrees with a 200k-sample Monte Carlo within 0.01', () => {
    const cases: [number, number, number][] = [
      [50, 100, 0],
      [50, 100, 100],
      [150, 200, 120],
      [500, 300, 450],
      [1000, 200, 300],
      [30, 1000, 990],
    ];
    for (const [acc, r, d] of cases) {
      const sigma = acc / ACCURACY_TO_SIGMA;
      const expected = monteCarlo(d, 0, sigma, (x, y) => Math.hypot(x, y) <= r);
      expect(Math.abs(riceCdf(d, r, sigma) - expected), `acc ${acc} r ${r} d ${d}`).toBeLessThan(0.01);
    }
  });

  it('computes e^-x·I0(x) on both sides of the series switch', () => {
    expect(i0e(0)).toBe(1);
    expect(i0e(1)).toBeCloseTo(0.4657596, 6);
    expect(i0e(3.75)).toBeCloseTo(9.1189458 * Math.exp(-3.75), 6); // I0(3.75) from the tables
    expect(i0e(10)).toBeCloseTo(0.1278333, 6);
    expect(i0e(1e6)).toBeCloseTo(1 / Math.sqrt(2 * Math.PI * 1e6), 9);
  });
});

/** Rings in metres east/north of (LAT, LON) → a prepared polygon. */
function polygonOf(...rings: [number, number][][]): PreparedPolygon {
  const toLonLat = ([e, n]: [number, number]): [number, number] => {
    const p = offsetPoint(LAT, LON, Math.hypot(e, n), (Math.atan2(e, n) * 180) / Math.PI);
    return [p.lon, p.lat];
  };
  const coordinates = rings.map((ring, i) => {
    const closed = [...ring, ring[0]!].map(toLonLat);
    return i === 0 ? closed : closed.reverse(); // shell counter-clockwise, holes clockwise
  });
  const poi = preparePoi(1, { type: 'POLYGON', coordinates });
  if (poi.kind !== 'POLYGON') throw new Error('polygon expected');
  return poi;
}
const box = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

describe('classifier: inside probability of a polygon (ray quadrature)', () => {
  const square = polygonOf(box(-200, -200, 200, 200));
  const holed = polygonOf(box(-300, -300, 300, 300), box(-100, -100, 100, 100), box(150, 150, 250, 250));
  const ell = polygonOf([
    [0, 0],
    [600, 0],
    [600, 150],
    [150, 150],
    [150, 500],
    [0, 500],
  ]);

  it('agrees with a 200k-sample Monte Carlo within 0.01, holes included', () => {
    const cases: [PreparedPolygon, string, number, number, number][] = [
      [square, 'square centre', 0, 0, 150],
      [square, 'square edge', 200, 0, 80],
      [square, 'square corner', 200, 200, 120],
      [square, 'square, 1 km cell', 100, 50, 1000],
      [square, 'far, a 1.5 km cell', -1200, 300, 1500],
      [holed, 'far, a 200 m fix', 0, 800, 200],
      [holed, 'inside the hole', 0, 0, 60],
      [holed, 'between the holes', 120, 120, 100],
      [holed, 'on the small hole', 200, 200, 40],
      [holed, 'outside, near', -350, 0, 80],
      [ell, 'L inner corner', 160, 160, 120],
      [ell, 'L arm', 400, 75, 50],
    ];
    for (const [poi, name, x, y, acc] of cases) {
      const fix = offsetPoint(LAT, LON, Math.hypot(x, y), (Math.atan2(x, y) * 180) / Math.PI);
      const [fx, fy] = toFrame(poi.frame, fix.lat, fix.lon);
      const sigma = acc / ACCURACY_TO_SIGMA;
      const expected = monteCarlo(fx, fy, sigma, (px, py) => insidePolygon(poi, px, py));
      const got = classifyFix(poi, { ...fix, accuracyM: acc, source: 'OSMAND' }).pIn;
      expect(Math.abs(got - expected), name).toBeLessThan(0.01);
    }
  });

  /**
   * The same quadrature done the slow way: each of the full circle's rays (at (j + ½)·2π/n) tested against every edge
   * of every ring, its crossings sorted, its inside stretches weighed — no angles, ranks or skipped edges.
   */
  function rayByRay(poi: PreparedPolygon, x: number, y: number, sigma: number, rays: number): number {
    let mass = 0;
    for (let j = 0; j < rays; j++) {
      const a = ((j + 0.5) * 2 * Math.PI) / rays;
      const dx = Math.cos(a);
      const dy = Math.sin(a);
      const hits: number[] = [];
      for (let e = 0; e < poi.ax.length; e++) {
        const ax = poi.ax[e]! - x;
        const ay = poi.ay[e]! - y;
        const ex = poi.bx[e]! - poi.ax[e]!;
        const ey = poi.by[e]! - poi.ay[e]!;
        const denom = dx * ey - dy * ex;
        if (denom === 0) continue;
        const t = (ax * ey - ay * ex) / denom; // along the ray
        const u = (ax * dy - ay * dx) / denom; // along the edge
        if (t >= 0 && u >= 0 && u < 1) hits.push(t);
      }
      hits.sort((p, q) => p - q);
      let inside = insidePolygon(poi, x, y);
      let from = 0;
      for (const to of hits) {
        if (inside) mass += rayleighCdf(to, sigma) - rayleighCdf(from, sigma);
        inside = !inside;
        from = to;
      }
      if (inside) mass += 1 - rayleighCdf(from, sigma);
    }
    return mass / rays;
  }

  it('weighs a centre on the boundary as half inside on an edge and a quarter at a square corner', () => {
    const square = polygonOf([
      [-100, -100],
      [100, -100],
      [100, 100],
      [-100, 100],
    ]);
    for (let e = 0; e < square.ax.length; e++) {
      const [ax, ay, bx, by] = [square.ax[e]!, square.ay[e]!, square.bx[e]!, square.by[e]!];
      expect(polygonMass(square, (ax + bx) / 2, (ay + by) / 2, 10), `edge ${e}`).toBeCloseTo(0.5, 2);
      expect(polygonMass(square, ax, ay, 10), `corner ${e}`).toBeCloseTo(0.25, 2);
    }
  });

  it('finds the crossings of every ray as a ray-by-ray test of every edge does (500 corners, holes, odd ray counts)', () => {
    const random = prng(11);
    const star = (corners: number, radius: number, cx = 0, cy = 0) =>
      Array.from({ length: corners }, (_, i): [number, number] => {
        const r = radius * (1 + 0.3 * Math.sin((14 * Math.PI * i) / corners) + 0.2 * (random() - 0.5));
        const a = (2 * Math.PI * i) / corners;
        return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
      });
    const shapes = [
      polygonOf(star(500, 400)),
      polygonOf(star(37, 300), star(9, 60, 40, -30)),
      polygonOf(star(4, 200)),
      ell,
    ];
    let compared = 0;
    for (const poi of shapes)
      for (let k = 0; k < 150; k++) {
        // Centres inside the polygon's box (where every ray of the full circle is used), σ from 3 m to 1 km.
        const x = poi.minX + (poi.maxX - poi.minX) * random();
        const y = poi.minY + (poi.maxY - poi.minY) * random();
        const sigma = 3 + 1000 * random() ** 2;
        for (const rays of [64, 33, 7, 2]) {
          expect(polygonMass(poi, x, y, sigma, rays)).toBeCloseTo(rayByRay(poi, x, y, sigma, rays), 9);
          compared++;
        }
      }
    expect(compared).toBe(2400);
  });

  it('gives a 128-gon the probability of the circle it approximates', () => {
    const ring = Array.from({ length: 128 }, (_, i): [number, number] => [
      300 * Math.cos((2 * Math.PI * i) / 128),
      300 * Math.sin((2 * Math.PI * i) / 128),
    ]);
    const gon = polygonOf(ring);
    const disk = preparePoi(2, { type: 'CIRCLE', center: { lat: LAT, lon: LON }, radiusM: 300 });
    for (const [d, acc] of [
      [0, 300],
      [250, 100],
      [400, 200],
    ]) {
      const fix = { ...fixAt(d!, acc!, 'NETWORK', 30) };
      expect(Math.abs(classifyFix(gon, fix).pIn - classifyFix(disk, fix).pIn)).toBeLessThan(0.005);
    }
  });
});

describe('classifier: classes', () => {
  const site = preparePoi(1, circle(100));

  it('INSIDE at p ≥ 0.6', () => {
    expect(classifyFix(site, fixAt(0, 50)).class).toBe('INSIDE');
    expect(classifyFix(site, fixAt(60, 50)).class).toBe('INSIDE');
  });

  it('OUTSIDE only when p ≤ 0.1 and the accuracy disk clears the POI grown by min(accuracy, 200 m)', () => {
    // 50 m accuracy: the disk must clear 100 + 50 m, so the centre must be more than 200 m out.
    expect(classifyFix(site, fixAt(201, 50)).class).toBe('OUTSIDE');
    const near = classifyFix(site, fixAt(190, 50));
    expect(near.pIn).toBeLessThan(0.1);
    expect(near.class).toBe('AMBIGUOUS');
    // 400 m accuracy (still informative against a 200 m site): grown by 200 m, so beyond 200 + 400 + 200 m.
    const big = preparePoi(2, circle(200));
    expect(classifyFix(big, fixAt(790, 400)).class).toBe('AMBIGUOUS');
    expect(classifyFix(big, fixAt(810, 400)).class).toBe('OUTSIDE');
  });

  it('AMBIGUOUS in between, and always for a fix far less precise than the POI near it', () => {
    expect(classifyFix(site, fixAt(100, 50)).class).toBe('AMBIGUOUS'); // p 0.43
    const cell = preparePoi(3, circle(200));
    for (const d of [0, 500, 1100]) {
      const c = classifyFix(cell, fixAt(d, 1000));
      expect(c.class).toBe('AMBIGUOUS');
      expect(c.uninformative).toBe(true);
    }
    // Beyond r_eff + accuracy the gate no longer applies: far away is OUTSIDE.
    expect(classifyFix(cell, fixAt(5000, 1000))).toMatchObject({ class: 'OUTSIDE', uninformative: false });
  });

  it('assumes 1,000 m for a network fix without accuracy and 100 m for the apps (configurable)', () => {
    expect(effectiveAccuracy({ lat: 0, lon: 0, accuracyM: null, source: 'NETWORK' })).toBe(1000);
    expect(effectiveAccuracy({ lat: 0, lon: 0, accuracyM: null, source: 'OWNTRACKS' })).toBe(100);
    expect(effectiveAccuracy({ lat: 0, lon: 0, accuracyM: 0, source: 'OSMAND' })).toBe(100);
    expect(effectiveAccuracy({ lat: 0, lon: 0, accuracyM: 0.2, source: 'OSMAND' })).toBe(1);
    const params = {
      ...DEFAULT_CLASSIFY_PARAMS,
      missingAccuracyM: { NETWORK: 300, OSMAND: 20, OWNTRACKS: 20 },
    };
    expect(classifyFix(site, fixAt(0, null), params).accuracyM).toBe(300);
    expect(classifyFix(site, fixAt(0, null)).class).toBe('AMBIGUOUS');
  });
});

describe('mayBeInside (the presence engine skips a pair when it answers false)', () => {
  const lShape: PoiGeometry = {
    type: 'POLYGON',
    coordinates: [
      [
        [LON, LAT],
        [LON + 0.01, LAT],
        [LON + 0.01, LAT + 0.002],
        [LON + 0.002, LAT + 0.002],
        [LON + 0.002, LAT + 0.01],
        [LON, LAT + 0.01],
        [LON, LAT],
      ],
    ],
  };
  it('never answers false for a fix the classifier calls INSIDE (circles 25 m – 50 km, a concave polygon)', () => {
    const random = prng(11);
    const shapes = [circle(25), circle(300), circle(5000), circle(50_000), lShape];
    let inside = 0;
    let skipped = 0;
    for (const [n, geometry] of shapes.entries()) {
      const poi = preparePoi(n + 1, geometry);
      const reach = geometry.type === 'CIRCLE' ? geometry.radiusM * 3 : 3000;
      for (let i = 0; i < 4000; i++) {
        const fix = {
          ...offsetPoint(LAT + 0.004, LON + 0.004, random() * reach, random() * 360),
          accuracyM: 5 + random() * 2000,
          source: 'NETWORK' as const,
        };
        if (geometry.type === 'CIRCLE')
          Object.assign(fix, offsetPoint(LAT, LON, random() * reach, random() * 360));
        const may = mayBeInside(poi, fix.lat, fix.lon);
        if (classifyFix(poi, fix).class === 'INSIDE') {
          inside++;
          expect(may).toBe(true);
        }
        if (!may) skipped++;
      }
    }
    // The test means something: both answers occur often.
    expect(inside).toBeGreaterThan(1000);
    expect(skipped).toBeGreaterThan(5000);
  });
});
