import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrgUnit } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { companyAbilitiesFor, orgUnitAbilitiesFor } from '../../test/abilities.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';

const department: OrgUnit = {
  id: 5,
  companyId: 1,
  companyName: 'Alpha Logistics',
  name: 'Field Operations',
  description: 'Drivers and technicians',
  msisdnCount: 12,
  // As a CompanyAdmin reads it.
  abilities: orgUnitAbilitiesFor('CompanyAdmin', 'department'),
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-02T08:00:00.000Z',
};
const page = (items: OrgUnit[]) => jsonResponse({ items, total: items.length, page: 1, size: 20 });

setupSignedInTests();

/** Company A as the API answers it, with the tracking window's hours. */
const alphaWith = (start: string, end: string) => ({
  id: 1,
  companyId: 1,
  name: 'Alpha Logistics',
  code: 'ALPHA',
  contactEmail: null,
  contactPhone: '+966501234567',
  address: null,
  city: 'Riyadh',
  country: 'SA',
  status: 'ACTIVE',
  config: {
    zoneEnabled: true,
    trackingWindow: {
      days: [1, 2, 3, 4, 5],
      start,
      end,
      timezone: 'Asia/Riyadh',
    },
    pollIntervalMinutes: 5,
    retentionDays: 90,
    consentReminderDays: 30,
    consentPendingDays: 14,
  },
  pricePlan: { currency: 'SAR', monthlyFeePerMsisdn: 10, feePerLocate: 0.05 },
  abilities: companyAbilitiesFor('CompanyAdmin'),
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-01T08:00:00.000Z',
});

