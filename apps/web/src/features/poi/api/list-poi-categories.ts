import { queryOptions } from '@tanstack/react-query';
import { poiCategoryPageSchema } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { POI_CATEGORIES_PATH, poiCategoryKeys } from './keys.ts';

/** GET /poi-categories (the company's, at most 100: a picker's worth). */
export const poiCategoriesQueryOptions = (companyId?: number | null) =>
  queryOptions({
    queryKey: [...poiCategoryKeys.lists(), 'all', companyId ?? null] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${POI_CATEGORIES_PATH}?size=100&sort=name${companyId ? `&companyId=${companyId}` : ''}`, {
        schema: poiCategoryPageSchema,
        signal,
      }),
  });
