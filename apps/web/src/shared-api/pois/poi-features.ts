import { queryOptions } from '@tanstack/react-query';
import { poiFeaturesSchema } from '@lbs/contracts';
import { apiRequest } from '../../lib/api/client.ts';
import { POIS_PATH, poiResourceKeys as poiKeys } from './keys.ts';

/** GET /pois/features: every POI in scope, lightest form, for the map. */
export const poiFeaturesQueryOptions = () =>
  queryOptions({
    queryKey: [...poiKeys.lists(), 'features'] as const,
    queryFn: ({ signal }) => apiRequest(`${POIS_PATH}/features`, { schema: poiFeaturesSchema, signal }),
  });
