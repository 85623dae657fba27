import { z } from 'zod';
import { NOTES_MAX_LENGTH, USERNAME_PATTERN } from '../constants.ts';
import { ROLES } from '../roles.ts';
import { userAbilitiesSchema } from './abilities.ts';
import { pageSchema } from './common.ts';
import { safeString } from './text.ts';
import {
  boolFilter,
  emailField,
  listQuery,
  optionalAddress,
  optionalDate,
  optionalRefId,
  optionalText,
  orgFilters,
  requiredName,
  timestamp,
  userPlacementOutput,
} from './fields.ts';
import { optionalCountry, optionalPhone } from './phone.ts';

export const roleNameSchema = z.enum(ROLES, { error: 'validation.rolesRequired' });

/** Whether the user has set a password: PENDING (code valid), EXPIRED (ask for a new code), ACCEPTED, NONE. */
export const INVITATION_STATUSES = ['PENDING', 'EXPIRED', 'ACCEPTED', 'NONE'] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

const userFields = {
  fullName: requiredName(),
  // Empty or absent: "required"; anything else the pattern refuses: SPEC §5's "Username is not valid".
  username: safeString('validation.usernameRequired')
    .trim()
    .min(1, { error: 'validation.usernameRequired', abort: true })
    .regex(USERNAME_PATTERN, 'validation.usernameInvalid'),
  email: emailField(),
  phoneNo: optionalPhone(),
  birthDate: optionalDate(),
  country: optionalCountry(),
  address: optionalAddress(),
  notes: optionalText(NOTES_MAX_LENGTH),
  companyId: optionalRefId(),
  departmentId: optionalRefId(),
  zoneId: optionalRefId(),
  designationId: optionalRefId(),
  roles: z
    .array(roleNameSchema, { error: 'validation.rolesRequired' })
    .min(1, 'validation.rolesRequired')
    .max(ROLES.length, 'validation.rolesRequired')
    .refine((roles) => new Set(roles).size === roles.length, 'validation.rolesRequired'),
};

/**
 * POST /users (SuperAdmin). Form labels (SPEC §3): full name, user name, e-mail, phone, birth date, country, address,
 * company, department, zone, designation, roles, notes, active. No password: the user receives an invitation code.
 * Role constraints (server): CompanyAdmin, DepartmentAdmin and ZoneAdmin need a company; a DepartmentAdmin a
 * department; a ZoneAdmin a zone of a company with zones enabled; department, zone and designation belong to
 * the user's company.
 */
export const userCreateSchema = z.object({
  ...userFields,
  active: z.boolean({ error: 'validation.invalid' }).default(true),
});
export type UserCreateBody = z.infer<typeof userCreateSchema>;

/** PATCH /users/{id} (SuperAdmin): only the fields sent change; `active: false` ends the user's sessions. */
export const userUpdateSchema = z.object({
  fullName: userFields.fullName.optional(),
  username: userFields.username.optional(),
  email: userFields.email.optional(),
  phoneNo: userFields.phoneNo,
  birthDate: userFields.birthDate,
  country: userFields.country,
  address: userFields.address,
  notes: userFields.notes,
  companyId: userFields.companyId,
  departmentId: userFields.departmentId,
  zoneId: userFields.zoneId,
  designationId: userFields.designationId,
  roles: userFields.roles.optional(),
  active: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNo: z.string().nullable(),
  birthDate: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  ...userPlacementOutput(),
  roles: z.array(roleNameSchema),
  active: z.boolean(),
  invitationStatus: invitationStatusSchema,
  /** When the pending invitation code expires; null once accepted or when none was sent. */
  invitationExpiresAt: timestamp().nullable(),
  /** What the caller may do to this user (server policy). */
  abilities: userAbilitiesSchema,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type User = z.infer<typeof userSchema>;

export const USER_SORT_FIELDS = [
  'fullName',
  'username',
  'email',
  'companyName',
  'departmentName',
  'zoneName',
  'designationName',
  'active',
  'createdAt',
  'updatedAt',
] as const;
export const userListQuerySchema = listQuery(USER_SORT_FIELDS).extend({
  ...orgFilters(),
  role: roleNameSchema.optional(),
  active: boolFilter(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const userPageSchema = pageSchema(userSchema);
export type UserPage = z.infer<typeof userPageSchema>;

/** Answer of user creation and of POST /users/{id}/invitation: the code went to the registered e-mail. */
export const invitationSentSchema = z.object({
  code: z.literal('aws.codeSent'),
  message: z.string(),
  expiresAt: timestamp(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;
