import type { PoiGeometry } from '@lbs/contracts';
import { distanceM } from '../mlp/coordinates.ts';
import { deriveGeometry, distanceToEdges, localFrame, toFrame, type LocalFrame } from './geometry.ts';

/**
 * A POI readied for the hot path: everything that does not depend on the fix is computed once (per POI version)
 * and cached by the caller beside the active assignments.
 */
export interface PreparedCircle {
  kind: 'CIRCLE';
  poiId: number;
  lat: number;
  lon: number;
  radiusM: number;
  rEffM: number;
  /** Frame centred on the centre (for the cheap first look, `mayBeInside`). */
  frame: LocalFrame;
}

export interface PreparedPolygon {
  kind: 'POLYGON';
  poiId: number;
  /** Frame centred on the area centroid, so a fix's distance to the centroid is hypot(x, y). */
  frame: LocalFrame;
  /** Every edge of every ring (holes included) in frame metres: from (ax, ay) to (bx, by). */
  ax: Float64Array;
  ay: Float64Array;
  bx: Float64Array;
  by: Float64Array;
  /** The edge that starts where edge e ends (the next one in its ring). */
  next: Int32Array;
  /** Bounding box in frame metres. */
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  /** The farthest vertex from the centroid (frame metres): no fix centred beyond it can be INSIDE. */
  boundM: number;
  rEffM: number;
}

export type PreparedPoi = PreparedCircle | PreparedPolygon;

/** Prepares a valid, normalised geometry (see validateGeometry). */
export function preparePoi(poiId: number, geometry: PoiGeometry): PreparedPoi {
  const derived = deriveGeometry(geometry);
  if (geometry.type === 'CIRCLE')
    return {
      kind: 'CIRCLE',
      poiId,
      lat: geometry.center.lat,
      lon: geometry.center.lon,
      radiusM: geometry.radiusM,
      rEffM: derived.rEffM,
      frame: localFrame(geometry.center.lat, geometry.center.lon),
    };
  const frame = localFrame(derived.centroid.lat, derived.centroid.lon);
  const edges = geometry.coordinates.flatMap((ring) =>
    ring.slice(0, -1).map((p, i) => {
      const q = ring[i + 1]!;
      return [...toFrame(frame, p[1], p[0]), ...toFrame(frame, q[1], q[0])] as const;
    }),
  );
  const next: number[] = [];
  for (const ring of geometry.coordinates) {
    const first = next.length;
    const count = ring.length - 1;
    for (let i = 0; i < count; i++) next.push(i + 1 < count ? first + i + 1 : first);
  }
  const column = (k: number) => Float64Array.from(edges, (e) => e[k]!);
  const ax = column(0);
  const ay = column(1);
  return {
    kind: 'POLYGON',
    poiId,
    frame,
    ax,
    ay,
    bx: column(2),
    by: column(3),
    next: Int32Array.from(next),
    minX: Math.min(...ax),
    maxX: Math.max(...ax),
    minY: Math.min(...ay),
    maxY: Math.max(...ay),
    boundM: Math.max(...Array.from(ax, (x, i) => Math.hypot(x, ay[i]!))),
    rEffM: derived.rEffM,
  };
}

/**
 * False when the fix cannot be classed INSIDE whatever its accuracy: its centre lies outside the POI's bounding
 * circle, so a half-plane through the centre holds the whole POI and the inside mass is below one half (INSIDE needs
 * 0.6). The presence engine's cheap first look at the many pairs a fix is far from.
 */
export function mayBeInside(poi: PreparedPoi, lat: number, lon: number): boolean {
  // Planar metres around the POI (as the polygon frame measures): within a radius of 50 km the flat distance is
  // within a fraction of a percent of the great-circle one, so a 1 % + 10 m margin keeps the answer safe.
  const frame = poi.frame;
  let dLon = lon - frame.lon0;
  if (dLon > 180) dLon -= 360;
  else if (dLon < -180) dLon += 360;
  const x = dLon * frame.kx;
  const y = (lat - frame.lat0) * frame.ky;
  const bound = (poi.kind === 'CIRCLE' ? poi.radiusM : poi.boundM) * 1.01 + 10;
  return x * x + y * y <= bound * bound;
}

/** Even-odd test in frame metres; with normalised, non-touching rings this is inside-the-shell-not-in-a-hole. */
export function insidePolygon(p: PreparedPolygon, x: number, y: number): boolean {
  let inside = false;
  for (let e = 0; e < p.ax.length; e++) {
    const ay = p.ay[e]!;
    const by = p.by[e]!;
    if (ay > y !== by > y) {
      const ax = p.ax[e]!;
      if (x < ((p.bx[e]! - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
    }
  }
  return inside;
}

/** Metres from the point to the POI: 0 inside it, else to its nearest boundary (a hole's edge counts). */
export function distanceToPoiM(poi: PreparedPoi, lat: number, lon: number): number {
  if (poi.kind === 'CIRCLE') return Math.max(0, distanceM(poi.lat, poi.lon, lat, lon) - poi.radiusM);
  const [x, y] = toFrame(poi.frame, lat, lon);
  return insidePolygon(poi, x, y) ? 0 : distanceToEdges(x, y, poi.ax, poi.ay, poi.bx, poi.by);
}
