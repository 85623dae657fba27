import type { LocaleCode } from '@lbs/contracts';

/**
 * The CLDR plural categories of each interface language, as Intl.PluralRules selects them (i18n.test.ts checks
 * this table against it): a count-bearing string has one key per category, `key_one`, `key_other`…
 */
export const PLURAL_FORMS = {
  'en-US': ['one', 'other'],
  'zh-Hans-CN': ['other'],
  'ar-SA': ['zero', 'one', 'two', 'few', 'many', 'other'],
  'it-IT': ['one', 'many', 'other'],
  es: ['one', 'many', 'other'],
  'fr-FR': ['one', 'many', 'other'],
} as const satisfies Record<LocaleCode, readonly Intl.LDMLPluralRule[]>;

type PluralKey = `${string}_${Intl.LDMLPluralRule}`;
/** `a.b_other` → `a.b`: the count-bearing keys of an area. */
type PluralBase<K> = K extends `${infer Base}_other` ? Base : never;

/**
 * One language's strings of an area, typed from the area's en-US file `E`: exactly its keys, so a missing or an extra
 * key fails the type check, with each count-bearing string (`_one` and `_other` in English) in the language's own
 * plural forms (Arabic six, Chinese one).
 */
export type LocaleStrings<E, L extends LocaleCode> = {
  readonly [K in Exclude<keyof E & string, PluralKey>]: string;
} & {
  readonly [K in `${PluralBase<keyof E & string>}_${(typeof PLURAL_FORMS)[L][number]}`]: string;
};
