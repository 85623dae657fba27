import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { invalidateMsisdns, msisdnKeys } from './keys.ts';

/** DELETE /msisdns/{id} (SuperAdmin). */
export function deleteMsisdn(id: number): Promise<unknown> {
  return apiRequest(`/msisdns/${id}`, { method: 'DELETE' });
}

export function useDeleteMsisdn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMsisdn,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: msisdnKeys.detail(id) });
      return invalidateMsisdns(queryClient);
    },
  });
}
