import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Company, OrgUnit, Role } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { companyAbilitiesFor, orgUnitAbilitiesFor } from '../../test/abilities.ts';
import { renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';

setupSignedInTests();

const company = (id: number, name: string, code: string, role: Role, zoneEnabled = true): Company => ({
  id,
  companyId: id,
  name,
  code,
  contactEmail: null,
  contactPhone: null,
  address: null,
  city: 'Riyadh',
  country: 'SA',
  status: 'ACTIVE',
  config: {
    zoneEnabled,
    trackingWindow: { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00', timezone: 'Asia/Riyadh' },
    pollIntervalMinutes: 5,
    retentionDays: 90,
    consentReminderDays: 30,
    consentPendingDays: 14,
  },
  pricePlan: { currency: 'SAR', monthlyFeePerMsisdn: 10, feePerLocate: 0.05 },
  abilities: companyAbilitiesFor(role),
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-01T08:00:00.000Z',
});
const page = <T,>(items: T[], total = items.length) => jsonResponse({ items, total, page: 1, size: 20 });

const unit = (id: number, name: string, msisdnCount: number, kind: 'department' | 'zone'): OrgUnit => ({
  id,
  companyId: 1,
  companyName: 'Alpha Logistics',
  name,
  description: null,
  msisdnCount,
  abilities: orgUnitAbilitiesFor('CompanyAdmin', kind),
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-01T08:00:00.000Z',
});

describe('/operator/companies: the SuperAdmin’s directory of every company', () => {
  const operatorApi = (url: URL) => {
    if (url.pathname.endsWith('/companies'))
      return page(
        [
          company(1, 'Alpha Logistics', 'ALPHA', 'SuperAdmin'),
          company(2, 'Beta Construction', 'BETA', 'SuperAdmin', false),
        ],
        42,
      );
    if (url.pathname.endsWith('/companies/2'))
      return jsonResponse(company(2, 'Beta Construction', 'BETA', 'SuperAdmin', false));
    return undefined;
  };
  const superAdmin = () => testUser('SuperAdmin', { companyId: null, companyName: null });

  it('lists every company, the server’s total driving the pager; search, status and zones filters go to the server; Add Company', async () => {
    const { apiCalls, router } = renderApp('/operator/companies', superAdmin(), operatorApi);
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Companies' })).toHaveAttribute(
      'href',
      '/operator/companies',
    );
    expect(within(nav).getByRole('link', { name: 'Portal Users' })).toHaveAttribute(
      'href',
      '/operator/users',
    );
    expect(await screen.findByText('Beta Construction')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Company' })).toHaveAttribute('href', '/company/add');
    // the server's total drives the pager
    expect(screen.getByText(/1–20 of 42/)).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'beta' } });
    await waitFor(() => expect(apiCalls().at(-1)?.url.searchParams.get('q')).toBe('beta'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Zones enabled' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Disabled' }));
    await waitFor(() => expect(apiCalls().at(-1)?.url.searchParams.get('zoneEnabled')).toBe('false'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Active' }));
    await waitFor(() => {
      const last = apiCalls().at(-1)!.url.searchParams;
      expect([last.get('status'), last.get('zoneEnabled'), last.get('q')]).toEqual([
        'ACTIVE',
        'false',
        'beta',
      ]);
    });
    expect(router.state.location.search).toContain('zoneEnabled=false');
  });

  it('a row opens the company’s edit page (the SuperAdmin’s), whose crumb leads back to the directory', async () => {
    const { router } = renderApp('/operator/companies', superAdmin(), operatorApi);
    // /company-details/{id} is CompanyAdmin-only (SPEC §2): the SuperAdmin's row opens the edit page
    fireEvent.click(await screen.findByText('Beta Construction'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-details/edit/2'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Company: Beta Construction' }),
    ).toBeInTheDocument();
    // the crumb leads back to the directory
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Companies' })).toHaveAttribute(
      'href',
      '/operator/companies',
    );
  });

  it('is not open to a CompanyAdmin, whose sidebar keeps its SPEC entries', async () => {
    const { apiCalls } = renderApp('/operator/companies', testUser('CompanyAdmin'));
    expect(await screen.findByText('You are not authorized for this page')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Company' })).toHaveAttribute('href', '/company/list');
    expect(within(nav).queryByRole('link', { name: 'Companies' })).toBeNull();
    expect(apiCalls().filter((c) => c.url.pathname.endsWith('/companies'))).toEqual([]);
  });
});

describe('company details: the company’s departments and zones with their MSISDN counts', () => {
  const alphaApi = (zones: OrgUnit[]) => (url: URL) => {
    if (url.pathname.endsWith('/companies/1'))
      return jsonResponse(company(1, 'Alpha Logistics', 'ALPHA', 'CompanyAdmin'));
    if (url.pathname.endsWith('/departments'))
      return page([unit(5, 'Field Operations', 12, 'department'), unit(6, 'Warehouse', 0, 'department')]);
    if (url.pathname.endsWith('/zones')) return page(zones);
    return undefined;
  };

  it('asks the server for this company’s units; a department row opens it; Add Zone for a CompanyAdmin', async () => {
    const { apiCalls, router } = renderApp(
      '/company-details/1',
      testUser('CompanyAdmin'),
      alphaApi([unit(8, 'North', 7, 'zone')]),
    );
    const departments = await screen.findByRole('grid', { name: 'Departments' });
    expect(await within(departments).findByText('Field Operations')).toBeInTheDocument();
    expect(within(departments).getByRole('row', { name: /Field Operations.*12/ })).toBeInTheDocument();
    const zones = screen.getByRole('grid', { name: 'Zones' });
    expect(await within(zones).findByRole('row', { name: /North.*7/ })).toBeInTheDocument();
    for (const path of ['/departments', '/zones']) {
      const call = apiCalls().find((c) => c.url.pathname.endsWith(path));
      expect(call?.url.searchParams.get('companyId')).toBe('1');
    }
    expect(screen.getByRole('link', { name: 'Add Zone' })).toHaveAttribute('href', '/zone/add');
    expect(screen.getByRole('link', { name: 'Add Department' })).toHaveAttribute('href', '/department/add');

    // zone screens are ZoneAdmin-only: a zone row opens nothing
    fireEvent.click(within(zones).getByText('North'));
    expect(router.state.location.pathname).toBe('/company-details/1');
    fireEvent.click(within(departments).getByText('Field Operations'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/department-details/5'));
  });

  it('a company without zones shows no zone list', async () => {
    renderApp('/company-details/2', testUser('CompanyAdmin'), (url) => {
      if (url.pathname.endsWith('/companies/2'))
        return jsonResponse(company(2, 'Beta Construction', 'BETA', 'CompanyAdmin', false));
      if (url.pathname.endsWith('/departments')) return page([]);
      return undefined;
    });
    expect(await screen.findByRole('grid', { name: 'Departments' })).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Zones' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Zone' })).toBeNull();
  });

  it('adding a zone returns to the company’s details, where the new zone is listed', async () => {
    let zones = [unit(8, 'North', 7, 'zone')];
    const { router } = renderApp('/company-details/1', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/zones') && init?.method === 'POST') {
        const created = { ...unit(9, 'Eastern Province', 0, 'zone') };
        zones = [...zones, created];
        return jsonResponse(created, 201);
      }
      return alphaApi(zones)(url);
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Add Zone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/zone/add'));
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Eastern Province' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-details/1'));
    const grid = await screen.findByRole('grid', { name: 'Zones' });
    expect(await within(grid).findByText('Eastern Province')).toBeInTheDocument();
  });
});
