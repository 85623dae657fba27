import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { companyAbilitiesFor, userAbilitiesFor } from '../../test/abilities.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';

const user: User = {
  id: 7,
  fullName: 'Omar Haddad',
  username: 'deptadmin',
  email: 'deptadmin@lbs.example.com',
  phoneNo: '+966501234567',
  birthDate: '1990-04-12',
  country: 'SA',
  address: null,
  notes: null,
  companyId: 1,
  companyName: 'Alpha Logistics',
  departmentId: 3,
  departmentName: 'Field Operations',
  zoneId: 4,
  zoneName: 'North',
  designationId: 2,
  designationName: 'Supervisor',
  roles: ['DepartmentAdmin'],
  active: true,
  invitationStatus: 'PENDING',
  invitationExpiresAt: '2030-01-01T00:00:00.000Z',
  // As a CompanyAdmin reads it.
  abilities: userAbilitiesFor('CompanyAdmin', { id: 7, invitationStatus: 'PENDING' }),
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-01T08:00:00.000Z',
};

setupSignedInTests();

const usersApi = (url: URL) =>
  url.pathname.endsWith('/users') ? jsonResponse({ items: [user], total: 1, page: 1, size: 20 }) : undefined;

describe('users list: the filter follows the hierarchy mode', () => {
  it('DEPARTMENT mode: department filter and column', async () => {
    renderApp('/user/list', testUser('CompanyAdmin'), usersApi);
    expect(await screen.findByText('Omar Haddad')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Department' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Zone' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Department' })).toBeInTheDocument();
    expect(screen.getByText('Invitation sent')).toBeInTheDocument();
    // a CompanyAdmin may not add users (SuperAdmin only)
    expect(screen.queryByRole('link', { name: 'Add User' })).toBeNull();
  });

  it('ZONE mode: zone filter and column', async () => {
    localStorage.setItem('hierarchyMode', 'ZONE');
    renderApp('/user/list', testUser('CompanyAdmin'), usersApi);
    expect(await screen.findByText('Omar Haddad')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Zone' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Department' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Zone' })).toBeInTheDocument();
  });
});

describe('user screens', () => {
  it('a CompanyAdmin sees a user without edit, delete or resend', async () => {
    renderApp('/user-details/7', testUser('CompanyAdmin'), (url) =>
      url.pathname.endsWith('/users/7') ? jsonResponse(user) : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Omar Haddad' })).toBeInTheDocument();
    expect(screen.getByText('Department Admin')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
  });

  it('a SuperAdmin edits: resend invitation; roles rules come back as field errors', async () => {
    const { apiCalls } = renderApp(
      '/user-details/edit/7',
      testUser('SuperAdmin', { companyId: null, companyName: null }),
      (url, init) => {
        if (url.pathname.endsWith('/users/7/invitation'))
          return jsonResponse({
            code: 'aws.codeSent',
            message: 'sent',
            expiresAt: '2030-01-02T00:00:00.000Z',
          });
        if (url.pathname.endsWith('/users/7') && init?.method === 'PATCH')
          return problem(400, 'problem.validation', [
            { path: 'departmentId', code: 'user.departmentAdminNeedsDepartment', message: 'x' },
          ]);
        if (url.pathname.endsWith('/users/7'))
          return jsonResponse({ ...user, abilities: userAbilitiesFor('SuperAdmin', user) });
        if (url.pathname.endsWith('/companies/1'))
          return jsonResponse({
            id: 1,
            companyId: 1,
            name: 'Alpha Logistics',
            code: 'ALPHA',
            contactEmail: null,
            contactPhone: null,
            address: null,
            city: null,
            country: null,
            status: 'ACTIVE',
            config: {
              zoneEnabled: true,
              trackingWindow: { days: [1], start: '08:00', end: '18:00', timezone: 'UTC' },
              pollIntervalMinutes: 5,
              retentionDays: 90,
              consentReminderDays: 30,
              consentPendingDays: 14,
            },
            pricePlan: { currency: 'EUR', monthlyFeePerMsisdn: 0, feePerLocate: 0 },
            abilities: companyAbilitiesFor('SuperAdmin'),
            createdAt: 'x',
            updatedAt: 'y',
          });
        if (/\/(departments|zones|designations|companies)$/.test(url.pathname))
          return jsonResponse({ items: [], total: 0, page: 1, size: 100 });
        return undefined;
      },
    );
    expect(await screen.findByRole('textbox', { name: /^Full name/ })).toHaveValue('Omar Haddad');
    fireEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(
      await screen.findByText('A security code has been sent to your registered email'),
    ).toBeInTheDocument();

    // roles are required by the shared schema
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Roles/ }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Department Admin' }),
    );
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Choose at least one role')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Roles/ }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Department Admin' }),
    );
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('A Department Admin needs a department')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Department/ })).toHaveAttribute('aria-invalid', 'true'),
    );
    const patch = apiCalls().find((c) => c.init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.init?.body))).toMatchObject({
      roles: ['DepartmentAdmin'],
      companyId: 1,
      departmentId: 3,
      phoneNo: '+966501234567',
      // the date picker hands the API the same ISO date
      birthDate: '1990-04-12',
      address: null,
      active: true,
    });
  });
});
