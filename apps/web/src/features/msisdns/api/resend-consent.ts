import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  consentBulkResultSchema,
  msisdnSchema,
  type ConsentBulkRequestBody,
  type ConsentBulkResult,
  type Msisdn,
} from '@lbs/contracts';
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

/**
 * POST /msisdns/consent-requests: asks again, in bulk, the numbers still PENDING (named, or every one in scope
 * unanswered past the company's limit); those asked within the hour are skipped by the server.
 */
export function requestConsentBulk(body: ConsentBulkRequestBody): Promise<ConsentBulkResult> {
  return apiRequest('/msisdns/consent-requests', { method: 'POST', body, schema: consentBulkResultSchema });
}

export function useRequestConsentBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestConsentBulk,
    onSuccess: () => invalidateMsisdns(queryClient),
  });
}
