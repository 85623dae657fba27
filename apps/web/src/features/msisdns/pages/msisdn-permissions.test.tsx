import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { can, ROLES, type Role } from '@lbs/contracts';
import { initI18n, loadAreas } from '../../../i18n/index.ts';
import { json, msisdnOf, renderAs, stubApi } from '../test-harness.tsx';
import { MsisdnDetailsPage } from './msisdn-details-page.tsx';
import { MsisdnListPage } from './msisdn-list-page.tsx';

const emptyPage = { items: [], total: 0, page: 1, size: 20 };

beforeAll(async () => {
  await initI18n('en-US');
  await loadAreas(['msisdn', 'org', 'monitor']); // the route would load them with the page
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The grid renders slowly in jsdom on a busy machine.
const SLOW = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });

const button = (name: string) =>
  screen.queryByRole('button', { name }) ?? screen.queryByRole('link', { name });

describe.each(ROLES)('as %s the buttons follow can()', (role: Role) => {
  it('list: Add and Import only where msisdn.create / msisdn.import allow', async () => {
    stubApi(({ path }) =>
      path.startsWith('/msisdns?')
        ? json({ ...emptyPage, items: [msisdnOf({}, role)], total: 1 })
        : undefined,
    );
    renderAs(role, [{ path: '/msisdn/list', element: <MsisdnListPage /> }], '/msisdn/list');
    await screen.findAllByText('Giulia Bianchi', {}, SLOW);
    expect(Boolean(button('Add MSISDN'))).toBe(can(role, 'msisdn', 'create'));
    expect(Boolean(button('Import'))).toBe(can(role, 'msisdn', 'import'));
    // SuperAdmin alone filters by company (the others see one company)
    expect(screen.queryByRole('combobox', { name: 'Company' }) !== null).toBe(role === 'SuperAdmin');
  });

  it('details: Edit, Delete and the resend button where the role may, resend never once GRANTED', async () => {
    let current = msisdnOf({ consentStatus: 'REVOKED', consentAt: '2026-03-04T10:00:00.000Z' }, role);
    stubApi(({ path }) => (path === '/msisdns/42' ? json(current) : undefined));
    const view = renderAs(
      role,
      [{ path: '/msisdn-details/:id', element: <MsisdnDetailsPage /> }],
      '/msisdn-details/42',
    );
    await screen.findAllByText('Giulia Bianchi', {}, SLOW);
    expect(Boolean(button('Edit'))).toBe(can(role, 'msisdn', 'update'));
    expect(Boolean(button('Delete'))).toBe(can(role, 'msisdn', 'delete'));
    expect(Boolean(button('Resend consent request'))).toBe(can(role, 'msisdn', 'resendConsent'));
    expect(screen.getByRole('switch', { name: 'Tracking' })).toBeEnabled();
    view.unmount();

    current = msisdnOf({ consentStatus: 'GRANTED', consentAt: '2026-03-04T10:00:00.000Z' }, role);
    renderAs(role, [{ path: '/msisdn-details/:id', element: <MsisdnDetailsPage /> }], '/msisdn-details/42');
    await screen.findAllByText('Giulia Bianchi', {}, SLOW);
    expect(document.querySelector('[data-consent]')).toHaveAttribute('data-consent', 'GRANTED');
    expect(button('Resend consent request')).toBeNull();
  });
});

