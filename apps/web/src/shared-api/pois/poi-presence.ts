import { queryOptions } from '@tanstack/react-query';
import { poiPresenceSchema } from '@lbs/contracts';
import { apiRequest } from '../../lib/api/client.ts';
import { POIS_PATH, poiResourceKeys as poiKeys } from './keys.ts';

/** GET /pois/{id}/presence: who is inside now (a view of location, audited by the server). */
export const poiPresenceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...poiKeys.detail(id), 'presence'] as const,
    queryFn: ({ signal }) => apiRequest(`${POIS_PATH}/${id}/presence`, { schema: poiPresenceSchema, signal }),
    refetchInterval: 60_000,
  });
