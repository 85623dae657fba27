import { orgUnitPageSchema, type OrgUnitPage } from '@lbs/contracts';
import { fetchList, listQueryOptions, type ListParams } from '../../../lib/api/list-query.ts';
import { resourceKeys } from '../../../lib/api/resource.ts';

/** The units of a company shown on its details page: its departments and (zones enabled) its zones. */
export type CompanyUnitKind = 'department' | 'zone';

const UNIT_PATHS: Record<CompanyUnitKind, string> = { department: '/departments', zone: '/zones' };

/**
 * GET /departments|/zones?companyId&page&size&sort&q: the company's units with their MSISDN counts (counted and
 * scoped by the server). The keys are the resources' own (resourceKeys of the path), so adding, editing or deleting
 * a department or zone on its screens refreshes these lists too.
 */
export function listCompanyUnits(
  kind: CompanyUnitKind,
  params: ListParams,
  signal?: AbortSignal,
): Promise<OrgUnitPage> {
  return fetchList(UNIT_PATHS[kind], orgUnitPageSchema, params, signal);
}

export const companyUnitsQueryOptions =
  (kind: CompanyUnitKind, companyId: number) =>
  ({ filters, ...rest }: ListParams) => {
    const params: ListParams = { ...rest, filters: { ...filters, companyId } };
    return listQueryOptions(resourceKeys(UNIT_PATHS[kind]).list(params), (signal) =>
      listCompanyUnits(kind, params, signal),
    );
  };
