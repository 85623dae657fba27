import type { FastifyRequest } from 'fastify';
import { can, type PermissionAction, type PermissionResource } from '@lbs/contracts';
import { forbidden } from '../lib/errors.ts';
import type { AuthUser } from './auth-user.ts';
import { scopeOf, type Scope } from './scope.ts';

/** The verified caller of one request: who (for the audit), which role, which scope. */
export interface Caller {
  user: AuthUser;
  scope: Scope;
  requestId: string | undefined;
}

export function callerOf(request: FastifyRequest): Caller {
  return { user: request.auth, scope: scopeOf(request.auth), requestId: request.id };
}

/** 403 unless the caller's role may perform the action at all (shared permission table); scope comes after. */
export function authorize<R extends PermissionResource>(
  caller: Caller,
  resource: R,
  action: PermissionAction<R>,
): void {
  if (!can(caller.user.role, resource, action)) throw forbidden();
}

/** Column names → API field names, for the `changed` list of an update's audit event. */
export function fieldNames(columns: string[]): string[] {
  return columns.map((c) => c.replace(/_(\w)/g, (_m, ch: string) => ch.toUpperCase()));
}
