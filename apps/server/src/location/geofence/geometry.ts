import {
  METRES_PER_DEGREE,
  normalisePolygon,
  pointInRing,
  polygonAreaM2,
  poiGeometrySchema,
  type LonLat,
  type PoiGeometry,
  type Ring,
} from '@lbs/contracts';
import { fieldErrorFrom, type FieldError } from '../../lib/errors.ts';

/**
 * POI geometry on write: validation with field errors, normalisation, and the derived columns (bounding box for
 * the GiST index, centroid, area, effective radius). The rules themselves live in contracts (poi-geometry.ts) so the
 * POI form checks exactly what the server checks.
 */

const RAD = Math.PI / 180;

export interface LatLon {
  lat: number;
  lon: number;
}

/** Degrees, x = longitude, y = latitude (as PostgreSQL's `box` over `point(lon, lat)`). */
export interface BoundingBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export interface DerivedGeometry {
  bbox: BoundingBox;
  /** The same box as a PostgreSQL `box` literal: `(maxLon,maxLat),(minLon,minLat)`. */
  bboxSql: string;
  centroid: LatLon;
  areaM2: number;
  /** √(area/π): the radius of the circle of equal area; a circle's own radius. */
  rEffM: number;
}

export type GeometryValidation = { ok: true; geometry: PoiGeometry } | { ok: false; errors: FieldError[] };

/**
 * Parses and normalises a POI geometry (polygon rings closed, shell counter-clockwise, holes clockwise), or lists
 * every broken rule as problem+json field errors under `prefix` (e.g. `geometry.coordinates.1`).
 */
export function validateGeometry(input: unknown, prefix = 'geometry'): GeometryValidation {
  const parsed = poiGeometrySchema.safeParse(input);
  if (parsed.success) return { ok: true, geometry: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) =>
      fieldErrorFrom([prefix, ...issue.path.map(String)].filter(Boolean).join('.'), issue.message),
    ),
  };
}

/** A valid geometry in its stored form (idempotent: normalising a normalised polygon changes nothing). */
export function normaliseGeometry(geometry: PoiGeometry): PoiGeometry {
  return geometry.type === 'CIRCLE'
    ? geometry
    : { type: 'POLYGON', coordinates: normalisePolygon(geometry.coordinates) };
}

/** PostgreSQL `box` literal (x = lon, y = lat), upper-right corner first as PostgreSQL prints it. */
export function bboxSqlLiteral(b: BoundingBox): string {
  return `(${b.maxLon},${b.maxLat}),(${b.minLon},${b.minLat})`;
}

/**
 * A circle's box. Near a pole or across the antimeridian it widens to every longitude rather than wrap: the box is a
 * pre-filter, so too wide is only slower, never wrong.
 */
function circleBox(center: LatLon, radiusM: number): BoundingBox {
  const dLat = radiusM / METRES_PER_DEGREE;
  const cos = Math.cos(center.lat * RAD);
  const dLon = cos > 1e-6 ? radiusM / (METRES_PER_DEGREE * cos) : 360;
  const wraps = center.lon - dLon < -180 || center.lon + dLon > 180;
  return {
    minLon: wraps ? -180 : center.lon - dLon,
    maxLon: wraps ? 180 : center.lon + dLon,
    minLat: Math.max(-90, center.lat - dLat),
    maxLat: Math.min(90, center.lat + dLat),
  };
}

function ringsBox(rings: readonly Ring[]): BoundingBox {
  const box = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  for (const ring of rings)
    for (const [lon, lat] of ring) {
      box.minLon = Math.min(box.minLon, lon);
      box.maxLon = Math.max(box.maxLon, lon);
      box.minLat = Math.min(box.minLat, lat);
      box.maxLat = Math.max(box.maxLat, lat);
    }
  return box;
}

/**
 * A local metric plane around (lat0, lon0): x east and y north in metres (equirectangular). Within the 100 km a
 * polygon may span its distances are off by well under 1 %, and classification needs no more.
 */
