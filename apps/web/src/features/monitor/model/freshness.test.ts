import { describe, expect, it } from 'vitest';
import { freshnessOf, LIVE_WINDOW_MS } from './freshness.ts';

const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('freshnessOf', () => {
  it('is live for a fix younger than 15 minutes and stale from 15 minutes on', () => {
    expect(LIVE_WINDOW_MS).toBe(15 * 60_000);
    expect(freshnessOf('GRANTED', NOW, NOW)).toBe('live');
    expect(freshnessOf('GRANTED', NOW - LIVE_WINDOW_MS + 1, NOW)).toBe('live');
    expect(freshnessOf('GRANTED', NOW - LIVE_WINDOW_MS, NOW)).toBe('stale');
    expect(freshnessOf('GRANTED', NOW - 3 * 86_400_000, NOW)).toBe('stale');
  });

  it('counts a fix from the future (clock skew) as live', () => {
    expect(freshnessOf('GRANTED', NOW + 120_000, NOW)).toBe('live');
  });

  it('is "no fix" without a position (or with an unreadable time)', () => {
    expect(freshnessOf('GRANTED', undefined, NOW)).toBe('noFix');
    expect(freshnessOf('GRANTED', Number.NaN, NOW)).toBe('noFix');
  });

  it('is "no consent" for PENDING and REVOKED, even with a fresh fix', () => {
    expect(freshnessOf('PENDING', NOW, NOW)).toBe('noConsent');
    expect(freshnessOf('REVOKED', NOW - 60_000, NOW)).toBe('noConsent');
    expect(freshnessOf('REVOKED', undefined, NOW)).toBe('noConsent');
  });

  it('classifies by time alone while the consent is not known yet (directory loading)', () => {
    expect(freshnessOf(undefined, NOW - 60_000, NOW)).toBe('live');
    expect(freshnessOf(undefined, NOW - LIVE_WINDOW_MS * 2, NOW)).toBe('stale');
    expect(freshnessOf(undefined, undefined, NOW)).toBe('noFix');
  });
});
