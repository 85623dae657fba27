import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportDashboard, ReportExport, ReportKey, ReportPage, ReportRow } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';

setupSignedInTests();

const DASHBOARD: ReportDashboard = {
  month: '2026-11',
  attendanceRate: 92.5,
  locatesUsed: 1234,
  locatesIncluded: 5000,
  tasksDone: 17,
  tasksDue: 20,
  msisdnsWithoutConsent: 3,
  msisdns: 40,
};

const CONTEXT = {
  company: { id: 1, name: 'Alpha Logistics' },
  timeZone: 'Asia/Riyadh',
  from: '2026-11-01',
  to: '2026-11-26',
  department: 'Field Operations',
  zone: null,
};

const page = (report: ReportKey, items: ReportRow[], total = items.length): ReportPage => ({
  report,
  context: CONTEXT,
  items,
  total,
  page: 1,
  size: 20,
});

const DAY: ReportRow = {
  date: '2026-11-23',
  msisdn: '+966501234567',
  employee: 'Omar Haddad',
  department: 'Field Operations',
  zone: null,
  designation: 'Driver',
  shift: 'Office hours',
  status: 'LATE',
  firstIn: '2026-11-23T05:55:00.000Z',
  lastOut: '2026-11-23T13:45:00.000Z',
  inside: 28_200,
  lateBy: 1_500,
  earlyBy: null,
  overridden: false,
};

const job = (patch: Partial<ReportExport> = {}): ReportExport => ({
  id: 5,
  report: 'attendanceDaily',
  format: 'xlsx',
  status: 'QUEUED',
  rows: 0,
  total: null,
  bytes: null,
  fileName: null,
  error: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  ...patch,
});

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** The reports API of a CompanyAdmin who may run the attendance reports and the visits; `extra` answers the rest. */
function reportsApi(extra: Handler = () => undefined): Handler {
  return (url, init) => {
    const path = url.pathname;
    if (path.endsWith('/reports'))
      return jsonResponse({
        items: [{ key: 'visits' }, { key: 'attendanceDaily' }, { key: 'attendanceMonthly' }],
      });
    if (path.endsWith('/reports/dashboard')) return jsonResponse(DASHBOARD);
    if (/\/(departments|zones|designations|companies)$/.test(path))
      return jsonResponse({ items: [], total: 0, page: 1, size: 100 });
    if (path.endsWith('/pois/features')) return jsonResponse({ items: [], truncated: false });
    if (path.endsWith('/chart'))
      return jsonResponse({
        chart: 'attendanceRate',
        labels: ['2026-11-01', '2026-11-02'],
        series: [{ key: 'rate', values: [90, 95] }],
      });
    return extra(url, init);
  };
}

