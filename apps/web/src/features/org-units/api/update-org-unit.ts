import { orgUnitSchema, type OrgUnit, type OrgUnitUpdateBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { useUpdateMutation } from '../../../lib/api/resource.ts';
import type { OrgUnitKind } from '../model/org-units.ts';
import { ORG_UNIT_PATHS, orgUnitKeys } from './keys.ts';

/** PATCH /departments|/zones|/designations/{id}: name and description (the company never changes). */
export function updateOrgUnit(
  kind: OrgUnitKind,
  id: number | string,
  body: OrgUnitUpdateBody,
): Promise<OrgUnit> {
  return apiRequest(`${ORG_UNIT_PATHS[kind]}/${id}`, { method: 'PATCH', body, schema: orgUnitSchema });
}

export const useUpdateOrgUnit = (kind: OrgUnitKind) =>
  useUpdateMutation(orgUnitKeys(kind), (id, body: OrgUnitUpdateBody) => updateOrgUnit(kind, id, body));
