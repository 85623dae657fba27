import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationSentSchema, type InvitationSent } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { USERS_PATH, userKeys } from './keys.ts';

/** POST /users/{id}/invitation (SuperAdmin): a new security code goes to the user's e-mail. */
export function resendInvitation(id: number): Promise<InvitationSent> {
  return apiRequest(`${USERS_PATH}/${id}/invitation`, { method: 'POST', schema: invitationSentSchema });
}

export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: (_sent, id) => client.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}
