import { useMutation } from '@tanstack/react-query';
import { invoiceDetailSchema, type InvoiceDetail, type InvoiceVoidBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { INVOICES_PATH } from '../../../shared-api/invoices/keys.ts';
import { useInvoiceWritten } from './invalidate.ts';

/** POST /invoices/{id}/void {reason}. */
export const voidInvoice = (id: number, body: InvoiceVoidBody): Promise<InvoiceDetail> =>
  apiRequest(`${INVOICES_PATH}/${id}/void`, { method: 'POST', body, schema: invoiceDetailSchema });

export function useVoidInvoice(id: number) {
  const written = useInvoiceWritten();
  return useMutation({ mutationFn: (body: InvoiceVoidBody) => voidInvoice(id, body), onSuccess: written });
}
