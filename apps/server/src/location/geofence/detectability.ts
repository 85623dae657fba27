import {
  POSITION_SOURCES,
  POI_RADIUS_MIN_M,
  type AccuracyStats,
  type Detectability,
  type PositionSource,
} from '@lbs/contracts';
import { DEFAULT_CLASSIFY_PARAMS } from './classify.ts';

/**
 * Can an assignment's POI be told apart at the MSISDN's usual accuracy (issue 11)? From the last 30 days of
 * positions, per source, the median (p50) and 90th percentile of the accuracy; then DETECTABLE when r_eff ≥ p50,
 * UNDETECTABLE when r_eff < 0.4 × p50, MARGINAL between, UNKNOWN without enough history. At r_eff = p50 a fix
 * centred on the POI reaches p_in ≈ 0.68 (above the 0.6 needed for INSIDE); at 0.4 × p50 it cannot pass 0.17.
 *
 * Which source counts when an MSISDN has several: the one that produced most of the positions in the period (it is
 * the one the presence engine will mostly judge with); on a tie, NETWORK, the less precise and so the cautious one.
 */

/** Fewer positions than this in the period is no history. */
export const DETECTABILITY_MIN_SAMPLES = 5;
export const UNDETECTABLE_RATIO = 0.4;

/** Linear-interpolated percentile of sorted values (PostgreSQL's percentile_cont), q in [0, 1]. */
export function percentile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  const rank = q * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/**
 * Per-source p50/p90 from raw accuracies; a missing accuracy counts as the classifier's default for its source (so
 * this judges what the engine will see). The database can compute the same with
 * `percentile_cont(array[0.5, 0.9]) within group (order by coalesce(accuracy_m, <default>))` grouped by source.
 */
export function accuracyStats(
  samples: Iterable<{ source: PositionSource; accuracyM: number | null }>,
  missingAccuracyM: Record<PositionSource, number> = DEFAULT_CLASSIFY_PARAMS.missingAccuracyM,
): AccuracyStats[] {
  const bySource = new Map<PositionSource, number[]>();
  for (const { source, accuracyM } of samples) {
    const value = accuracyM != null && accuracyM > 0 ? accuracyM : missingAccuracyM[source];
    const values = bySource.get(source);
    if (values) values.push(value);
    else bySource.set(source, [value]);
  }
  return POSITION_SOURCES.filter((s) => bySource.has(s)).map((source) => {
    const sorted = bySource.get(source)!.sort((a, b) => a - b);
    return { source, samples: sorted.length, p50M: percentile(sorted, 0.5), p90M: percentile(sorted, 0.9) };
  });
}

/** The smallest tidy radius ≥ `metres`: 10 m steps to 100 m, 50 m to 1 km, then 100 m; never below 25 m. */
export function roundUpRadius(metres: number): number {
  const step = metres <= 100 ? 10 : metres <= 1000 ? 50 : 100;
  return Math.max(POI_RADIUS_MIN_M, Math.ceil(metres / step - 1e-9) * step);
}

/** The statistics the verdict rests on: most positions; NETWORK on a tie. */
export function basisOf(stats: readonly AccuracyStats[]): AccuracyStats | null {
  let best: AccuracyStats | null = null;
  for (const s of stats) {
    if (s.samples < DETECTABILITY_MIN_SAMPLES) continue;
    if (!best || s.samples > best.samples || (s.samples === best.samples && s.source === 'NETWORK')) best = s;
  }
  return best;
}

/**
 * The verdict for a POI of effective radius `rEffM`. `adviceRadiusM` (MARGINAL and UNDETECTABLE) is the effective
 * radius that would make it DETECTABLE: "enlarge to ≥ X m, or use the tracking app".
 */
export function detectability(rEffM: number, stats: readonly AccuracyStats[]): Detectability {
  const basis = basisOf(stats);
  const perSource = [...stats];
  if (!basis) return { status: 'UNKNOWN', rEffM, basis: null, perSource, adviceRadiusM: null };
  const status =
    rEffM >= basis.p50M
      ? 'DETECTABLE'
      : rEffM < UNDETECTABLE_RATIO * basis.p50M
        ? 'UNDETECTABLE'
        : 'MARGINAL';
  return {
    status,
    rEffM,
    basis,
    perSource,
    adviceRadiusM: status === 'DETECTABLE' ? null : roundUpRadius(basis.p50M),
  };
}
