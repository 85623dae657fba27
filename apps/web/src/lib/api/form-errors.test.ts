import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { applyProblemToForm, fieldForPath } from './form-errors.ts';

const FIELDS = [
  'name',
  'companyId',
  'config.trackingWindow.end',
  'config.trackingWindow.days',
  'roles',
] as const;

describe('server problem → form', () => {
  it('finds the field of a path or of its nearest ancestor', () => {
    expect(fieldForPath('name', FIELDS)).toBe('name');
    expect(fieldForPath('config.trackingWindow.days.2', FIELDS)).toBe('config.trackingWindow.days');
    expect(fieldForPath('roles.1', FIELDS)).toBe('roles');
    expect(fieldForPath('config.pollIntervalMinutes', FIELDS)).toBeUndefined();
    expect(fieldForPath('', FIELDS)).toBeUndefined();
  });

  it('puts each field error on its field as the message key and keeps the rest for the alert', () => {
    const setError = vi.fn();
    const error = new ApiError(400, 'problem.validation', [
      {
        path: 'companyId',
        code: 'user.companyAdminNeedsCompany',
        message: 'A Company Admin needs a company',
      },
      { path: 'config.trackingWindow.end', code: 'validation.trackingWindowInvalid', message: '…' },
      { path: 'pricePlan.currency', code: 'validation.currencyInvalid', message: '…' },
      { path: 'name', code: 'not.a.key', message: 'free text' },
    ]);
    const outcome = applyProblemToForm(error, setError, FIELDS);
    expect(setError.mock.calls).toEqual([
      ['companyId', { type: 'server', message: 'user.companyAdminNeedsCompany' }, { shouldFocus: true }],
      [
        'config.trackingWindow.end',
        { type: 'server', message: 'validation.trackingWindowInvalid' },
        { shouldFocus: false },
      ],
      ['name', { type: 'server', message: 'validation.invalid' }, { shouldFocus: false }],
    ]);
    expect(outcome).toEqual({
      messageKey: 'problem.validation',
      mapped: ['companyId', 'config.trackingWindow.end', 'name'],
      unmapped: ['validation.currencyInvalid'],
      status: 400,
    });
  });

  it('a conflict without fields becomes the alert text; an unknown code or a network failure the generic one', () => {
    const setError = vi.fn();
    expect(applyProblemToForm(new ApiError(409, 'org.departmentInUse'), setError, FIELDS).messageKey).toBe(
      'org.departmentInUse',
    );
    expect(applyProblemToForm(new ApiError(500, 'boom.unknown'), setError, FIELDS).messageKey).toBe(
      'error.somethingWentWrong',
    );
    expect(applyProblemToForm(new ApiError(0, 'problem.unavailable'), setError, FIELDS).messageKey).toBe(
      'problem.unavailable',
    );
    expect(applyProblemToForm(new TypeError('x'), setError, FIELDS)).toMatchObject({
      messageKey: 'error.somethingWentWrong',
      status: 0,
    });
    expect(setError).not.toHaveBeenCalled();
  });
});
