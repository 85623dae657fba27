import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvoiceDetail } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';
import { estimateOf, invoiceDetailOf, invoiceOf } from './test-fixtures.ts';

const pageOf = <T,>(items: T[]) => jsonResponse({ items, total: items.length, page: 1, size: 20 });
const ALL_ABILITIES = { run: true, issue: true, void: true, creditNote: true, recordPayment: true };

const operator = () => testUser('SuperAdmin', { companyId: null, companyName: null });

setupSignedInTests();

describe('/billing/list', () => {
  it('a CompanyAdmin sees the month’s estimate and the invoices with their status and overdue chips', async () => {
    const paid = invoiceOf({
      id: 11,
      number: 'INV-2026-000007',
      period: '2026-09',
      status: 'PAID',
      overdue: false,
      paidMinor: 9_900,
      totalMinor: 9_900,
      balanceMinor: 0,
    });
    const { calls } = renderApp('/billing/list', testUser('CompanyAdmin'), (url) => {
      if (url.pathname.endsWith('/invoices/estimate')) return jsonResponse(estimateOf());
      if (url.pathname.endsWith('/invoices')) return pageOf([invoiceOf(), paid]);
      return undefined;
    });
    const overdueRow = await screen.findByRole('row', { name: /INV-2026-000012/ });
    expect(within(overdueRow).getByText('October 2026')).toBeInTheDocument();
    expect(within(overdueRow).getAllByText('€138.00')).toHaveLength(2);
    expect(within(overdueRow).getByText('Issued')).toBeInTheDocument();
    expect(within(overdueRow).getByText('Overdue')).toBeInTheDocument();
    expect(within(overdueRow).getByRole('link', { name: 'INV-2026-000012' })).toHaveAttribute(
      'href',
      '/billing-details/12',
    );
    const paidRow = screen.getByRole('row', { name: /INV-2026-000007/ });
    expect(within(paidRow).getByText('Paid')).toBeInTheDocument();
    expect(within(paidRow).getByText('€0.00')).toBeInTheDocument();
    expect(within(paidRow).queryByText('Overdue')).toBeNull();

    const estimate = screen.getByRole('region', { name: 'This month so far (estimate)' });
    expect(within(estimate).getByRole('group', { name: 'Active MSISDNs' })).toHaveTextContent('42');
    expect(within(estimate).getByRole('group', { name: 'Billable locates' })).toHaveTextContent('1,480');
    expect(within(estimate).getByRole('group', { name: 'Estimated total' })).toHaveTextContent('€230.00');
    // No company column or run action for a CompanyAdmin; its estimate names no company.
    expect(screen.queryByRole('columnheader', { name: 'Client' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Run invoices' })).toBeNull();
    const estimateCall = calls.find((c) => c.url.includes('/invoices/estimate'))!;
    expect(new URL(estimateCall.url, 'http://localhost').search).toBe('');

    fireEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => {
      const last = calls.filter((c) => /\/invoices\?/.test(c.url)).at(-1)!;
      expect(new URL(last.url, 'http://localhost').searchParams.get('overdue')).toBe('true');
    });
    const first = new URL(calls.find((c) => /\/invoices\?/.test(c.url))!.url, 'http://localhost');
    expect(first.searchParams.get('sort')).toBe('-period');
  });

  it('the operator’s /operator/invoices: the company column, and a month’s run for every company', async () => {
    const { calls } = renderApp('/operator/invoices', operator(), (url, init) => {
      if (url.pathname.endsWith('/invoices/runs') && init?.method === 'POST')
        return jsonResponse({ invoice: null, outcome: 'QUEUED', queued: 3 });
      if (url.pathname.endsWith('/invoices')) return pageOf([invoiceOf({ status: 'DRAFT', number: null })]);
      if (url.pathname.endsWith('/companies')) return pageOf([]);
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoicing' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Alpha Logistics/ });
    expect(within(row).getByRole('link', { name: 'Draft' })).toHaveAttribute(
      'href',
      '/operator/invoice-details/12',
    );
    expect(screen.getByRole('columnheader', { name: 'Client' })).toBeInTheDocument();
    // No company chosen: no estimate.
    expect(screen.queryByRole('region', { name: 'This month so far (estimate)' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Run invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run invoices for a month' });
    // the month picker's text, MM/YYYY in English (its hidden input holds what the sections show)
    fireEvent.change(dialog.querySelector<HTMLInputElement>('input[name="period"]')!, {
      target: { value: '10/2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('The invoice runs were queued for 3 companies')).toBeInTheDocument();
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toEqual({ period: '2026-10' });
    expect(calls.some((c) => c.url.includes('/invoices/estimate'))).toBe(false);
  });
});

describe('/billing-details/{id}', () => {
  it('groups the lines by assignment type, each group collapsible, and offers only Download PDF without abilities', async () => {
    renderApp('/billing-details/12', testUser('CompanyAdmin'), (url) => {
      if (url.pathname.endsWith('/invoices/12')) return jsonResponse(invoiceDetailOf());
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'INV-2026-000012' })).toBeInTheDocument();
    const fees = screen.getByRole('button', { name: /Monthly fee per MSISDN.*2 lines.*€69\.35/ });
    const locates = screen.getByRole('button', { name: /Locates.*1 line.*€50\.65/ });
    expect(fees).toHaveAttribute('aria-expanded', 'true');
    const feeTable = screen.getByRole('table', { name: /Monthly fee per MSISDN/ });
    expect(within(feeTable).getByRole('row', { name: /Omar Haddad/ })).toHaveTextContent(
      /Monthly fee, 31 active days.*\+966501234567.*1.*€50\.00.*€50\.00/,
    );
    expect(within(feeTable).getByRole('row', { name: /Layla Nasser/ })).toHaveTextContent(
      /Monthly fee, 12 active days.*0\.387097.*€19\.35/,
    );
    const locateTable = screen.getByRole('table', { name: /Locates/ });
    expect(within(locateTable).getByRole('columnheader', { name: 'Included' })).toBeInTheDocument();
    expect(within(locateTable).getAllByRole('row')[1]).toHaveTextContent(
      /1,400.*100.*1,300.*€0\.05.*€50\.65/,
    );
    fireEvent.click(locates);
    await waitFor(() => expect(locates).toHaveAttribute('aria-expanded', 'false'));

    expect(screen.getByLabelText('Totals')).toHaveTextContent(
      /Subtotal€120\.00Rebate€0\.00Tax \(15%\)€18\.00Grand total€138\.00Paid€0\.00Balance€138\.00/,
    );
    expect(screen.getByText('No payments have been recorded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    for (const name of ['Issue', 'Void', 'Credit note', 'Record payment', 'Rebuild draft'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('shows the locates behind a locate line, asked of the server for that MSISDN and month', async () => {
    const detail = invoiceDetailOf();
    const line = detail.items.find((i) => i.kind === 'LOCATES')!;
    const { apiCalls } = renderApp('/billing-details/12', testUser('CompanyAdmin'), (url) => {
      if (url.pathname.endsWith('/invoices/12')) return jsonResponse(detail);
      if (url.pathname.endsWith('/usage'))
        return jsonResponse({
          items: [
            {
              id: 1,
              at: '2026-10-03T09:00:00.000Z',
              msisdnId: line.msisdnId,
              msisdn: line.msisdn,
              locateRequestId: 77,
              requestedBy: 'SCHEDULE',
              resultCode: '0',
              success: true,
            },
            {
              id: 2,
              at: '2026-10-03T09:05:00.000Z',
              msisdnId: line.msisdnId,
              msisdn: line.msisdn,
              locateRequestId: 78,
              requestedBy: 'USER',
              resultCode: '6',
              success: false,
            },
          ],
          total: 2,
          page: 1,
          size: 25,
        });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: `Show the locates of ${line.msisdn}` }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('row', { name: /Schedule.*Located.*Billed/ })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('row', { name: /On demand.*Not located \(MLP result 6\).*Not billed/ }),
    ).toBeInTheDocument();
    const asked = apiCalls().find((c) => c.url.pathname.endsWith('/usage'))!.url.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      companyId: String(detail.companyId),
      msisdnId: String(line.msisdnId),
      period: detail.period,
    });
  });

  it('records a payment: the server’s field message under the amount, then the posted body and the new row', async () => {
    let current: InvoiceDetail = invoiceDetailOf({
      abilities: { ...ALL_ABILITIES, run: false, issue: false },
    });
    const { calls } = renderApp('/billing-details/12', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/invoices/12/payments') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { amountMinor: number; reference: string | null };
        if (body.amountMinor > current.balanceMinor)
          return problem(409, 'billing.amountAboveBalance', [
            { path: 'amountMinor', code: 'billing.amountAboveBalance', message: 'x' },
          ]);
        current = {
          ...current,
          status: 'PARTIALLY_PAID',
          paidMinor: body.amountMinor,
          balanceMinor: current.balanceMinor - body.amountMinor,
          payments: [
            {
              id: 1,
              amountMinor: body.amountMinor,
              paidOn: '2026-11-20',
              method: 'CARD',
              reference: body.reference,
              recordedBy: 'operator',
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
        };
        return jsonResponse(current);
      }
      if (url.pathname.endsWith('/invoices/12')) return jsonResponse(current);
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'INV-2026-000012' });
    for (const name of ['Void', 'Credit note', 'Record payment'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rebuild draft' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    const amount = within(dialog).getByRole('textbox', { name: /^Amount \(EUR\)/ });
    expect(amount).toHaveValue('138.00');
    // Nothing paid is no payment: the field says more than zero (not "zero or more").
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Enter an amount greater than zero'));
    fireEvent.change(amount, { target: { value: '500' } });
    // the date picker's field, as typed in English (MM/DD/YYYY); the API still receives the ISO date
    fireEvent.change(dialog.querySelector('input[name="paidOn"]')!, { target: { value: '11/20/2026' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Method' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Card' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reference' }), {
      target: { value: 'TRX-1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription('The amount exceeds what is still owed on this invoice'),
    );

    fireEvent.change(amount, { target: { value: '100.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('The payment was recorded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record a payment' })).toBeNull());
    const posts = calls.filter((c) => c.init?.method === 'POST').map((c) => JSON.parse(String(c.init!.body)));
    expect(posts).toEqual([
      { amountMinor: 50_000, paidOn: '2026-11-20', method: 'CARD', reference: 'TRX-1' },
      { amountMinor: 10_050, paidOn: '2026-11-20', method: 'CARD', reference: 'TRX-1' },
    ]);
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(within(payments).getByRole('row', { name: /TRX-1/ })).toHaveTextContent(/€100\.50.*Card.*TRX-1/);
    expect(screen.getByText('Partially paid')).toBeInTheDocument();
  });

  it('the operator issues a draft from its abilities', async () => {
    let current = invoiceDetailOf({
      number: null,
      status: 'DRAFT',
      overdue: false,
      issuedAt: null,
      dueOn: null,
      abilities: { ...ALL_ABILITIES, void: false, creditNote: false, recordPayment: false },
    });
    const { calls } = renderApp('/operator/invoice-details/12', operator(), (url, init) => {
      if (url.pathname.endsWith('/invoices/12/issue') && init?.method === 'POST') {
        current = invoiceDetailOf({ abilities: { ...ALL_ABILITIES, run: false, issue: false } });
        return jsonResponse(current);
      }
      if (url.pathname.endsWith('/invoices/12')) return jsonResponse(current);
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft invoice' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Invoicing' })).toHaveAttribute(
      'href',
      '/operator/invoices',
    );
    expect(screen.getByRole('button', { name: 'Rebuild draft' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue this invoice?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText('The invoice was issued')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'INV-2026-000012' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeInTheDocument();
    expect(calls.filter((c) => c.init?.method === 'POST').map((c) => c.url)).toEqual([
      '/api/v1/lbs-backend/invoices/12/issue',
    ]);
  });

  it('an invoice that is not there says so, with the way back to the list', async () => {
    renderApp('/billing-details/99', testUser('CompanyAdmin'), () => undefined);
    expect(await screen.findByText('The requested item was not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/billing/list');
  });
});
