import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { formatDateTime } from '../../lib/format.ts';
import { renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';

const arrival: Notification = {
  id: 7,
  eventType: 'GEOFENCE_ENTER',
  ruleId: 3,
  msisdnId: 40,
  subject: { type: 'msisdn', id: '40' },
  data: { msisdn: '+966501234567', employeeName: 'Omar Haddad', poiId: 9, poiName: 'City Mall' },
  occurredAt: '2026-11-23T09:00:00.000Z',
  createdAt: '2026-11-23T09:00:05.000Z',
  readAt: null,
};
const invoice: Notification = {
  id: 8,
  eventType: 'INVOICE_ISSUED',
  ruleId: 1,
  msisdnId: null,
  subject: { type: 'invoice', id: '12' },
  data: { number: 'INV-2026-0012', currency: 'SAR', amountMinor: 123450, dueOn: '2026-12-15' },
  occurredAt: '2026-11-22T08:00:00.000Z',
  createdAt: '2026-11-22T08:00:01.000Z',
  readAt: '2026-11-22T10:00:00.000Z',
};
/** An arrival the network fixed late: it reached the inbox 40 minutes after it happened. */
const late: Notification = {
  ...arrival,
  id: 6,
  msisdnId: 41,
  subject: { type: 'msisdn', id: '41' },
  data: { ...arrival.data, employeeName: 'Lina Saleh', poiId: 10, poiName: 'Warehouse' },
  occurredAt: '2026-11-23T08:00:00.000Z',
  createdAt: '2026-11-23T08:40:00.000Z',
  readAt: '2026-11-23T09:30:00.000Z',
};
const pageOf = (items: Notification[]) => jsonResponse({ items, total: items.length, page: 1, size: 20 });

setupSignedInTests();

describe('Notification bell', () => {
  it('asks for the count again at once when the inbox stream pushes', async () => {
    let count = 1;
    let push: (chunk: string) => void = () => {};
    renderApp('/task/list', testUser('CompanyAdmin'), (url) => {
      if (url.pathname.endsWith('/notifications/unread-count')) return jsonResponse({ count });
      if (url.pathname.endsWith('/notifications/stream')) {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (chunk) => controller.enqueue(new TextEncoder().encode(chunk));
            push('event: ready\ndata: {}\n\n');
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
      }
      if (url.pathname.endsWith('/tasks')) return pageOf([]);
      return undefined;
    });
    await screen.findByRole('button', { name: 'Notifications: 1 unread' });
    count = 2;
    push('event: notification\ndata: {}\n\n');
    expect(await screen.findByRole('button', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
  });

  it('shows the unread count, opens the newest, and one chosen is marked read and opens its subject', async () => {
    const { router, apiCalls } = renderApp('/task/list', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/notifications/unread-count')) return jsonResponse({ count: 3 });
      if (url.pathname.endsWith('/notifications/7/read') && init?.method === 'POST')
        return jsonResponse({ ...arrival, readAt: '2026-11-23T10:00:00.000Z' });
      if (url.pathname.endsWith('/notifications')) return pageOf([arrival, invoice]);
      if (url.pathname.endsWith('/tasks')) return pageOf([]);
      return undefined;
    });
    const bell = await screen.findByRole('button', { name: 'Notifications: 3 unread' });
    expect(within(bell).getByText('3')).toBeInTheDocument();
    fireEvent.click(bell);
    const menu = await screen.findByRole('menu', { name: 'Latest notifications' });
    expect(
      await within(menu).findByText('Omar Haddad (+966501234567) arrived at City Mall'),
    ).toBeInTheDocument();
    expect(within(menu).getByText('Arrival at a POI')).toBeInTheDocument();
    expect(
      within(menu).getByText(/Invoice INV-2026-0012 was issued: SAR\s1,234.50, due on Dec 15, 2026/),
    ).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Open the inbox' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    const latest = apiCalls().find((c) => c.url.pathname.endsWith('/notifications'))!.url.searchParams;
    expect(Object.fromEntries(latest)).toEqual({ page: '1', size: '5', sort: '-createdAt' });
    fireEvent.click(within(menu).getByText('Arrival at a POI'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/msisdn-details/40'));
    await waitFor(() =>
      expect(
        apiCalls().some((c) => c.init?.method === 'POST' && c.url.pathname.endsWith('/notifications/7/read')),
      ).toBe(true),
    );
  });

  it('holds no number once everything is read: the badge empties with the name (axe: label-content-name-mismatch)', async () => {
    let unread = 2;
    renderApp('/notifications', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/notifications/unread-count')) return jsonResponse({ count: unread });
      if (url.pathname.endsWith('/notifications/read-all') && init?.method === 'POST') {
        unread = 0;
        return jsonResponse({ updated: 2 });
      }
      if (url.pathname.endsWith('/notifications')) return pageOf([arrival]);
      return undefined;
    });
    const bell = await screen.findByRole('button', { name: 'Notifications: 2 unread' });
    expect(bell).toHaveTextContent('2');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));
    expect(bell.textContent).not.toMatch(/\d/);
  });

  it('with nothing unread is named Notifications, and a failed count shows no number', async () => {
    renderApp('/task/list', testUser('ZoneAdmin'), (url) =>
      url.pathname.endsWith('/tasks') ? pageOf([]) : undefined,
    );
    // The sidebar's group has the same name; the bell is the one that opens a menu.
    await screen.findByRole('link', { name: 'Task List' });
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('button', { name: 'Notifications' })
          .filter((b) => b.getAttribute('aria-haspopup') === 'menu'),
      ).toHaveLength(1),
    );
    const bell = screen
      .getAllByRole('button', { name: 'Notifications' })
      .find((b) => b.getAttribute('aria-haspopup'))!;
    expect(within(bell).queryByText(/\d/)).toBeNull();
  });
});

