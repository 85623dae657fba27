import { apiRequestRaw } from '../../../lib/api/client.ts';
import { saveResponseAs } from '../../../lib/api/save-file.ts';

export const TEMPLATE_FILE_NAME = 'msisdn-import-template.csv';

/** GET /msisdns/imports/template.csv needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadImportTemplate(): Promise<void> {
  const response = await apiRequestRaw('/msisdns/imports/template.csv', {});
  await saveResponseAs(response, TEMPLATE_FILE_NAME);
}
