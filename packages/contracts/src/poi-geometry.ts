import type { MessageKey } from './messages.ts';

/**
 * Planar rules and measures of POI polygons, shared by the POI form (live validation) and the server (validation on
 * write, derived fields). Positions are GeoJSON `[lon, lat]`; rings are closed (first = last).
 *
 * Topology is tested on the raw degrees: a straight edge in lon/lat stays straight in any local projection the
 * server uses, and polygons are limited to POI_POLYGON_EXTENT_MAX_M across, so no polygon reaches a pole or the
 * antimeridian. Areas use the sinusoidal projection, which is equal-area on the sphere; the only error left is
 * treating edges as straight in it, far below 0.1 % at city size.
 */
export type LonLat = [number, number];
export type Ring = readonly LonLat[];

/** Mean Earth radius (IUGG), as the server's great-circle distance uses. */
export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;
/** Metres per degree of latitude on that sphere. */
export const METRES_PER_DEGREE = EARTH_RADIUS_M * RAD;

/** A ring without consecutive repeated positions, closed (first = last); an empty ring stays empty. */
export function closeRing(ring: readonly (readonly number[])[]): LonLat[] {
  const out: LonLat[] = [];
  for (const p of ring) {
    const q: LonLat = [p[0]!, p[1]!];
    const last = out.at(-1);
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  const first = out[0];
  const last = out.at(-1);
  if (first && last && out.length > 1 && (first[0] !== last[0] || first[1] !== last[1])) out.push(first);
  return out;
}

/** Distinct vertices of a closed ring (its positions without the closing one). */
export const vertexCount = (ring: Ring) => Math.max(0, ring.length - 1);

/**
 * Signed area in m² (positive = counter-clockwise with x = lon, y = lat), sinusoidal projection about `lon0`.
 */
export function ringSignedAreaM2(ring: Ring, lon0: number): number {
  let twice = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [lonA, latA] = ring[i]!;
    const [lonB, latB] = ring[i + 1]!;
    const xa = (lonA - lon0) * Math.cos(latA * RAD);
    const xb = (lonB - lon0) * Math.cos(latB * RAD);
    twice += xa * latB - xb * latA;
  }
  return (twice / 2) * METRES_PER_DEGREE * METRES_PER_DEGREE;
}

/** Area in m² of a polygon (shell minus holes). */
export function polygonAreaM2(rings: readonly Ring[]): number {
  const lon0 = rings[0]?.[0]?.[0] ?? 0;
  return rings.reduce((sum, ring, i) => {
    const a = Math.abs(ringSignedAreaM2(ring, lon0));
    return i === 0 ? sum + a : sum - a;
  }, 0);
}

/** RFC 7946 winding: the shell counter-clockwise, holes clockwise (rings closed and de-duplicated first). */
export function normalisePolygon(rings: readonly (readonly (readonly number[])[])[]): LonLat[][] {
  return rings.map((raw, i) => {
    const ring = closeRing(raw);
    const ccw = ringSignedAreaM2(ring, ring[0]?.[0] ?? 0) > 0;
    return ccw === (i === 0) ? ring : ring.slice().reverse();
  });
}

/** Even-odd test of one ring; a point on an edge may fall either way (callers refuse touching rings). */
export function pointInRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const orient = (a: LonLat, b: LonLat, c: LonLat) =>
  Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
const within = (a: LonLat, b: LonLat, c: LonLat) =>
  Math.min(a[0], b[0]) <= c[0] &&
  c[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= c[1] &&
  c[1] <= Math.max(a[1], b[1]);

/** True when segments ab and cd share any point (crossing, touching or overlapping). */
export function segmentsMeet(a: LonLat, b: LonLat, c: LonLat, d: LonLat): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && within(a, b, c)) ||
    (o2 === 0 && within(a, b, d)) ||
    (o3 === 0 && within(c, d, a)) ||
    (o4 === 0 && within(c, d, b))
  );
}

/** Two edges that share a vertex, b, still overlap when the ring turns straight back on itself (a spike). */
function spike(a: LonLat, b: LonLat, c: LonLat): boolean {
  return orient(a, b, c) === 0 && (a[0] - b[0]) * (c[0] - b[0]) + (a[1] - b[1]) * (c[1] - b[1]) > 0;
}

const boxesApart = (a: LonLat, b: LonLat, c: LonLat, d: LonLat) =>
  Math.max(a[0], b[0]) < Math.min(c[0], d[0]) ||
  Math.max(c[0], d[0]) < Math.min(a[0], b[0]) ||
  Math.max(a[1], b[1]) < Math.min(c[1], d[1]) ||
  Math.max(c[1], d[1]) < Math.min(a[1], b[1]);

