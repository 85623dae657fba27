import { apiRequest } from '../../../lib/api/client.ts';
import { useDeleteMutation } from '../../../lib/api/resource.ts';
import type { OrgUnitKind } from '../model/org-units.ts';
import { ORG_UNIT_PATHS, orgUnitKeys } from './keys.ts';

/** DELETE /departments|/zones|/designations/{id}: 409 while MSISDNs or users still belong to it. */
export function deleteOrgUnit(kind: OrgUnitKind, id: number | string): Promise<unknown> {
  return apiRequest(`${ORG_UNIT_PATHS[kind]}/${id}`, { method: 'DELETE' });
}

export const useDeleteOrgUnit = (kind: OrgUnitKind) =>
  useDeleteMutation(orgUnitKeys(kind), (id) => deleteOrgUnit(kind, id));
