import { invoiceSummarySchema, pageSchema } from '@lbs/contracts';
import { fetchList, listQueryOptions, type ListParams } from '../../../lib/api/list-query.ts';
import { INVOICES_PATH, invoiceKeys } from '../../../shared-api/invoices/keys.ts';

export const invoicePageSchema = pageSchema(invoiceSummarySchema);

/** GET /invoices?page&size&sort&companyId&status&period&overdue (scoped by the server; drafts for SuperAdmin only). */
export const listInvoices = (params: ListParams, signal?: AbortSignal) =>
  fetchList(INVOICES_PATH, invoicePageSchema, params, signal);

export const invoicesQueryOptions = (params: ListParams) =>
  listQueryOptions(invoiceKeys.list(params), (signal) => listInvoices(params, signal));
