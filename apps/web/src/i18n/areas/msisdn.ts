import { defineAreaTranslations } from './define.ts';

/** Strings of the msisdn screens in the six languages. */
export const msisdnTranslations = defineAreaTranslations({
  'en-US': {},
  'zh-Hans-CN': {},
  'ar-SA': {},
  'it-IT': {},
  es: {},
  'fr-FR': {},
});
