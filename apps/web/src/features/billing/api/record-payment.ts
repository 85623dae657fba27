import { useMutation } from '@tanstack/react-query';
import { invoiceDetailSchema, type InvoiceDetail, type PaymentBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { INVOICES_PATH } from '../../../shared-api/invoices/keys.ts';
import { useInvoiceWritten } from './invalidate.ts';

/** POST /invoices/{id}/payments {amountMinor, paidOn, method, reference}. */
export const recordPayment = (id: number, body: PaymentBody): Promise<InvoiceDetail> =>
  apiRequest(`${INVOICES_PATH}/${id}/payments`, { method: 'POST', body, schema: invoiceDetailSchema });

export function useRecordPayment(id: number) {
  const written = useInvoiceWritten();
  return useMutation({ mutationFn: (body: PaymentBody) => recordPayment(id, body), onSuccess: written });
}
