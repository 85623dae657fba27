import type { PoiExportFormat } from '@lbs/contracts';
import { apiRequestRaw } from '../../../lib/api/client.ts';
import { saveResponseAs } from '../../../lib/api/save-file.ts';
import { POIS_PATH } from './keys.ts';

/** GET /pois/export?format= (bearer token): fetched and handed to the browser as a file. */
export async function exportPois(format: PoiExportFormat): Promise<void> {
  const response = await apiRequestRaw(`${POIS_PATH}/export?format=${format}`, {});
  await saveResponseAs(response, `pois.${format}`);
}
