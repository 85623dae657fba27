export interface Backoff {
  /** Delay after the first failure. */
  baseMs: number;
  /** Longest delay, however many failures. */
  maxMs: number;
}

/**
 * Exponential backoff with "equal jitter": after the n-th failure (n ≥ 1) wait between half and all of
 * min(max, base·2^(n-1)), so retries of many rows that failed together spread out but never come sooner than half
 * the nominal delay. `random` is injectable for tests.
 */
export function backoffDelay(
  failures: number,
  { baseMs, maxMs }: Backoff,
  random: () => number = Math.random,
): number {
  const nominal = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
  return Math.round(nominal / 2 + (random() * nominal) / 2);
}
