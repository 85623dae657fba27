import { matchRoutes } from 'react-router';
import { canOpen, DUE_INVOICE_PATH, ROUTES, type RouteDef, type Role } from '@lbs/contracts';

const MATCHABLE = ROUTES.map((route) => ({ path: route.path, route }));

/** The SPEC §2 route a concrete path belongs to, ranked like the router (static `/poi-assign/list` beats `:id`). */
export function findRoute(pathname: string): RouteDef | undefined {
  return matchRoutes(MATCHABLE, pathname)?.[0]?.route.route;
}

export type RouteDecision = { kind: 'allow' } | { kind: 'unauthorized' } | { kind: 'redirect'; to: string };

/**
 * The guard, in order: a due invoice locks every page but /due-invoice (SPEC §4); then the role must be listed
 * for the route (SPEC §2, §6).
 */
export function decideRoute(
  route: Pick<RouteDef, 'path' | 'roles'>,
  role: Role | undefined,
  hasDueInvoice: boolean,
): RouteDecision {
  if (hasDueInvoice && route.path !== DUE_INVOICE_PATH) return { kind: 'redirect', to: DUE_INVOICE_PATH };
  if (!canOpen(route, role)) return { kind: 'unauthorized' };
  return { kind: 'allow' };
}
