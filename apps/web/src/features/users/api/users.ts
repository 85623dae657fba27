import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invitationSentSchema, userCreateSchema, type User } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { detailQueryKey } from '../../../lib/api/resource.ts';

/** /users (GET: SuperAdmin all, CompanyAdmin its company; writes: SuperAdmin). */
export const USERS_PATH = '/users';

/** The user form: the create body with `active` present, so add and edit share it (edit sends it as the PATCH body). */
export const userFormSchema = userCreateSchema.extend({ active: z.boolean({ error: 'validation.invalid' }) });
export type UserFormInput = z.input<typeof userFormSchema>;
export type UserFormOutput = z.output<typeof userFormSchema>;

export const USER_FORM_FIELDS = [
  'fullName',
  'username',
  'email',
  'phoneNo',
  'birthDate',
  'country',
  'address',
  'notes',
  'companyId',
  'departmentId',
  'zoneId',
  'designationId',
  'roles',
  'active',
] as const;

export const emptyUserForm = (): UserFormInput => ({
  fullName: '',
  username: '',
  email: '',
  phoneNo: '',
  birthDate: '',
  country: '',
  address: '',
  notes: '',
  companyId: null,
  departmentId: null,
  zoneId: null,
  designationId: null,
  roles: [],
  active: true,
});

export function userToForm(user: User): UserFormInput {
  return {
    fullName: user.fullName,
    username: user.username,
    email: user.email,
    phoneNo: user.phoneNo ?? '',
    birthDate: user.birthDate ?? '',
    country: user.country ?? '',
    address: user.address ?? '',
    notes: user.notes ?? '',
    companyId: user.companyId,
    departmentId: user.departmentId,
    zoneId: user.zoneId,
    designationId: user.designationId,
    roles: [...user.roles],
    active: user.active,
  };
}

/** POST /users/{id}/invitation (SuperAdmin): a new security code goes to the user's e-mail. */
export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${USERS_PATH}/${id}/invitation`, { method: 'POST', schema: invitationSentSchema }),
    onSuccess: (_sent, id) => client.invalidateQueries({ queryKey: detailQueryKey(USERS_PATH, id) }),
  });
}
