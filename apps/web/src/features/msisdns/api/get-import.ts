import { useQuery } from '@tanstack/react-query';
import { msisdnImportSchema, type MsisdnImport } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { msisdnKeys } from './keys.ts';

export const IMPORT_POLL_MS = 750;

/** GET /msisdns/imports/{id}: progress counts and the row errors found so far. */
export function getImport(id: string, signal?: AbortSignal): Promise<MsisdnImport> {
  return apiRequest(`/msisdns/imports/${encodeURIComponent(id)}`, { schema: msisdnImportSchema, signal });
}

export const isImportFinished = (job: Pick<MsisdnImport, 'status'>) =>
  job.status === 'COMPLETED' || job.status === 'FAILED';

/** Polls the job until it is COMPLETED or FAILED. */
export function useImportJob(id: string | undefined) {
  return useQuery({
    queryKey: msisdnKeys.importJob(id ?? ''),
    queryFn: ({ signal }) => getImport(id!, signal),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      query.state.data && isImportFinished(query.state.data) ? false : IMPORT_POLL_MS,
  });
}
