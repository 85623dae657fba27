import { msisdnSchema, type Msisdn } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { detailQueryOptions } from '../../../lib/api/resource.ts';
import { msisdnKeys } from './keys.ts';

/** GET /msisdns/{id}: 404 when the number does not exist or is outside the caller's scope. */
export function getMsisdn(id: number | string, signal?: AbortSignal): Promise<Msisdn> {
  return apiRequest(`/msisdns/${id}`, { schema: msisdnSchema, signal });
}

export const msisdnQueryOptions = (id: number | string) =>
  detailQueryOptions(msisdnKeys.detail(id), (signal) => getMsisdn(id, signal));
