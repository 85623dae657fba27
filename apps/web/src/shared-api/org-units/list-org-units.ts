import { orgUnitPageSchema, type OrgUnitPage } from '@lbs/contracts';
import { fetchList, listQueryOptions, type ListParams } from '../../lib/api/list-query.ts';
import { resourceKeys } from '../../lib/api/resource.ts';

/** Departments, zones and designations: one shape (OrgUnit), three resources. */
export type OrgUnitResource = 'department' | 'zone' | 'designation';

const ORG_UNIT_LIST_PATHS: Record<OrgUnitResource, string> = {
  department: '/departments',
  zone: '/zones',
  designation: '/designations',
};

/**
 * GET /departments|/zones|/designations?page&size&sort&q&companyId: the units in the caller's scope with their
 * MSISDN counts (counted by the server). The lists of the org-units pages and the units on a company's details page;
 * the keys are the resource's (resourceKeys of its path), so a write on the org-units screens refreshes both.
 */
export function listOrgUnits(
  kind: OrgUnitResource,
  params: ListParams,
  signal?: AbortSignal,
): Promise<OrgUnitPage> {
  return fetchList(ORG_UNIT_LIST_PATHS[kind], orgUnitPageSchema, params, signal);
}

export const orgUnitsQueryOptions = (kind: OrgUnitResource, params: ListParams) =>
  listQueryOptions(resourceKeys(ORG_UNIT_LIST_PATHS[kind]).list(params), (signal) =>
    listOrgUnits(kind, params, signal),
  );
