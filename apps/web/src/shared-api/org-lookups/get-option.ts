import { queryOptions } from '@tanstack/react-query';
import { companySchema, orgUnitSchema } from '@lbs/contracts';
import { fetchDetail } from '../../lib/api/resource.ts';
import { ORG_LOOKUP_PATHS, orgLookupKeys, type OrgLookupKind } from './keys.ts';
import { toLookupItem, type LookupItem } from './list-options.ts';

/** GET /companies|/departments|/zones|/designations/{id}, as a select shows it: a chosen item not on the first page. */
export async function getOption(kind: OrgLookupKind, id: number, signal?: AbortSignal): Promise<LookupItem> {
  const schema = kind === 'company' ? companySchema : orgUnitSchema;
  return toLookupItem(await fetchDetail(ORG_LOOKUP_PATHS[kind], id, schema, signal));
}

export const optionQueryOptions = (kind: OrgLookupKind, id: number | null) =>
  queryOptions({
    queryKey: orgLookupKeys(kind).option(id ?? 0),
    queryFn: ({ signal }) => getOption(kind, id ?? 0, signal),
    enabled: id !== null,
    staleTime: 60_000,
  });
