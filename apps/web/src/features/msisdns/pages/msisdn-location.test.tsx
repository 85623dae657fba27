import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryPosition } from '@lbs/contracts';
import { initI18n, loadAreas } from '../../../i18n/index.ts';
import { json, msisdnOf, renderAs, stubApi } from '../test-harness.tsx';
import { MsisdnDetailsPage } from './msisdn-details-page.tsx';

beforeAll(async () => {
  await initI18n('en-US');
  await loadAreas(['msisdn', 'org', 'monitor']); // the route would load them with the page
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 10_000 };

const fix = (id: number, minutesAgo: number, patch: Partial<HistoryPosition> = {}): HistoryPosition => {
  const time = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return {
    id,
    time,
    receivedAt: time,
    lat: 24.7136,
    lon: 46.6753,
    accuracyM: 350,
    source: 'NETWORK',
    ...patch,
  };
};
const history = (items: HistoryPosition[]) => ({
  msisdnId: 42,
  from: new Date(Date.now() - 86_400_000).toISOString(),
  to: new Date().toISOString(),
  items,
  truncated: false,
});
const noToken = { msisdnId: 42, active: false, createdAt: null, lastUsedAt: null };
const issuedToken = {
  msisdnId: 42,
  token: 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  createdAt: '2026-11-20T10:00:00.000Z',
  osmand: {
    url: 'http://portal.example/ingest/osmand',
    id: 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  },
  owntracks: {
    url: 'http://portal.example/ingest/owntracks',
    username: '393471234567',
    password: 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  },
};
const granted = msisdnOf({ consentStatus: 'GRANTED', consentAt: '2026-03-04T10:00:00.000Z' });
const openDetails = (role: Parameters<typeof renderAs>[0] = 'CompanyAdmin') =>
  renderAs(role, [{ path: '/msisdn-details/:id', element: <MsisdnDetailsPage /> }], '/msisdn-details/42');

describe('MSISDN details: location', () => {
  it('asks for the last 24 hours and shows the last fix of the trail', async () => {
    const calls = stubApi(({ method, path }) => {
      if (path === '/msisdns/42') return json(granted);
      if (method === 'GET' && path.startsWith('/msisdns/42/positions?'))
        return json(
          history([fix(1, 90), fix(2, 30, { lat: 24.75, lon: 46.7, accuracyM: 1200, source: 'OSMAND' })]),
        );
      if (path === '/msisdns/42/device-token') return json(noToken);
      return undefined;
    });
    openDetails();
    expect(await screen.findByText('Positions in the last 24 hours: 2', {}, SLOW)).toBeInTheDocument();
    const query = new URLSearchParams(
      calls.find((c) => c.path.startsWith('/msisdns/42/positions?'))!.path.split('?')[1],
    );
    const span = Date.parse(query.get('to')!) - Date.parse(query.get('from')!);
    expect(span).toBe(86_400_000);
    // A day too dense for one answer keeps its most recent positions.
    expect(query.get('keep')).toBe('last');
    const table = screen.getByRole('table', { name: 'Latest positions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('24.75000, 46.70000');
    expect(rows[0]).toHaveTextContent('Traccar Client app');
    expect(rows[1]).toHaveTextContent('24.71360, 46.67530');
    expect(rows[1]).toHaveTextContent('Mobile network');
    const lastFix = screen.getByTestId('msisdn-last-fix');
    expect(lastFix).toHaveTextContent('30 minutes ago');
    const facts = lastFix.closest('dl')!;
    expect(within(facts).getByText('± 1.2 km')).toBeInTheDocument();
    expect(within(facts).getByText('Traccar Client app')).toBeInTheDocument();
    expect(within(facts).getByText('24.75000, 46.70000')).toBeInTheDocument();
  });

  it('lists identical fixes of the same second (several locates answered at once) as one row with their count', async () => {
    const same = fix(3, 10);
    stubApi(({ method, path }) => {
      if (path === '/msisdns/42') return json(granted);
      if (method === 'GET' && path.startsWith('/msisdns/42/positions?'))
        return json(history([fix(1, 90), same, { ...same, id: 4 }, { ...same, id: 5 }]));
      if (path === '/msisdns/42/device-token') return json(noToken);
      return undefined;
    });
    openDetails();
    expect(await screen.findByText('Positions in the last 24 hours: 4', {}, SLOW)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Latest positions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('3 identical fixes');
    expect(rows[1]).not.toHaveTextContent('identical');
  });

  it('Locate now posts the locate and draws the refreshed history', async () => {
    let items = [fix(1, 90)];
    const calls = stubApi(({ method, path }) => {
      if (path === '/msisdns/42') return json(granted);
      if (method === 'GET' && path.startsWith('/msisdns/42/positions?')) return json(history(items));
      if (method === 'POST' && path === '/msisdns/42/locate') {
        items = [...items, fix(2, 0, { lat: 24.8 })];
        return json({
          msisdnId: 42,
          status: 'LOCATED',
          resultCode: 0,
          result: 'OK',
          reason: null,
          position: null,
          latencyMs: 120,
        });
      }
      if (path === '/msisdns/42/device-token') return json(noToken);
      return undefined;
    });
    openDetails();
    await screen.findByText('Positions in the last 24 hours: 1', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Locate now' }));
    expect(await screen.findByText('Located: the position has been updated.')).toBeInTheDocument();
    expect(await screen.findByText('Positions in the last 24 hours: 2')).toBeInTheDocument();
    expect(screen.getByTestId('msisdn-last-fix')).toHaveTextContent('now');
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/msisdns/42/locate')).toHaveLength(1);
  });

  it('without consent: no trail message, Locate now disabled with the reason, and the server’s refusal is shown', async () => {
    stubApi(({ method, path }) => {
      if (path === '/msisdns/42') return json(msisdnOf({ consentStatus: 'PENDING' }));
      if (method === 'GET' && path.startsWith('/msisdns/42/positions?')) return json(history([]));
      if (path === '/msisdns/42/device-token') return json(noToken);
      return undefined;
    });
    openDetails();
    expect(await screen.findByText('No position in the last 24 hours', {}, SLOW)).toBeInTheDocument();
    const locate = screen.getByRole('button', { name: 'Locate now' });
    expect(locate).toBeDisabled();
    expect(locate).toHaveAccessibleDescription(/consent/i);
  });

  it('a failed locate shows the network’s reason, translated', async () => {
    stubApi(({ method, path }) => {
      if (path === '/msisdns/42') return json(granted);
      if (method === 'GET' && path.startsWith('/msisdns/42/positions?')) return json(history([fix(1, 5)]));
      if (method === 'POST' && path === '/msisdns/42/locate')
        return json({
          msisdnId: 42,
          status: 'FAILED',
          resultCode: 5,
          result: 'ABSENT SUBSCRIBER',
          reason: 'location.absentSubscriber',
          position: null,
          latencyMs: 80,
        });
      if (path === '/msisdns/42/device-token') return json(noToken);
      return undefined;
    });
    openDetails();
    await screen.findByText('Positions in the last 24 hours: 1', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Locate now' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('location.absentSubscriber');
    expect(alert.textContent?.length).toBeGreaterThan(10);
  });
});

describe('MSISDN details: tracking app token', () => {
  it('issues a token and shows it once with the Traccar Client and OwnTracks settings', async () => {
    let status: object = noToken;
    const calls = stubApi(({ method, path }) => {
      if (path === '/msisdns/42') return json(granted);
      if (path.startsWith('/msisdns/42/positions?')) return json(history([]));
      if (method === 'GET' && path === '/msisdns/42/device-token') return json(status);
      if (method === 'POST' && path === '/msisdns/42/device-token') {
        status = { msisdnId: 42, active: true, createdAt: issuedToken.createdAt, lastUsedAt: null };
        return json(issuedToken, 201);
      }
      return undefined;
    });
    openDetails();
    expect(await screen.findByText('None issued', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Issue device token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New device token' });
    expect(within(dialog).getByTestId('device-token-value')).toHaveTextContent(issuedToken.token);
    expect(within(dialog).getByText('http://portal.example/ingest/osmand')).toBeInTheDocument();
    expect(within(dialog).getByText('http://portal.example/ingest/owntracks')).toBeInTheDocument();
    expect(within(dialog).getByText('393471234567')).toBeInTheDocument();
    expect(within(dialog).getByText(/shown only this once/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Issued, the app can send positions')).toBeInTheDocument();
    expect(screen.getByText('None received yet')).toBeInTheDocument();
    expect(screen.queryByText(issuedToken.token)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/msisdns/42/device-token')).toHaveLength(1);
  });

  it('a new token and revoking are confirmed first', async () => {
    let status: object = {
      msisdnId: 42,
      active: true,
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: '2026-11-21T08:00:00.000Z',
    };
    const calls = stubApi(({ method, path }) => {
      if (path === '/msisdns/42') return json(granted);
      if (path.startsWith('/msisdns/42/positions?')) return json(history([]));
      if (method === 'GET' && path === '/msisdns/42/device-token') return json(status);
      if (method === 'POST' && path === '/msisdns/42/device-token') return json(issuedToken, 201);
      if (method === 'DELETE' && path === '/msisdns/42/device-token') {
        status = noToken;
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    openDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Issue a new token' }, SLOW));
    let confirm = await screen.findByRole('dialog', { name: 'Issue a new device token?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/msisdns/42/device-token')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke token' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke the device token?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('The device token was revoked.')).toBeInTheDocument();
    expect(await screen.findByText('None issued')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
