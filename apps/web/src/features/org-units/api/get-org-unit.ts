import { orgUnitSchema, type OrgUnit } from '@lbs/contracts';
import { detailQueryOptions, fetchDetail } from '../../../lib/api/resource.ts';
import type { OrgUnitKind } from '../model/org-units.ts';
import { ORG_UNIT_PATHS, orgUnitKeys } from './keys.ts';

/** GET /departments|/zones|/designations/{id}. */
export function getOrgUnit(kind: OrgUnitKind, id: number | string, signal?: AbortSignal): Promise<OrgUnit> {
  return fetchDetail(ORG_UNIT_PATHS[kind], id, orgUnitSchema, signal);
}

export const orgUnitQueryOptions = (kind: OrgUnitKind, id: number | string) =>
  detailQueryOptions(orgUnitKeys(kind).detail(id), (signal) => getOrgUnit(kind, id, signal));
