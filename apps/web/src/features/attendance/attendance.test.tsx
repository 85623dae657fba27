import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ATTENDANCE_STATUSES,
  type AttendanceDay,
  type AttendanceDetail,
  type AttendanceSheet,
  type AttendanceStatus,
} from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';
import { pickerInput } from '../../test/pickers.ts';

/** Every status counted zero times (a sheet row's or a day's totals). */
const ZERO_TOTALS = Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, 0])) as Record<
  AttendanceStatus,
  number
>;

const day = (over: Partial<AttendanceDay> = {}): AttendanceDay => ({
  msisdnId: 40,
  msisdn: '+966501234567',
  employeeName: 'Omar Haddad',
  departmentName: 'Field Operations',
  zoneName: null,
  designationName: 'Driver',
  date: '2026-11-23',
  status: 'LATE',
  computedStatus: 'LATE',
  state: 'FINAL',
  shiftId: 1,
  shiftName: 'Office hours',
  timeZone: 'Asia/Riyadh',
  holidayName: null,
  windowStart: '2026-11-23T04:30:00.000Z',
  windowEnd: '2026-11-23T14:30:00.000Z',
  firstIn: '2026-11-23T05:55:00.000Z',
  firstInEarliest: '2026-11-23T05:50:00.000Z',
  lastOut: '2026-11-23T13:45:00.000Z',
  lastOutLatest: '2026-11-23T13:50:00.000Z',
  stillInside: false,
  minutesInside: 470,
  minutesFirstLast: 470,
  minutesEveryVisit: 470,
  minutesObserved: 560,
  outsideCoverage: 0.12,
  lateMinutes: 20,
  earlyExitMinutes: 0,
  arrivalUnverified: false,
  departureUnverified: false,
  reasons: [
    { code: 'attendance.why.visits', params: { count: 1, minutes: 470 } },
    { code: 'attendance.why.lateOutsideFix', params: { at: Date.parse('2026-11-23T05:50:00.000Z') } },
  ],
  override: null,
  computedAt: '2026-11-23T15:00:00.000Z',
  abilities: { override: true },
  ...over,
});
const detail = (d: AttendanceDay): AttendanceDetail => ({
  day: d,
  terms: {
    effectiveFrom: '2026-09-01',
    start: '08:30',
    end: '16:30',
    days: [7, 1, 2, 3, 4],
    timeZone: 'Asia/Riyadh',
    checkInBeforeMin: 60,
    checkOutAfterMin: 60,
    lateGraceMin: 10,
    earlyExitGraceMin: 10,
    halfDayThresholdMin: 240,
    absentThresholdMin: 60,
    hoursMethod: 'FIRST_IN_LAST_OUT',
    countOnHolidays: false,
    holidayListId: 3,
    holidayListName: 'Riyadh 2025–2027',
  },
  sites: [{ poiId: 7, name: 'Riyadh head office' }],
  visits: [
    {
      key: 'v1',
      poiId: 7,
      poiName: 'Riyadh head office',
      enteredAt: '2026-11-23T05:55:00.000Z',
      enteredEarliest: '2026-11-23T05:50:00.000Z',
      exitedAt: '2026-11-23T13:45:00.000Z',
      exitedLatest: '2026-11-23T13:50:00.000Z',
      dwellMinutes: 470,
      closedBy: 'EXIT',
    },
  ],
  fixes: [
    {
      time: '2026-11-23T05:50:00.000Z',
      lat: 24.7,
      lon: 46.6,
      accuracyM: 300,
      source: 'NETWORK',
      class: 'OUTSIDE',
    },
    {
      time: '2026-11-23T05:55:00.000Z',
      lat: 24.71,
      lon: 46.61,
      accuracyM: 200,
      source: 'NETWORK',
      class: 'INSIDE',
    },
  ],
  corrections: [],
});

setupSignedInTests();

