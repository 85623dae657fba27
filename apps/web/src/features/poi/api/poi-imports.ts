import { useQuery } from '@tanstack/react-query';
import { poiImportSchema, type PoiImport, type PoiImportRequestInput } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { POIS_PATH, poiKeys } from './keys.ts';

/** POST /pois/imports: a dry run (counts and row errors) or the import itself (a job). */
export const startPoiImport = (body: PoiImportRequestInput): Promise<PoiImport> =>
  apiRequest(`${POIS_PATH}/imports`, { method: 'POST', body, schema: poiImportSchema });

/** GET /pois/imports/{id}, polled every second until the job is done. */
export function usePoiImport(id: string | null) {
  return useQuery({
    queryKey: [...poiKeys.all, 'import', id] as const,
    queryFn: ({ signal }) => apiRequest(`${POIS_PATH}/imports/${id}`, { schema: poiImportSchema, signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'DONE' || query.state.data?.status === 'FAILED' ? false : 1000,
  });
}