describe('/notifications', () => {
  it('lists the notifications with their event, sentence and links, filters unread, marks one and all read', async () => {
    const { apiCalls } = renderApp('/notifications', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/notifications/unread-count')) return jsonResponse({ count: 1 });
      if (url.pathname.endsWith('/notifications/7/read') && init?.method === 'POST')
        return jsonResponse({ ...arrival, readAt: '2026-11-23T10:00:00.000Z' });
      if (url.pathname.endsWith('/notifications/read-all') && init?.method === 'POST')
        return jsonResponse({ updated: 1 });
      if (url.pathname.endsWith('/notifications'))
        return pageOf(url.searchParams.get('unread') === 'true' ? [arrival] : [arrival, late, invoice]);
      return undefined;
    });
    const grid = await screen.findByRole('grid', { name: 'Notifications' });
    expect(
      await within(grid).findByText('Omar Haddad (+966501234567) arrived at City Mall'),
    ).toBeInTheDocument();
    expect(within(grid).getByText('Invoice issued')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Employee: Omar Haddad' })).toHaveAttribute(
      'href',
      '/msisdn-details/40',
    );
    expect(within(grid).getByRole('link', { name: 'POI: City Mall' })).toHaveAttribute('href', '/poi-edit/9');
    // A CompanyAdmin opens an invoice on its billing details page.
    expect(within(grid).getByRole('link', { name: 'Invoice: INV-2026-0012' })).toHaveAttribute(
      'href',
      '/billing-details/12',
    );
    expect(within(grid).getByText('Unread')).toBeInTheDocument();
    expect(within(grid).getAllByText('Read')).toHaveLength(2);
    // Each says when its event happened; one that reached the inbox much later also when it arrived.
    expect(within(grid).getAllByText(/^Arrived /)).toHaveLength(1);
    expect(within(grid).getByText(`Arrived ${formatDateTime('en-US', late.createdAt)}`)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(apiCalls().at(-1)?.url.searchParams.get('unread')).toBe('true'));
    await waitFor(() => expect(within(grid).queryByText('Invoice issued')).toBeNull());

    fireEvent.click(within(grid).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() =>
      expect(
        apiCalls().some((c) => c.init?.method === 'POST' && c.url.pathname.endsWith('/notifications/7/read')),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All notifications are marked as read')).toBeInTheDocument();
    expect(apiCalls().filter((c) => c.url.pathname.endsWith('/notifications/read-all'))).toHaveLength(1);
  });
});
