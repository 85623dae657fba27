import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { dueInvoiceSchema } from './billing.ts';
import { userPlacementOutput } from './fields.ts';
import { safeString } from './text.ts';

/** SPEC §3 current user, plus zoneId/zoneName. */
export const meSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  phoneNo: z.string().nullable(),
  photoURL: z.string(),
  ...userPlacementOutput(),
  isPiaSigned: z.boolean(),
  hasDueInvoice: z.boolean(),
  dueInvoiceList: z.array(dueInvoiceSchema),
  roleList: z.array(z.object({ roleName: z.string() })),
  active: z.boolean(),
  companyConfig: z.array(z.object({ zoneEnabled: z.boolean() })),
});
export type Me = z.infer<typeof meSchema>;

export const passwordSchema = safeString('validation.passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong');

/** PUT /user-management/me/password */
export const changePasswordSchema = z
  .object({
    oldPassword: safeString('validation.oldPasswordRequired').min(1, 'validation.oldPasswordRequired'),
    newPassword: safeString('validation.newPasswordRequired')
      .min(1, 'validation.newPasswordRequired')
      .pipe(passwordSchema),
  })
  // An empty new password already reports 'required'; do not add 'must differ' on top of it.
  .refine((v) => !v.newPassword || v.oldPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'validation.passwordSameAsOld',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

/** The change-password form adds the re-entry (SPEC §5); only old/new go to the server. */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string().min(1, 'validation.oldPasswordRequired'),
    newPassword: z.string().min(1, 'validation.newPasswordRequired').pipe(passwordSchema),
    confirmPassword: z.string().min(1, 'validation.passwordReenterRequired'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  })
  // An empty new password already reports 'required'; do not add 'must differ' on top of it.
  .refine((v) => !v.newPassword || v.oldPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'validation.passwordSameAsOld',
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** POST /user-management/me/pia */
export const piaAcknowledgeSchema = z.object({
  accepted: z.literal(true, { error: 'validation.piaAcceptRequired' }),
});
export type PiaAcknowledgeBody = z.infer<typeof piaAcknowledgeSchema>;

/** Served to the SPA at GET /api/v1/lbs-backend/config (public): where the identity provider lives. */
export const clientConfigSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
  endSessionEndpoint: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
