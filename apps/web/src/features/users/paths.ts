import { useTranslation } from 'react-i18next';
import { canOpenRouteId, type Role } from '@lbs/contracts';
import type { Crumb } from '../../components/page-frame.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { pathFor } from '../../lib/route-links.ts';

/**
 * The user list a role opens: a CompanyAdmin's /user/list (SPEC §2, its company's users) or the operator's
 * (SuperAdmin) directory /operator/users of every portal user; the same page behind both.
 */
export function userListRouteId(role: Role | undefined): 'userList' | 'operatorUsers' {
  return canOpenRouteId('operatorUsers', role) ? 'operatorUsers' : 'userList';
}

/** The crumbs of the user pages: User Management › Users, or the operator's Portal Users (links where allowed). */
export function useUserListCrumbs(): Crumb[] {
  const { t } = useTranslation();
  const { role } = useCurrentUser();
  const routeId = userListRouteId(role);
  const to = canOpenRouteId(routeId, role) ? { to: pathFor(routeId) } : {};
  return routeId === 'operatorUsers'
    ? [{ label: t('sidebar.operatorUsers'), ...to }]
    : [{ label: t('sidebar.userManagement') }, { label: t('sidebar.users'), ...to }];
}
