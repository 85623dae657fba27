import { z } from 'zod';
import { userCreateSchema, type User } from '@lbs/contracts';

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
