import { orgUnitSchema, type OrgUnit } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { useCreateMutation } from '../../../lib/api/resource.ts';
import type { OrgUnitFormValues, OrgUnitKind } from '../model/org-units.ts';
import { ORG_UNIT_PATHS, orgUnitKeys } from './keys.ts';

/** POST /departments|/zones|/designations: a SuperAdmin names the company, everybody else leaves it out. */
export function createOrgUnit(kind: OrgUnitKind, body: OrgUnitFormValues): Promise<OrgUnit> {
  return apiRequest(ORG_UNIT_PATHS[kind], { method: 'POST', body, schema: orgUnitSchema });
}

export const useCreateOrgUnit = (kind: OrgUnitKind) =>
  useCreateMutation(orgUnitKeys(kind), (body: OrgUnitFormValues) => createOrgUnit(kind, body));
