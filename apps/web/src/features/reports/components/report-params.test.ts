import { describe, expect, it } from 'vitest';
import { defaultPeriod } from './report-params.ts';

describe('a report’s default period', () => {
  it('is this month so far, from the first of last month on a month’s first day (nothing of this month has ended)', () => {
    expect(defaultPeriod({ monthly: false }, new Date(2026, 11, 17, 9))).toEqual({
      from: '2026-12-01',
      to: '2026-12-17',
    });
    expect(defaultPeriod({ monthly: false }, new Date(2026, 11, 1, 6))).toEqual({
      from: '2026-11-01',
      to: '2026-12-01',
    });
    expect(defaultPeriod({ monthly: false }, new Date(2027, 0, 1, 6))).toEqual({
      from: '2026-12-01',
      to: '2027-01-01',
    });
  });

  it('is the whole of last month for a monthly report', () => {
    expect(defaultPeriod({ monthly: true }, new Date(2026, 11, 1, 6))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });
});
