import { invoiceDetailSchema, type InvoiceDetail } from '@lbs/contracts';
import { detailQueryOptions, fetchDetail } from '../../../lib/api/resource.ts';
import { INVOICES_PATH, invoiceKeys } from '../../../shared-api/invoices/keys.ts';

/** GET /invoices/{id}: the invoice with its items, payments, credit notes, tariff and abilities. */
export const getInvoice = (id: number | string, signal?: AbortSignal): Promise<InvoiceDetail> =>
  fetchDetail(INVOICES_PATH, id, invoiceDetailSchema, signal);

export const invoiceQueryOptions = (id: number | string) =>
  detailQueryOptions(invoiceKeys.detail(id), (signal) => getInvoice(id, signal));
