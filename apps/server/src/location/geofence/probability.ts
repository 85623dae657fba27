import { segmentDistance2 } from './geometry.ts';
import { insidePolygon, type PreparedPolygon } from './prepared-poi.ts';

/**
 * Probability mass of a circular 2-D Gaussian (standard deviation σ per axis) inside a POI. In polar coordinates
 * around the Gaussian's centre the angle is uniform and the radius Rayleigh-distributed, which both integrals use.
 */

/** Beyond this many σ from its centre the Gaussian holds less than e^-40 of its mass: treated as none. */
const TAIL_SIGMAS = 9;

/** e^-x · I0(x) for x ≥ 0 (Abramowitz & Stegun 9.8.1–9.8.2, relative error < 2e-7). */
export function i0e(x: number): number {
  if (x <= 3.75) {
    const t = (x / 3.75) ** 2;
    const i0 =
      1 +
      t * (3.5156229 + t * (3.0899424 + t * (1.2067492 + t * (0.2659732 + t * (0.0360768 + t * 0.0045813)))));
    return i0 * Math.exp(-x);
  }
  const t = 3.75 / x;
  const p =
    0.39894228 +
    t *
      (0.01328592 +
        t *
          (0.00225319 +
            t *
              (-0.00157565 +
                t *
                  (0.00916281 + t * (-0.02057706 + t * (0.02635537 + t * (-0.01647633 + t * 0.00392377)))))));
  return p / Math.sqrt(x);
}

/** P(radius ≤ r) of a Gaussian centred on the origin: the Rayleigh CDF. */
export function rayleighCdf(r: number, sigma: number): number {
  return -Math.expm1(-(r * r) / (2 * sigma * sigma));
}

/**
 * The Rice CDF: the mass inside a circle of radius `radius` whose centre lies `distance` from the Gaussian's centre,
 * i.e. ∫₀ᴿ (r/σ²)·exp(−(r²+d²)/2σ²)·I0(rd/σ²) dr. Simpson's rule in σ units with steps of at most σ/4 over the part
 * of [0, R] within 9 σ of d (the integrand is a bell of width σ there), written with e^-x·I0(x) so nothing overflows.
 * Error below 1e-5.
 */
export function riceCdf(distance: number, radius: number, sigma: number): number {
  if (radius <= 0) return 0;
  if (distance < 1e-9 * sigma) return rayleighCdf(radius, sigma);
  const a = distance / sigma;
  const b = radius / sigma;
  const lo = Math.max(0, a - TAIL_SIGMAS);
  const hi = Math.min(b, a + TAIL_SIGMAS);
  if (hi <= lo) return b <= a ? 0 : 1;
  const n = Math.max(8, 2 * Math.ceil((hi - lo) * 2)); // even, h ≤ 0.25
  const h = (hi - lo) / n;
  let sum = riceIntegrand(lo, a) + riceIntegrand(hi, a);
  for (let i = 1; i < n; i++) sum += (i % 2 ? 4 : 2) * riceIntegrand(lo + i * h, a);
  return Math.min(1, Math.max(0, (sum * h) / 3));
}

/** u·exp(−(u−a)²/2)·e^(−ua)·I0(ua) in σ units (the Rice density times σ); one exponential on the hot path. */
function riceIntegrand(u: number, a: number): number {
  const x = u * a;
  const d = u - a;
  if (x <= 3.75) {
    const t = (x / 3.75) ** 2;
    const i0 =
      1 +
      t * (3.5156229 + t * (3.0899424 + t * (1.2067492 + t * (0.2659732 + t * (0.0360768 + t * 0.0045813)))));
    // exp(−(u−a)²/2)·exp(−ua) = exp(−(u² + a²)/2): the same product as i0e's, in one call.
    return u * Math.exp(-(d * d) / 2 - x) * i0;
  }
  return u * Math.exp(-(d * d) / 2) * i0e(x);
}

/** Unit directions of full-circle rays, offset by half a step so none is aligned with a rectangle's edge. */
const rayTables = new Map<number, { cos: Float64Array; sin: Float64Array }>();
function fullCircle(count: number) {
  let table = rayTables.get(count);
  if (!table) {
    const angle = (j: number) => ((j + 0.5) * 2 * Math.PI) / count;
    table = {
      cos: Float64Array.from({ length: count }, (_, j) => Math.cos(angle(j))),
      sin: Float64Array.from({ length: count }, (_, j) => Math.sin(angle(j))),
    };
    rayTables.set(count, table);
  }
  return table;
}

// Scratch space reused between calls (the engine is synchronous).
let crossings = new Float64Array(64 * 16);
let counts = new Int32Array(64);
let rayCos = new Float64Array(64);
let raySin = new Float64Array(64);
let kept = new Uint8Array(16);
let ranks = new Int32Array(16);

const TWO_PI = 2 * Math.PI;
/** An angle wrapped into (−π, π]. */
const wrap = (a: number) => (a > Math.PI ? a - TWO_PI : a <= -Math.PI ? a + TWO_PI : a);

/**
 * The rays' fan: the full circle from inside the polygon's box; from outside it, only the angle the box subtends
 * (under π), so every ray is spent where the polygon is — a far polygon still gets all the rays.
 */
