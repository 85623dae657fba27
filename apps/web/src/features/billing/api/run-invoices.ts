import { useMutation } from '@tanstack/react-query';
import { invoiceRunResultSchema, type InvoiceRunBody, type InvoiceRunResult } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { INVOICES_PATH } from '../../../shared-api/invoices/keys.ts';
import { useInvoiceWritten } from './invalidate.ts';

/** POST /invoices/runs (SuperAdmin): one company's period now (a draft), or every company's as queued jobs. */
export const runInvoices = (body: InvoiceRunBody): Promise<InvoiceRunResult> =>
  apiRequest(`${INVOICES_PATH}/runs`, { method: 'POST', body, schema: invoiceRunResultSchema });

export function useRunInvoices() {
  const written = useInvoiceWritten();
  return useMutation({ mutationFn: runInvoices, onSuccess: () => written() });
}
