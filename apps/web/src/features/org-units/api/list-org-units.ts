import { orgUnitPageSchema, type OrgUnitPage } from '@lbs/contracts';
import { fetchList, listQueryOptions, type ListParams } from '../../../lib/api/list-query.ts';
import type { OrgUnitKind } from '../model/org-units.ts';
import { ORG_UNIT_PATHS, orgUnitKeys } from './keys.ts';

/** GET /departments|/zones|/designations?page&size&sort&q&companyId. */
export function listOrgUnits(
  kind: OrgUnitKind,
  params: ListParams,
  signal?: AbortSignal,
): Promise<OrgUnitPage> {
  return fetchList(ORG_UNIT_PATHS[kind], orgUnitPageSchema, params, signal);
}

export const orgUnitsQueryOptions = (kind: OrgUnitKind, params: ListParams) =>
  listQueryOptions(orgUnitKeys(kind).list(params), (signal) => listOrgUnits(kind, params, signal));
