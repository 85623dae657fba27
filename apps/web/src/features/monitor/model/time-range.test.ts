import { describe, expect, it } from 'vitest';
import { fromLocalInput, presetRange, rangeProblem, toLocalInput } from './time-range.ts';

describe('history periods', () => {
  const now = new Date(2026, 10, 22, 14, 30, 15);

  it('turns presets into periods ending now', () => {
    expect(presetRange('hour', now)).toEqual({ from: new Date(2026, 10, 22, 13, 30, 15), to: now });
    expect(presetRange('today', now)).toEqual({ from: new Date(2026, 10, 22), to: now });
    expect(presetRange('day', now).from.getTime()).toBe(now.getTime() - 86_400_000);
    expect(presetRange('week', now).from.getTime()).toBe(now.getTime() - 7 * 86_400_000);
  });

  it('round-trips datetime-local values in local time and refuses malformed ones', () => {
    expect(toLocalInput(now)).toBe('2026-11-22T14:30');
    expect(fromLocalInput('2026-11-22T14:30')).toEqual(new Date(2026, 10, 22, 14, 30));
    expect(fromLocalInput('2026-02-30T10:00')).toBeUndefined();
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('yesterday')).toBeUndefined();
  });

  it('accepts from < to within 31 days and the portal’s date bounds', () => {
    const day = 86_400_000;
    expect(rangeProblem(new Date(now.getTime() - day), now)).toBeNull();
    expect(rangeProblem(new Date(now.getTime() - 31 * day), now)).toBeNull();
    expect(rangeProblem(new Date(now.getTime() - 31 * day - 1), now)).toBe('location.rangeInvalid');
    expect(rangeProblem(now, now)).toBe('location.rangeInvalid');
    expect(rangeProblem(now, new Date(now.getTime() - 1))).toBe('location.rangeInvalid');
    expect(rangeProblem(new Date(1899, 11, 31), new Date(1900, 0, 2))).toBe('location.rangeInvalid');
    expect(rangeProblem(undefined, now)).toBe('validation.required');
  });
});
