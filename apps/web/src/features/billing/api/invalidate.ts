import { useQueryClient } from '@tanstack/react-query';
import type { InvoiceDetail } from '@lbs/contracts';
import { currentUserKeys } from '../../../shared-api/current-user/keys.ts';
import { invoiceKeys } from '../../../shared-api/invoices/keys.ts';

/**
 * After a write to invoices: the signed-in user's due invoices (a payment may lift the lock) are fetched again, and
 * so is everything cached about invoices; an invoice the write answered with becomes its cached detail instead of
 * being fetched again.
 */
export function useInvoiceWritten() {
  const client = useQueryClient();
  return (invoice?: InvoiceDetail) => {
    void client.invalidateQueries({ queryKey: currentUserKeys.me });
    if (!invoice) {
      void client.invalidateQueries({ queryKey: invoiceKeys.all });
      return;
    }
    const detail = invoiceKeys.detail(invoice.id);
    client.setQueryData(detail, invoice);
    void client.invalidateQueries({
      queryKey: invoiceKeys.all,
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(detail),
    });
  };
}
