import { beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceDay } from '@lbs/contracts';
import { i18n, initI18n, loadAreas, switchLanguage } from '../../../i18n/index.ts';
import { attendanceText } from './attendance-today.tsx';

const day = (over: Partial<AttendanceDay>): AttendanceDay => ({
  msisdnId: 40,
  msisdn: '+966501234567',
  employeeName: 'Omar Haddad',
  departmentName: null,
  zoneName: null,
  designationName: null,
  date: '2026-11-23',
  status: 'PRESENT',
  computedStatus: 'PRESENT',
  state: 'PROVISIONAL',
  shiftId: 1,
  shiftName: 'Office hours',
  timeZone: 'Asia/Riyadh',
  holidayName: null,
  windowStart: '2026-11-23T04:30:00.000Z',
  windowEnd: '2026-11-23T14:30:00.000Z',
  firstIn: '2026-11-23T05:03:00.000Z',
  firstInEarliest: '2026-11-23T05:00:00.000Z',
  lastOut: null,
  lastOutLatest: null,
  stillInside: true,
  minutesInside: 120,
  minutesFirstLast: 120,
  minutesEveryVisit: 120,
  minutesObserved: 130,
  outsideCoverage: 0,
  lateMinutes: 0,
  earlyExitMinutes: 0,
  arrivalUnverified: false,
  departureUnverified: false,
  reasons: [],
  override: null,
  computedAt: '2026-11-23T07:00:00.000Z',
  abilities: { override: true },
  ...over,
});

describe('the Monitor’s attendance words', () => {
  beforeAll(async () => {
    await initI18n('en-US');
    await loadAreas(['attendance', 'monitor']);
  });

  // A time of day keeps its AM/PM mark on its line (a no-break space: timeIn).
  it('says "present since" in the shift’s time zone while the day is open', () => {
    expect(attendanceText(day({}), i18n.t, 'en-US')).toBe('Present since 08:03\u00a0AM · Provisional');
    expect(
      attendanceText(
        day({ status: 'LATE', stillInside: false, lastOut: '2026-11-23T09:10:00.000Z' }),
        i18n.t,
        'en-US',
      ),
    ).toBe('Late · Left at 12:10\u00a0PM · Provisional');
    expect(
      attendanceText(day({ status: 'NO_DATA', firstIn: null, stillInside: false }), i18n.t, 'en-US'),
    ).toMatch(/Provisional$/);
  });

  it('gives a final day its status and hours, and an override its status', () => {
    const final = day({ state: 'FINAL', stillInside: false, lastOut: '2026-11-23T13:40:00.000Z' });
    expect(attendanceText(final, i18n.t, 'en-US')).toBe('Present · 08:03\u00a0AM–04:40\u00a0PM');
    const overridden = day({
      status: 'HALF_DAY',
      override: { status: 'HALF_DAY', reason: 'Doctor', by: 'companyadmin', at: '2026-11-23T10:00:00.000Z' },
    });
    expect(attendanceText(overridden, i18n.t, 'en-US')).toBe('Half day');
  });

  it('reads in Arabic digits and words', async () => {
    await switchLanguage('ar-SA');
    const text = attendanceText(day({}), i18n.t, 'ar-SA');
    expect(text).toContain('حاضر منذ');
    expect(text).toMatch(/[٠-٩]/);
    await switchLanguage('en-US');
  });
});
