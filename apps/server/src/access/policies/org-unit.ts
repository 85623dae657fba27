import type { OrgUnitAbilities } from '@lbs/contracts';
import type { Caller } from '../caller.ts';
import { roleMay } from './policy.ts';

export type OrgUnitResource = 'department' | 'zone' | 'designation';

/** A department, zone or designation: each by its own rows of the table; a unit in use answers its delete with 409. */
export function orgUnitPolicy(caller: Caller, resource: OrgUnitResource): { abilities: OrgUnitAbilities } {
  return {
    abilities: { update: roleMay(caller, resource, 'update'), delete: roleMay(caller, resource, 'delete') },
  };
}
