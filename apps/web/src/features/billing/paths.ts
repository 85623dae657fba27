import { canOpenRouteId, type Role } from '@lbs/contracts';
import { pathFor } from '../../lib/route-links.ts';

/**
 * The billing routes a role opens: a CompanyAdmin's /billing/list and /billing-details/{id}, the operator's
 * (SuperAdmin) /operator/invoices and /operator/invoice-details/{id}; the same pages behind both.
 */
const LIST_ROUTES = [
  { routeId: 'billingList', sidebarId: 'billing' },
  { routeId: 'operatorInvoices', sidebarId: 'operatorInvoices' },
] as const;
const DETAILS_ROUTES = ['billingDetails', 'operatorInvoiceDetails'] as const;

export function billingRoutes(role: Role | undefined) {
  const list = LIST_ROUTES.find((r) => canOpenRouteId(r.routeId, role));
  const details = DETAILS_ROUTES.find((id) => canOpenRouteId(id, role));
  return {
    /** The list's route id (its title is `route.<id>`), if the role may open one. */
    listRouteId: list?.routeId,
    /** The sidebar label key of the list (the crumb). */
    listLabelKey: `sidebar.${list?.sidebarId ?? 'billing'}`,
    listPath: list ? pathFor(list.routeId) : undefined,
    /** An invoice's details page, if the role may open one. */
    detailsPath: (id: number) => (details ? pathFor(details, { id }) : undefined),
  };
}
