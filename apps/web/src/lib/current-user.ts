import { createContext, useContext } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { effectiveRole, meSchema, type Me, type Role } from '@lbs/contracts';
import { apiRequest } from './api/client.ts';

/** GET /user-management/me (SPEC §7): failure is logged and rethrown. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  try {
    return await apiRequest('/user-management/me', { schema: meSchema, signal });
  } catch (error) {
    console.error('Loading the current user failed', error);
    throw error;
  }
}

export const meQueryKey = ['user-management', 'me'] as const;

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 60_000,
  retry: false,
});

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