export interface LocalFrame {
  lat0: number;
  lon0: number;
  kx: number;
  ky: number;
}

export function localFrame(lat0: number, lon0: number): LocalFrame {
  return { lat0, lon0, kx: METRES_PER_DEGREE * Math.cos(lat0 * RAD), ky: METRES_PER_DEGREE };
}

/** [x, y] in metres of a point in the frame (longitudes taken the short way round). */
export function toFrame(frame: LocalFrame, lat: number, lon: number): [number, number] {
  let dLon = lon - frame.lon0;
  if (dLon > 180) dLon -= 360;
  else if (dLon < -180) dLon += 360;
  return [dLon * frame.kx, (lat - frame.lat0) * frame.ky];
}

/** Area centroid of a polygon with holes (planar, in a frame around the middle of its box). */
function polygonCentroid(rings: readonly Ring[], box: BoundingBox): LatLon {
  const frame = localFrame((box.minLat + box.maxLat) / 2, (box.minLon + box.maxLon) / 2);
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (const ring of rings) {
    // Winding is normalised (holes clockwise), so holes subtract by themselves.
    for (let i = 0; i + 1 < ring.length; i++) {
      const [ax, ay] = toFrame(frame, ring[i]![1], ring[i]![0]);
      const [bx, by] = toFrame(frame, ring[i + 1]![1], ring[i + 1]![0]);
      const cross = ax * by - bx * ay;
      area += cross;
      cx += (ax + bx) * cross;
      cy += (ay + by) * cross;
    }
  }
  if (Math.abs(area) < 1e-9) return { lat: frame.lat0, lon: frame.lon0 };
  return { lat: frame.lat0 + cy / (3 * area) / frame.ky, lon: frame.lon0 + cx / (3 * area) / frame.kx };
}

/** The derived columns of a valid, normalised geometry. */
export function deriveGeometry(geometry: PoiGeometry): DerivedGeometry {
  if (geometry.type === 'CIRCLE') {
    const bbox = circleBox(geometry.center, geometry.radiusM);
    return {
      bbox,
      bboxSql: bboxSqlLiteral(bbox),
      centroid: { lat: geometry.center.lat, lon: geometry.center.lon },
      areaM2: Math.PI * geometry.radiusM ** 2,
      rEffM: geometry.radiusM,
    };
  }
  const rings = geometry.coordinates;
  const bbox = ringsBox(rings);
  const areaM2 = polygonAreaM2(rings);
  return {
    bbox,
    bboxSql: bboxSqlLiteral(bbox),
    centroid: polygonCentroid(rings, bbox),
    areaM2,
    rEffM: Math.sqrt(areaM2 / Math.PI),
  };
}

/** Inside the shell and outside every hole (a point on an edge may fall either way). */
export function pointInPolygon(rings: readonly Ring[], lat: number, lon: number): boolean {
  if (!rings[0] || !pointInRing(lon, lat, rings[0])) return false;
  return !rings.slice(1).some((hole) => pointInRing(lon, lat, hole));
}

/** Distance in metres from a point to the nearest segment among `edges` (flat x/y pairs in a frame). */
export function distanceToEdges(
  x: number,
  y: number,
  ax: Float64Array,
  ay: Float64Array,
  bx: Float64Array,
  by: Float64Array,
): number {
  let best = Infinity;
  for (let e = 0; e < ax.length; e++)
    best = Math.min(best, segmentDistance2(x, y, ax[e]!, ay[e]!, bx[e]!, by[e]!));
  return Math.sqrt(best);
}

/** Squared distance from (x, y) to the segment from (ax, ay) to (bx, by). */
export function segmentDistance2(
  x: number,
  y: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
  const ex = ax + t * dx - x;
  const ey = ay + t * dy - y;
  return ex * ex + ey * ey;
}

export type { LonLat };
