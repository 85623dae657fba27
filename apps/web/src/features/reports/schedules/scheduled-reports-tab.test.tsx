import { afterAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Me, ReportRun, ReportSchedule } from '@lbs/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { switchLanguage } from '../../../i18n/index.ts';
import { jsonResponse, stubFetch } from '../../../lib/auth/test-helpers.ts';
import { CurrentUserContext, toCurrentUser } from '../../../lib/current-user.ts';
import { problem, setupSignedInTests, stubDesktop, testUser } from '../../../test/render-app.tsx';
import { ScheduledReportsTab } from './index.ts';

setupSignedInTests();
afterAll(() => switchLanguage('en-US'));

const schedule = (over: Partial<ReportSchedule> = {}): ReportSchedule => ({
  id: 7,
  company: { id: 1, name: 'Alpha Logistics' },
  owner: { id: 1, fullName: 'Layla Haddad' },
  name: 'Monday trail',
  report: 'locationHistory',
  params: {},
  sort: null,
  format: 'csv',
  locale: 'en-US',
  recipients: [{ id: 1, fullName: 'Layla Haddad', email: 'layla@example.com' }],
  externalRecipients: ['auditor@partner.example'],
  preset: 'weekly',
  weekday: 1,
  monthDay: null,
  time: '07:00',
  cron: '0 7 * * 1',
  timeZone: 'Asia/Riyadh',
  period: 'previousWeek',
  active: true,
  pausedReason: null,
  nextRunAt: '2026-11-30T04:00:00.000Z',
  lastRun: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const run = (over: Partial<ReportRun> = {}): ReportRun => ({
  id: 31,
  scheduleId: 7,
  periodStart: '2026-11-16',
  periodEnd: '2026-11-22',
  trigger: 'SCHEDULE',
  status: 'DONE',
  attempts: 1,
  rows: 1200,
  bytes: 48_000,
  delivery: 'ATTACHED',
  error: null,
  createdAt: '2026-11-23T04:00:00.000Z',
  finishedAt: '2026-11-23T04:00:05.000Z',
  deliveries: [
    {
      id: 1,
      recipient: 'layla@example.com',
      userId: 1,
      status: 'SENT',
      reason: null,
      sentAt: '2026-11-23T04:00:09.000Z',
    },
    {
      id: 2,
      recipient: 'omar@example.com',
      userId: 9,
      status: 'DROPPED',
      reason: 'outOfScope',
      sentAt: null,
    },
  ],
  ...over,
});

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** The tab as the reports page holds it, at `entry` (its URL: `?log=` opens a schedule's delivery log). */
function renderTab(me: Me, onApi: Handler, entry = '/reports?tab=scheduled') {
  stubDesktop();
  const { calls } = stubFetch({
    onApi: (raw, init) => onApi(new URL(raw, 'http://localhost'), init) ?? problem(404, 'problem.notFound'),
  });
  const router = createMemoryRouter([{ path: '/reports', element: <ScheduledReportsTab /> }], {
    initialEntries: [entry],
  });
  render(
    <AppProviders>
      <CurrentUserContext.Provider value={toCurrentUser(me)}>
        <RouterProvider router={router} />
      </CurrentUserContext.Provider>
    </AppProviders>,
  );
  const api = (method: string, path: string) =>
    calls.filter(
      (c) =>
        (c.init?.method ?? 'GET') === method && new URL(c.url, 'http://localhost').pathname.endsWith(path),
    );
  return { calls, api, router };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('ScheduledReportsTab', () => {
  it('lists schedules with the schedule in words, status and next run; pauses and runs now', async () => {
    let current = schedule();
    const { api } = renderTab(testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/report-schedules') && (init?.method ?? 'GET') === 'GET')
        return jsonResponse({ items: [current] });
      if (url.pathname.endsWith('/report-schedules/7') && init?.method === 'PATCH') {
        current = { ...current, active: false, nextRunAt: null };
        return jsonResponse(current);
      }
      if (url.pathname.endsWith('/report-schedules/7/run'))
        return jsonResponse(run({ status: 'QUEUED' }), 202);
      return undefined;
    });
    const row = await screen.findByTestId('schedule-7');
    expect(within(row).getByText('Monday trail')).toBeInTheDocument();
    expect(within(row).getByTestId('schedule-description')).toHaveTextContent('At 07:00, only on Monday');
    expect(within(row).getByText('Asia/Riyadh')).toBeInTheDocument();
    expect(within(row).getByText('2 recipients')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Location history')).toBeInTheDocument());

    fireEvent.click(within(row).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(api('PATCH', '/report-schedules/7')).toHaveLength(1));
    expect(bodyOf(api('PATCH', '/report-schedules/7')[0]!.init)).toEqual({ active: false });
    await waitFor(() =>
      expect(within(screen.getByTestId('schedule-7')).getByText('Paused')).toBeInTheDocument(),
    );

    fireEvent.click(within(screen.getByTestId('schedule-7')).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(api('POST', '/report-schedules/7/run')).toHaveLength(1));
    expect(await screen.findByText(/is being prepared and will be e-mailed/)).toBeInTheDocument();
  });

  it('shows the delivery log: sent, and dropped with the reason', async () => {
    renderTab(testUser('CompanyAdmin'), (url) => {
      if (url.pathname.endsWith('/report-schedules')) return jsonResponse({ items: [schedule()] });
      if (url.pathname.endsWith('/report-schedules/7/runs')) return jsonResponse({ items: [run()] });
      return undefined;
    });
    const row = await screen.findByTestId('schedule-7');
    fireEvent.click(within(row).getByRole('button', { name: 'Delivery log' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('layla@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Sent')).toBeInTheDocument();
    expect(within(dialog).getByText('Dropped')).toBeInTheDocument();
    expect(within(dialog).getByText('No longer in the owner’s scope')).toBeInTheDocument();
    expect(within(dialog).getByText(/Attachment/)).toBeInTheDocument();
  });

  it('opens a schedule’s delivery log from the link of a “report ready” notification, and closing it drops the link', async () => {
    const { router } = renderTab(
      testUser('DepartmentAdmin'),
      (url) => {
        if (url.pathname.endsWith('/report-schedules')) return jsonResponse({ items: [schedule()] });
        if (url.pathname.endsWith('/report-schedules/7/runs')) return jsonResponse({ items: [run()] });
        return undefined;
      },
      '/reports?tab=scheduled&log=7',
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('layla@example.com')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?tab=scheduled');
  });

  it('creates a weekly schedule with its preview and shows the server’s field errors', async () => {
    let attempt = 0;
    const { api } = renderTab(testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/report-schedules') && init?.method === 'POST') {
        attempt++;
        if (attempt === 1)
          return problem(400, 'problem.validation', [
            {
              path: 'recipients.0',
              code: 'reportSchedule.recipientOutOfScope',
              message: 'This user is not in your scope, or is inactive',
            },
          ]);
        return jsonResponse(schedule({ id: 8, name: 'Weekly visits' }), 201);
      }
      if (url.pathname.endsWith('/report-schedules')) return jsonResponse({ items: [] });
      if (url.pathname.endsWith('/reports'))
        return jsonResponse({ items: [{ key: 'locationHistory' }, { key: 'visits' }] });
      if (url.pathname.endsWith('/users')) return jsonResponse({ items: [], total: 0, page: 1, size: 100 });
      return undefined;
    });
    expect(await screen.findByText(/No scheduled reports yet/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule a report' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Weekly visits' } });
    fireEvent.mouseDown(within(dialog).getByLabelText(/^Report/));
    fireEvent.click(await screen.findByRole('option', { name: 'Visits' }));
    expect(within(dialog).getByTestId('schedule-preview')).toHaveTextContent(
      'Runs At 07:00, only on Monday in the company’s time zone',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This user is not in your scope, or is inactive'),
    ).toBeInTheDocument();
    expect(bodyOf(api('POST', '/report-schedules')[0]!.init)).toMatchObject({
      name: 'Weekly visits',
      report: 'visits',
      format: 'csv',
      locale: 'en-US',
      preset: 'weekly',
      weekday: 1,
      time: '07:00',
      period: 'previousWeek',
      recipients: [1],
      externalRecipients: [],
      active: true,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api('POST', '/report-schedules')).toHaveLength(2);
  });

  it('says the schedule in Arabic, right to left', async () => {
    localStorage.setItem('settings', JSON.stringify({ locale: 'ar-SA' }));
    try {
      renderTab(testUser('ZoneAdmin'), (url) =>
        url.pathname.endsWith('/report-schedules') ? jsonResponse({ items: [schedule()] }) : undefined,
      );
      // The list may come before the Arabic texts: the row turns Arabic once they are in.
      await waitFor(() =>
        expect(
          within(screen.getByTestId('schedule-7')).getByTestId('schedule-description'),
        ).toHaveTextContent('الإثنين'),
      );
      expect(within(screen.getByTestId('schedule-7')).getByText('نشطة')).toBeInTheDocument();
      await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    } finally {
      localStorage.removeItem('settings');
    }
  });
});
