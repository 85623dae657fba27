import type { CompanyAbilities } from '@lbs/contracts';
import type { Caller } from '../caller.ts';
import { roleMay } from './policy.ts';

/**
 * A company: edited and deleted by whoever the table names (SuperAdmin); a company with something in it cannot be
 * deleted, which the delete checks (409) rather than every read counting it.
 */
export function companyPolicy(caller: Caller): { abilities: CompanyAbilities } {
  return {
    abilities: { update: roleMay(caller, 'company', 'update'), delete: roleMay(caller, 'company', 'delete') },
  };
}
