import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceTokenSchema, type DeviceToken } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { msisdnKeys } from './keys.ts';

/** POST /msisdns/{id}/device-token: a new token, shown once with the apps' settings; the previous one stops working. */
export function issueDeviceToken(id: number): Promise<DeviceToken> {
  return apiRequest(`/msisdns/${id}/device-token`, { method: 'POST', schema: deviceTokenSchema });
}

export function useIssueDeviceToken(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueDeviceToken(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: msisdnKeys.deviceToken(id) }),
  });
}
