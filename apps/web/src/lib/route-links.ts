import { generatePath } from 'react-router';
import { canOpenRouteId, routeById, type Role } from '@lbs/contracts';

/** The path of a route of the shared table with its `:id` filled in. */
export function pathFor(routeId: string, params: Record<string, string | number> = {}): string {
  return generatePath(
    routeById(routeId).path,
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  );
}

/**
 * The first of the routes the role may open, as a path (e.g. details, else edit): the SPEC §2 table gives a
 * SuperAdmin /company-details/edit/{id} but not /company-details/{id}. Undefined when none is allowed.
 */
export function firstOpenablePath(
  role: Role | undefined,
  routeIds: readonly string[],
  params: Record<string, string | number> = {},
): string | undefined {
  const routeId = routeIds.find((id) => canOpenRouteId(id, role));
  return routeId ? pathFor(routeId, params) : undefined;
}
