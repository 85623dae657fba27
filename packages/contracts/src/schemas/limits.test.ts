import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants.ts';
import { MESSAGES, MESSAGE_PARAMS, fieldMessage, messageText, parseFieldMessage } from '../messages.ts';
import { companyConfigSchema } from './companies.ts';
import { listQuery } from './fields.ts';
import { intBetween, TOO_LONG, TOO_MANY } from './limits.ts';
import { taskCreateSchema } from './task-api.ts';
import { userCreateSchema } from './users.ts';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

/** The field's issue, read back as the server and the web app read it. */
function fieldIssue(schema: z.ZodType, value: unknown, path: string) {
  const found = issues(schema.safeParse(value)).find(([p]) => p === path);
  return found ? parseFieldMessage(String(found[1])) : undefined;
}

const user = {
  fullName: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  roles: ['CompanyAdmin'],
};

describe('messages that name their limit', () => {
  it('write and read back a key with its values', () => {
    const text = fieldMessage('validation.numberOutOfRange', { min: 1, max: 1440 });
    expect(text).toBe('validation.numberOutOfRange?min=1&max=1440');
    expect(parseFieldMessage(text)).toEqual({
      key: 'validation.numberOutOfRange',
      params: { min: 1, max: 1440 },
    });
    expect(parseFieldMessage('validation.required')).toEqual({ key: 'validation.required' });
    expect(parseFieldMessage('not a key?max=1')).toBeUndefined();
    expect(
      parseFieldMessage(fieldMessage('validation.dateOutOfRange', { min: '1900-01-01', max: '2099-12-31' })),
    ).toEqual({ key: 'validation.dateOutOfRange', params: { min: '1900-01-01', max: '2099-12-31' } });
  });

  it('fill the English text with the values', () => {
    expect(messageText('validation.tooLong', { max: 120 })).toBe('At most 120 characters');
    expect(messageText('validation.numberOutOfRange', { min: 1, max: 1440 })).toBe('Between 1 and 1440');
    expect(messageText('validation.tooMany', { max: 10 })).toBe('At most 10 items');
    expect(messageText('validation.required')).toBe('This field is required');
  });

  it('name each value they take in their text, and no other message has a placeholder', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      const named = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      const params = (MESSAGE_PARAMS as Record<string, readonly string[]>)[key] ?? [];
      expect(named, key).toEqual([...params].sort());
    }
  });

  it('carry the limit of a string, a list and a number range from the schema', () => {
    expect(
      fieldIssue(userCreateSchema, { ...user, fullName: 'x'.repeat(NAME_MAX_LENGTH + 1) }, 'fullName'),
    ).toEqual({
      key: 'validation.tooLong',
      params: { max: NAME_MAX_LENGTH },
    });
    expect(fieldIssue(z.string().max(7, TOO_LONG), 'x'.repeat(8), '')).toEqual({
      key: 'validation.tooLong',
      params: { max: 7 },
    });
    expect(fieldIssue(z.array(z.number()).max(2, TOO_MANY), [1, 2, 3], '')).toEqual({
      key: 'validation.tooMany',
      params: { max: 2 },
    });
    const labels = Array.from({ length: 11 }, (_, i) => `l${i}`);
    expect(fieldIssue(taskCreateSchema, { title: 'a', labels }, 'labels')).toEqual({
      key: 'validation.tooMany',
      params: { max: 10 },
    });
    expect(
      fieldIssue(taskCreateSchema, { title: 'a', requiredDwellMinutes: 0 }, 'requiredDwellMinutes'),
    ).toEqual({
      key: 'validation.numberOutOfRange',
      params: { min: 1, max: 1440 },
    });
    expect(fieldIssue(listQuery(['id']), { page: '0' }, 'page')?.key).toBe('validation.invalid');
    const config = companyConfigSchema.safeParse({ pollIntervalMinutes: 0 });
    const poll = issues(config).find(([p]) => p === 'pollIntervalMinutes');
    expect(poll && parseFieldMessage(String(poll[1]))?.key).toBe('validation.numberOutOfRange');
  });

  it('say "required" for an empty number box, and the range for a wrong number', () => {
    const minutes = intBetween(1, 1440);
    expect(issues(minutes.safeParse(Number.NaN))).toEqual([['', 'validation.required']]);
    expect(issues(minutes.safeParse(undefined))).toEqual([['', 'validation.required']]);
    for (const wrong of [0, 1441, 2.5, '5'])
      expect(issues(minutes.safeParse(wrong)), String(wrong)).toEqual([
        ['', 'validation.numberOutOfRange?min=1&max=1440'],
      ]);
    expect(minutes.safeParse(1440).success).toBe(true);
  });

  it('say a user name is required when it is empty or absent, and not valid when it breaks the pattern', () => {
    expect(fieldIssue(userCreateSchema, { ...user, username: '' }, 'username')).toEqual({
      key: 'validation.usernameRequired',
    });
    expect(fieldIssue(userCreateSchema, { ...user, username: '   ' }, 'username')).toEqual({
      key: 'validation.usernameRequired',
    });
    expect(fieldIssue(userCreateSchema, { ...user, username: undefined }, 'username')).toEqual({
      key: 'validation.usernameRequired',
    });
    expect(fieldIssue(userCreateSchema, { ...user, username: 'ab' }, 'username')).toEqual({
      key: 'validation.usernameInvalid',
    });
    expect(issues(userCreateSchema.safeParse({ ...user, username: '' }))).toHaveLength(1);
  });
});
