import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M, METRES_PER_DEGREE, type PoiGeometry } from '@lbs/contracts';
import { offsetPoint } from '../mlp/coordinates.ts';
import {
  bboxSqlLiteral,
  deriveGeometry,
  normaliseGeometry,
  pointInPolygon,
  validateGeometry,
} from './geometry.ts';
import { distanceToPoiM, preparePoi } from './prepared-poi.ts';

const RAD = Math.PI / 180;
const LAT = 41.9;
const LON = 12.5;

/** A lon/lat rectangle [lon, lat] corners, counter-clockwise, open. */
function rect(lon0: number, lat0: number, lon1: number, lat1: number): [number, number][] {
  return [
    [lon0, lat0],
    [lon1, lat0],
    [lon1, lat1],
    [lon0, lat1],
  ];
}

/** A regular n-gon of radius r metres around (lat, lon), as a ring on the sphere. */
function ngon(n: number, r: number, lat = LAT, lon = LON): [number, number][] {
  return Array.from({ length: n }, (_, i) => {
    const p = offsetPoint(lat, lon, r, (360 * i) / n);
    return [p.lon, p.lat];
  });
}

const valid = (input: unknown): PoiGeometry => {
  const result = validateGeometry(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.geometry;
};

describe('geometry: validation and normalisation', () => {
  it('answers problem+json field errors with message keys and English text', () => {
    const result = validateGeometry({
      type: 'POLYGON',
      coordinates: [rect(12.5, 41.9, 12.51, 41.91), rect(12.6, 41.9, 12.601, 41.901)],
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          path: 'geometry.coordinates.1',
          code: 'validation.poiHoleOutsideShell',
          message: 'Each hole must lie inside the outline',
        },
      ],
    });
    expect(validateGeometry({ type: 'CIRCLE', center: { lat: 0, lon: 0 }, radiusM: 1 }, 'body')).toEqual({
      ok: false,
      errors: [
        {
          path: 'body.radiusM',
          code: 'validation.poiRadiusOutOfRange',
          message: 'The radius must be between 25 m and 50 km',
        },
      ],
    });
  });

  it('normalises winding and closes rings; a normalised geometry stays as it is', () => {
    const clockwise = rect(12.5, 41.9, 12.51, 41.91).reverse();
    const geometry = valid({ type: 'POLYGON', coordinates: [clockwise] });
    if (geometry.type !== 'POLYGON') throw new Error('polygon expected');
    const [a, b, c, d] = rect(12.5, 41.9, 12.51, 41.91);
    // Reversed in place: it still starts where the input did (d), now counter-clockwise, and is closed.
    expect(geometry.coordinates[0]).toEqual([d, a, b, c, d]);
    expect(normaliseGeometry(geometry)).toEqual(geometry);
    const circle = valid({ type: 'CIRCLE', center: { lat: LAT, lon: LON }, radiusM: 100 });
    expect(normaliseGeometry(circle)).toBe(circle);
  });
});

