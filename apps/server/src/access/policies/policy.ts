import { can, type PermissionAction, type PermissionResource } from '@lbs/contracts';
import type { Caller } from '../caller.ts';

/**
 * Policies compute the `abilities` each answer carries (Outline's server/policies): per resource, what the caller
 * may do to one object. They take objects the caller's scope already reaches (every read goes through scoped(), so
 * another tenant's object never gets this far) and add to the role's row of the permission table the object's own
 * state (consent granted, the caller's own account …) — the same conditions the service then enforces.
 */

/** The permission table's answer for the caller's role: the first condition of every ability. */
export function roleMay<R extends PermissionResource>(
  caller: Caller,
  resource: R,
  action: PermissionAction<R>,
): boolean {
  return can(caller.user.role, resource, action);
}
