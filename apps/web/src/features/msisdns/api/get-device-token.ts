import { useQuery } from '@tanstack/react-query';
import { deviceTokenStatusSchema, type DeviceTokenStatus } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { msisdnKeys } from './keys.ts';

/** GET /msisdns/{id}/device-token: whether the tracking app has a live token (never the token itself). */
export function getDeviceTokenStatus(id: number, signal?: AbortSignal): Promise<DeviceTokenStatus> {
  return apiRequest(`/msisdns/${id}/device-token`, { schema: deviceTokenStatusSchema, signal });
}

export function useDeviceTokenStatus(id: number) {
  return useQuery({
    queryKey: msisdnKeys.deviceToken(id),
    queryFn: ({ signal }) => getDeviceTokenStatus(id, signal),
  });
}
