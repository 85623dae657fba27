import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Company, Role, Tariff } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { companyAbilitiesFor } from '../../test/abilities.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';

const companyOf = (role: Role): Company => ({
  id: 1,
  companyId: 1,
  name: 'Alpha Logistics',
  code: 'ALPHA',
  contactEmail: null,
  contactPhone: null,
  address: null,
  city: 'Riyadh',
  country: 'SA',
  status: 'ACTIVE',
  config: {
    zoneEnabled: true,
    trackingWindow: { days: [7, 1, 2, 3, 4], start: '08:00', end: '17:00', timezone: 'Asia/Riyadh' },
    pollIntervalMinutes: 5,
    retentionDays: 90,
    consentReminderDays: 30,
    consentPendingDays: 14,
  },
  pricePlan: { currency: 'SAR', monthlyFeePerMsisdn: 0, feePerLocate: 0 },
  abilities: companyAbilitiesFor(role),
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-01T08:00:00.000Z',
});

const tariff: Tariff = {
  id: 4,
  companyId: 1,
  effectiveFrom: '2026-01',
  currency: 'SAR',
  monthlyFee: '50',
  pricePerLocate: '0.05',
  includedLocates: 100,
  billableLocates: 'SUCCESSFUL',
  proration: 'FULL_MONTH',
  rebateKind: 'PERCENT',
  rebateValue: '10',
  taxRatePercent: '15',
  paymentTermsDays: 30,
  graceDays: 7,
  reviewDays: 3,
  createdAt: '2025-12-01T08:00:00.000Z',
};

setupSignedInTests();

describe('company tariffs', () => {
  it('the SuperAdmin’s edit page lists the versions and adds one; the server’s field message shows under its field', async () => {
    const tariffs = [tariff];
    const { calls } = renderApp(
      '/company-details/edit/1',
      testUser('SuperAdmin', { companyId: null, companyName: null }),
      (url, init) => {
        if (url.pathname.endsWith('/companies/1/tariffs') && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as Tariff;
          if (body.effectiveFrom <= '2026-11')
            return problem(409, 'billing.tariffPeriodInvoiced', [
              { path: 'effectiveFrom', code: 'billing.tariffPeriodInvoiced', message: 'x' },
            ]);
          const created = { ...tariff, ...body, id: 5 };
          tariffs.unshift(created);
          return jsonResponse(created, 201);
        }
        if (url.pathname.endsWith('/companies/1/tariffs')) return jsonResponse({ items: tariffs });
        if (url.pathname.endsWith('/companies/1')) return jsonResponse(companyOf('SuperAdmin'));
        return undefined;
      },
    );
    const table = await screen.findByRole('table', { name: 'Tariffs' });
    expect(within(table).getByRole('row', { name: /January 2026/ })).toHaveTextContent(
      /January 2026SARSAR 50\.00SAR 0\.05100Successful locates onlyFull fee if active on any day10%15%30 days7 days/,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add tariff version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tariff version' });
    // A new version starts from the latest one's terms.
    expect(within(dialog).getByRole('textbox', { name: /^Monthly fee per MSISDN/ })).toHaveValue('50');
    fireEvent.change(within(dialog).getByLabelText(/^Effective from/), { target: { value: '2026-11' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Monthly fee per MSISDN/ }), {
      target: { value: '55.5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tariff version' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Effective from/)).toHaveAccessibleDescription(
        'That month is already invoiced; a new tariff can start after it',
      ),
    );
    fireEvent.change(within(dialog).getByLabelText(/^Effective from/), { target: { value: '2027-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tariff version' }));
    expect(await screen.findByText('The tariff version was added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(table).findByRole('row', { name: /January 2027/ })).toHaveTextContent('SAR 55.50');
    const posts = calls.filter((c) => c.init?.method === 'POST').map((c) => JSON.parse(String(c.init!.body)));
    expect(posts.at(-1)).toEqual({
      effectiveFrom: '2027-01',
      currency: 'SAR',
      monthlyFee: '55.5',
      pricePerLocate: '0.05',
      includedLocates: 100,
      billableLocates: 'SUCCESSFUL',
      proration: 'FULL_MONTH',
      rebateKind: 'PERCENT',
      rebateValue: '10',
      taxRatePercent: '15',
      paymentTermsDays: 30,
      graceDays: 7,
      reviewDays: 3,
    });
  });

  it('a CompanyAdmin reads its company’s tariffs on the details page, without the add action', async () => {
    renderApp('/company-details/1', testUser('CompanyAdmin'), (url) => {
      if (url.pathname.endsWith('/companies/1/tariffs')) return jsonResponse({ items: [tariff] });
      if (url.pathname.endsWith('/companies/1')) return jsonResponse(companyOf('CompanyAdmin'));
      return undefined;
    });
    const table = await screen.findByRole('table', { name: 'Tariffs' });
    expect(within(table).getByRole('row', { name: /January 2026/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add tariff version' })).toBeNull();
  });
});
