import { defineAreaTranslations } from './define.ts';

/** Strings of the monitor screens in the six languages. */
export const monitorTranslations = defineAreaTranslations({
  'en-US': {},
  'zh-Hans-CN': {},
  'ar-SA': {},
  'it-IT': {},
  es: {},
  'fr-FR': {},
});