function fan(poi: PreparedPolygon, x: number, y: number): { from: number; span: number; outside: boolean } {
  if (x >= poi.minX && x <= poi.maxX && y >= poi.minY && y <= poi.maxY)
    return { from: 0, span: TWO_PI, outside: false };
  const ref = Math.atan2((poi.minY + poi.maxY) / 2 - y, (poi.minX + poi.maxX) / 2 - x);
  let lo = 0;
  let hi = 0;
  for (const cx of [poi.minX, poi.maxX])
    for (const cy of [poi.minY, poi.maxY]) {
      const d = wrap(Math.atan2(cy - y, cx - x) - ref);
      lo = Math.min(lo, d);
      hi = Math.max(hi, d);
    }
  return { from: ref + lo, span: hi - lo, outside: true };
}

/**
 * How many of the rays (directions in `rayCos`/`raySin`, counter-clockwise) point at a smaller angle than (dx, dy):
 * on a fan (`outside` the box: under π) the rays before it, on the full circle those from angle 0 up to it. Mostly
 * `guess` (the previous vertex's): the vertex strictly counter-clockwise of the ray before it and not of the ray at it
 * (two cross products; that wedge is one rank whatever the quadrant). Else its quadrant's rays are found from the
 * signs, and within the quadrant (under π/2 apart) the count is walked to from `guess` by the sign of the cross
 * product, as on a fan, one ray at a time.
 */
function vertexRank(dx: number, dy: number, rayCount: number, outside: boolean, guess: number): number {
  if (
    guess > 0 &&
    guess < rayCount &&
    rayCos[guess - 1]! * dy - raySin[guess - 1]! * dx > 0 &&
    !(rayCos[guess]! * dy - raySin[guess]! * dx > 0)
  )
    return guess;
  let lo = 0;
  let hi = rayCount;
  if (!outside) {
    const quadrant = dx > 0 && dy >= 0 ? 0 : dx <= 0 && dy > 0 ? 1 : dx < 0 && dy <= 0 ? 2 : 3;
    lo = quadrantStart(quadrant, rayCount);
    hi = quadrantStart(quadrant + 1, rayCount);
  }
  // The first ray of [lo, hi) not clockwise of the vertex.
  let rank = Math.min(hi, Math.max(lo, guess));
  while (rank < hi && rayCos[rank]! * dy - raySin[rank]! * dx > 0) rank++;
  while (rank > lo && !(rayCos[rank - 1]! * dy - raySin[rank - 1]! * dx > 0)) rank--;
  return rank;
}

/** The first ray (at (j + ½)·2π/rayCount) at or beyond the angle quadrant·π/2. */
const quadrantStart = (quadrant: number, rayCount: number) =>
  Math.min(rayCount, Math.max(0, Math.ceil((quadrant * rayCount) / 4 - 0.5)));

/** Whether (x, y) lies within a millimetre of an edge; only edges whose box comes that near are measured. */
function onBoundary(poi: PreparedPolygon, x: number, y: number): boolean {
  const { ax, ay, bx, by } = poi;
  for (let e = 0; e < ax.length; e++) {
    const x1 = ax[e]!;
    const x2 = bx[e]!;
    if ((x1 < x - 1e-3 && x2 < x - 1e-3) || (x1 > x + 1e-3 && x2 > x + 1e-3)) continue;
    const y1 = ay[e]!;
    const y2 = by[e]!;
    if ((y1 < y - 1e-3 && y2 < y - 1e-3) || (y1 > y + 1e-3 && y2 > y + 1e-3)) continue;
    if (segmentDistance2(x, y, x1, y1, x2, y2) < 1e-6) return true;
  }
  return false;
}

/**
 * Mass inside a polygon (holes respected) of a Gaussian centred at (x, y) in the polygon's frame. Quadrature over
 * the angle (`rayCount` rays across the fan), exact along each ray: its crossings with the rings split it into
 * inside/outside stretches, and a stretch [r1, r2] holds Rayleigh(r2) − Rayleigh(r1) of the ray's share. Each edge
 * is tested only against the rays it subtends, and edges entirely beyond 9 σ are skipped (their crossings lie
 * where no mass is; whether the centre is inside is decided once, by the even-odd test), so the cost is
 * O(edges near the fix + crossings).
 */
