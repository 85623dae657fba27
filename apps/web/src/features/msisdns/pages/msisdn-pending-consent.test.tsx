import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { initI18n, loadAreas } from '../../../i18n/index.ts';
import { json, msisdnOf, renderAs, stubApi } from '../test-harness.tsx';
import { MsisdnListPage } from './msisdn-list-page.tsx';

beforeAll(async () => {
  await initI18n('en-US');
  await loadAreas(['msisdn', 'org', 'monitor']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 10_000 };

describe('consent requests unanswered past the limit', () => {
  it('the link of the notification filters the list, and "Ask them all again" asks the server in bulk', async () => {
    const calls = stubApi(({ method, path }) => {
      if (method === 'POST' && path === '/msisdns/consent-requests')
        return json({ requested: 3, skipped: 1 });
      if (path.startsWith('/msisdns?'))
        return json({
          items: [msisdnOf({ consentStatus: 'PENDING' }, 'ZoneAdmin')],
          total: 1,
          page: 1,
          size: 20,
        });
      return undefined;
    });
    renderAs(
      'ZoneAdmin',
      [{ path: '/msisdn/list', element: <MsisdnListPage /> }],
      '/msisdn/list?consentStatus=PENDING&pendingExpired=true',
    );
    await screen.findAllByText('Giulia Bianchi', {}, SLOW);
    const listed = calls.find((c) => c.path.startsWith('/msisdns?'))!;
    expect(listed.path).toContain('pendingExpired=true');
    expect(listed.path).toContain('consentStatus=PENDING');
    expect(screen.getByRole('switch', { name: 'Unanswered past the limit' })).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Ask them all again' }));
    await screen.findByText('The consent request was sent again to 3 numbers', {}, SLOW);
    const posted = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(posted.body))).toEqual({ pendingExpired: true });

    // Switched off, the filter leaves the query and the bulk button goes.
    fireEvent.click(screen.getByRole('switch', { name: 'Unanswered past the limit' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ask them all again' })).toBeNull());
    expect(calls.at(-1)!.path).not.toContain('pendingExpired');
  });
});
