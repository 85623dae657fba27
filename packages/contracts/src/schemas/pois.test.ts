import { describe, expect, it } from 'vitest';
import {
  poiAssignmentTermsSchema,
  poiGeometrySchema,
  poiScheduleSchema,
  POI_POLYGON_VERTICES_MAX,
  windowsOverlap,
} from './pois.ts';
import { METRES_PER_DEGREE, polygonAreaM2, ringSignedAreaM2 } from '../poi-geometry.ts';

/** [path, message] of every issue, for exact assertions. */
function issues(
  schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) {
  return (schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

// A 1 km × 1 km square near Rome as [lon, lat] (counter-clockwise), and a 200 m hole in it.
const LAT = 41.9;
const dLat = 1000 / METRES_PER_DEGREE;
const dLon = 1000 / (METRES_PER_DEGREE * Math.cos((LAT * Math.PI) / 180));
const square = (x0: number, y0: number, w: number, h: number): [number, number][] => [
  [12.5 + x0 * dLon, LAT + y0 * dLat],
  [12.5 + (x0 + w) * dLon, LAT + y0 * dLat],
  [12.5 + (x0 + w) * dLon, LAT + (y0 + h) * dLat],
  [12.5 + x0 * dLon, LAT + (y0 + h) * dLat],
];
const polygon = (...rings: [number, number][][]) => ({ type: 'POLYGON', coordinates: rings });

describe('POI geometry: circle', () => {
  it('accepts 25 m to 50 km and refuses anything else with a field message', () => {
    const circle = (radiusM: unknown, center: unknown = { lat: 41.9, lon: 12.5 }) => ({
      type: 'CIRCLE',
      center,
      radiusM,
    });
    expect(poiGeometrySchema.safeParse(circle(25)).success).toBe(true);
    expect(poiGeometrySchema.safeParse(circle(50_000)).success).toBe(true);
    expect(issues(poiGeometrySchema, circle(24.9))).toEqual([['radiusM', 'validation.poiRadiusOutOfRange']]);
    expect(issues(poiGeometrySchema, circle(50_001))).toEqual([
      ['radiusM', 'validation.poiRadiusOutOfRange'],
    ]);
    expect(issues(poiGeometrySchema, circle('x'))).toEqual([['radiusM', 'validation.poiRadiusOutOfRange']]);
    expect(issues(poiGeometrySchema, circle(100, { lat: 91, lon: 181 }))).toEqual([
      ['center.lat', 'location.coordinatesInvalid'],
      ['center.lon', 'location.coordinatesInvalid'],
    ]);
  });

  it('refuses an unknown shape', () => {
    expect(issues(poiGeometrySchema, { type: 'LINE' })).toEqual([['type', 'validation.poiShapeInvalid']]);
    expect(issues(poiGeometrySchema, null)).toEqual([['', 'validation.poiShapeInvalid']]);
  });
});

describe('POI geometry: polygon', () => {
  it('closes an open ring, drops repeated corners and normalises the winding (shell CCW, holes CW)', () => {
    const shell = square(0, 0, 1, 1).reverse(); // clockwise, open
    const hole = square(0.4, 0.4, 0.2, 0.2); // counter-clockwise, open
    shell.splice(1, 0, shell[1]!); // a repeated corner
    const parsed = poiGeometrySchema.parse(polygon(shell, hole));
    if (parsed.type !== 'POLYGON') throw new Error('expected a polygon');
    const [outer, inner] = parsed.coordinates;
    expect(outer).toHaveLength(5);
    expect(outer![0]).toEqual(outer![4]);
    expect(inner).toHaveLength(5);
    expect(ringSignedAreaM2(outer!, 12.5)).toBeGreaterThan(0);
    expect(ringSignedAreaM2(inner!, 12.5)).toBeLessThan(0);
    expect(polygonAreaM2(parsed.coordinates)).toBeCloseTo(1_000_000 - 40_000, -3);
    // Normalising again changes nothing.
    expect(poiGeometrySchema.parse(parsed)).toEqual(parsed);
  });

  it('drops a third coordinate (altitude) and refuses positions that are not [lon, lat]', () => {
    const withAltitude = square(0, 0, 1, 1).map(([lon, lat]) => [lon, lat, 0]);
    expect(poiGeometrySchema.safeParse(polygon(withAltitude as never)).success).toBe(true);
    expect(issues(poiGeometrySchema, polygon([[12.5] as never, ...square(0, 0, 1, 1)]))).toEqual([
      ['coordinates.0.0', 'validation.poiPositionInvalid'],
    ]);
    expect(issues(poiGeometrySchema, polygon([[12.5, 95], ...square(0, 0, 1, 1).slice(1)]))).toEqual([
      ['coordinates.0.0.1', 'location.coordinatesInvalid'],
    ]);
  });

  it('refuses a ring of fewer than three corners and a polygon without rings', () => {
    const two = square(0, 0, 1, 1).slice(0, 2);
    expect(issues(poiGeometrySchema, polygon(two))).toEqual([
      ['coordinates.0', 'validation.poiRingTooFewVertices'],
    ]);
    expect(issues(poiGeometrySchema, polygon())).toEqual([
      ['coordinates', 'validation.poiRingTooFewVertices'],
    ]);
  });

  it('counts at most 500 corners over all rings', () => {
    const ring = (n: number, r: number) =>
      Array.from({ length: n }, (_, i): [number, number] => [
        12.5 + r * dLon * Math.cos((2 * Math.PI * i) / n),
        LAT + r * dLat * Math.sin((2 * Math.PI * i) / n),
      ]);
    expect(
      poiGeometrySchema.safeParse(polygon(ring(POI_POLYGON_VERTICES_MAX - 10, 1), ring(10, 0.2))).success,
    ).toBe(true);
    expect(issues(poiGeometrySchema, polygon(ring(POI_POLYGON_VERTICES_MAX - 10, 1), ring(11, 0.2)))).toEqual(
      [['coordinates', 'validation.poiTooManyVertices']],
    );
    expect(issues(poiGeometrySchema, polygon(ring(POI_POLYGON_VERTICES_MAX + 1, 1)))).toEqual([
      ['coordinates', 'validation.poiTooManyVertices'],
    ]);
    // Far too many positions in one ring are refused before any geometry is computed.
    expect(issues(poiGeometrySchema, polygon(ring(POI_POLYGON_VERTICES_MAX + 2, 1)))).toEqual([
      ['coordinates.0', 'validation.poiTooManyVertices'],
    ]);
  });

  it('refuses a ring that crosses or touches itself (bow tie, spike, collinear corners)', () => {
    const [a, b, c, d] = square(0, 0, 1, 1);
    expect(issues(poiGeometrySchema, polygon([a!, c!, b!, d!]))).toEqual([
      ['coordinates.0', 'validation.poiSelfIntersection'],
    ]);
    const mid: [number, number] = [(a![0] + b![0]) / 2, a![1]];
    expect(issues(poiGeometrySchema, polygon([a!, b!, mid, c!, d!]))).toEqual([
      ['coordinates.0', 'validation.poiSelfIntersection'],
    ]);
    expect(issues(poiGeometrySchema, polygon([a!, mid, b!]))).toEqual([
      ['coordinates.0', 'validation.poiSelfIntersection'],
    ]);
    // A figure eight whose lobes meet in one corner.
    const eight = [...square(0, 0, 1, 1), ...square(1, 1, 1, 1)];
    expect(issues(poiGeometrySchema, polygon(eight))).toEqual([
      ['coordinates.0', 'validation.poiSelfIntersection'],
    ]);
  });

  it('keeps holes inside the shell, apart from it and from each other', () => {
    const shell = square(0, 0, 1, 1);
    expect(issues(poiGeometrySchema, polygon(shell, square(2, 2, 0.2, 0.2)))).toEqual([
      ['coordinates.1', 'validation.poiHoleOutsideShell'],
    ]);
    expect(issues(poiGeometrySchema, polygon(shell, square(0.9, 0.4, 0.2, 0.2)))).toEqual([
      ['coordinates.1', 'validation.poiRingsCross'],
    ]);
    expect(issues(poiGeometrySchema, polygon(shell, square(0, 0.4, 0.2, 0.2)))).toEqual([
      ['coordinates.1', 'validation.poiRingsCross'],
    ]);
    expect(
      issues(poiGeometrySchema, polygon(shell, square(0.2, 0.2, 0.3, 0.3), square(0.4, 0.4, 0.3, 0.3))),
    ).toEqual([['coordinates.2', 'validation.poiRingsCross']]);
    expect(
      issues(poiGeometrySchema, polygon(shell, square(0.2, 0.2, 0.6, 0.6), square(0.4, 0.4, 0.1, 0.1))),
    ).toEqual([['coordinates.2', 'validation.poiHolesOverlap']]);
    expect(
      poiGeometrySchema.safeParse(polygon(shell, square(0.1, 0.1, 0.2, 0.2), square(0.6, 0.6, 0.2, 0.2)))
        .success,
    ).toBe(true);
  });

  it('keeps a polygon between a 25 m circle and 100 km across', () => {
    expect(issues(poiGeometrySchema, polygon(square(0, 0, 101, 1)))).toEqual([
      ['coordinates', 'validation.poiPolygonTooLarge'],
    ]);
    expect(poiGeometrySchema.safeParse(polygon(square(0, 0, 99, 1))).success).toBe(true);
    expect(issues(poiGeometrySchema, polygon(square(0, 0, 0.04, 0.04)))).toEqual([
      ['coordinates', 'validation.poiPolygonTooSmall'],
    ]);
    expect(poiGeometrySchema.safeParse(polygon(square(0, 0, 0.045, 0.045))).success).toBe(true);
  });
});

describe('POI assignment schedule', () => {
  const terms = {
    days: [1, 2, 3, 4, 5],
    windows: [{ start: '08:00', end: '12:00' }],
    purpose: 'ATTENDANCE_SITE',
  };

  it('accepts windows over midnight and whole days, and fills the notification defaults', () => {
    expect(poiAssignmentTermsSchema.parse({ ...terms, windows: [{ start: '22:00', end: '06:00' }] })).toEqual(
      {
        ...terms,
        windows: [{ start: '22:00', end: '06:00' }],
        notifyOnEnter: false,
        notifyOnExit: false,
      },
    );
    expect(
      poiScheduleSchema.safeParse({ days: [7], windows: [{ start: '00:00', end: '00:00' }] }).success,
    ).toBe(true);
  });

  it('refuses bad days, times, purposes, dwell, window counts, overlaps and a backwards validity', () => {
    expect(issues(poiAssignmentTermsSchema, { ...terms, days: [0, 8] })).toEqual([
      ['days.0', 'validation.trackingDaysInvalid'],
      ['days.1', 'validation.trackingDaysInvalid'],
    ]);
    expect(
      issues(poiAssignmentTermsSchema, { ...terms, windows: [{ start: '8:00', end: '24:00' }] }),
    ).toEqual([
      ['windows.0.start', 'validation.timeInvalid'],
      ['windows.0.end', 'validation.timeInvalid'],
    ]);
    expect(issues(poiAssignmentTermsSchema, { ...terms, purpose: 'LUNCH' })).toEqual([
      ['purpose', 'validation.poiPurposeInvalid'],
    ]);
    expect(issues(poiAssignmentTermsSchema, { ...terms, minDwellMinutes: 0 })).toEqual([
      ['minDwellMinutes', 'validation.numberOutOfRange?min=1&max=1440'],
    ]);
    expect(issues(poiAssignmentTermsSchema, { ...terms, windows: [] })).toEqual([
      ['windows', 'validation.poiWindowsInvalid'],
    ]);
    const five = ['01', '03', '05', '07', '09'].map((h) => ({ start: `${h}:00`, end: `${h}:30` }));
    expect(issues(poiAssignmentTermsSchema, { ...terms, windows: five })).toEqual([
      ['windows', 'validation.poiWindowsInvalid'],
    ]);
    expect(
      issues(poiAssignmentTermsSchema, {
        ...terms,
        windows: [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
          { start: '11:59', end: '12:30' },
        ],
      }),
    ).toEqual([['windows.2', 'validation.poiWindowsOverlap']]);
    expect(
      issues(poiAssignmentTermsSchema, { ...terms, validFrom: '2026-03-02', validTo: '2026-03-01' }),
    ).toEqual([['validTo', 'validation.validToBeforeFrom']]);
    expect(
      poiAssignmentTermsSchema.safeParse({ ...terms, validFrom: '2026-03-01', validTo: '2026-03-01' })
        .success,
    ).toBe(true);
  });

  it('sees overlaps across midnight and with whole-day windows, not between neighbours', () => {
    expect(windowsOverlap({ start: '22:00', end: '06:00' }, { start: '05:00', end: '07:00' })).toBe(true);
    expect(windowsOverlap({ start: '22:00', end: '06:00' }, { start: '06:00', end: '22:00' })).toBe(false);
    expect(windowsOverlap({ start: '00:00', end: '00:00' }, { start: '12:00', end: '12:01' })).toBe(true);
  });
});
