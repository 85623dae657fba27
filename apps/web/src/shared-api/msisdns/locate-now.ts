import { useMutation } from '@tanstack/react-query';
import { locateResultSchema, type LocateResult } from '@lbs/contracts';
import { apiRequest } from '../../lib/api/client.ts';

/**
 * POST /msisdns/{id}/locate: asks the mobile network now. Refusals are problem+json (409 location.noConsent,
 * location.trackingOff, location.outsideWindow, location.companySuspended; 429 location.rateLimited; 502
 * location.networkError); a network that answered without a position is status FAILED with a `reason` key. Used by the
 * Monitor's details panel and the MSISDN details page (components/locate-now-action.tsx).
 */
export function locateNow(msisdnId: number): Promise<LocateResult> {
  return apiRequest(`/msisdns/${msisdnId}/locate`, { method: 'POST', schema: locateResultSchema });
}

export function useLocateNow(onLocated: (result: LocateResult) => void) {
  return useMutation({
    mutationFn: (msisdnId: number) => locateNow(msisdnId),
    onSuccess: onLocated,
  });
}
