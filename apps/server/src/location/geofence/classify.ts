import type { FixClass, PositionSource } from '@lbs/contracts';
import { distanceM } from '../mlp/coordinates.ts';
import { distanceToEdges, toFrame } from './geometry.ts';
import { insidePolygon, type PreparedPoi } from './prepared-poi.ts';
import { polygonMass, riceCdf } from './probability.ts';

/**
 * Per fix and POI: how likely is the person inside, judged from the fix's accuracy disk rather than its centre
 * (issue 11). The error is a circular Gaussian whose 68 % radius is the reported accuracy.
 */

/** σ = accuracy / ACCURACY_TO_SIGMA: the 68 % (1-σ-equivalent, 68.27 %) radius of a 2-D Gaussian is 1.515 σ. */
export const ACCURACY_TO_SIGMA = 1.515;

export interface ClassifyParams {
  /** INSIDE at or above this inside probability. */
  insideP: number;
  /** OUTSIDE needs an inside probability at or below this … */
  outsideP: number;
  /** … and the accuracy disk clear of the POI grown by min(accuracy, this) metres. */
  outsideBufferMaxM: number;
  /** A fix with accuracy > this × r_eff whose centre is within r_eff + accuracy says nothing: AMBIGUOUS. */
  uninformativeRatio: number;
  /** Accuracy assumed when a position has none: cell-sized for the network, GPS-sized for the apps. */
  missingAccuracyM: Record<PositionSource, number>;
  /** Rays of the polygon quadrature (more: slower and closer to exact). */
  polygonRays: number;
}

export const DEFAULT_CLASSIFY_PARAMS: ClassifyParams = Object.freeze({
  insideP: 0.6,
  outsideP: 0.1,
  outsideBufferMaxM: 200,
  uninformativeRatio: 3,
  missingAccuracyM: Object.freeze({ NETWORK: 1000, OSMAND: 100, OWNTRACKS: 100 }),
  polygonRays: 64,
});

/** What the classifier needs of a position. */
export interface FixLike {
  lat: number;
  lon: number;
  accuracyM: number | null;
  source: PositionSource;
}

export interface Classification {
  class: FixClass;
  /** Probability mass of the fix's Gaussian inside the POI (0–1). */
  pIn: number;
  /** The accuracy used (the reported one, or the source's default when missing), at least 1 m. */
  accuracyM: number;
  /** Set when the fix was AMBIGUOUS because it is far less precise than the POI is large. */
  uninformative: boolean;
}

/** The accuracy the engine uses for a fix: reported, or the source default; never below 1 m. */
export function effectiveAccuracy(fix: FixLike, params: ClassifyParams = DEFAULT_CLASSIFY_PARAMS): number {
  const reported = fix.accuracyM;
  const accuracy =
    reported != null && Number.isFinite(reported) && reported > 0
      ? reported
      : params.missingAccuracyM[fix.source];
  return Math.max(1, accuracy);
}

/**
 * Whether the fix centre lies farther than `clearM` from the POI: `d` from a circle's centre, (x, y) in a polygon's
 * frame. A polygon lies within `boundM` of its centroid, so a centre beyond `clearM + boundM` is answered without
 * measuring the distance to each edge (most fixes a polygon is judged against are that far).
 */
function fartherThan(poi: PreparedPoi, d: number, x: number, y: number, clearM: number): boolean {
  if (poi.kind === 'CIRCLE') return d - poi.radiusM > clearM;
  if (d - poi.boundM > clearM) return true;
  return !insidePolygon(poi, x, y) && distanceToEdges(x, y, poi.ax, poi.ay, poi.bx, poi.by) > clearM;
}

/** Classes one fix against one POI: INSIDE, OUTSIDE or AMBIGUOUS (issue 11's rules, in this order). */
export function classifyFix(
  poi: PreparedPoi,
  fix: FixLike,
  params: ClassifyParams = DEFAULT_CLASSIFY_PARAMS,
): Classification {
  const accuracyM = effectiveAccuracy(fix, params);
  const sigma = accuracyM / ACCURACY_TO_SIGMA;
  // Inside probability and distance to the POI's centre (or centroid); the distance to its edge only when needed.
  let pIn: number;
  let toCentre: number;
  let x = 0;
  let y = 0;
  if (poi.kind === 'CIRCLE') {
    toCentre = distanceM(poi.lat, poi.lon, fix.lat, fix.lon);
    pIn = riceCdf(toCentre, poi.radiusM, sigma);
  } else {
    [x, y] = toFrame(poi.frame, fix.lat, fix.lon);
    pIn = polygonMass(poi, x, y, sigma, params.polygonRays);
    toCentre = Math.hypot(x, y);
  }
  const uninformative =
    accuracyM > params.uninformativeRatio * poi.rEffM && toCentre <= poi.rEffM + accuracyM;
  let result: FixClass = 'AMBIGUOUS';
  if (uninformative) result = 'AMBIGUOUS';
  else if (pIn >= params.insideP) result = 'INSIDE';
  // The disk clear of the grown POI: a fix this far out cannot be a jittered inside one (ArcGIS's exit rule).
  else if (
    pIn <= params.outsideP &&
    fartherThan(poi, toCentre, x, y, accuracyM + Math.min(accuracyM, params.outsideBufferMaxM))
  )
    result = 'OUTSIDE';
  return { class: result, pIn, accuracyM, uninformative };
}
