import { companyPageSchema, orgUnitPageSchema, PAGE_SIZE_MAX } from '@lbs/contracts';
import { fetchList, listQueryOptions, type ListPage, type ListParams } from '../../lib/api/list-query.ts';
import { ORG_LOOKUP_PATHS, orgLookupKeys, type OrgLookupKind } from './keys.ts';

/** An item of a lookup list, as a select shows it. */
export interface LookupItem {
  id: number;
  name: string;
  /** The owning company (departments, zones, designations). */
  companyName?: string;
}

/** Just the lookup fields of a company or an org unit. */
export const toLookupItem = (item: LookupItem): LookupItem => ({
  id: item.id,
  name: item.name,
  ...(item.companyName !== undefined ? { companyName: item.companyName } : {}),
});

/** The first page (largest size) of a list by name, filtered by `q` and, below companies, by the company. */
const optionParams = (kind: OrgLookupKind, q: string, companyId: number | null | undefined): ListParams => ({
  page: 1,
  size: PAGE_SIZE_MAX,
  sort: 'name',
  q,
  filters: kind === 'company' ? {} : { companyId },
});

/**
 * GET /companies|/departments|/zones|/designations?page=1&size=100&sort=name&q=&companyId=: the server scopes the
 * list to the caller. The whole page, validated by the full contracts page schema: a grid showing the same page
 * shares the cache entry.
 */
export function listOptions(
  kind: OrgLookupKind,
  q: string,
  companyId: number | null | undefined,
  signal?: AbortSignal,
): Promise<ListPage<LookupItem>> {
  const schema = kind === 'company' ? companyPageSchema : orgUnitPageSchema;
  return fetchList(ORG_LOOKUP_PATHS[kind], schema, optionParams(kind, q, companyId), signal);
}

export const optionsQueryOptions = (kind: OrgLookupKind, q: string, companyId: number | null | undefined) =>
  listQueryOptions(orgLookupKeys(kind).list(optionParams(kind, q, companyId)), (signal) =>
    listOptions(kind, q, companyId, signal),
  );
