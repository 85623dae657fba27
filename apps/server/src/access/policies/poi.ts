import type { PoiAbilities } from '@lbs/contracts';
import type { Caller } from '../caller.ts';
import { poiAllows } from '../scope.ts';
import { roleMay } from './policy.ts';

/**
 * A POI: changed and deleted by the roles of the table within what the caller manages (a DepartmentAdmin or
 * ZoneAdmin only its own unit's POIs, not the company-wide ones it sees); assigned by whoever may assign (to the
 * MSISDNs of its own scope). The service enforces the same through scoped().pois('manage').
 */
export function poiPolicy(
  caller: Caller,
  poi: { companyId: number; departmentId: number | null; zoneId: number | null },
): { abilities: PoiAbilities } {
  const manages = poiAllows(caller.scope, 'manage', poi);
  return {
    abilities: {
      update: roleMay(caller, 'poi', 'update') && manages,
      delete: roleMay(caller, 'poi', 'delete') && manages,
      assign: roleMay(caller, 'poiAssignment', 'create'),
    },
  };
}

export function poiCategoryPolicy(caller: Caller) {
  return {
    abilities: {
      update: roleMay(caller, 'poiCategory', 'update'),
      delete: roleMay(caller, 'poiCategory', 'delete'),
    },
  };
}

/** An assignment the caller reaches (it sees the POI and the MSISDN) is changed by whoever may assign. */
export function poiAssignmentPolicy(caller: Caller) {
  return {
    abilities: {
      update: roleMay(caller, 'poiAssignment', 'update'),
      delete: roleMay(caller, 'poiAssignment', 'delete'),
    },
  };
}
