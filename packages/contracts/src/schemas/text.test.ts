import { describe, expect, it } from 'vitest';
import { idParamSchema, listQuery, requiredName } from './fields.ts';
import { positionHistoryQuerySchema } from './positions.ts';
import { isStorableText, nameString, safeString } from './text.ts';

const messages = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('the request string type', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', 'x\udc00y'],
    ['a reversed pair', '\udc00\ud800'],
  ])('refuses %s with the translated field key', (_name, value) => {
    expect(isStorableText(value)).toBe(false);
    expect(messages(safeString().safeParse(value))).toEqual([['', 'validation.textInvalid']]);
    expect(messages(requiredName().safeParse(value))).toEqual([['', 'validation.textInvalid']]);
  });

  it('accepts emoji, RTL marks and other scripts unchanged', () => {
    for (const value of ['😀 team', '\u200fشركة\u200e', '中文', 'Zoë']) {
      expect(isStorableText(value)).toBe(true);
      expect(safeString().parse(value)).toBe(value);
    }
  });

  it('trims names and normalises them to NFC', () => {
    expect(nameString().parse('  Jose\u0301 ')).toBe('José');
    expect(nameString().parse('  Jose\u0301 ')).toHaveLength(4);
  });

  it('keeps the missing-value message of the field', () => {
    expect(messages(requiredName().safeParse(undefined))).toEqual([['', 'validation.nameRequired']]);
  });

  it('refuses NUL in a list search', () => {
    const query = listQuery(['name']);
    expect(messages(query.safeParse({ q: '%\u0000' }))).toEqual([['q', 'validation.textInvalid']]);
    expect(query.parse({ q: ' omar ' }).q).toBe('omar');
  });
});

describe('the id parameter', () => {
  it.each(['1', '101', '2147483647'])('accepts %s', (id) => {
    expect(idParamSchema.parse({ id })).toEqual({ id: Number(id) });
  });

  it.each([
    '0',
    '0x65',
    '1.01e2',
    '+101',
    ' 101',
    '101 ',
    '0101',
    '-1',
    '2147483648',
    '99999999999',
    '',
    '1\u0000',
  ])('refuses %j with a field error', (id) => {
    const result = idParamSchema.safeParse({ id });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['id']);
  });
});

describe('cross-field rules', () => {
  it('the history range rule does not run on values that did not parse', () => {
    expect(messages(positionHistoryQuerySchema.safeParse({ from: 'a', to: 'b' }))).toEqual([
      ['from', 'validation.invalid'],
      ['to', 'validation.invalid'],
    ]);
    expect(
      messages(
        positionHistoryQuerySchema.safeParse({ from: '2025-01-02T00:00:00Z', to: '2025-01-01T00:00:00Z' }),
      ),
    ).toEqual([['from', 'location.rangeInvalid']]);
  });
});
