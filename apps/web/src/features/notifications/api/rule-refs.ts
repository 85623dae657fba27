import { queryOptions, type UseQueryOptions } from '@tanstack/react-query';
import {
  msisdnPageSchema,
  msisdnSchema,
  poiCategoryPageSchema,
  poiCategorySchema,
  poiPageSchema,
  poiSchema,
  type NotificationFilters,
} from '@lbs/contracts';
import type { z } from 'zod';
import { fetchList } from '../../../lib/api/list-query.ts';
import { fetchDetail } from '../../../lib/api/resource.ts';
import { MSISDNS_PATH } from '../../../shared-api/msisdns/keys.ts';
import { getOption } from '../../../shared-api/org-lookups/get-option.ts';
import { ORG_LOOKUP_PATHS, type OrgLookupKind } from '../../../shared-api/org-lookups/keys.ts';
import { listOptions } from '../../../shared-api/org-lookups/list-options.ts';
import { POI_CATEGORIES_PATH, POIS_PATH } from '../../../shared-api/pois/keys.ts';
import type { RefOption } from '../model/rule-form.ts';

type Options<T> = UseQueryOptions<T, Error, T, readonly unknown[]>;

/**
 * Where one of a rule's id lists finds its choices: `search` the first page (by name, type-ahead, within the rule's
 * company) of what the caller sees — the server scopes it, and checks each id again when the rule is saved — and
 * `lookup` one chosen id by name when the search does not hold it.
 */
export interface RefSource {
  search: (q: string, companyId: number | null | undefined) => Options<RefOption[]>;
  lookup: (id: number) => Options<RefOption>;
}

/** A resource with its own list and detail endpoints, shown as `name · detail`. */
function listedSource<P extends z.ZodType, D extends z.ZodType>(
  path: string,
  pageSchema: P,
  itemSchema: D,
  sort: string,
  option: (item: z.infer<D>) => RefOption,
): RefSource {
  return {
    search: (q, companyId) =>
      queryOptions({
        queryKey: [path, 'notification-rule-options', q, companyId ?? null] as readonly unknown[],
        queryFn: async ({ signal }) => {
          const page = (await fetchList(
            path,
            pageSchema,
            { page: 1, size: 50, sort, q, filters: { companyId } },
            signal,
          )) as { items: z.infer<D>[] };
          return page.items.map(option);
        },
        staleTime: 60_000,
      }),
    lookup: (id) =>
      queryOptions({
        queryKey: [path, 'notification-rule-option', id] as readonly unknown[],
        queryFn: async ({ signal }) => option(await fetchDetail(path, id, itemSchema, signal)),
        staleTime: 60_000,
      }),
  };
}

/** Departments, zones and designations: the organisation lookups the entity selects read. */
function orgSource(kind: OrgLookupKind): RefSource {
  return {
    search: (q, companyId) =>
      queryOptions({
        queryKey: [
          ORG_LOOKUP_PATHS[kind],
          'notification-rule-options',
          q,
          companyId ?? null,
        ] as readonly unknown[],
        queryFn: async ({ signal }) =>
          (await listOptions(kind, q, companyId, signal)).items.map((i) => ({ id: i.id, name: i.name })),
        staleTime: 60_000,
      }),
    lookup: (id) =>
      queryOptions({
        queryKey: [ORG_LOOKUP_PATHS[kind], 'notification-rule-option', id] as readonly unknown[],
        queryFn: async ({ signal }) => {
          const item = await getOption(kind, id, signal);
          return { id: item.id, name: item.name };
        },
        staleTime: 60_000,
      }),
  };
}

/** Each filter of a rule and where its choices come from. */
export const RULE_FILTER_SOURCES: Record<keyof NotificationFilters, RefSource> = {
  poiIds: listedSource(POIS_PATH, poiPageSchema, poiSchema, 'name', (p) => ({
    id: p.id,
    name: p.name,
    detail: p.categoryName ?? undefined,
  })),
  poiCategoryIds: listedSource(
    POI_CATEGORIES_PATH,
    poiCategoryPageSchema,
    poiCategorySchema,
    'name',
    (c) => ({
      id: c.id,
      name: c.name,
    }),
  ),
  msisdnIds: listedSource(MSISDNS_PATH, msisdnPageSchema, msisdnSchema, 'employeeName', (m) => ({
    id: m.id,
    name: m.employeeName,
    detail: m.msisdn,
  })),
  departmentIds: orgSource('department'),
  zoneIds: orgSource('zone'),
  designationIds: orgSource('designation'),
};
