import type { ConsentStatus } from '@lbs/contracts';

/** A fix younger than this is "live" on the Monitor page; older ones are "stale". */
export const LIVE_WINDOW_MS = 15 * 60_000;

/** What a marker's colour says about an MSISDN, in order of precedence. */
export const FRESHNESS = ['live', 'stale', 'noFix', 'noConsent'] as const;
export type Freshness = (typeof FRESHNESS)[number];

/** Marker, list-dot and legend colours (readable on the light and the dark base map). */
export const FRESHNESS_COLORS: Record<Freshness, string> = {
  live: '#16A34A',
  stale: '#F59E0B',
  noFix: '#94A3B8',
  noConsent: '#DC2626',
};

/**
 * No consent (anything but GRANTED) wins over everything; then no position at all; then the age of the fix. An
 * unknown consent (the MSISDN directory is still loading) does not hide a fix. A fix "from the future" (clock skew
 * between phone, network and browser) counts as live.
 */
export function freshnessOf(
  consentStatus: ConsentStatus | undefined,
  fixTimeMs: number | undefined,
  nowMs: number,
): Freshness {
  if (consentStatus !== undefined && consentStatus !== 'GRANTED') return 'noConsent';
  if (fixTimeMs === undefined || Number.isNaN(fixTimeMs)) return 'noFix';
  return nowMs - fixTimeMs < LIVE_WINDOW_MS ? 'live' : 'stale';
}
