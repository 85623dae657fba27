import { z } from 'zod';
import { PIN_LENGTH } from '../constants.ts';
import { emailField, timestamp } from './fields.ts';
import { passwordSchema } from './user-management.ts';
import { safeString } from './text.ts';

/** The security code of an invitation: exactly PIN_LENGTH digits ('The length of Pin should be 6 digits'). */
export const pinSchema = safeString('validation.pinLength')
  .trim()
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), 'validation.pinLength');

/** POST /invitations/verify (public): is this code right for this e-mail? Wrong codes count against the invitation. */
export const invitationVerifySchema = z.object({ email: emailField(), code: pinSchema });
export type InvitationVerifyBody = z.infer<typeof invitationVerifySchema>;

export const invitationVerifiedSchema = z.object({
  email: z.string(),
  username: z.string(),
  fullName: z.string(),
  expiresAt: timestamp(),
});
export type InvitationVerified = z.infer<typeof invitationVerifiedSchema>;

/** POST /invitations/accept (public): the code and the new password; the password is set and the code used up. */
export const invitationAcceptSchema = z.object({
  email: emailField(),
  code: pinSchema,
  password: passwordSchema,
});
export type InvitationAcceptBody = z.infer<typeof invitationAcceptSchema>;

/** The set-password form adds the re-entry (SPEC §5); only email, code and password go to the server. */
export const invitationAcceptFormSchema = z
  .object({
    email: emailField(),
    code: pinSchema,
    password: z.string().min(1, 'validation.passwordRequired').pipe(passwordSchema),
    confirmPassword: z.string().min(1, 'validation.passwordReenterRequired'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type InvitationAcceptForm = z.infer<typeof invitationAcceptFormSchema>;

export const invitationAcceptedSchema = z.object({
  code: z.literal('aws.passwordSetSuccessfully'),
  message: z.string(),
  username: z.string(),
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;
