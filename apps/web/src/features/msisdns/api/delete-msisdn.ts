import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { afterRecordPageLeft } from '../../../lib/api/resource.ts';
import { invalidateMsisdns, msisdnKeys } from './keys.ts';

/** DELETE /msisdns/{id} (SuperAdmin). */
export function deleteMsisdn(id: number): Promise<unknown> {
  return apiRequest(`/msisdns/${id}`, { method: 'DELETE' });
}

/**
 * `remove.mutateAsync(id)`: the lists refresh at once; the number's own queries (its details, token, positions) are
 * dropped and the rest of the resource refreshed once its page has moved on (not before: the page would fetch the
 * deleted number again).
 */
export function useDeleteMsisdn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMsisdn,
    onSuccess: (_result, id) => {
      const detail = msisdnKeys.detail(id);
      void queryClient.cancelQueries({ queryKey: detail });
      void queryClient.invalidateQueries({ queryKey: msisdnKeys.lists() });
      afterRecordPageLeft(queryClient, detail, () => {
        queryClient.removeQueries({ queryKey: detail });
        queryClient.removeQueries({ queryKey: [...msisdnKeys.all, id] });
        void invalidateMsisdns(queryClient);
      });
    },
  });
}
