import { defineAreaTranslations } from './define.ts';

/** Strings of the org screens in the six languages. */
export const orgTranslations = defineAreaTranslations({
  'en-US': {},
  'zh-Hans-CN': {},
  'ar-SA': {},
  'it-IT': {},
  es: {},
  'fr-FR': {},
});
