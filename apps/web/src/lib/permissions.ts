import { useCallback } from 'react';
import { can, type PermissionAction, type PermissionResource } from '@lbs/contracts';
import { useCurrentUser } from './current-user.ts';

/**
 * `can(resource, action)` for the signed-in user, from the shared permission table the server also enforces (and
 * /roles lists), for actions on no object yet:
 *   const allowed = useCan();  allowed('department', 'create') && <Button …>Add</Button>
 * An action on an object (edit, delete, locate, resend …) reads that object's `abilities` instead.
 */
export function useCan(): <R extends PermissionResource>(
  resource: R,
  action: PermissionAction<R>,
) => boolean {
  const { role } = useCurrentUser();
  return useCallback(
    <R extends PermissionResource>(resource: R, action: PermissionAction<R>) => can(role, resource, action),
    [role],
  );
}
