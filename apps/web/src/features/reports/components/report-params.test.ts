import { describe, expect, it } from 'vitest';
import { defaultPeriod } from './report-params.ts';

describe('a report’s default period', () => {
  it('is this month so far, from the first of last month on a month’s first day (nothing of this month has ended)', () => {
    expect(defaultPeriod({ monthly: false, maxPeriodDays: 92 }, new Date(2026, 11, 17, 9))).toEqual({
      from: '2026-12-01',
      to: '2026-12-17',
    });
    expect(defaultPeriod({ monthly: false, maxPeriodDays: 92 }, new Date(2026, 11, 1, 6))).toEqual({
      from: '2026-11-01',
      to: '2026-12-01',
    });
    expect(defaultPeriod({ monthly: false, maxPeriodDays: 92 }, new Date(2027, 0, 1, 6))).toEqual({
      from: '2026-12-01',
      to: '2027-01-01',
    });
  });

  it('stays within the report’s longest period after a 31-day month', () => {
    // 1 December → 1 January is 32 days: the location history (31 days at most) starts on 2 December.
    expect(defaultPeriod({ monthly: false, maxPeriodDays: 31 }, new Date(2027, 0, 1, 6))).toEqual({
      from: '2026-12-02',
      to: '2027-01-01',
    });
    expect(defaultPeriod({ monthly: false, maxPeriodDays: 31 }, new Date(2026, 11, 1, 6))).toEqual({
      from: '2026-11-01',
      to: '2026-12-01',
    });
  });

  it('is the whole of last month for a monthly report', () => {
    expect(defaultPeriod({ monthly: true, maxPeriodDays: 92 }, new Date(2026, 11, 1, 6))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });
});
