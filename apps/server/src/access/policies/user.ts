import type { InvitationStatus, UserAbilities } from '@lbs/contracts';
import type { Caller } from '../caller.ts';
import { roleMay } from './policy.ts';

/**
 * A portal user: edited by whoever the table names; never deleted by itself (409 user.cannotChangeSelf); a new
 * invitation only while no password has been set (409 otherwise).
 */
export function userPolicy(
  caller: Caller,
  user: { id: number; invitationStatus: InvitationStatus },
): { abilities: UserAbilities } {
  return {
    abilities: {
      update: roleMay(caller, 'user', 'update'),
      delete: roleMay(caller, 'user', 'delete') && user.id !== caller.user.id,
      resendInvitation: roleMay(caller, 'user', 'resendInvitation') && user.invitationStatus !== 'ACCEPTED',
    },
  };
}
