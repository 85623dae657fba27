import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { msisdnKeys } from './keys.ts';

/** DELETE /msisdns/{id}/device-token: the app's token stops working. */
export function revokeDeviceToken(id: number): Promise<unknown> {
  return apiRequest(`/msisdns/${id}/device-token`, { method: 'DELETE' });
}

export function useRevokeDeviceToken(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeDeviceToken(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: msisdnKeys.deviceToken(id) }),
  });
}