describe('department screens: buttons follow the shared permission table', () => {
  it('a CompanyAdmin gets Add Department on the list; a DepartmentAdmin does not', async () => {
    renderApp('/department/list', testUser('CompanyAdmin'), (url) =>
      url.pathname.endsWith('/departments') ? page([department]) : undefined,
    );
    expect(await screen.findByText('Field Operations')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Department' })).toHaveAttribute('href', '/department/add');
    cleanup();

    renderApp('/department/list', testUser('DepartmentAdmin'), (url) =>
      url.pathname.endsWith('/departments') ? page([department]) : undefined,
    );
    expect(await screen.findByText('Field Operations')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Department' })).toBeNull();
  });

  it('details: a DepartmentAdmin may edit but not delete; a CompanyAdmin may do both', async () => {
    const api = (role: 'DepartmentAdmin' | 'CompanyAdmin') => (url: URL) =>
      url.pathname.endsWith('/departments/5')
        ? jsonResponse({ ...department, abilities: orgUnitAbilitiesFor(role, 'department') })
        : undefined;
    renderApp('/department-details/5', testUser('DepartmentAdmin'), api('DepartmentAdmin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Field Operations' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/department-details/edit/5');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('Drivers and technicians')).toBeInTheDocument();
    cleanup();

    renderApp('/department-details/5', testUser('CompanyAdmin'), api('CompanyAdmin'));
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('a CompanyAdmin sees its company without edit or delete (SuperAdmin only)', async () => {
    renderApp('/company-details/1', testUser('CompanyAdmin'), (url) =>
      url.pathname.endsWith('/companies/1') ? jsonResponse(alphaWith('08:00', '18:00')) : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpha Logistics' })).toBeInTheDocument();
    expect(screen.getByText('Saudi Arabia')).toBeInTheDocument();
    expect(screen.getByText('Monday, Tuesday, Wednesday, Thursday, and Friday')).toBeInTheDocument();
    expect(screen.getByText('08:00 – 18:00')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('a tracking window from 00:00 to 00:00 reads “All day”', async () => {
    renderApp('/company-details/1', testUser('CompanyAdmin'), (url) =>
      url.pathname.endsWith('/companies/1') ? jsonResponse(alphaWith('00:00', '00:00')) : undefined,
    );
    expect(await screen.findByText('All day')).toBeInTheDocument();
    expect(screen.queryByText('00:00 – 00:00')).toBeNull();
  });

  it('delete asks first and shows the 409 reason translated', async () => {
    const { apiCalls } = renderApp('/department-details/5', testUser('CompanyAdmin'), (url, init) => {
      if (!url.pathname.endsWith('/departments/5')) return undefined;
      return init?.method === 'DELETE' ? problem(409, 'org.departmentInUse') : jsonResponse(department);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this item?' });
    expect(
      within(dialog).getByText('“Field Operations” will be deleted. This cannot be undone.'),
    ).toBeInTheDocument();
    expect(apiCalls().filter((c) => c.init?.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('The department still has employee MSISDNs or users'),
    ).toBeInTheDocument();
    expect(
      apiCalls()
        .filter((c) => c.init?.method === 'DELETE')
        .map((c) => c.url.pathname),
    ).toEqual(['/api/v1/lbs-backend/departments/5']);
  });

  it('after a delete it goes to the list without asking for the deleted department again', async () => {
    let deleted = false;
    const { apiCalls, router } = renderApp('/department-details/5', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/departments')) return page([]);
      if (!url.pathname.endsWith('/departments/5')) return undefined;
      if (init?.method === 'DELETE') {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      return deleted ? problem(404, 'problem.notFound') : jsonResponse(department);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this item?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/department/list'));
    await screen.findByText('Deleted successfully');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const calls = apiCalls().map((c) => `${c.init?.method ?? 'GET'} ${c.url.pathname}`);
    const after = calls.slice(calls.indexOf('DELETE /api/v1/lbs-backend/departments/5') + 1);
    expect(after).not.toContain('GET /api/v1/lbs-backend/departments/5');
  });
});

describe('a department that is not there', () => {
  it('says not found, with the way back to the list and no Retry, for an unknown id and for one that is no id', async () => {
    for (const [path, answer] of [
      ['/department-details/99', () => problem(404, 'problem.notFound')],
      [
        '/department-details/abc',
        () => problem(400, 'problem.validation', [{ path: 'id', code: 'validation.invalid', message: 'x' }]),
      ],
    ] as const) {
      const { apiCalls } = renderApp(path, testUser('CompanyAdmin'), (url) =>
        url.pathname.includes('/departments/') ? answer() : undefined,
      );
      expect(await screen.findByText('The requested item was not found.')).toBeInTheDocument();
      // An id that is no id is not found without asking the server (the 400 it would answer is never needed).
      expect(apiCalls().some((c) => c.url.pathname.endsWith('/departments/abc'))).toBe(false);
      expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute(
        'href',
        '/department/list',
      );
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.queryByText('Some fields are not valid')).toBeNull();
      cleanup();
    }
  });
});

describe('department add form', () => {
  it('a CompanyAdmin never sends companyId; server field errors land on the field; success opens the details', async () => {
    let attempt = 0;
    const { apiCalls, router } = renderApp('/department/add', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/departments') && init?.method === 'POST') {
        attempt += 1;
        if (attempt === 1)
          return problem(409, 'org.nameTaken', [
            { path: 'name', code: 'org.nameTaken', message: 'This name is already in use in the company' },
          ]);
        return jsonResponse({ ...department, name: 'Logistics' }, 201);
      }
      if (url.pathname.endsWith('/departments/5')) return jsonResponse({ ...department, name: 'Logistics' });
      return undefined;
    });
    expect(await screen.findByRole('textbox', { name: 'Company' })).toHaveValue('Alpha Logistics');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Logistics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This name is already in use in the company')).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/department-details/5'));
    expect(await screen.findByText('Department “Logistics” created')).toBeInTheDocument();
    const posts = apiCalls()
      .filter((c) => c.init?.method === 'POST')
      .map((c) => JSON.parse(String(c.init?.body)));
    expect(posts).toEqual([
      { name: 'Logistics', description: null },
      { name: 'Logistics', description: null },
    ]);
  });
});
