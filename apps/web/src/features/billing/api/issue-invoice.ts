import { useMutation } from '@tanstack/react-query';
import { invoiceDetailSchema, type InvoiceDetail } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { INVOICES_PATH } from '../../../shared-api/invoices/keys.ts';
import { useInvoiceWritten } from './invalidate.ts';

/** POST /invoices/{id}/issue: the draft gets its number, due date and stored PDF. */
export const issueInvoice = (id: number): Promise<InvoiceDetail> =>
  apiRequest(`${INVOICES_PATH}/${id}/issue`, { method: 'POST', schema: invoiceDetailSchema });

export function useIssueInvoice() {
  const written = useInvoiceWritten();
  return useMutation({ mutationFn: issueInvoice, onSuccess: written });
}
