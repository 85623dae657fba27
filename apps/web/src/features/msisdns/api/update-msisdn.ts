import { useMutation, useQueryClient } from '@tanstack/react-query';
import { msisdnSchema, type Msisdn, type msisdnUpdateSchema } from '@lbs/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api/client.ts';
import { invalidateMsisdns, msisdnKeys } from './keys.ts';

/** The PATCH body as the client sends it (absent: unchanged). */
export type MsisdnPatch = z.input<typeof msisdnUpdateSchema>;

/** PATCH /msisdns/{id}: only the fields sent change; a new number (SuperAdmin) restarts consent. */
export function updateMsisdn(id: number, body: MsisdnPatch): Promise<Msisdn> {
  return apiRequest(`/msisdns/${id}`, { method: 'PATCH', body, schema: msisdnSchema });
}

export function useUpdateMsisdn(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MsisdnPatch) => updateMsisdn(id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(msisdnKeys.detail(id), updated);
      return invalidateMsisdns(queryClient);
    },
  });
}
