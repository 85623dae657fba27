import { describe, expect, it } from 'vitest';
import { zonedTimeToInstant } from '../tracking-window.ts';
import {
  activeUntil,
  isAssignmentActive,
  windowEndResolver,
  type AssignmentSchedule,
} from './active-assignments.ts';

const ROME = 'Europe/Rome';
/** An instant by Rome wall-clock time (March 2026: Monday the 2nd; DST starts Sunday the 29th at 02:00). */
const rome = (day: number, hour: number, minute = 0, month = 3) =>
  zonedTimeToInstant(ROME, 2026, month, day, hour, minute);

describe('active assignments', () => {
  const office: AssignmentSchedule = {
    days: [1, 2, 3, 4, 5],
    windows: [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:30' },
    ],
  };

  it('is active on its weekdays inside its windows, start inclusive and end exclusive', () => {
    expect(isAssignmentActive(office, ROME, rome(2, 8))).toBe(true);
    expect(isAssignmentActive(office, ROME, rome(2, 7, 59))).toBe(false);
    expect(isAssignmentActive(office, ROME, rome(2, 12))).toBe(false);
    expect(isAssignmentActive(office, ROME, rome(2, 17, 29))).toBe(true);
    expect(isAssignmentActive(office, ROME, rome(7, 10))).toBe(false); // Saturday
    expect(isAssignmentActive(office, 'Asia/Riyadh', rome(2, 8))).toBe(true); // 10:00 in Riyadh
    expect(isAssignmentActive(office, 'Asia/Riyadh', rome(2, 16))).toBe(false); // 18:00 in Riyadh
  });

  it('runs a window over midnight into the next day, as part of the day it starts', () => {
    const night: AssignmentSchedule = { days: [5], windows: [{ start: '22:00', end: '06:00' }] };
    expect(isAssignmentActive(night, ROME, rome(6, 23))).toBe(true); // Friday night
    expect(isAssignmentActive(night, ROME, rome(7, 5, 59))).toBe(true); // Saturday morning, Friday's shift
    expect(isAssignmentActive(night, ROME, rome(6, 3))).toBe(false); // Friday morning belongs to Thursday
    expect(activeUntil([night], ROME, rome(6, 23))).toBe(rome(7, 6));
  });

  it('honours the valid days, inclusive, by the day a window starts', () => {
    const night: AssignmentSchedule = {
      days: [1, 2, 3, 4, 5, 6, 7],
      windows: [{ start: '22:00', end: '06:00' }],
      validFrom: '2026-03-03',
      validTo: '2026-03-06',
    };
    expect(isAssignmentActive(night, ROME, rome(3, 3))).toBe(false); // Monday's shift: before validFrom
    expect(isAssignmentActive(night, ROME, rome(3, 23))).toBe(true);
    expect(isAssignmentActive(night, ROME, rome(7, 3))).toBe(true); // the shift that started on validTo
    expect(isAssignmentActive(night, ROME, rome(7, 23))).toBe(false);
  });

  it('follows the wall clock over the DST change', () => {
    const early: AssignmentSchedule = { days: [7], windows: [{ start: '01:00', end: '04:00' }] };
    const end = activeUntil([early], ROME, rome(29, 1, 30));
    expect(end).toBe(rome(29, 4));
    expect(end! - rome(29, 1)).toBe(2 * 3_600_000); // the clock skips 02:00–03:00
  });

  it('treats windows that follow on without a gap as one period; a 24/7 assignment never ends', () => {
    expect(activeUntil([office], ROME, rome(2, 9))).toBe(rome(2, 12));
    const lunchToo = { ...office, windows: [...office.windows, { start: '12:00', end: '13:00' }] };
    expect(activeUntil([lunchToo], ROME, rome(2, 9))).toBe(rome(2, 17, 30));
    // Two assignments of the same POI, one after the other.
    const evening: AssignmentSchedule = { days: [1], windows: [{ start: '17:30', end: '20:00' }] };
    expect(activeUntil([office, evening], ROME, rome(2, 14))).toBe(rome(2, 20));
    const weekdays: AssignmentSchedule = {
      days: [1, 2, 3, 4, 5],
      windows: [{ start: '00:00', end: '00:00' }],
    };
    expect(activeUntil([weekdays], ROME, rome(2, 9))).toBe(rome(7, 0));
    expect(activeUntil([{ ...weekdays, days: [1, 2, 3, 4, 5, 6, 7] }], ROME, rome(2, 9))).toBeNull();
    expect(
      activeUntil([{ ...weekdays, days: [1, 2, 3, 4, 5, 6, 7], validTo: '2026-03-20' }], ROME, rome(2, 9)),
    ).toBeNull();
    expect(
      activeUntil([{ ...weekdays, days: [1, 2, 3, 4, 5, 6, 7], validTo: '2026-03-10' }], ROME, rome(2, 9)),
    ).toBe(rome(11, 0));
    expect(activeUntil([office], ROME, rome(7, 9))).toBeUndefined();
    expect(windowEndResolver([office], ROME)(rome(7, 9))).toBeNull();
    expect(windowEndResolver([office], ROME)(rome(2, 9))).toBe(rome(2, 12));
  });
});
