import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Company } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { companyAbilitiesFor } from '../../test/abilities.ts';
import { renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';
import { pickerInput } from '../../test/pickers.ts';

setupSignedInTests();

const saved = (
  body: Omit<Company, 'id' | 'companyId' | 'abilities' | 'createdAt' | 'updatedAt'>,
): Company => ({
  ...body,
  abilities: companyAbilitiesFor('SuperAdmin'),
  id: 9,
  companyId: 9,
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-01T08:00:00.000Z',
});

describe('company add (SuperAdmin)', () => {
  it('checks the tracking window, sends config and price plan, then opens the edit page (details are CompanyAdmin-only)', async () => {
    let created: Company | undefined;
    const { apiCalls, router } = renderApp(
      '/company/add',
      testUser('SuperAdmin', { companyId: null, companyName: null }),
      (url, init) => {
        if (url.pathname.endsWith('/companies') && init?.method === 'POST') {
          created = saved(JSON.parse(String(init.body)));
          return jsonResponse(created, 201);
        }
        if (url.pathname.endsWith('/companies/9') && created) return jsonResponse(created);
        return undefined;
      },
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Delta Couriers' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Company code/ }), {
      target: { value: 'delta-1' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Contact phone/ }), {
      target: { value: '+39 347 123 4567' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sat' }));
    fireEvent.change(pickerInput(/^Tracking ends at/), { target: { value: '07:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('The end of the tracking window must be after its start'),
    ).toBeInTheDocument();
    expect(apiCalls().filter((c) => c.init?.method === 'POST')).toEqual([]);

    fireEvent.change(pickerInput(/^Tracking ends at/), { target: { value: '19:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-details/edit/9'));
    expect(await screen.findByText('Company created')).toBeInTheDocument();
    const body = JSON.parse(String(apiCalls().find((c) => c.init?.method === 'POST')?.init?.body));
    expect(body).toEqual({
      name: 'Delta Couriers',
      code: 'DELTA-1',
      status: 'ACTIVE',
      contactEmail: null,
      contactPhone: '+393471234567',
      address: null,
      city: null,
      country: null,
      config: {
        zoneEnabled: false,
        trackingWindow: { days: [1, 2, 3, 4, 5, 6], start: '08:00', end: '19:30', timezone: 'UTC' },
        pollIntervalMinutes: 5,
        retentionDays: 90,
        consentReminderDays: 30,
        consentPendingDays: 14,
      },
      pricePlan: { currency: 'EUR', monthlyFeePerMsisdn: 0, feePerLocate: 0 },
    });
    // the edit page shows what was saved
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Company: Delta Couriers' }),
    ).toBeInTheDocument();
  });
});
