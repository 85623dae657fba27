import { useMutation, useQueryClient } from '@tanstack/react-query';
import { msisdnSchema, type Msisdn, type MsisdnCreateBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { invalidateMsisdns, msisdnKeys } from './keys.ts';

/** POST /msisdns (SuperAdmin): the number starts PENDING and the server sends it the consent request SMS. */
export function createMsisdn(body: MsisdnCreateBody): Promise<Msisdn> {
  return apiRequest('/msisdns', { method: 'POST', body, schema: msisdnSchema });
}

export function useCreateMsisdn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMsisdn,
    onSuccess: (created) => {
      queryClient.setQueryData(msisdnKeys.detail(created.id), created);
      return invalidateMsisdns(queryClient);
    },
  });
}
