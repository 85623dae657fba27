import type { ListExportFormat, ListExportKey } from '@lbs/contracts';
import { apiRequestRaw } from '../../lib/api/client.ts';
import type { FilterValue } from '../../lib/api/list-query.ts';
import { saveResponseAs } from '../../lib/api/save-file.ts';

export interface ListExportParams {
  sort?: string | undefined;
  q?: string | undefined;
  filters?: Readonly<Record<string, FilterValue>>;
}

/** `/list-exports/msisdns?sort=…&q=…&departmentId=3&format=csv&locale=ar-SA`: the list as its screen shows it. */
export function listExportPath(
  list: ListExportKey,
  params: ListExportParams,
  format: ListExportFormat,
  locale: string,
): string {
  const search = new URLSearchParams();
  if (params.sort) search.set('sort', params.sort);
  const text = params.q?.trim();
  if (text) search.set('q', text);
  for (const [key, value] of Object.entries(params.filters ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  search.set('format', format);
  search.set('locale', locale);
  return `/list-exports/${list}?${search.toString()}`;
}

/** GET /list-exports/{list} (bearer token): the whole list as a file, handed to the browser as a download. */
export async function downloadListExport(
  list: ListExportKey,
  params: ListExportParams,
  format: ListExportFormat,
  locale: string,
): Promise<void> {
  const response = await apiRequestRaw(listExportPath(list, params, format, locale));
  await saveResponseAs(response, `${list}.${format}`);
}
