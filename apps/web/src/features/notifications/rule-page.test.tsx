import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationDelivery, Poi } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { testPoi } from '../../test/poi-fixture.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';
import { testRule } from './testing/rule-fixture.ts';

/** The rule's page beyond its form: its delivery log, "Send test", and the POIs it is about. */
const rule = testRule({
  filters: { ...testRule().filters, msisdnIds: [31] },
  recipients: { users: [], roles: ['CompanyAdmin'] },
});

const delivery = (
  d: Partial<NotificationDelivery> & Pick<NotificationDelivery, 'id'>,
): NotificationDelivery => ({
  eventId: 100 + d.id,
  eventType: 'GEOFENCE_ENTER',
  recipient: { id: 2, fullName: 'Sara Admin' },
  channel: 'IN_APP',
  status: 'SENT',
  reason: null,
  test: false,
  attempts: 0,
  occurredAt: '2026-11-23T09:00:00.000Z',
  createdAt: '2026-11-23T09:00:05.000Z',
  sentAt: '2026-11-23T09:00:05.000Z',
  ...d,
});
const DELIVERIES = [
  delivery({ id: 5, channel: 'EMAIL', status: 'SUPPRESSED', reason: 'THROTTLED', sentAt: null }),
  delivery({ id: 4, channel: 'EMAIL', status: 'FAILED', reason: '421 4.7.0 Try again later', attempts: 2 }),
  delivery({ id: 3, test: true, recipient: { id: 7, fullName: 'Omar Haddad' } }),
];

const poi = (id: number, name: string) => testPoi({ id, name });
const poisPage = (items: Poi[]) => jsonResponse({ items, total: items.length, page: 1, size: 50 });
const usersPage = jsonResponse({ items: [], total: 0, page: 1, size: 50 });

/** The API of the rule's page; `extra` answers first (the test's own endpoints). */
function api(extra: (url: URL, init: RequestInit | undefined) => Response | undefined = () => undefined) {
  return (url: URL, init: RequestInit | undefined) => {
    const answer = extra(url, init);
    if (answer) return answer;
    const path = url.pathname;
    if (path.endsWith('/users')) return usersPage;
    if (path.endsWith('/pois/9')) return jsonResponse(poi(9, 'Client site: City Mall'));
    if (path.endsWith('/pois'))
      return poisPage([poi(9, 'Client site: City Mall'), poi(12, 'Client site: University')]);
    if (path.endsWith('/notification-rules/4/deliveries')) {
      const status = url.searchParams.get('status');
      const items = DELIVERIES.filter((d) => !status || d.status === status);
      return jsonResponse({ items, total: items.length, page: 1, size: 20 });
    }
    if (path.endsWith('/notification-rules/4')) return jsonResponse(rule);
    return undefined;
  };
}

setupSignedInTests();

describe('/notification-rules/{id}: delivery log', () => {
  it('lists what the rule delivered, newest first, with translated statuses and reasons, and filters by status', async () => {
    const { apiCalls } = renderApp('/notification-rules/4', testUser('CompanyAdmin'), api());
    const log = await screen.findByRole('grid', { name: 'Delivery log' });
    // The header, then the three deliveries in the server's order.
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(4));
    const rows = within(log).getAllByRole('row');
    expect(within(rows[1]!).getByText('Not sent')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Throttled: one was sent shortly before')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('E-mail')).toBeInTheDocument();
    // A failed e-mail: the mail server's own answer, as it came.
    expect(within(rows[2]!).getByText('Failed, retrying')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('421 4.7.0 Try again later')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('2 attempts')).toBeInTheDocument();
    // A test-send is marked as one.
    expect(within(rows[3]!).getByText('Test')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Omar Haddad')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('In the portal')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Arrival at a POI')).toBeInTheDocument();
    const first = apiCalls().find((c) => c.url.pathname.endsWith('/deliveries'))!;
    expect(Object.fromEntries(first.url.searchParams)).toEqual({ page: '1', size: '20', sort: '-createdAt' });

    fireEvent.mouseDown(
      within(screen.getByRole('region', { name: 'Delivery log' })).getByRole('combobox', { name: 'Status' }),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Not sent' }));
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(2));
    expect(apiCalls().at(-1)!.url.searchParams.get('status')).toBe('SUPPRESSED');
  });

  it('shows the log in Arabic: statuses and reasons translated', async () => {
    localStorage.setItem('settings', JSON.stringify({ locale: 'ar-SA' }));
    try {
      renderApp('/notification-rules/4', testUser('CompanyAdmin'), api());
      const log = await screen.findByRole('grid', { name: 'سجل الإرسال' }, { timeout: 5000 });
      expect(await within(log).findByText('مقيَّد: أُرسل إشعار مماثل قبل قليل')).toBeInTheDocument();
      expect(within(log).getByText('لم يُرسَل')).toBeInTheDocument();
      expect(within(log).getByText('فشل، تُعاد المحاولة')).toBeInTheDocument();
      await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    } finally {
      localStorage.removeItem('settings');
    }
  });
});

