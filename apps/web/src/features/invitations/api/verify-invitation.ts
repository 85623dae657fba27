import { invitationVerifiedSchema, invitationVerifySchema, type InvitationVerifyBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';

/** POST /invitations/verify (public): the code is right for this e-mail. */
export function verifyInvitation(body: InvitationVerifyBody) {
  return apiRequest('/invitations/verify', {
    method: 'POST',
    body: invitationVerifySchema.parse(body),
    schema: invitationVerifiedSchema,
  });
}
