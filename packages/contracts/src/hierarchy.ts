import type { HierarchyMode } from './constants.ts';
import type { Role } from './roles.ts';

export interface HierarchyInput {
  /** Roles held (canonical names). */
  roles: readonly Role[];
  /** companyConfig entries of the current user. */
  companyConfig: readonly { zoneEnabled: boolean }[];
  /** Mode kept locally, if any. */
  stored?: HierarchyMode | null;
}

export interface HierarchyState {
  canShowToggle: boolean;
  mode: HierarchyMode;
}

/**
 * SPEC §4: the toggle is available to a SuperAdmin, or to a CompanyAdmin when any company has zones enabled;
 * then the stored choice (default DEPARTMENT) applies. Otherwise the mode is ZONE for a ZoneAdmin who is not a
 * DepartmentAdmin (when zones are enabled), and DEPARTMENT in all other cases.
 */
export function resolveHierarchy({ roles, companyConfig, stored }: HierarchyInput): HierarchyState {
  const zonesEnabled = companyConfig.some((c) => c.zoneEnabled);
  const canShowToggle = roles.includes('SuperAdmin') || (roles.includes('CompanyAdmin') && zonesEnabled);
  if (canShowToggle) return { canShowToggle, mode: stored ?? 'DEPARTMENT' };
  const zoneOnly = roles.includes('ZoneAdmin') && !roles.includes('DepartmentAdmin') && zonesEnabled;
  return { canShowToggle, mode: zoneOnly ? 'ZONE' : 'DEPARTMENT' };
}
