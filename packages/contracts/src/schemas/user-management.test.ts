import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { changePasswordFormSchema, changePasswordSchema, piaAcknowledgeSchema } from './user-management.ts';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('user-management schemas', () => {
  it('report message keys (SPEC §5) that exist in the catalogue', () => {
    const results = [
      changePasswordSchema.safeParse({}),
      changePasswordSchema.safeParse({ oldPassword: 'a', newPassword: 'short' }),
      changePasswordFormSchema.safeParse({
        oldPassword: 'a',
        newPassword: 'Long-enough-1',
        confirmPassword: 'other',
      }),
      piaAcknowledgeSchema.safeParse({ accepted: false }),
    ];
    for (const result of results) {
      expect(result.success).toBe(false);
      for (const [, message] of issues(result)) expect(Object.keys(MESSAGES)).toContain(message);
    }
  });

  it('asks for the old and new password, and only once each', () => {
    expect(issues(changePasswordSchema.safeParse({ oldPassword: '', newPassword: '' }))).toEqual([
      ['oldPassword', 'validation.oldPasswordRequired'],
      ['newPassword', 'validation.newPasswordRequired'],
    ]);
  });

  it('enforces length, difference from the old password and the re-entry', () => {
    expect(
      issues(changePasswordSchema.safeParse({ oldPassword: 'Old-pass-1', newPassword: 'short' })),
    ).toEqual([['newPassword', 'validation.passwordTooShort']]);
    expect(
      issues(changePasswordSchema.safeParse({ oldPassword: 'Same-pass-1', newPassword: 'Same-pass-1' })),
    ).toEqual([['newPassword', 'validation.passwordSameAsOld']]);
    expect(
      issues(
        changePasswordFormSchema.safeParse({
          oldPassword: 'Old-pass-1',
          newPassword: 'New-pass-1',
          confirmPassword: 'New-pass-2',
        }),
      ),
    ).toEqual([['confirmPassword', 'validation.passwordMismatch']]);
    expect(
      changePasswordSchema.parse({ oldPassword: 'Old-pass-1', newPassword: 'New-pass-1', extra: 1 }),
    ).toEqual({
      oldPassword: 'Old-pass-1',
      newPassword: 'New-pass-1',
    });
  });

  it('accepts the notice only with accepted: true', () => {
    expect(piaAcknowledgeSchema.safeParse({ accepted: true }).success).toBe(true);
    expect(issues(piaAcknowledgeSchema.safeParse({ accepted: 'yes' }))).toEqual([
      ['accepted', 'validation.piaAcceptRequired'],
    ]);
  });
});
