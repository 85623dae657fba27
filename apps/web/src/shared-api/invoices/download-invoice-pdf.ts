import { apiRequestRaw } from '../../lib/api/client.ts';
import { saveResponseAs } from '../../lib/api/save-file.ts';
import { INVOICES_PATH } from './keys.ts';

/**
 * GET /invoices/{id}/pdf (bearer token): an issued invoice's stored PDF, a draft's preview, handed to the browser as
 * `<number>.pdf` (`draft.pdf` before it has one) unless the answer names the file.
 */
export async function downloadInvoicePdf(invoice: { id: number; number: string | null }): Promise<void> {
  const response = await apiRequestRaw(`${INVOICES_PATH}/${invoice.id}/pdf`);
  await saveResponseAs(response, `${invoice.number ?? 'draft'}.pdf`);
}
