/** The signed-in user as pages see it: app/require-auth.tsx loads it (shared-api/current-user) and provides it. */
import { createContext, useContext } from 'react';
import { effectiveRole, type Me, type Role } from '@lbs/contracts';

export interface CurrentUser {
  me: Me;
  /** Highest role held (SPEC §4); undefined when no known role is held. */
  role: Role | undefined;
  /** Canonical roles held. */
  roles: Role[];
}

export function toCurrentUser(me: Me): CurrentUser {
  const names = me.roleList.map((r) => r.roleName);
  const roles = [...new Set(names.map((n) => effectiveRole([n])).filter((r): r is Role => r !== undefined))];
  return { me, role: effectiveRole(names), roles };
}

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** Inside the authenticated layout the current user is always loaded. */
export function useCurrentUser(): CurrentUser {
  const value = useContext(CurrentUserContext);
  if (!value) throw new Error('useCurrentUser outside the authenticated area');
  return value;
}
