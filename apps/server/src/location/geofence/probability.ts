import type { PreparedPolygon } from './prepared-poi.ts';

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
  const f = (u: number) => u * Math.exp(-((u - a) ** 2) / 2) * i0e(u * a);
  let sum = f(lo) + f(hi);
  for (let i = 1; i < n; i++) sum += (i % 2 ? 4 : 2) * f(lo + i * h);
  return Math.min(1, Math.max(0, (sum * h) / 3));
}

/** Unit directions of the rays, offset by half a step so no ray is axis-aligned with a typical rectangle's edge. */
const rayTables = new Map<number, { cos: Float64Array; sin: Float64Array }>();
function rays(count: number) {
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

// Scratch space reused between calls (the engine is synchronous): crossing distances per ray.
let crossings = new Float64Array(64 * 16);
let counts = new Int32Array(64);

/**
 * Mass inside a polygon (holes respected) of a Gaussian centred at (x, y) in the polygon's frame. Quadrature over
 * the angle (`rayCount` equal rays), exact along each ray: the ray's crossings with the rings split it into
 * inside/outside stretches, and a stretch [r1, r2] holds Rayleigh(r2) − Rayleigh(r1) of that ray's share. Only the
 * rays an edge subtends are tested against it, so the cost is O(edges + crossings).
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
  const { cos, sin } = rays(rayCount);
  const step = (2 * Math.PI) / rayCount;
  if (counts.length < rayCount) counts = new Int32Array(rayCount);
  if (crossings.length < rayCount * edges) crossings = new Float64Array(rayCount * edges);
  counts.fill(0, 0, rayCount);

  for (let e = 0; e < edges; e++) {
    const ax = poi.ax[e]! - x;
    const ay = poi.ay[e]! - y;
    const bx = poi.bx[e]! - x;
    const by = poi.by[e]! - y;
    // Edge angles in [0, 2π); a shared vertex gets the same angle from both of its edges (same inputs).
    let alpha = Math.atan2(ay, ax);
    let beta = Math.atan2(by, bx);
    if (alpha < 0) alpha += 2 * Math.PI;
    if (beta < 0) beta += 2 * Math.PI;
    let width = beta - alpha;
    if (width > Math.PI) width -= 2 * Math.PI;
    else if (width < -Math.PI) width += 2 * Math.PI;
    // Half-open [start, start + |width|): a ray through a shared vertex is counted once for a crossing ring and
    // zero or two times where the ring only touches it, which keeps the parity right.
    const start = width >= 0 ? alpha : beta;
    const span = Math.abs(width);
    const first = Math.ceil(start / step - 0.5);
    const last = Math.ceil((start + span) / step - 0.5) - 1;
    const ex = bx - ax;
    const ey = by - ay;
    const cross = ax * ey - ay * ex;
    for (let k = first; k <= last; k++) {
      const j = k % rayCount;
      const denom = cos[j]! * ey - sin[j]! * ex;
      if (denom === 0) continue;
      crossings[j * edges + counts[j]!++] = Math.max(0, cross / denom);
    }
  }

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
    // An odd number of crossings ahead means the ray starts inside.
    let inside = n % 2 === 1;
    let from = 0;
    let share = 0;
    for (let i = base; i < base + n; i++) {
      const to = crossings[i]!;
      if (inside) share += rayleighCdf(to, sigma) - rayleighCdf(from, sigma);
      inside = !inside;
      from = to;
      if (from > reach) break;
    }
    mass += share;
  }
  return Math.min(1, Math.max(0, mass / rayCount));
}
