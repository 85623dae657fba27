import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationDelivery, Poi } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { msisdnOf } from '../../test/msisdn-fixture.ts';
import { testPoi } from '../../test/poi-fixture.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';
import { testRule } from './testing/rule-fixture.ts';
import { pickerInput } from '../../test/pickers.ts';

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
  digest: null,
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
const unit = (id: number, name: string) => ({
  id,
  companyId: 1,
  companyName: 'Alpha Logistics',
  name,
  description: null,
  msisdnCount: 3,
  abilities: { update: true, delete: true },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
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

/** The page's API that also answers the rule's PATCH (with the rule as it was). */
const saving = api((url, init) =>
  url.pathname.endsWith('/notification-rules/4') && init?.method === 'PATCH' ? jsonResponse(rule) : undefined,
);

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

describe('/notification-rules/{id}: digests in the log', () => {
  it('says an e-mail waits for the digest, and which digest carried one that left', async () => {
    const digested = [
      delivery({ id: 7, channel: 'EMAIL', status: 'SUPPRESSED', reason: 'DIGESTED', sentAt: null }),
      delivery({
        id: 6,
        channel: 'EMAIL',
        status: 'SENT',
        digest: { periodStart: '2026-11-23T08:00:00.000Z', periodEnd: '2026-11-23T09:00:00.000Z' },
        sentAt: '2026-11-23T09:01:10.000Z',
      }),
    ];
    renderApp(
      '/notification-rules/4',
      testUser('CompanyAdmin'),
      api((url) =>
        url.pathname.endsWith('/notification-rules/4/deliveries')
          ? jsonResponse({ items: digested, total: 2, page: 1, size: 20 })
          : undefined,
      ),
    );
    const log = await screen.findByRole('grid', { name: 'Delivery log' });
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(3));
    const rows = within(log).getAllByRole('row');
    expect(within(rows[1]!).getByText('Held for the digest')).toBeInTheDocument();
    const period = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).formatRange(
      new Date('2026-11-23T08:00:00.000Z'),
      new Date('2026-11-23T09:00:00.000Z'),
    );
    // The page's text is matched with its spaces collapsed (the range has thin and narrow spaces).
    expect(within(rows[2]!).getByText(`In the digest of ${period.replace(/\s+/g, ' ')}`)).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Sent')).toBeInTheDocument();
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

describe('/notification-rules/{id}: filters', () => {
  it('names the rule’s POIs and saves a changed choice with the other filters as stored', async () => {
    const { apiCalls } = renderApp('/notification-rules/4', testUser('CompanyAdmin'), saving);
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

  it('names the employees and units the rule is about, asks for choices only when a list is opened, and saves them', async () => {
    const { apiCalls } = renderApp(
      '/notification-rules/4',
      testUser('CompanyAdmin'),
      api((url, init) => {
        const path = url.pathname;
        if (path.endsWith('/notification-rules/4') && init?.method === 'PATCH') return jsonResponse(rule);
        if (path.endsWith('/msisdns/31'))
          return jsonResponse(msisdnOf({ id: 31, employeeName: 'Omar Haddad', msisdn: '+966501110031' }));
        if (path.endsWith('/zones'))
          return jsonResponse({ items: [unit(6, 'North'), unit(8, 'South')], total: 2, page: 1, size: 100 });
        return undefined;
      }),
    );
    // The MSISDN filter shows the employee by name, asked for by id (not on any first page).
    expect(await screen.findByText('Omar Haddad')).toBeInTheDocument();
    const lists = () =>
      apiCalls()
        .filter((c) => !c.init?.method || c.init.method === 'GET')
        .map((c) => c.url.pathname.replace('/api/v1/lbs-backend', ''));
    expect(lists()).not.toContain('/zones');
    expect(lists()).not.toContain('/departments');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Zones' }));
    fireEvent.click(await screen.findByRole('option', { name: 'South' }));
    const zonesCall = apiCalls().find((c) => c.url.pathname.endsWith('/zones'))!;
    expect(zonesCall.url.searchParams.get('companyId')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rule “Arrivals at City Mall” saved')).toBeInTheDocument();
    const patch = apiCalls().find((c) => c.init?.method === 'PATCH')!;
    expect((JSON.parse(String(patch.init!.body)) as { filters: unknown }).filters).toEqual({
      ...rule.filters,
      zoneIds: [8],
    });
  });
});

describe('/notification-rules/{id}: active hours', () => {
  it('restricts the rule to days and hours, checks them with the contracts’ rule, and saves them', async () => {
    const { apiCalls } = renderApp('/notification-rules/4', testUser('CompanyAdmin'), saving);
    expect(await screen.findByText('The rule notifies at any hour of any day.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Days' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Only at certain hours' }));
    const days = await screen.findByRole('group', { name: 'Days' });
    // Working days by default; Friday off, Saturday on.
    fireEvent.click(within(days).getByRole('button', { name: 'Fri' }));
    fireEvent.click(within(days).getByRole('button', { name: 'Sat' }));
    const until = pickerInput(/Until/);
    fireEvent.change(until, { target: { value: '07:00' } });
    fireEvent.blur(until);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The end of the tracking window must be after its start'),
    ).toBeInTheDocument();
    expect(apiCalls().filter((c) => c.init?.method === 'PATCH')).toEqual([]);

    fireEvent.change(until, { target: { value: '17:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rule “Arrivals at City Mall” saved')).toBeInTheDocument();
    const patch = apiCalls().find((c) => c.init?.method === 'PATCH')!;
    expect((JSON.parse(String(patch.init!.body)) as { activeHours: unknown }).activeHours).toEqual({
      days: [1, 2, 3, 4, 6],
      start: '08:00',
      end: '17:30',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('shows a rule’s stored hours, and turning the restriction off sends null', async () => {
    const limited = testRule({
      activeHours: { days: [7, 1, 2, 3, 4], start: '07:30', end: '16:00', timezone: 'Asia/Riyadh' },
    });
    const { apiCalls } = renderApp(
      '/notification-rules/4',
      testUser('CompanyAdmin'),
      api((url, init) =>
        url.pathname.endsWith('/notification-rules/4')
          ? jsonResponse(init?.method === 'PATCH' ? rule : limited)
          : undefined,
      ),
    );
    const days = await screen.findByRole('group', { name: 'Days' });
    expect(within(days).getByRole('button', { name: 'Sun' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(days).getByRole('button', { name: 'Fri' })).toHaveAttribute('aria-pressed', 'false');
    expect(pickerInput(/From/)).toHaveValue('07:30');
    expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveValue('Asia/Riyadh');
    fireEvent.click(screen.getByRole('switch', { name: 'Only at certain hours' }));
    expect(screen.queryByRole('group', { name: 'Days' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rule “Arrivals at City Mall” saved')).toBeInTheDocument();
    const patch = apiCalls().find((c) => c.init?.method === 'PATCH')!;
    expect((JSON.parse(String(patch.init!.body)) as { activeHours: unknown }).activeHours).toBeNull();
  });
});
