import { useMutation, useQueryClient } from '@tanstack/react-query';
import { msisdnSchema, type Msisdn } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { invalidateMsisdns, msisdnKeys } from './keys.ts';

/** POST /msisdns/{id}/consent-request: sends the consent SMS again (409 msisdn.consentAlreadyGranted once GRANTED). */
export function resendConsent(id: number): Promise<Msisdn> {
  return apiRequest(`/msisdns/${id}/consent-request`, { method: 'POST', schema: msisdnSchema });
}

export function useResendConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendConsent,
    onSuccess: (updated) => {
      queryClient.setQueryData(msisdnKeys.detail(updated.id), updated);
      return invalidateMsisdns(queryClient);
    },
  });
}
