import { queryOptions } from '@tanstack/react-query';
import { poiPageSchema, poiSchema, type Poi } from '@lbs/contracts';
import { fetchList } from '../../../lib/api/list-query.ts';
import { fetchDetail } from '../../../lib/api/resource.ts';
import { POIS_PATH } from '../../../shared-api/pois/keys.ts';
import type { RefOption } from '../model/rule-form.ts';

const option = (p: Poi): RefOption => ({ id: p.id, name: p.name, detail: p.categoryName ?? undefined });

/** GET /pois?q&companyId: the POIs the caller sees, as a rule's POI filter (first page, by name). */
export const rulePoisQueryOptions = (q: string, companyId: number | null | undefined) =>
  queryOptions({
    queryKey: [POIS_PATH, 'notification-rule-options', q, companyId ?? null] as const,
    queryFn: async ({ signal }) =>
      (
        await fetchList(
          POIS_PATH,
          poiPageSchema,
          { page: 1, size: 50, sort: 'name', q, filters: { companyId } },
          signal,
        )
      ).items.map(option),
    staleTime: 60_000,
  });

/** GET /pois/{id}: a POI the rule names, by name, when the search does not hold it. */
export const rulePoiQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [POIS_PATH, 'notification-rule-option', id] as const,
    queryFn: async ({ signal }) => option(await fetchDetail(POIS_PATH, id, poiSchema, signal)),
    staleTime: 60_000,
  });
