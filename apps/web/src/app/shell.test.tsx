import { describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Me } from '@lbs/contracts';
import { jsonResponse } from '../lib/auth/test-helpers.ts';
import { renderApp, setupSignedInTests, testUser } from '../test/render-app.tsx';

/** The app at `path` for `user`; list endpoints (?page=…) answer an empty page. Records the notice's acceptances. */
function renderAt(path: string, user: Me) {
  const piaPosts: unknown[] = [];
  const { router } = renderApp(path, user, (url, init) => {
    if (url.pathname.endsWith('/user-management/me/pia') && init?.method === 'POST') {
      piaPosts.push(JSON.parse(String(init.body)));
      return jsonResponse({ ...user, isPiaSigned: true });
    }
    if (url.searchParams.has('page')) return jsonResponse({ items: [], total: 0, page: 1, size: 20 });
    return undefined;
  });
  return { router, piaPosts };
}

setupSignedInTests();

describe('portal shell', () => {
  it('shows the sidebar of a CompanyAdmin: links with hrefs, groups as disclosure buttons', async () => {
    renderAt('/monitor', testUser('CompanyAdmin'));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const groups = within(nav).getAllByRole('button');
    expect(groups.map((b) => [b.textContent, b.getAttribute('aria-expanded')])).toEqual([
      ['User Management', 'false'],
      ['Task', 'false'],
      ['POI', 'false'],
      ['Notifications', 'false'],
    ]);
    // collapsed groups hide their links
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    for (const group of groups) fireEvent.click(group);
    expect(groups.every((b) => b.getAttribute('aria-expanded') === 'true')).toBe(true);
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/monitor',
      '/company/list',
      '/department/list',
      '/designation/list',
      '/msisdn/list',
      '/user/list',
      '/attendance/list',
      '/task/list',
      '/task-assign-list',
      '/billing/list',
      '/poi',
      '/poi-create',
      '/poi-assign/list',
      '/reports',
      '/notifications',
      '/notification-rules',
    ]);
    expect(within(nav).getByRole('link', { name: 'Monitor' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(groups[0]!);
    expect(groups[0]).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('heading', { level: 1, name: 'Monitor' })).toBeInTheDocument();
    expect(screen.getByText('Layla Haddad')).toBeInTheDocument();
  });

  it('a route the role lacks shows the Unauthorized page with a go-home button', async () => {
    renderAt('/company/add', testUser('CompanyAdmin'));
    expect(await screen.findByText('You are not authorized for this page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
  });

  it('a ZoneAdmin sees the zone list but no company entry', async () => {
    renderAt('/zone/list', testUser('ZoneAdmin'));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Company' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Zone' })).toHaveAttribute('href', '/zone/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zones' })).toBeInTheDocument();
    expect(await screen.findByText('No Record Found')).toBeInTheDocument();
  });

  it('a due invoice locks every page on /due-invoice and lists the invoices', async () => {
    const { router } = renderAt(
      '/monitor',
      testUser('CompanyAdmin', {
        isPiaSigned: false,
        hasDueInvoice: true,
        dueInvoiceList: [
          {
            id: 3,
            number: 'INV-2025-0042',
            companyId: 3,
            companyName: 'Gamma Retail',
            period: '2025-08',
            issuedOn: '2025-09-01',
            dueOn: '2025-09-30',
            currency: 'EUR',
            totalMinor: 123450,
            balanceMinor: 23450,
            status: 'PARTIALLY_PAID',
            paymentInstructions: null,
          },
        ],
      }),
    );
    expect(await screen.findByText('INV-2025-0042')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/due-invoice');
    expect(screen.getByText('€1,234.50')).toBeInTheDocument();
    expect(screen.getByText('€234.50')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    // never the acknowledgement notice on /due-invoice
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the acknowledgement notice needs the Accept box before Agree and Continue', async () => {
    const { piaPosts } = renderAt('/monitor', testUser('DepartmentAdmin', { isPiaSigned: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy notice' });
    const agree = within(dialog).getByRole('button', { name: 'Agree and Continue' });
    expect(agree).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I have read and accept this notice' }));
    expect(agree).toBeEnabled();
    fireEvent.click(agree);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(piaPosts).toEqual([{ accepted: true }]);
    expect(localStorage.getItem('isPiaSigned')).toBe('true');
  });

  it('switching to Arabic turns the document right-to-left and persists the choice', async () => {
    renderAt('/monitor', testUser('SuperAdmin'));
    fireEvent.click(await screen.findByRole('button', { name: 'Language' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['English', '中文', 'العربية', 'Italiano', 'Español', 'Français']);
    await act(async () => fireEvent.click(within(menu).getByRole('menuitem', { name: 'العربية' })));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(await screen.findByRole('navigation', { name: 'التنقل الرئيسي' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('settings')!).locale).toBe('ar-SA');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'اللغة' })));
    await act(async () => fireEvent.click(await screen.findByRole('menuitem', { name: 'English' })));
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
  });

  it('the SuperAdmin gets the hierarchy toggle; a DepartmentAdmin does not', async () => {
    renderAt('/monitor', testUser('SuperAdmin'));
    expect(await screen.findByRole('group', { name: 'Hierarchy mode' })).toBeInTheDocument();
    cleanup();
    renderAt('/monitor', testUser('DepartmentAdmin'));
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('group', { name: 'Hierarchy mode' })).toBeNull();
  });

  it('an unknown path goes to the 404 page', async () => {
    const { router } = renderAt('/no/such/page', testUser('SuperAdmin'));
    expect(await screen.findByText("We can't find the page that you are looking for.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error-pages/error-404');
    expect(screen.getByRole('button', { name: 'Go Back To Home' })).toBeInTheDocument();
  });
});
