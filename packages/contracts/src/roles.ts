/** The four administrator roles, highest first (SPEC §1, §4, §6). */
export const ROLES = ['SuperAdmin', 'CompanyAdmin', 'DepartmentAdmin', 'ZoneAdmin'] as const;
export type Role = (typeof ROLES)[number];

/** The realm-role spellings used in tokens (SPEC §1 "written SUPER_ADMIN … in some places"). */
export const REALM_ROLE_NAMES: Record<Role, string> = {
  SuperAdmin: 'SUPER_ADMIN',
  CompanyAdmin: 'COMPANY_ADMIN',
  DepartmentAdmin: 'DEPARTMENT_ADMIN',
  ZoneAdmin: 'ZONE_ADMIN',
};

const ALIASES: Record<string, Role> = Object.fromEntries(
  ROLES.flatMap((role) => [
    [role.toLowerCase(), role],
    [REALM_ROLE_NAMES[role].toLowerCase(), role],
  ]),
);

/** Maps any accepted spelling ("SuperAdmin", "SUPER_ADMIN", "superadmin") to the canonical role, or undefined. */
export function parseRole(name: string): Role | undefined {
  return ALIASES[name.trim().toLowerCase()];
}

/** Rank: 0 is highest. */
export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/** Effective role = the highest held (SPEC §4); undefined when none is recognised. */
export function effectiveRole(names: Iterable<string>): Role | undefined {
  let best: Role | undefined;
  for (const name of names) {
    const role = parseRole(name);
    if (role && (best === undefined || roleRank(role) < roleRank(best))) best = role;
  }
  return best;
}
