import type { LocaleCode } from '@lbs/contracts';

/**
 * One area's strings in all six languages, side by side: the English keys decide the key set and every other
 * language must have exactly those keys (the compiler checks it; i18n.test.ts checks the values).
 */
export function defineAreaTranslations<K extends string>(
  translations: { 'en-US': Record<K, string> } & Record<
    Exclude<LocaleCode, 'en-US'>,
    Record<NoInfer<K>, string>
  >,
) {
  return translations;
}
