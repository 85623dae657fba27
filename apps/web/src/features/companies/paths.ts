import { useTranslation } from 'react-i18next';
import { canOpenRouteId, type Role } from '@lbs/contracts';
import type { Crumb } from '../../components/page-frame.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { pathFor } from '../../lib/route-links.ts';

/**
 * The company list a role opens: a CompanyAdmin's /company/list (SPEC §2, its own company) or the operator's
 * (SuperAdmin) directory /operator/companies; the same page behind both.
 */
export function companyListRouteId(role: Role | undefined): 'companyList' | 'operatorCompanies' {
  return canOpenRouteId('operatorCompanies', role) ? 'operatorCompanies' : 'companyList';
}

/** The crumb of the company pages: the role's list (a link where the role may open it). */
export function useCompanyListCrumbs(): Crumb[] {
  const { t } = useTranslation();
  const { role } = useCurrentUser();
  const routeId = companyListRouteId(role);
  const label = t(routeId === 'operatorCompanies' ? 'sidebar.operatorCompanies' : 'sidebar.company');
  return [{ label, ...(canOpenRouteId(routeId, role) ? { to: pathFor(routeId) } : {}) }];
}
