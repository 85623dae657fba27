import { resourceKeys } from '../../lib/api/resource.ts';

/**
 * The organisation's resources as lookups: the entity selects (components/entity-select.tsx) and the forms' "does
 * this company use zones" questions (users, MSISDNs). Their keys come from the same resourceKeys(path) as the
 * companies and org-units features' own, so a lookup shares their cache and is refreshed by their writes.
 */
export type OrgLookupKind = 'company' | 'department' | 'zone' | 'designation';

export const ORG_LOOKUP_PATHS: Record<OrgLookupKind, string> = {
  company: '/companies',
  department: '/departments',
  zone: '/zones',
  designation: '/designations',
};

export const orgLookupKeys = (kind: OrgLookupKind) => resourceKeys(ORG_LOOKUP_PATHS[kind]);
