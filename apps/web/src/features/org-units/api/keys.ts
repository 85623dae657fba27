import { resourceKeys } from '../../../lib/api/resource.ts';
import type { OrgUnitKind } from '../model/org-units.ts';

/** /departments, /zones, /designations: one shape, three resources (GET scoped to the caller; writes per role). */
export const ORG_UNIT_PATHS: Record<OrgUnitKind, string> = {
  department: '/departments',
  zone: '/zones',
  designation: '/designations',
};

export const orgUnitKeys = (kind: OrgUnitKind) => resourceKeys(ORG_UNIT_PATHS[kind]);
