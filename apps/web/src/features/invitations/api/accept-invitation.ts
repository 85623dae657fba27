import { useMutation } from '@tanstack/react-query';
import {
  invitationAcceptedSchema,
  invitationAcceptSchema,
  type InvitationAcceptBody,
  type InvitationAccepted,
} from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { verifyInvitation } from './verify-invitation.ts';

/** POST /invitations/accept (public): sets the password and uses the code up. */
export function acceptInvitation(body: InvitationAcceptBody) {
  return apiRequest('/invitations/accept', {
    method: 'POST',
    body: invitationAcceptSchema.parse(body),
    schema: invitationAcceptedSchema,
  });
}

/** Verify first (a wrong or expired code is reported before anything changes), then accept. */
export function useSetPassword() {
  return useMutation({
    mutationFn: async (body: InvitationAcceptBody): Promise<InvitationAccepted> => {
      await verifyInvitation({ email: body.email, code: body.code });
      return acceptInvitation(body);
    },
  });
}