export function polygonMass(
  poi: PreparedPolygon,
  x: number,
  y: number,
  sigma: number,
  rayCount = 64,
): number {
  const reach = TAIL_SIGMAS * sigma;
  if (x + reach < poi.minX || x - reach > poi.maxX || y + reach < poi.minY || y - reach > poi.maxY) return 0;
  const edges = poi.ax.length;
  const { from, span, outside } = fan(poi, x, y);
  if (!outside && onBoundary(poi, x, y)) {
    // A centre on the boundary has no inside or outside to start from: move it 1 cm (σ is at least 66 cm).
    return polygonMass(poi, x + 0.008, y + 0.006, sigma, rayCount);
  }
  if (span <= 0) return 0;
  const step = span / rayCount;
  if (counts.length < rayCount) {
    counts = new Int32Array(rayCount);
    rayCos = new Float64Array(rayCount);
    raySin = new Float64Array(rayCount);
  }
  if (crossings.length < rayCount * edges) crossings = new Float64Array(rayCount * edges);
  if (kept.length < edges) {
    kept = new Uint8Array(edges);
    ranks = new Int32Array(edges);
  }
  counts.fill(0, 0, rayCount);
  if (outside) {
    // The first ray's direction, then each next one turned by the step (two multiplications for a cosine and a sine):
    // the rays stay in order and drift from the exact angles by rounding only (about 1e-14 after 64 turns).
    const turnCos = Math.cos(step);
    const turnSin = Math.sin(step);
    let c = Math.cos(from + step / 2);
    let sn = Math.sin(from + step / 2);
    for (let j = 0; j < rayCount; j++) {
      rayCos[j] = c;
      raySin[j] = sn;
      const next = c * turnCos - sn * turnSin;
      sn = sn * turnCos + c * turnSin;
      c = next;
    }
  } else {
    const table = fullCircle(rayCount);
    rayCos.set(table.cos);
    raySin.set(table.sin);
  }

  // Each kept vertex's rank: how many rays point at a smaller angle than it (on the full circle from angle 0, on a fan
  // from its start). Found by the sign of cross products with the rays next to the previous vertex's rank, not by its
  // angle (an atan2 per vertex: a 500-corner polygon 18 % slower); a vertex shared by two edges has one rank for both.
  let last = 0;
  const rankOf = (px: number, py: number) => (last = vertexRank(px - x, py - y, rayCount, outside, last));
  for (let e = 0; e < edges; e++) {
    const ax = poi.ax[e]!;
    const ay = poi.ay[e]!;
    const bx = poi.bx[e]!;
    const by = poi.by[e]!;
    const near =
      Math.max(ax, bx) >= x - reach &&
      Math.min(ax, bx) <= x + reach &&
      Math.max(ay, by) >= y - reach &&
      Math.min(ay, by) <= y + reach;
    kept[e] = near ? 1 : 0;
    if (near) ranks[e] = rankOf(ax, ay);
  }

  for (let e = 0; e < edges; e++) {
    if (!kept[e]) continue;
    const n = poi.next[e]!;
    const ax = poi.ax[e]! - x;
    const ay = poi.ay[e]! - y;
    const ex = poi.bx[e]! - poi.ax[e]!;
    const ey = poi.by[e]! - poi.ay[e]!;
    const cross = ax * ey - ay * ex;
    // The rays between the edge's ends: ranks [r(first end), r(other end)) going counter-clockwise. On a fan nothing
    // wraps. On the full circle the edge spans under π, so at most one ray more than half of them: a way round with
    // fewer than half less one is the edge's; otherwise (the edge spans nearly π, and the centre lies well off its
    // line) the sign of the cross product says which way it turns. A tiny edge whose cross product is only rounding
    // holds at most one ray, and is placed by the ranks. Half-open, as ranks are: a ray through a shared vertex is
    // counted once where the ring crosses it and zero or two times where it only touches it, which keeps the parity.
    const ra = ranks[e]!;
    const rb = kept[n] ? ranks[n]! : rankOf(poi.bx[e]!, poi.by[e]!);
    let first: number;
    let count: number;
    if (outside) {
      first = Math.min(ra, rb);
      count = Math.abs(rb - ra);
    } else {
      const forward = (rb - ra + rayCount) % rayCount;
      const counterClockwise =
        2 * forward < rayCount - 2 ? true : 2 * (rayCount - forward) < rayCount - 2 ? false : cross > 0;
      first = counterClockwise ? ra : rb;
      count = forward === 0 ? 0 : counterClockwise ? forward : rayCount - forward;
    }
    for (let k = first; k < first + count; k++) {
      const j = k >= rayCount ? k - rayCount : k;
      const denom = rayCos[j]! * ey - raySin[j]! * ex;
      if (denom === 0) continue;
      crossings[j * edges + counts[j]!++] = Math.max(0, cross / denom);
    }
  }

  const insideAtCentre = !outside && insidePolygon(poi, x, y);
  let mass = 0;
  for (let j = 0; j < rayCount; j++) {
    const n = counts[j]!;
    const base = j * edges;
    for (let i = base + 1; i < base + n; i++) {
      // Insertion sort: a ray crosses few edges.
      const t = crossings[i]!;
      let k = i - 1;
      while (k >= base && crossings[k]! > t) {
        crossings[k + 1] = crossings[k]!;
        k--;
      }
      crossings[k + 1] = t;
    }
    let inside = insideAtCentre;
    let from = 0;
    let share = 0;
    for (let i = base; i < base + n; i++) {
      const to = crossings[i]!;
      if (to > reach) break;
      if (inside) share += rayleighCdf(to, sigma) - rayleighCdf(from, sigma);
      inside = !inside;
      from = to;
    }
    if (inside) share += 1 - rayleighCdf(from, sigma);
    mass += share;
  }
  return Math.min(1, Math.max(0, (mass / rayCount) * (span / TWO_PI)));
}
