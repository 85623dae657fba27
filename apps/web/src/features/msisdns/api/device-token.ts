import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deviceTokenSchema,
  deviceTokenStatusSchema,
  type DeviceToken,
  type DeviceTokenStatus,
} from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { msisdnKeys } from './keys.ts';

/** GET /msisdns/{id}/device-token: whether the tracking app has a live token (never the token itself). */
export function getDeviceTokenStatus(id: number, signal?: AbortSignal): Promise<DeviceTokenStatus> {
  return apiRequest(`/msisdns/${id}/device-token`, { schema: deviceTokenStatusSchema, signal });
}

/** POST /msisdns/{id}/device-token: a new token, shown once with the apps' settings; the previous one stops working. */
export function issueDeviceToken(id: number): Promise<DeviceToken> {
  return apiRequest(`/msisdns/${id}/device-token`, { method: 'POST', schema: deviceTokenSchema });
}

/** DELETE /msisdns/{id}/device-token: the app's token stops working. */
export function revokeDeviceToken(id: number): Promise<unknown> {
  return apiRequest(`/msisdns/${id}/device-token`, { method: 'DELETE' });
}

export function useDeviceTokenStatus(id: number) {
  return useQuery({
    queryKey: msisdnKeys.deviceToken(id),
    queryFn: ({ signal }) => getDeviceTokenStatus(id, signal),
  });
}

export function useIssueDeviceToken(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueDeviceToken(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: msisdnKeys.deviceToken(id) }),
  });
}

export function useRevokeDeviceToken(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeDeviceToken(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: msisdnKeys.deviceToken(id) }),
  });
}
