import { describe, expect, it } from 'vitest';
import type { PositionSource } from '@lbs/contracts';
import { accuracyStats, basisOf, detectability, percentile, roundUpRadius } from './detectability.ts';

const samples = (source: PositionSource, values: (number | null)[]) =>
  values.map((accuracyM) => ({ source, accuracyM }));

describe('detectability', () => {
  it('computes percentiles as percentile_cont does', () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 0.9)).toBe(91);
    expect(percentile([7], 0.9)).toBe(7);
  });

  it('summarises each source, a missing accuracy counting as the classifier default', () => {
    const stats = accuracyStats([
      ...samples('NETWORK', [400, 600, null, 500]),
      ...samples('OSMAND', [10, 30]),
    ]);
    expect(stats).toEqual([
      { source: 'NETWORK', samples: 4, p50M: 550, p90M: 880 },
      { source: 'OSMAND', samples: 2, p50M: 20, p90M: 28 },
    ]);
  });

  it('judges DETECTABLE, MARGINAL and UNDETECTABLE against the median, with advice', () => {
    const network = accuracyStats(samples('NETWORK', [400, 450, 500, 550, 600]));
    expect(detectability(500, network)).toMatchObject({ status: 'DETECTABLE', adviceRadiusM: null });
    expect(detectability(499, network)).toMatchObject({ status: 'MARGINAL', adviceRadiusM: 500 });
    expect(detectability(200, network)).toMatchObject({ status: 'MARGINAL' });
    expect(detectability(199, network)).toMatchObject({ status: 'UNDETECTABLE', adviceRadiusM: 500 });
    expect(detectability(199, network).basis).toEqual({
      source: 'NETWORK',
      samples: 5,
      p50M: 500,
      p90M: 580,
    });
  });

  it('is UNKNOWN without enough history', () => {
    expect(detectability(100, [])).toEqual({
      status: 'UNKNOWN',
      rEffM: 100,
      basis: null,
      perSource: [],
      adviceRadiusM: null,
    });
    expect(detectability(100, accuracyStats(samples('NETWORK', [500, 500, 500, 500]))).status).toBe(
      'UNKNOWN',
    );
  });

  it('judges on the source with most positions, NETWORK on a tie', () => {
    const both = [...samples('NETWORK', Array(6).fill(800)), ...samples('OSMAND', Array(40).fill(15))];
    expect(detectability(100, accuracyStats(both))).toMatchObject({
      status: 'DETECTABLE',
      basis: { source: 'OSMAND' },
    });
    const tie = accuracyStats([
      ...samples('NETWORK', Array(6).fill(800)),
      ...samples('OWNTRACKS', Array(6).fill(15)),
    ]);
    expect(basisOf(tie)?.source).toBe('NETWORK');
    expect(basisOf([...tie].reverse())?.source).toBe('NETWORK');
  });

  it('rounds the advice up to a tidy radius', () => {
    expect([12, 61, 100, 101, 640, 1000, 1001, 1520].map(roundUpRadius)).toEqual([
      25, 70, 100, 150, 650, 1000, 1100, 1600,
    ]);
  });
});