describe('list page follows the hierarchy mode', () => {
  it.each([
    ['DEPARTMENT', 'Department', 'Zone', 'departmentId=3'],
    ['ZONE', 'Zone', 'Department', 'zoneId=4'],
  ] as const)('%s: the %s column and filter, only its id sent', async (mode, shown, hidden, sent) => {
    const calls = stubApi(({ path }) =>
      path.startsWith('/msisdns?')
        ? json({ ...emptyPage, items: [msisdnOf({ zoneId: 4, zoneName: 'North' })], total: 1 })
        : undefined,
    );
    renderAs(
      'CompanyAdmin',
      [{ path: '/msisdn/list', element: <MsisdnListPage /> }],
      '/msisdn/list?departmentId=3&zoneId=4&consentStatus=PENDING',
      { mode },
    );
    await screen.findByText('Giulia Bianchi', {}, SLOW);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain(shown);
    expect(headers).not.toContain(hidden);
    expect(
      screen.getByRole('gridcell', { name: mode === 'ZONE' ? 'North' : 'Field Operations' }),
    ).toBeInTheDocument();
    const list = calls.find((c) => c.path.startsWith('/msisdns?'))!.path;
    expect(list).toContain(sent);
    expect(list).toContain('consentStatus=PENDING');
    expect(list).not.toContain(mode === 'ZONE' ? 'departmentId' : 'zoneId');
    expect(list).not.toContain('companyId');
  });
});

describe('details page', () => {
  it('sends the consent request again and shows the new state', async () => {
    let current = msisdnOf(
      { consentStatus: 'REVOKED', consentAt: '2026-03-04T10:00:00.000Z' },
      'DepartmentAdmin',
    );
    const calls = stubApi(({ method, path }) => {
      if (method === 'POST' && path === '/msisdns/42/consent-request') {
        current = msisdnOf(
          {
            consentStatus: 'PENDING',
            consentRequestedAt: '2026-03-06T10:00:00.000Z',
            consentAt: '2026-03-04T10:00:00.000Z',
          },
          'DepartmentAdmin',
        );
        return json(current);
      }
      return path === '/msisdns/42' ? json(current) : undefined;
    });
    renderAs(
      'DepartmentAdmin',
      [{ path: '/msisdn-details/:id', element: <MsisdnDetailsPage /> }],
      '/msisdn-details/42',
    );
    (await screen.findByRole('button', { name: 'Resend consent request' })).click();
    await screen.findByText('A consent request has been sent to the number');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/msisdns/42/consent-request',
    ]);
    await waitFor(() =>
      expect(document.querySelector('[data-consent]')).toHaveAttribute('data-consent', 'PENDING'),
    );
  });

  it('after a delete it goes to the list first, and never asks for the deleted number again', async () => {
    let deleted = false;
    const calls = stubApi(({ method, path }) => {
      if (path.startsWith('/msisdns?')) return json(emptyPage);
      if (!path.startsWith('/msisdns/42')) return undefined;
      if (method === 'DELETE' && path === '/msisdns/42') {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      if (deleted) return undefined; // 404: it is gone
      return path === '/msisdns/42'
        ? json(msisdnOf({}, 'SuperAdmin'))
        : json({ items: [], truncated: false });
    });
    const { router } = renderAs(
      'SuperAdmin',
      [
        { path: '/msisdn-details/:id', element: <MsisdnDetailsPage /> },
        { path: '/msisdn/list', element: <p>The list</p> },
      ],
      '/msisdn-details/42',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this MSISDN?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The list');
    expect(router.state.location.pathname).toBe('/msisdn/list');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = calls.slice(calls.findIndex((c) => c.method === 'DELETE') + 1);
    expect(after.filter((c) => c.path.startsWith('/msisdns/42'))).toEqual([]);
  });

  it('says “not found” for a number outside the caller’s scope (the API answers 404)', async () => {
    stubApi(() => undefined);
    renderAs(
      'CompanyAdmin',
      [{ path: '/msisdn-details/:id', element: <MsisdnDetailsPage /> }],
      '/msisdn-details/99',
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The requested item was not found.')).toBeInTheDocument();
    expect(button('Edit')).toBeNull();
  });

  it('says “not found” for a malformed id without asking the server', async () => {
    const calls = stubApi(() => undefined);
    renderAs(
      'SuperAdmin',
      [{ path: '/msisdn-details/:id', element: <MsisdnDetailsPage /> }],
      '/msisdn-details/abc',
    );
    expect(await screen.findByText('The requested item was not found.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
