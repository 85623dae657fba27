import { queryOptions } from '@tanstack/react-query';
import { visitPageSchema } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { VISITS_PATH, visitKeys } from './keys.ts';

/** GET /visits?poiId=&size=: the latest visits at a POI (a view of location, audited by the server). */
export const poiVisitsQueryOptions = (poiId: number, size = 10) =>
  queryOptions({
    queryKey: [...visitKeys.lists(), 'poi', poiId, size] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${VISITS_PATH}?poiId=${poiId}&size=${size}`, { schema: visitPageSchema, signal }),
  });
