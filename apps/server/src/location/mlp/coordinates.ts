/**
 * MLP coordinates (WGS 84): X is the latitude, Y the longitude, each either degrees-minutes-seconds with a hemisphere
 * letter ("30 16 28.308N", "45 15 33.444E") or decimal degrees ("30.27453", "-3.7038", "40.41N").
 */
const DMS = /^([+-]?)(\d{1,3})\s+(\d{1,2})\s+(\d{1,2}(?:\.\d+)?)\s*([NSEW]?)$/i;
const DM = /^([+-]?)(\d{1,3})\s+(\d{1,2}(?:\.\d+)?)\s*([NSEW]?)$/i;
const DECIMAL = /^([+-]?\d{1,3}(?:\.\d+)?)\s*([NSEW]?)$/i;

/** Degrees from an MLP coordinate string, or undefined when it is not a valid one for its axis. */
export function parseCoordinate(text: string, axis: 'lat' | 'lon'): number | undefined {
  const value = text.trim();
  let degrees: number;
  let sign = 1;
  let hemisphere = '';
  let m: RegExpExecArray | null;
  if ((m = DMS.exec(value))) {
    const [, s = '', d = '', min = '', sec = '', h = ''] = m;
    if (Number(min) >= 60 || Number(sec) >= 60) return undefined;
    degrees = Number(d) + Number(min) / 60 + Number(sec) / 3600;
    sign = s === '-' ? -1 : 1;
    hemisphere = h.toUpperCase();
  } else if ((m = DM.exec(value))) {
    const [, s = '', d = '', min = '', h = ''] = m;
    if (Number(min) >= 60) return undefined;
    degrees = Number(d) + Number(min) / 60;
    sign = s === '-' ? -1 : 1;
    hemisphere = h.toUpperCase();
  } else if ((m = DECIMAL.exec(value))) {
    const [, d = '', h = ''] = m;
    degrees = Number(d);
    hemisphere = h.toUpperCase();
  } else {
    return undefined;
  }
  if (hemisphere) {
    if (axis === 'lat' ? !'NS'.includes(hemisphere) : !'EW'.includes(hemisphere)) return undefined;
    if (degrees < 0 || sign < 0) return undefined;
    if (hemisphere === 'S' || hemisphere === 'W') sign = -1;
  }
  const result = sign * degrees;
  const limit = axis === 'lat' ? 90 : 180;
  if (!Number.isFinite(result) || Math.abs(result) > limit) return undefined;
  return result;
}

/** Degrees → "DD MM SS.sssH" as GMLCs send it (3 decimals of a second ≈ 3 cm). */
export function formatDms(value: number, axis: 'lat' | 'lon'): string {
  const hemisphere = axis === 'lat' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  let totalMs = Math.round(Math.abs(value) * 3_600_000);
  const d = Math.floor(totalMs / 3_600_000);
  totalMs -= d * 3_600_000;
  const m = Math.floor(totalMs / 60_000);
  const s = (totalMs - m * 60_000) / 1000;
  return `${d} ${String(m).padStart(2, '0')} ${s.toFixed(3).padStart(6, '0')}${hemisphere}`;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The point `distance` metres from a point towards `bearingDeg` (0 = north), on a sphere. */
export function offsetPoint(
  lat: number,
  lon: number,
  distance: number,
  bearingDeg: number,
): { lat: number; lon: number } {
  const δ = distance / EARTH_RADIUS_M;
  const θ = rad(bearingDeg);
  const φ1 = rad(lat);
  const λ1 = rad(lon);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 =
    λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  const lon2 = (((λ2 * 180) / Math.PI + 540) % 360) - 180;
  return { lat: (φ2 * 180) / Math.PI, lon: lon2 };
}

/**
 * Centre and radius of a polygon's area: the area centroid (planar, around the polygon — fine at cell size) and the
 * distance to its farthest vertex. Degenerate polygons fall back to the vertices' mean.
 */
export function polygonCircle(points: { lat: number; lon: number }[]): {
  lat: number;
  lon: number;
  radiusM: number;
} {
  const ring =
    points.length > 1 && points[0]!.lat === points.at(-1)!.lat && points[0]!.lon === points.at(-1)!.lon
      ? points.slice(0, -1)
      : points;
  const lat0 = ring.reduce((s, p) => s + p.lat, 0) / ring.length;
  const lon0 = ring.reduce((s, p) => s + p.lon, 0) / ring.length;
  const k = Math.cos(rad(lat0));
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const ax = (a.lon - lon0) * k;
    const ay = a.lat - lat0;
    const bx = (b.lon - lon0) * k;
    const by = b.lat - lat0;
    const cross = ax * by - bx * ay;
    area += cross;
    cx += (ax + bx) * cross;
    cy += (ay + by) * cross;
  }
  let lat = lat0;
  let lon = lon0;
  if (Math.abs(area) > 1e-15) {
    lat = lat0 + cy / (3 * area);
    lon = lon0 + cx / (3 * area) / k;
  }
  const radiusM = Math.max(...ring.map((p) => distanceM(lat, lon, p.lat, p.lon)));
  return { lat, lon, radiusM };
}
