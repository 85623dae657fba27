import { useMutation } from '@tanstack/react-query';
import { invoiceDetailSchema, type CreditNoteBody, type InvoiceDetail } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { INVOICES_PATH } from '../../../shared-api/invoices/keys.ts';
import { useInvoiceWritten } from './invalidate.ts';

/** POST /invoices/{id}/credit-notes {amountMinor, reason}. */
export const addCreditNote = (id: number, body: CreditNoteBody): Promise<InvoiceDetail> =>
  apiRequest(`${INVOICES_PATH}/${id}/credit-notes`, { method: 'POST', body, schema: invoiceDetailSchema });

export function useAddCreditNote(id: number) {
  const written = useInvoiceWritten();
  return useMutation({ mutationFn: (body: CreditNoteBody) => addCreditNote(id, body), onSuccess: written });
}