describe('/notification-rules/{id}: Send test', () => {
  it('sends a test to the user and says where it went; the log asks again', async () => {
    const { apiCalls } = renderApp(
      '/notification-rules/4',
      testUser('CompanyAdmin'),
      api((url, init) =>
        url.pathname.endsWith('/notification-rules/4/test') && init?.method === 'POST'
          ? jsonResponse({
              notification: {
                id: 77,
                eventType: 'GEOFENCE_ENTER',
                ruleId: 4,
                msisdnId: null,
                subject: { type: 'rule', id: '4' },
                data: { test: true, ruleName: rule.name },
                occurredAt: '2026-11-23T09:00:00.000Z',
                createdAt: '2026-11-23T09:00:00.000Z',
                readAt: null,
              },
              emailTo: 'sara@alpha.test',
            })
          : undefined,
      ),
    );
    await screen.findByRole('grid', { name: 'Delivery log' });
    const logCalls = () => apiCalls().filter((c) => c.url.pathname.endsWith('/deliveries')).length;
    const before = logCalls();
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect(
      await screen.findByText(
        'Test sent: it is in your notifications, and an e-mail is on its way to sara@alpha.test',
      ),
    ).toBeInTheDocument();
    expect(
      apiCalls()
        .filter((c) => c.init?.method === 'POST')
        .map((c) => c.url.pathname),
    ).toEqual(['/api/v1/lbs-backend/notification-rules/4/test']);
    await waitFor(() => expect(logCalls()).toBeGreaterThan(before));
  });

  it('says why a test was not sent', async () => {
    renderApp(
      '/notification-rules/4',
      testUser('CompanyAdmin'),
      api((url, init) =>
        url.pathname.endsWith('/test') && init?.method === 'POST'
          ? problem(404, 'problem.notFound')
          : undefined,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Send test' }));
    expect(await screen.findByText(/^The test was not sent\. /)).toBeInTheDocument();
  });

  it('is not offered on a rule the user may not change', async () => {
    renderApp(
      '/notification-rules/4',
      testUser('DepartmentAdmin'),
      api((url) =>
        url.pathname.endsWith('/notification-rules/4')
          ? jsonResponse({ ...rule, abilities: { update: false, delete: false } })
          : undefined,
      ),
    );
    expect(await screen.findByText('You can see this rule but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send test' })).toBeNull();
  });
});

describe('/notification-rules/{id}: POIs', () => {
  it('names the rule’s POIs and saves a changed choice with the other filters as stored', async () => {
    const { apiCalls } = renderApp(
      '/notification-rules/4',
      testUser('CompanyAdmin'),
      api((url, init) =>
        url.pathname.endsWith('/notification-rules/4') && init?.method === 'PATCH'
          ? jsonResponse(rule)
          : undefined,
      ),
    );
    const field = await screen.findByRole('combobox', { name: 'POIs' });
    expect(await screen.findByText('Client site: City Mall')).toBeInTheDocument();
    fireEvent.mouseDown(field);
    fireEvent.click(await screen.findByRole('option', { name: 'Client site: University · Client sites' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rule “Arrivals at City Mall” saved')).toBeInTheDocument();
    const patch = apiCalls().find((c) => c.init?.method === 'PATCH')!;
    expect((JSON.parse(String(patch.init!.body)) as { filters: unknown }).filters).toEqual({
      ...rule.filters,
      poiIds: [9, 12],
    });
  });
});
