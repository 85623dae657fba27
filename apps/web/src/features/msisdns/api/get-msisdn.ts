import { queryOptions, useQuery } from '@tanstack/react-query';
import { msisdnSchema, type Msisdn } from '@lbs/contracts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { apiRequest } from '../../../lib/api/client.ts';
import { msisdnKeys } from './keys.ts';

/** GET /msisdns/{id}: 404 when the number does not exist or is outside the caller's scope (and for a malformed id). */
export async function getMsisdn(id: number, signal?: AbortSignal): Promise<Msisdn> {
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(404, 'problem.notFound');
  return apiRequest(`/msisdns/${id}`, { schema: msisdnSchema, signal });
}

export const msisdnQueryOptions = (id: number) =>
  queryOptions({ queryKey: msisdnKeys.detail(id), queryFn: ({ signal }) => getMsisdn(id, signal) });

export function useMsisdn(id: number) {
  return useQuery(msisdnQueryOptions(id));
}
