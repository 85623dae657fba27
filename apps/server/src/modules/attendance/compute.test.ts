import { describe, expect, it } from 'vitest';
import {
  computeDay,
  shiftInstants,
  type AttendanceFix,
  type AttendanceVisit,
  type DayInput,
  type HolidayCalendar,
  type ShiftRule,
} from './compute.ts';

const MIN = 60_000;
/** Riyadh is UTC+3 all year: 08:00 local = 05:00Z. */
const riyadh = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+03:00`);

const alpha: ShiftRule = {
  start: '08:00',
  end: '17:00',
  days: [7, 1, 2, 3, 4],
  timeZone: 'Asia/Riyadh',
  checkInBeforeMin: 60,
  checkOutAfterMin: 60,
  lateGraceMin: 10,
  earlyExitGraceMin: 10,
  halfDayThresholdMin: 0,
  absentThresholdMin: 0,
  hoursMethod: 'FIRST_IN_LAST_OUT',
  countOnHolidays: false,
};
const saudi: HolidayCalendar = {
  weeklyOff: [5, 6],
  holidays: new Map([['2026-09-23', 'اليوم الوطني']]),
  workingDays: new Set(['2026-09-25']),
};
const DAY = '2026-09-21'; // a Monday

function visit(from: number, to: number | null, o: Partial<AttendanceVisit> = {}): AttendanceVisit {
  return {
    key: `v${from}`,
    poiId: 1,
    enteredAt: from,
    enteredEarliest: from - 5 * MIN,
    exitedAt: to,
    exitedLatest: to === null ? null : to + 5 * MIN,
    lastInsideAt: to ?? from,
    ...o,
  };
}
/** Fixes of one class every `every` minutes in [from, to). */
function fixes(cls: AttendanceFix['class'], from: number, to: number, every = 5): AttendanceFix[] {
  const out: AttendanceFix[] = [];
  for (let t = from; t < to; t += every * MIN) out.push({ time: t, class: cls });
  return out;
}
const day = (o: Partial<DayInput> & Pick<DayInput, 'visits' | 'fixes'>): DayInput => ({
  date: DAY,
  rule: alpha,
  calendar: saudi,
  fixSpanMs: 5 * MIN,
  now: riyadh('2026-09-22', '12:00'),
  ...o,
});
const r = (h: string) => riyadh(DAY, h);

describe('attendance: one day from visits and fixes', () => {
  const cases: { name: string; input: DayInput; expect: Record<string, unknown> }[] = [
    {
      name: 'on time all day: PRESENT, first in with its bound, minutes by both methods',
      input: day({
        visits: [visit(r('07:50'), r('17:05'))],
        fixes: [...fixes('OUTSIDE', r('07:00'), r('07:50')), ...fixes('INSIDE', r('07:50'), r('17:05'))],
      }),
      expect: {
        status: 'PRESENT',
        firstIn: r('07:50'),
        firstInEarliest: r('07:45'),
        lastOut: r('17:05'),
        lastOutLatest: r('17:10'),
        minutesFirstLast: 555,
        minutesEveryVisit: 555,
        lateMinutes: 0,
        arrivalUnverified: false,
      },
    },
    {
      name: 'an outside fix after start + grace, then the arrival: LATE by the evidence (20 minutes)',
      input: day({
        visits: [visit(r('08:25'), r('17:05'))],
        fixes: [...fixes('OUTSIDE', r('07:00'), r('08:25')), ...fixes('INSIDE', r('08:25'), r('17:05'))],
      }),
      expect: { status: 'LATE', lateMinutes: 20 },
    },
    {
      name: 'no fix in between but the entry bound after the grace: LATE',
      input: day({ visits: [visit(r('08:40'), r('17:05'), { enteredEarliest: r('08:20') })], fixes: [] }),
      expect: { status: 'LATE', lateMinutes: 20 },
    },
    {
      name: 'the entry bound after the grace is an ambiguous fix (a cell over the site): PRESENT, arrival unverified',
      input: day({
        visits: [visit(r('08:45'), r('17:05'), { enteredEarliest: r('08:30') })],
        fixes: [
          ...fixes('OUTSIDE', r('07:00'), r('07:30'), 15),
          ...fixes('AMBIGUOUS', r('07:30'), r('08:45'), 15),
          ...fixes('INSIDE', r('08:45'), r('17:05'), 15),
        ],
      }),
      expect: { status: 'PRESENT', arrivalUnverified: true, lateMinutes: 0, firstInEarliest: r('07:15') },
    },
    {
      name: 'the exit bound before the grace is an ambiguous fix: PRESENT, departure unverified; an outside one after it is no evidence either',
      input: day({
        visits: [visit(r('07:50'), r('16:15'), { exitedLatest: r('16:30') })],
        fixes: [
          ...fixes('INSIDE', r('07:50'), r('16:30'), 15),
          ...fixes('AMBIGUOUS', r('16:30'), r('17:00'), 15),
          ...fixes('OUTSIDE', r('17:00'), r('17:30'), 15),
        ],
      }),
      expect: {
        status: 'PRESENT',
        departureUnverified: true,
        earlyExitMinutes: 0,
        lastOutLatest: r('17:00'),
      },
    },
    {
      name: 'the entry bound after the grace is a fix at another of the employee’s sites: PRESENT',
      input: day({
        visits: [visit(r('09:00'), r('17:05'), { enteredEarliest: r('08:45') })],
        fixes: [
          ...fixes('INSIDE', r('07:45'), r('08:50'), 15),
          ...fixes('INSIDE', r('09:00'), r('17:05'), 15),
        ],
      }),
      expect: { status: 'PRESENT', lateMinutes: 0 },
    },
    {
      name: '15-minute polls: a first inside fix at 08:15 with only ambiguous fixes before is PRESENT, arrival unverified',
      input: day({
        fixSpanMs: 15 * MIN,
        visits: [visit(r('08:15'), r('17:00'), { enteredEarliest: r('08:00') })],
        fixes: [
          ...fixes('AMBIGUOUS', r('07:00'), r('08:15'), 15),
          ...fixes('INSIDE', r('08:15'), r('17:00'), 15),
        ],
      }),
      expect: { status: 'PRESENT', arrivalUnverified: true, lateMinutes: 0 },
    },
    {
      name: '5-minute polls: an entry between 08:07 and 08:12 is never LATE with a 10-minute grace',
      input: day({
        visits: [visit(r('08:12'), r('17:02'), { enteredEarliest: r('08:07') })],
        fixes: [...fixes('AMBIGUOUS', r('07:02'), r('08:12')), ...fixes('INSIDE', r('08:12'), r('17:02'))],
      }),
      expect: { status: 'PRESENT', arrivalUnverified: true },
    },
    {
      name: 'left at 16:00 (outside from 16:05): EARLY_EXIT, 55 minutes',
      input: day({
        visits: [visit(r('07:50'), r('16:00'))],
        fixes: [...fixes('INSIDE', r('07:50'), r('16:05')), ...fixes('OUTSIDE', r('16:05'), r('18:00'))],
      }),
      expect: { status: 'EARLY_EXIT', earlyExitMinutes: 55 },
    },
    {
      name: 'late and early: LATE_AND_EARLY_EXIT',
      input: day({
        visits: [visit(r('09:00'), r('15:00'))],
        fixes: [
          ...fixes('OUTSIDE', r('07:00'), r('09:00')),
          ...fixes('INSIDE', r('09:00'), r('15:05')),
          ...fixes('OUTSIDE', r('15:05'), r('18:00')),
        ],
      }),
      expect: { status: 'LATE_AND_EARLY_EXIT', lateMinutes: 55, earlyExitMinutes: 115 },
    },
    {
      name: 'three hours inside with a four-hour half-day threshold: HALF_DAY',
      input: day({
        rule: { ...alpha, halfDayThresholdMin: 240, absentThresholdMin: 60 },
        visits: [visit(r('07:55'), r('10:55'))],
        fixes: [...fixes('INSIDE', r('07:55'), r('11:00')), ...fixes('OUTSIDE', r('11:00'), r('18:00'))],
      }),
      expect: { status: 'HALF_DAY', minutesInside: 180 },
    },
    {
      name: 'thirty minutes inside with a one-hour absent threshold: ABSENT',
      input: day({
        rule: { ...alpha, halfDayThresholdMin: 240, absentThresholdMin: 60 },
        visits: [visit(r('07:55'), r('08:25'))],
        fixes: [...fixes('INSIDE', r('07:55'), r('08:30')), ...fixes('OUTSIDE', r('08:30'), r('18:00'))],
      }),
      expect: { status: 'ABSENT', minutesInside: 30 },
    },
    {
      name: 'no visit and outside fixes all day: ABSENT, with the evidence',
      input: day({ visits: [], fixes: fixes('OUTSIDE', r('07:00'), r('18:00')) }),
      expect: { status: 'ABSENT', outsideCoverage: 1 },
    },
    {
      name: '15-minute polls outside all day: ABSENT (each fix speaks for its poll)',
      input: day({ fixSpanMs: 15 * MIN, visits: [], fixes: fixes('OUTSIDE', r('07:00'), r('18:00'), 15) }),
      expect: { status: 'ABSENT', outsideCoverage: 1 },
    },
    {
      name: 'no visit and outside fixes for two hours only: NO_DATA, never ABSENT',
      input: day({ visits: [], fixes: fixes('OUTSIDE', r('08:00'), r('10:00')) }),
      expect: { status: 'NO_DATA' },
    },
    {
      name: 'phone off all day: NO_DATA',
      input: day({ visits: [], fixes: [] }),
      expect: { status: 'NO_DATA', minutesObserved: 0 },
    },
    {
      name: 'ambiguous fixes only (a kilometre-wide cell): NO_DATA',
      input: day({ visits: [], fixes: fixes('AMBIGUOUS', r('07:00'), r('18:00')) }),
      expect: { status: 'NO_DATA', minutesObserved: 0 },
    },
    {
      name: 'a named holiday: HOLIDAY',
      input: day({ date: '2026-09-23', visits: [], fixes: [] }),
      expect: { status: 'HOLIDAY', holidayName: 'اليوم الوطني' },
    },
    {
      name: 'a Saturday of the Friday–Saturday weekend: WEEKLY_OFF',
      input: day({ date: '2026-09-26', visits: [], fixes: [] }),
      expect: { status: 'WEEKLY_OFF', kind: 'WEEKLY_OFF' },
    },
    {
      name: 'a Friday made a working day: counted (ABSENT with evidence)',
      input: day({
        date: '2026-09-25',
        visits: [],
        fixes: fixes('OUTSIDE', riyadh('2026-09-25', '07:00'), riyadh('2026-09-25', '18:00')),
      }),
      expect: { status: 'ABSENT', kind: 'WORKING' },
    },
    {
      name: 'a holiday counted when the shift says so and someone came',
      input: day({
        date: '2026-09-23',
        rule: { ...alpha, countOnHolidays: true },
        visits: [visit(riyadh('2026-09-23', '07:55'), riyadh('2026-09-23', '17:05'))],
        fixes: [],
      }),
      expect: { status: 'PRESENT', kind: 'HOLIDAY' },
    },
    {
      name: 'two sites the same morning: every valid visit counts their union once',
      input: day({
        rule: { ...alpha, hoursMethod: 'EVERY_VALID_VISIT' },
        visits: [visit(r('07:55'), r('12:00')), visit(r('11:30'), r('17:05'), { poiId: 2, key: 'second' })],
        fixes: [],
      }),
      expect: {
        status: 'PRESENT',
        minutesEveryVisit: 550,
        minutesFirstLast: 550,
        visitKeys: [`v${r('07:55')}`, 'second'],
      },
    },
    {
      name: 'a gap between two visits: first-in/last-out counts it, every valid visit does not',
      input: day({
        rule: { ...alpha, hoursMethod: 'EVERY_VALID_VISIT' },
        visits: [visit(r('07:55'), r('12:00')), visit(r('13:00'), r('17:05'), { key: 'pm' })],
        fixes: [],
      }),
      expect: { minutesFirstLast: 550, minutesEveryVisit: 490, minutesInside: 490 },
    },
    {
      name: 'mid-morning with the visit open: PRESENT and live, no early exit or threshold yet',
      input: day({
        rule: { ...alpha, halfDayThresholdMin: 240 },
        now: r('10:00'),
        visits: [visit(r('07:55'), null, { lastInsideAt: r('09:55') })],
        fixes: fixes('INSIDE', r('07:55'), r('10:00')),
      }),
      expect: { status: 'PRESENT', stillInside: true, earlyExitMinutes: 0 },
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      expect(computeDay(c.input)).toMatchObject(c.expect);
    });

  it('grace boundaries: an entry bound exactly at start + grace is on time, a minute later is LATE', () => {
    const at = (bound: string) =>
      computeDay(day({ visits: [visit(r('08:15'), r('17:05'), { enteredEarliest: r(bound) })], fixes: [] }))
        .status;
    expect(at('08:10')).toBe('PRESENT');
    expect(at('08:11')).toBe('LATE');
    const leave = (latest: string) =>
      computeDay(day({ visits: [visit(r('07:55'), r('16:45'), { exitedLatest: r(latest) })], fixes: [] }))
        .status;
    expect(leave('16:50')).toBe('PRESENT');
    expect(leave('16:49')).toBe('EARLY_EXIT');
  });
});

describe('attendance: night shifts and daylight saving time (Europe/Rome)', () => {
  const night: ShiftRule = {
    ...alpha,
    start: '22:00',
    end: '06:00',
    days: [1, 2, 3, 4, 5, 6, 7],
    timeZone: 'Europe/Rome',
  };
  const rome = (local: string, offset: '+01:00' | '+02:00') => Date.parse(`${local}:00${offset}`);

  it('a night shift ends the next morning; a stay across midnight is PRESENT on the shift date', () => {
    const date = '2026-06-10';
    const shift = shiftInstants(night, date);
    expect(shift.start).toBe(rome('2026-06-10T22:00', '+02:00'));
    expect(shift.end).toBe(rome('2026-06-11T06:00', '+02:00'));
    const result = computeDay({
      date,
      rule: night,
      calendar: null,
      visits: [visit(rome('2026-06-10T21:50', '+02:00'), rome('2026-06-11T06:05', '+02:00'))],
      fixes: [],
      fixSpanMs: 5 * MIN,
      now: rome('2026-06-12T12:00', '+02:00'),
    });
    expect(result).toMatchObject({ status: 'PRESENT', minutesFirstLast: 495 });
  });

  it('the October change (25 October 2026): the night is nine hours long', () => {
    const shift = shiftInstants(night, '2026-10-24');
    expect(shift.start).toBe(rome('2026-10-24T22:00', '+02:00'));
    expect(shift.end).toBe(rome('2026-10-25T06:00', '+01:00'));
    expect((shift.end - shift.start) / 3_600_000).toBe(9);
    const result = computeDay({
      date: '2026-10-24',
      rule: night,
      calendar: null,
      visits: [visit(rome('2026-10-24T21:55', '+02:00'), rome('2026-10-25T06:00', '+01:00'))],
      fixes: [],
      fixSpanMs: 5 * MIN,
      now: Date.parse('2026-10-26T12:00:00Z'),
    });
    expect(result).toMatchObject({ status: 'PRESENT', minutesFirstLast: 545 });
  });

  it('the March change (28 March 2027): the night is seven hours long', () => {
    const shift = shiftInstants(night, '2027-03-27');
    expect((shift.end - shift.start) / 3_600_000).toBe(7);
  });

  it('a wall time the spring change skips moves forward; one the autumn change repeats is the first', () => {
    const early = { ...night, start: '02:30', end: '10:00' };
    // 28 March 2027: 02:00 → 03:00, so 02:30 does not exist; the shift starts at the change (01:00Z).
    expect(shiftInstants(early, '2027-03-28').start).toBe(Date.parse('2027-03-28T01:00:00Z'));
    // 25 October 2026: 03:00 → 02:00, so 02:30 happens twice; the first is 00:30Z.
    expect(shiftInstants(early, '2026-10-25').start).toBe(Date.parse('2026-10-25T00:30:00Z'));
  });

  it('a night shift whose morning is late: the outside fixes after midnight are the evidence', () => {
    const result = computeDay({
      date: '2026-06-10',
      rule: night,
      calendar: null,
      visits: [visit(rome('2026-06-10T23:30', '+02:00'), rome('2026-06-11T06:05', '+02:00'))],
      fixes: [...fixes('OUTSIDE', rome('2026-06-10T21:00', '+02:00'), rome('2026-06-10T23:30', '+02:00'))],
      fixSpanMs: 5 * MIN,
      now: rome('2026-06-12T12:00', '+02:00'),
    });
    expect(result).toMatchObject({ status: 'LATE', lateMinutes: 85 });
  });
});