describe('geometry: derived fields', () => {
  it('measures a 0.01° × 0.01° rectangle as the sphere does (within 0.5 %, in fact 0.01 %)', () => {
    const g = valid({ type: 'POLYGON', coordinates: [rect(12.5, 41.9, 12.51, 41.91)] });
    const exact = EARTH_RADIUS_M ** 2 * (0.01 * RAD) * (Math.sin(41.91 * RAD) - Math.sin(41.9 * RAD));
    const d = deriveGeometry(g);
    expect(Math.abs(d.areaM2 / exact - 1)).toBeLessThan(1e-4);
    expect(d.rEffM).toBeCloseTo(Math.sqrt(exact / Math.PI), 0);
    expect(d.bbox).toEqual({ minLon: 12.5, minLat: 41.9, maxLon: 12.51, maxLat: 41.91 });
    expect(d.bboxSql).toBe('(12.51,41.91),(12.5,41.9)');
    expect(d.centroid.lat).toBeCloseTo(41.905, 6);
    expect(d.centroid.lon).toBeCloseTo(12.505, 6);
  });

  it('measures a 256-gon of radius 500 m as the circle it approximates (within 0.5 %)', () => {
    const d = deriveGeometry(valid({ type: 'POLYGON', coordinates: [ngon(256, 500)] }));
    const inscribed = (256 / 2) * 500 ** 2 * Math.sin((2 * Math.PI) / 256);
    expect(Math.abs(d.areaM2 / inscribed - 1)).toBeLessThan(0.005);
    expect(Math.abs(d.rEffM / 500 - 1)).toBeLessThan(0.005);
    expect(d.centroid.lat).toBeCloseTo(LAT, 5);
    expect(d.centroid.lon).toBeCloseTo(LON, 5);
  });

  it('subtracts holes from the area and moves the centroid away from them', () => {
    const shell = rect(12.5, 41.9, 12.51, 41.91);
    const hole = rect(12.506, 41.902, 12.509, 41.908);
    const whole = deriveGeometry(valid({ type: 'POLYGON', coordinates: [shell] }));
    const holed = deriveGeometry(valid({ type: 'POLYGON', coordinates: [shell, hole] }));
    expect(holed.areaM2 / whole.areaM2).toBeCloseTo(1 - 0.18, 3);
    expect(holed.rEffM).toBeCloseTo(Math.sqrt(holed.areaM2 / Math.PI), 6);
    expect(holed.centroid.lon).toBeLessThan(whole.centroid.lon);
  });

  it("keeps a circle's true radius, area and a box of radius-sized margins", () => {
    const d = deriveGeometry(valid({ type: 'CIRCLE', center: { lat: LAT, lon: LON }, radiusM: 1000 }));
    expect(d.rEffM).toBe(1000);
    expect(d.areaM2).toBeCloseTo(Math.PI * 1e6, 3);
    expect(d.centroid).toEqual({ lat: LAT, lon: LON });
    expect((d.bbox.maxLat - LAT) * METRES_PER_DEGREE).toBeCloseTo(1000, 6);
    expect((d.bbox.maxLon - LON) * METRES_PER_DEGREE * Math.cos(LAT * RAD)).toBeCloseTo(1000, 6);
    expect(bboxSqlLiteral({ minLon: 1, minLat: 2, maxLon: 3, maxLat: 4 })).toBe('(3,4),(1,2)');
  });

  it('widens a circle box over the antimeridian to every longitude instead of wrapping', () => {
    const d = deriveGeometry(valid({ type: 'CIRCLE', center: { lat: 0, lon: 179.999 }, radiusM: 5000 }));
    expect([d.bbox.minLon, d.bbox.maxLon]).toEqual([-180, 180]);
  });
});

describe('geometry: point in polygon and distance', () => {
  const shell = rect(12.5, 41.9, 12.51, 41.91);
  const hole = rect(12.504, 41.904, 12.506, 41.906);
  const g = valid({ type: 'POLYGON', coordinates: [shell, hole] });
  if (g.type !== 'POLYGON') throw new Error('polygon expected');

  it('respects holes', () => {
    expect(pointInPolygon(g.coordinates, 41.901, 12.501)).toBe(true);
    expect(pointInPolygon(g.coordinates, 41.905, 12.505)).toBe(false);
    expect(pointInPolygon(g.coordinates, 41.92, 12.505)).toBe(false);
  });

  it('measures the distance to the nearest boundary, 0 inside, hole edges included', () => {
    const poi = preparePoi(1, g);
    expect(distanceToPoiM(poi, 41.901, 12.501)).toBe(0);
    // The hole's centre is 0.001° of latitude (111 m) from its top and bottom edges, 83 m from its sides.
    const toSide = 0.001 * METRES_PER_DEGREE * Math.cos(41.905 * RAD);
    expect(distanceToPoiM(poi, 41.905, 12.505)).toBeCloseTo(toSide, -1);
    expect(distanceToPoiM(poi, 41.911, 12.505)).toBeCloseTo(0.001 * METRES_PER_DEGREE, -1);
    const circle = preparePoi(2, valid({ type: 'CIRCLE', center: { lat: LAT, lon: LON }, radiusM: 100 }));
    const p = offsetPoint(LAT, LON, 350, 90);
    expect(distanceToPoiM(circle, p.lat, p.lon)).toBeCloseTo(250, 3);
  });
});
