/** Metres per pixel at zoom 0 on the equator for MapLibre's 512-pixel world. */
const METRES_PER_PIXEL_Z0 = 40_075_016.686 / 512;

export interface LatLon {
  lat: number;
  lon: number;
}

/**
 * Radius in pixels at zoom 0 of a circle of `metres` at `lat`. A circle layer doubles it per zoom level (an
 * exponential-2 interpolation, see ACCURACY_RADIUS), which draws the circle at its true size at every zoom.
 */
export function accuracyPixelsAtZoom0(metres: number, lat: number): number {
  const cos = Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  return metres / (METRES_PER_PIXEL_Z0 * cos);
}

/** circle-radius of an accuracy circle whose feature has `r0` = accuracyPixelsAtZoom0(…): r0 · 2^zoom. */
export const ACCURACY_RADIUS = [
  'interpolate',
  ['exponential', 2],
  ['zoom'],
  0,
  ['get', 'r0'],
  22,
  ['*', ['get', 'r0'], 4_194_304],
] as const;

/** [west, south, east, north] of the points, or undefined for none. */
export function boundsOf(points: Iterable<LatLon>): [number, number, number, number] | undefined {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (const p of points) {
    w = Math.min(w, p.lon);
    e = Math.max(e, p.lon);
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
  }
  return Number.isFinite(w) ? [w, s, e, n] : undefined;
}

/** The four points at `metres` north, south, east and west of a position (to frame an accuracy circle). */
export function circleExtent(center: LatLon, metres: number): LatLon[] {
  const dLat = metres / 111_320;
  const dLon = metres / (111_320 * Math.max(0.01, Math.cos((center.lat * Math.PI) / 180)));
  return [
    { lat: center.lat + dLat, lon: center.lon },
    { lat: center.lat - dLat, lon: center.lon },
    { lat: center.lat, lon: center.lon + dLon },
    { lat: center.lat, lon: center.lon - dLon },
  ];
}
