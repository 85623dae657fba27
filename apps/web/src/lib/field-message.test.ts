import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_OUT_OF_RANGE, fieldMessage, intBetween } from '@lbs/contracts';
import { i18n, initI18n, switchLanguage } from '../i18n/index.ts';
import { fieldMessageOf, messageTextIn } from './field-message.ts';

/** The message of the first issue of a value the schema refuses, as the form's resolver reads it. */
const issueOf = (value: unknown) => intBetween(1, 1440).safeParse(value).error!.issues[0]!.message;

describe('field messages in the user’s language', () => {
  beforeAll(() => initI18n('en-US'));
  afterAll(() => switchLanguage('en-US'));

  it('English: the limits of the schema, filled in', () => {
    const text = (m: string) => messageTextIn(i18n.t, 'en-US', m);
    expect(text(issueOf(0))).toBe('Between 1 and 1440');
    expect(text(issueOf(Number.NaN))).toBe('This field is required');
    expect(text(fieldMessage('validation.tooLong', { max: 120 }))).toBe('At most 120 characters');
    expect(text(fieldMessage('validation.tooMany', { max: 10 }))).toBe('At most 10 items');
    expect(text(DATE_OUT_OF_RANGE)).toBe('Date must be between Jan 1, 1900 and Dec 31, 2099');
    expect(text('free text from elsewhere')).toBe('free text from elsewhere');
  });

  it('Arabic: Arabic words and digits', async () => {
    await switchLanguage('ar-SA');
    const text = (m: string) => messageTextIn(i18n.t, 'ar-SA', m);
    expect(text(issueOf(1441))).toBe('يجب أن تكون القيمة بين ١ و١٤٤٠');
    expect(text(fieldMessage('validation.tooLong', { max: 120 }))).toBe('يجب ألا يتجاوز عدد الأحرف ١٢٠');
    expect(text(issueOf(undefined))).toBe('هذا الحقل مطلوب');
  });

  it('a server field error becomes the same message string (its key and values)', () => {
    expect(fieldMessageOf({ code: 'validation.tooLong', message: 'x', params: { max: 300 } })).toBe(
      'validation.tooLong?max=300',
    );
    expect(fieldMessageOf({ code: 'validation.required', message: 'x' })).toBe('validation.required');
    expect(fieldMessageOf({ code: 'not.a.key', message: 'free text' })).toBe('validation.invalid');
  });
});