/** Captures the files the page hands to the browser (their names). */
function captureDownloads(): string[] {
  const saved: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:report'), configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe('Reports page', () => {
  it('shows the month’s figures and only the reports the server lists, grouped', async () => {
    const { apiCalls } = renderApp('/reports', testUser('CompanyAdmin'), reportsApi());
    const catalogue = await screen.findByRole('navigation', { name: 'Available reports' });
    expect(within(catalogue).getByRole('heading', { name: 'Attendance' })).toBeInTheDocument();
    expect(within(catalogue).getByRole('heading', { name: 'Locations and visits' })).toBeInTheDocument();
    expect(within(catalogue).queryByRole('heading', { name: 'Usage and billing' })).toBeNull();
    expect(within(catalogue).getByRole('button', { name: /Visits/ })).toBeInTheDocument();
    expect(within(catalogue).queryByRole('button', { name: /Location history/ })).toBeNull();
    expect(await screen.findByText('92.5%')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('of 5,000 included in the tariff')).toBeInTheDocument();
    expect(screen.getByText('of 20 due so far this month')).toBeInTheDocument();
    expect(screen.getByText('of 40 numbers')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This month so far: November 2026' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Scheduled' })).toHaveAttribute('aria-selected', 'false');
    // A CompanyAdmin runs its own company: no company is named.
    expect(apiCalls().find((c) => c.url.pathname.endsWith('/dashboard'))!.url.search).toBe('');
  });

  it('a SuperAdmin picks the company first; the server’s field errors show on their fields, translated', async () => {
    renderApp(
      '/reports?report=visits',
      testUser('SuperAdmin'),
      reportsApi((url) => {
        if (url.pathname.endsWith('/reports/visits/rows'))
          return problem(400, 'problem.validation', [
            { path: 'query.companyId', code: 'report.companyRequired', message: 'report.companyRequired' },
            {
              path: 'query.to',
              code: 'validation.periodTooLong',
              message: 'validation.periodTooLong',
              params: { max: 92 },
            },
          ]);
        return undefined;
      }),
    );
    expect(
      await screen.findByText('Choose a company to see its month and run its reports.'),
    ).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Run report' }));
    expect(await screen.findByText('The period may span at most 92 days')).toBeInTheDocument();
    expect(screen.getByText('Choose a company')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveAttribute('aria-invalid', 'true');
    // No table for a run the server refused.
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('runs a report: its parameters, the context line, columns titled and each value written its type’s way', async () => {
    const { apiCalls } = renderApp(
      '/reports?report=attendanceDaily',
      testUser('CompanyAdmin'),
      reportsApi((url) => {
        if (url.pathname.endsWith('/reports/attendanceDaily/rows'))
          return jsonResponse(
            page('attendanceDaily', [
              DAY,
              { ...DAY, employee: 'Layla Nasser', overridden: true, inside: null },
            ]),
          );
        return undefined;
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Run report' }));
    const grid = await screen.findByRole('grid', { name: 'Attendance: daily list' });
    const rowsCall = apiCalls().find((c) => c.url.pathname.endsWith('/rows'))!.url.searchParams;
    expect(rowsCall.get('sort')).toBe('-date');
    expect(rowsCall.get('page')).toBe('1');
    expect(rowsCall.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(rowsCall.get('companyId')).toBeNull();
    // Titles: the shared columns' names.
    expect(within(grid).getByRole('columnheader', { name: 'Mobile number' })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Employee' })).toBeInTheDocument();
    const omar = within(grid).getByRole('row', { name: /Omar Haddad/ });
    // 05:55Z in Riyadh (UTC+3) is 8:55; 28,200 s inside is 7:50; not overridden.
    expect(omar).toHaveTextContent('Nov 23, 2026, 8:55 AM');
    expect(omar).toHaveTextContent('7:50');
    expect(omar).toHaveTextContent('0:25');
    expect(within(omar).getByText('No')).toBeInTheDocument();
    expect(within(omar).getByText('+966501234567')).toHaveAttribute('dir', 'ltr');
    expect(
      within(within(grid).getByRole('row', { name: /Layla Nasser/ })).getByText('Yes'),
    ).toBeInTheDocument();
    // The header line: company, scope, period and time zone.
    expect(screen.getByText('Alpha Logistics')).toBeInTheDocument();
    expect(screen.getByText('Field Operations', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Nov 1, 2026 – Nov 26, 2026')).toBeInTheDocument();
    expect(screen.getByText('Asia/Riyadh')).toBeInTheDocument();
    // Its chart: the attendance rate.
    expect(await screen.findByRole('figure', { name: 'Chart of the report' })).toBeInTheDocument();
  });

  it('exports a small result at once in the interface language and the table’s sort', async () => {
    const saved = captureDownloads();
    const { apiCalls } = renderApp(
      '/reports?report=attendanceDaily',
      testUser('CompanyAdmin'),
      reportsApi((url) => {
        if (url.pathname.endsWith('/rows')) return jsonResponse(page('attendanceDaily', [DAY]));
        if (url.pathname.endsWith('/reports/attendanceDaily/export'))
          return new Response('\ufeffDate,Mobile number\r\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="attendance-daily.csv"',
            },
          });
        return undefined;
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Run report' }));
    await screen.findByRole('grid');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV file (any size)' }));
    await waitFor(() => expect(saved).toEqual(['attendance-daily.csv']));
    const exported = apiCalls().find((c) => c.url.pathname.endsWith('/export'))!.url.searchParams;
    expect(exported.get('format')).toBe('csv');
    expect(exported.get('locale')).toBe('en-US');
    expect(exported.get('sort')).toBe('-date');
    expect(apiCalls().some((c) => c.url.pathname.endsWith('/report-exports'))).toBe(false);
  });

  it('exports a large result as a job: progress, then the download; Cancel stops one', async () => {
    const saved = captureDownloads();
    let polls = 0;
    const { apiCalls } = renderApp(
      '/reports?report=attendanceDaily',
      testUser('CompanyAdmin'),
      reportsApi((url, init) => {
        if (url.pathname.endsWith('/rows')) return jsonResponse(page('attendanceDaily', [DAY], 25_000));
        if (url.pathname.endsWith('/report-exports') && init?.method === 'POST')
          return jsonResponse(job(), 202);
        if (url.pathname.endsWith('/report-exports/5')) {
          polls += 1;
          return jsonResponse(
            polls === 1
              ? job({ status: 'RUNNING', rows: 5_000, total: 25_000 })
              : job({
                  status: 'DONE',
                  rows: 25_000,
                  total: 25_000,
                  fileName: 'attendance-daily.xlsx',
                  expiresAt: '2026-11-27T10:00:00.000Z',
                }),
          );
        }
        if (url.pathname.endsWith('/report-exports/5/file'))
          return new Response('PK', {
            headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
          });
        if (url.pathname.endsWith('/report-exports/6') && init?.method === 'DELETE')
          return new Response(null, { status: 204 });
        if (url.pathname.endsWith('/report-exports/6'))
          return jsonResponse(job({ id: 6, status: 'RUNNING', rows: 10, total: 25_000 }));
        return undefined;
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Run report' }));
    await screen.findByRole('grid');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel workbook (XLSX)' }));
    expect(await screen.findByText('Preparing the export: 5,000 of 25,000 rows')).toBeInTheDocument();
    const body = JSON.parse(
      String(apiCalls().find((c) => c.url.pathname.endsWith('/report-exports'))!.init!.body),
    ) as Record<string, unknown>;
    expect(body).toMatchObject({ report: 'attendanceDaily', format: 'xlsx', locale: 'en-US', sort: '-date' });
    expect(body.params).toMatchObject({ from: expect.stringMatching(/-01$/) as unknown });
    // The inline download is not tried for a result above the limit.
    expect(apiCalls().some((c) => c.url.pathname.endsWith('/export'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Download attendance-daily.xlsx' }));
    await waitFor(() => expect(saved).toEqual(['attendance-daily.xlsx']));
  });

  it('falls back to a job on 413 report.tooLargeToDownload, can cancel it, and says why a format is refused', async () => {
    const { apiCalls } = renderApp(
      '/reports?report=attendanceDaily',
      testUser('CompanyAdmin'),
      reportsApi((url, init) => {
        if (url.pathname.endsWith('/rows')) return jsonResponse(page('attendanceDaily', [DAY], 900));
        if (url.pathname.endsWith('/export') && url.searchParams.get('format') === 'pdf')
          return problem(400, 'report.tooManyRows', [
            {
              path: 'format',
              code: 'report.tooManyRows',
              message: 'report.tooManyRows',
              params: { rows: 6000, format: 'PDF', max: 5000 },
            },
          ]);
        if (url.pathname.endsWith('/export')) return problem(413, 'report.tooLargeToDownload');
        if (url.pathname.endsWith('/report-exports') && init?.method === 'POST')
          return jsonResponse(job({ id: 6 }), 202);
        if (url.pathname.endsWith('/report-exports/6') && init?.method === 'DELETE')
          return new Response(null, { status: 204 });
        if (url.pathname.endsWith('/report-exports/6'))
          return jsonResponse(job({ id: 6, status: 'RUNNING', rows: 10, total: 900 }));
        return undefined;
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Run report' }));
    await screen.findByRole('grid');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'PDF document' }));
    expect(
      await screen.findByText(
        'This export would hold 6000 rows; a PDF file holds at most 5000. Export CSV or choose a shorter period',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV file (any size)' }));
    expect(await screen.findByText('Preparing the export: 10 of 900 rows')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('The export was cancelled.')).toBeInTheDocument();
    expect(
      apiCalls().some((c) => c.url.pathname.endsWith('/report-exports/6') && c.init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('in Arabic the page is right to left, in Arabic words and digits', async () => {
    localStorage.setItem('settings', JSON.stringify({ locale: 'ar-SA' }));
    renderApp(
      '/reports?report=attendanceDaily',
      testUser('CompanyAdmin'),
      reportsApi((url) => {
        if (url.pathname.endsWith('/rows')) return jsonResponse(page('attendanceDaily', [DAY]));
        return undefined;
      }),
    );
    expect(await screen.findByRole('heading', { name: 'التقارير', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(screen.getByRole('button', { name: /الحضور: القائمة اليومية/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'تشغيل التقرير' }));
    const grid = await screen.findByRole('grid');
    expect(within(grid).getByRole('columnheader', { name: 'رقم الجوال' })).toBeInTheDocument();
    // 28,200 s in Arabic digits.
    expect(within(grid).getByText('٧:٥٠')).toBeInTheDocument();
    expect(
      screen.getByText(
        new Intl.NumberFormat('ar-SA', { style: 'percent', maximumFractionDigits: 1 }).format(0.925),
      ),
    ).toBeInTheDocument();
  });
});