describe('Attendance page', () => {
  it('/attendance/list: the day’s statuses with first in (shift’s zone), the why in words, and an override with a reason', async () => {
    let current = day();
    const { calls } = renderApp('/attendance/list?date=2026-11-23', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/attendance'))
        return jsonResponse({
          items: [
            current,
            day({
              msisdnId: 41,
              employeeName: 'Layla Nasser',
              status: 'PRESENT',
              computedStatus: 'PRESENT',
              state: 'PROVISIONAL',
              stillInside: true,
              lastOut: null,
            }),
          ],
          total: 2,
          page: 1,
          size: 20,
        });
      if (url.pathname.endsWith('/attendance/40/2026-11-23')) return jsonResponse(detail(current));
      if (url.pathname.endsWith('/pois/features')) return jsonResponse({ items: [], truncated: false });
      if (url.pathname.endsWith('/attendance/40/2026-11-23/override') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { status: string; reason: string };
        if (!body.reason.trim())
          return problem(400, 'problem.validation', [
            { path: 'reason', code: 'validation.commentRequired', message: 'x' },
          ]);
        current = day({
          status: 'PRESENT',
          override: {
            status: 'PRESENT',
            reason: body.reason,
            by: 'companyadmin',
            at: '2026-11-24T08:00:00.000Z',
          },
        });
        return jsonResponse(current);
      }
      return undefined;
    });
    expect(await screen.findByText('Omar Haddad')).toBeInTheDocument();
    expect(screen.getByText('Late')).toBeInTheDocument();
    // 05:55Z is 08:55 in Riyadh; the open day of the other reads "Inside since".
    expect(screen.getAllByText('08:55 AM')).toHaveLength(2);
    expect(screen.getByText('Inside since 08:55 AM')).toBeInTheDocument();
    expect(screen.getByText('Provisional')).toBeInTheDocument();
    const list = calls.find((c) => new URL(c.url, 'http://localhost').pathname.endsWith('/attendance'))!;
    expect(new URL(list.url, 'http://localhost').searchParams.get('date')).toBe('2026-11-23');

    fireEvent.click(screen.getByRole('button', { name: 'Omar Haddad' }));
    const drawer = await screen.findByRole('region', { name: 'Open the day' });
    expect(
      await within(drawer).findByText('A position away from the site at 08:50 AM, after the grace period'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Riyadh head office: 08:55 AM – 04:45 PM')).toBeInTheDocument();
    expect(within(drawer).getByText(/1 inside, 1 outside, 0 too imprecise/)).toBeInTheDocument();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Set status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the status by hand' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Comment is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Traffic accident on the way' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set the status by hand' })).not.toBeInTheDocument(),
    );
    const put = calls.filter((c) => c.init?.method === 'PUT').at(-1)!;
    expect(JSON.parse(String(put.init!.body))).toEqual({
      status: 'LATE',
      reason: 'Traffic accident on the way',
    });
  });

  it('an empty list of today says why (no window open yet) and what to do; a filtered one or another day’s says no more', async () => {
    const empty = (url: URL) =>
      url.pathname.endsWith('/attendance')
        ? jsonResponse({ items: [], total: 0, page: 1, size: 20 })
        : undefined;
    renderApp('/attendance/list', testUser('CompanyAdmin'), empty);
    expect(await screen.findByText('No Record Found')).toBeInTheDocument();
    expect(
      screen.getByText(/Today's attendance appears once a shift's check-in window opens/),
    ).toBeInTheDocument();
    cleanup();
    // Narrowed by a filter, the list may be empty for another reason.
    renderApp('/attendance/list?status=ABSENT', testUser('CompanyAdmin'), empty);
    expect(await screen.findByText('No Record Found')).toBeInTheDocument();
    expect(screen.queryByText(/check-in window opens/)).not.toBeInTheDocument();
    cleanup();
    renderApp('/attendance/list?date=2026-11-23', testUser('CompanyAdmin'), empty);
    expect(await screen.findByText('No Record Found')).toBeInTheDocument();
    expect(screen.queryByText(/check-in window opens/)).not.toBeInTheDocument();
  });

  it('the override action follows the server’s abilities', async () => {
    renderApp('/attendance/list?date=2026-11-23', testUser('ZoneAdmin'), (url) => {
      if (url.pathname.endsWith('/attendance'))
        return jsonResponse({
          items: [day({ abilities: { override: false } })],
          total: 1,
          page: 1,
          size: 20,
        });
      if (url.pathname.endsWith('/attendance/40/2026-11-23'))
        return jsonResponse(detail(day({ abilities: { override: false } })));
      if (url.pathname.endsWith('/pois/features')) return jsonResponse({ items: [], truncated: false });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Omar Haddad' }));
    const drawer = await screen.findByRole('region', { name: 'Open the day' });
    await within(drawer).findByText(/1 inside/);
    expect(within(drawer).queryByRole('button', { name: 'Set status' })).not.toBeInTheDocument();
  });

  it('the monthly sheet: a code per day, totals, the month sent to the server', async () => {
    const sheet: AttendanceSheet = {
      month: '2026-11',
      dates: Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`),
      rows: [
        {
          msisdnId: 40,
          msisdn: '+966501234567',
          employeeName: 'Omar Haddad',
          statuses: Array.from({ length: 30 }, (_, i) => (i === 22 ? 'LATE' : i === 23 ? 'PRESENT' : null)),
          totals: { ...ZERO_TOTALS, PRESENT: 1, LATE: 1 },
          minutesInside: 930,
        },
      ],
      dayTotals: Array.from({ length: 30 }, (_, i) => ({
        ...ZERO_TOTALS,
        PRESENT: i === 23 ? 1 : 0,
        LATE: i === 22 ? 1 : 0,
      })),
      total: 1,
      page: 1,
      size: 500,
    };
    const { calls } = renderApp(
      '/attendance/list?view=monthly&month=2026-11',
      testUser('CompanyAdmin'),
      (url) => {
        if (url.pathname.endsWith('/attendance/sheet')) return jsonResponse(sheet);
        return undefined;
      },
    );
    const table = await screen.findByRole('table', { name: /Attendance of/ });
    const row = within(table).getByRole('row', { name: /Omar Haddad/ });
    expect(within(row).getByText('L')).toBeInTheDocument();
    expect(within(row).getByText('P')).toBeInTheDocument();
    expect(within(row).getByText('15h 30m')).toBeInTheDocument();
    const request = calls.find((c) => c.url.includes('/attendance/sheet'))!;
    expect(new URL(request.url, 'http://localhost').searchParams.get('month')).toBe('2026-11');
  });
  it('the monthly sheet opens on the month of the last finished day: the month before on a first of the month', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // The first of this month, just after midnight (not later than the real clock: the signed-in user's token
      // must not have expired on the faked one).
      const real = new Date();
      const first = new Date(real.getFullYear(), real.getMonth(), 1, 0, 0, 30);
      const before = new Date(real.getFullYear(), real.getMonth() - 1, 1);
      const expected = `${before.getFullYear()}-${String(before.getMonth() + 1).padStart(2, '0')}`;
      vi.setSystemTime(first);
      const { calls } = renderApp('/attendance/list?view=monthly', testUser('CompanyAdmin'), (url) =>
        url.pathname.endsWith('/attendance/sheet')
          ? jsonResponse({
              month: '2026-11',
              dates: [],
              rows: [],
              dayTotals: [],
              total: 0,
              page: 1,
              size: 500,
            })
          : undefined,
      );
      await waitFor(() => expect(calls.some((c) => c.url.includes('/attendance/sheet'))).toBe(true));
      const request = calls.find((c) => c.url.includes('/attendance/sheet'))!;
      expect(new URL(request.url, 'http://localhost').searchParams.get('month')).toBe(expected);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the monthly sheet of 2,400 employees: only the rows in view are rendered, the others a page away', async () => {
    const dates = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    const pageOf = (page: number): AttendanceSheet => ({
      month: '2026-11',
      dates,
      rows: Array.from({ length: page < 3 ? 1000 : 400 }, (_, i) => ({
        msisdnId: page * 10_000 + i,
        msisdn: `+9665${String(page * 10_000 + i).padStart(8, '0')}`,
        employeeName: `Employee ${page}-${i}`,
        statuses: dates.map(() => 'PRESENT' as const),
        totals: { ...ZERO_TOTALS, PRESENT: 30 },
        minutesInside: 14_400,
      })),
      dayTotals: dates.map(() => ({ ...ZERO_TOTALS, PRESENT: 1000 })),
      total: 2400,
      page,
      size: 1000,
    });
    const { calls } = renderApp(
      '/attendance/list?view=monthly&month=2026-11',
      testUser('CompanyAdmin'),
      (url) => {
        if (url.pathname.endsWith('/attendance/sheet'))
          return jsonResponse(pageOf(Number(url.searchParams.get('page'))));
        return undefined;
      },
    );
    // Rows are picked by their text: a role query that names every row of a 30-day sheet
    // computes thousands of accessible names, which took most of this test's time in jsdom.
    const rowsWith = (table: HTMLElement, employee: RegExp) =>
      within(table)
        .getAllByRole('row')
        .filter((row) => employee.test(row.textContent ?? ''));
    const table = await screen.findByRole('table', { name: /Attendance of/ });
    await waitFor(() => expect(rowsWith(table, /Employee 1-0\b/)).toHaveLength(1));
    const rendered = within(table).getAllByRole('row').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(100);
    expect(rowsWith(table, /Employee 1-999\b/)).toHaveLength(0);
    // A day is a button named with the employee, the date and the status.
    const [first] = rowsWith(table, /Employee 1-0\b/);
    expect(within(first!).getAllByRole('button', { name: /^Employee 1-0, .*: Present$/ })).toHaveLength(30);
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(rowsWith(table, /Employee 3-0\b/)).toHaveLength(1));
    expect(rowsWith(table, /Employee 1-0\b/)).toHaveLength(0);
    const pages = calls
      .filter((c) => c.url.includes('/attendance/sheet'))
      .map((c) => new URL(c.url, 'http://localhost').searchParams);
    expect(pages.map((p) => [p.get('page'), p.get('size')])).toEqual([
      ['1', '1000'],
      ['3', '1000'],
    ]);
  });
});

describe('Shifts and holiday lists', () => {
  it('adds a shift from the Shifts view; the server’s field message shows under its field', async () => {
    const { calls } = renderApp('/attendance/list?view=shifts', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/shifts') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { start: string; end: string };
        if (body.start === body.end)
          return problem(400, 'problem.validation', [
            { path: 'end', code: 'attendance.shiftEmpty', message: 'x' },
          ]);
        return jsonResponse({}, 201);
      }
      if (url.pathname.endsWith('/shifts')) return jsonResponse({ items: [] });
      if (url.pathname.endsWith('/holiday-lists')) return jsonResponse({ items: [] });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add shift' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Night' } });
    fireEvent.change(pickerInput('Start', dialog), { target: { value: '22:00' } });
    fireEvent.change(pickerInput('End', dialog), { target: { value: '22:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'The end must differ from the start (an earlier end ends the next day)',
      ),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({
      name: 'Night',
      start: '22:00',
      end: '22:00',
      days: [1, 2, 3, 4, 5],
      lateGraceMin: 10,
      hoursMethod: 'FIRST_IN_LAST_OUT',
      holidayListId: null,
    });
  });
});
