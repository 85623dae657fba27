import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DueInvoice } from '@lbs/contracts';
import { renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';

const due = (patch: Partial<DueInvoice> = {}): DueInvoice => ({
  id: 3,
  number: 'INV-2025-000042',
  companyId: 1,
  companyName: 'Alpha Logistics',
  period: '2025-08',
  issuedOn: '2025-09-01',
  dueOn: '2025-09-30',
  currency: 'SAR',
  totalMinor: 115_000,
  balanceMinor: 65_000,
  status: 'PARTIALLY_PAID',
  paymentInstructions: 'IBAN SA03 8000 0000 6080 1016 7519, quoting the invoice number',
  ...patch,
});

setupSignedInTests();

describe('/due-invoice', () => {
  it('lists the invoices that lock the portal with their balance, how to pay, and each one’s PDF', async () => {
    const saved: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:invoice'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = renderApp(
      '/due-invoice',
      testUser('CompanyAdmin', {
        hasDueInvoice: true,
        dueInvoiceList: [
          due(),
          due({
            id: 4,
            number: 'INV-2025-000051',
            period: '2025-09',
            status: 'ISSUED',
            balanceMinor: 115_000,
          }),
        ],
      }),
      (url) => {
        if (url.pathname.endsWith('/invoices/3/pdf'))
          return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
        return undefined;
      },
    );
    const table = await screen.findByRole('table', { name: 'Due Invoice' });
    const first = within(table).getByRole('row', { name: /INV-2025-000042/ });
    expect(first).toHaveTextContent(/Alpha Logistics.*August 2025.*Sep 1, 2025.*Sep 30, 2025/);
    expect(within(first).getByText('SAR 1,150.00')).toBeInTheDocument();
    expect(within(first).getByText('SAR 650.00')).toBeInTheDocument();
    expect(within(first).getByText('Partially paid')).toBeInTheDocument();
    expect(within(first).getByText('Overdue')).toBeInTheDocument();
    const second = within(table).getByRole('row', { name: /INV-2025-000051/ });
    expect(within(second).getByText('September 2025')).toBeInTheDocument();
    expect(within(second).getByText('Issued')).toBeInTheDocument();
    expect(screen.getByText(/Pay by bank transfer and quote the invoice number/)).toBeInTheDocument();
    // The operator's configured instructions.
    expect(screen.getByText(/IBAN SA03 8000 0000 6080 1016 7519/)).toBeInTheDocument();

    fireEvent.click(within(first).getByRole('button', { name: 'Download the PDF of INV-2025-000042' }));
    await waitFor(() => expect(saved).toEqual(['INV-2025-000042.pdf']));
    const pdf = calls.find((c) => c.url.endsWith('/invoices/3/pdf'))!;
    expect((pdf.init?.headers as Record<string, string>).authorization).toBe('Bearer at');
  });

  it('offers the PDF only to roles that may read invoices (a department admin sees the list)', async () => {
    renderApp('/due-invoice', testUser('DepartmentAdmin', { hasDueInvoice: true, dueInvoiceList: [due()] }));
    const table = await screen.findByRole('table', { name: 'Due Invoice' });
    expect(within(table).getByRole('row', { name: /INV-2025-000042/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download the PDF/ })).toBeNull();
  });
});
