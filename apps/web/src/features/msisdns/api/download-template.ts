import { apiRequestRaw } from '../../../lib/api/client.ts';

export const TEMPLATE_FILE_NAME = 'msisdn-import-template.csv';

/** GET /msisdns/imports/template.csv needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadImportTemplate(): Promise<void> {
  const response = await apiRequestRaw('/msisdns/imports/template.csv', {});
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = TEMPLATE_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
