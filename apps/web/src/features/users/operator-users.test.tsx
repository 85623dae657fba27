import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Company, User } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { companyAbilitiesFor, userAbilitiesFor } from '../../test/abilities.ts';
import { renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';

setupSignedInTests();

const user: User = {
  id: 7,
  fullName: 'Giulia Bianchi',
  username: 'companyadmin2',
  email: 'companyadmin2@lbs.example.com',
  phoneNo: null,
  birthDate: null,
  country: 'IT',
  address: null,
  notes: null,
  companyId: 2,
  companyName: 'Beta Construction',
  departmentId: null,
  departmentName: null,
  zoneId: null,
  zoneName: null,
  designationId: null,
  designationName: null,
  roles: ['CompanyAdmin'],
  active: true,
  invitationStatus: 'ACCEPTED',
  invitationExpiresAt: null,
  abilities: userAbilitiesFor('SuperAdmin', { id: 7, invitationStatus: 'ACCEPTED' }),
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-01T08:00:00.000Z',
};
const beta = {
  id: 2,
  companyId: 2,
  name: 'Beta Construction',
  code: 'BETA',
  contactEmail: null,
  contactPhone: null,
  address: null,
  city: 'Milan',
  country: 'IT',
  status: 'ACTIVE',
  config: {
    zoneEnabled: false,
    trackingWindow: { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00', timezone: 'Europe/Rome' },
    pollIntervalMinutes: 5,
    retentionDays: 90,
    consentReminderDays: 30,
    consentPendingDays: 14,
  },
  pricePlan: { currency: 'EUR', monthlyFeePerMsisdn: 1, feePerLocate: 0.01 },
  abilities: companyAbilitiesFor('SuperAdmin'),
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-01T08:00:00.000Z',
} satisfies Company;
const superAdmin = testUser('SuperAdmin', { companyId: null, companyName: null });

describe('/operator/users: the SuperAdmin’s directory of every portal user', () => {
  const api = (url: URL) => {
    if (url.pathname.endsWith('/users')) return jsonResponse({ items: [user], total: 1, page: 1, size: 20 });
    if (url.pathname.endsWith('/users/7')) return jsonResponse(user);
    if (url.pathname.endsWith('/companies/2')) return jsonResponse(beta);
    if (url.pathname.endsWith('/companies'))
      return jsonResponse({ items: [beta], total: 1, page: 1, size: 20 });
    return undefined;
  };

  it('filters by company, role and active on the server; Add User', async () => {
    const { apiCalls } = renderApp('/operator/users?companyId=2&role=CompanyAdmin', superAdmin, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Portal Users' })).toBeInTheDocument();
    expect(await screen.findByText('Giulia Bianchi')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Company' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/user/add');
    const usersCalls = () => apiCalls().filter((c) => c.url.pathname.endsWith('/users'));
    expect(usersCalls().at(-1)?.url.searchParams.get('companyId')).toBe('2');
    expect(usersCalls().at(-1)?.url.searchParams.get('role')).toBe('CompanyAdmin');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(usersCalls().at(-1)?.url.searchParams.get('active')).toBe('false'));
    expect(usersCalls().at(-1)?.url.searchParams.get('companyId')).toBe('2');
  });

  it('a row opens the user’s edit page (the SuperAdmin’s), whose crumb leads back to the directory', async () => {
    const { router } = renderApp('/operator/users', superAdmin, api);
    // /user-details/{id} is CompanyAdmin-only (SPEC §2): the SuperAdmin's row opens the edit page
    fireEvent.click(await screen.findByText('Giulia Bianchi'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-details/edit/7'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit User: Giulia Bianchi' }),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Portal Users' })).toHaveAttribute(
      'href',
      '/operator/users',
    );
  });

  it('is not open to a CompanyAdmin, whose sidebar keeps User Management › Users', async () => {
    const { apiCalls } = renderApp('/operator/users', testUser('CompanyAdmin'));
    expect(await screen.findByText('You are not authorized for this page')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Portal Users' })).toBeNull();
    expect(apiCalls().filter((c) => c.url.pathname.endsWith('/users'))).toEqual([]);
  });
});
