import { useMutation } from '@tanstack/react-query';
import { changePasswordSchema, type ChangePasswordBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';

/** PUT /user-management/me/password {oldPassword, newPassword}. */
export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return apiRequest('/user-management/me/password', {
    method: 'PUT',
    body: changePasswordSchema.parse(body),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
