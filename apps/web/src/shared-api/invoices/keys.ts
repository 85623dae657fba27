import { resourceKeys } from '../../lib/api/resource.ts';

/** /invoices: the billing pages' resource, and the due-invoice page's PDFs. */
export const INVOICES_PATH = '/invoices';
export const invoiceKeys = resourceKeys(INVOICES_PATH);