/** True when the closed ring crosses or touches itself anywhere but at the shared vertex of neighbouring edges. */
export function ringSelfIntersects(ring: Ring): boolean {
  const n = ring.length - 1; // edges
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    for (let j = i + 1; j < n; j++) {
      const c = ring[j]!;
      const d = ring[j + 1]!;
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (neighbours) {
        if (j === i + 1 ? spike(a, b, d) : spike(c, a, b)) return true;
        continue;
      }
      if (!boxesApart(a, b, c, d) && segmentsMeet(a, b, c, d)) return true;
    }
  }
  return false;
}

/** True when two closed rings cross or touch. */
export function ringsMeet(r: Ring, s: Ring): boolean {
  for (let i = 0; i + 1 < r.length; i++) {
    for (let j = 0; j + 1 < s.length; j++) {
      const a = r[i]!;
      const b = r[i + 1]!;
      const c = s[j]!;
      const d = s[j + 1]!;
      if (!boxesApart(a, b, c, d) && segmentsMeet(a, b, c, d)) return true;
    }
  }
  return false;
}

/** Width and height in metres of the rings' bounding box (equirectangular at its middle latitude). */
export function extentM(rings: readonly Ring[]): { widthM: number; heightM: number } {
  const all = rings.flat();
  const lats = all.map((p) => p[1]);
  const lons = all.map((p) => p[0]);
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const mid = ((minLat + maxLat) / 2) * RAD;
  return {
    widthM: (Math.max(...lons) - Math.min(...lons)) * METRES_PER_DEGREE * Math.cos(mid),
    heightM: (maxLat - minLat) * METRES_PER_DEGREE,
  };
}

export interface GeometryIssue {
  /** Path below the geometry, e.g. `['coordinates', 1]` for the second ring. */
  path: (string | number)[];
  code: MessageKey;
}

export interface PolygonLimits {
  maxVertices: number;
  maxExtentM: number;
  minAreaM2: number;
}

/**
 * Every rule a polygon breaks, for closed rings with in-range positions: each ring has ≥ 3 vertices enclosing an
 * area, at most `maxVertices` in total, no ring crosses or touches itself or another, every hole lies inside the
 * shell and outside the other holes, and the whole is at most `maxExtentM` across and at least `minAreaM2` large.
 */
export function polygonIssues(rings: readonly Ring[], limits: PolygonLimits): GeometryIssue[] {
  const issues: GeometryIssue[] = [];
  const at = (ring: number): (string | number)[] => ['coordinates', ring];
  // A ring of three or more corners without area turns back on itself: the crossing test below reports it.
  const degenerate = rings.map((ring) => vertexCount(ring) < 3);
  degenerate.forEach(
    (bad, i) => bad && issues.push({ path: at(i), code: 'validation.poiRingTooFewVertices' }),
  );
  if (rings.reduce((n, ring) => n + vertexCount(ring), 0) > limits.maxVertices)
    issues.push({ path: ['coordinates'], code: 'validation.poiTooManyVertices' });
  if (issues.length) return issues; // the remaining tests need real rings and bounded work

  const simple = rings.map((ring) => !ringSelfIntersects(ring));
  simple.forEach((ok, i) => ok || issues.push({ path: at(i), code: 'validation.poiSelfIntersection' }));
  for (let i = 1; i < rings.length; i++) {
    const hole = rings[i]!;
    if (ringsMeet(rings[0]!, hole)) issues.push({ path: at(i), code: 'validation.poiRingsCross' });
    else if (!pointInRing(hole[0]![0], hole[0]![1], rings[0]!))
      issues.push({ path: at(i), code: 'validation.poiHoleOutsideShell' });
    for (let j = 1; j < i; j++) {
      const other = rings[j]!;
      if (ringsMeet(other, hole)) issues.push({ path: at(i), code: 'validation.poiRingsCross' });
      else if (pointInRing(hole[0]![0], hole[0]![1], other) || pointInRing(other[0]![0], other[0]![1], hole))
        issues.push({ path: at(i), code: 'validation.poiHolesOverlap' });
    }
  }
  const { widthM, heightM } = extentM(rings);
  if (Math.max(widthM, heightM) > limits.maxExtentM)
    issues.push({ path: ['coordinates'], code: 'validation.poiPolygonTooLarge' });
  else if (!issues.length && polygonAreaM2(rings) < limits.minAreaM2)
    issues.push({ path: ['coordinates'], code: 'validation.poiPolygonTooSmall' });
  return issues;
}
