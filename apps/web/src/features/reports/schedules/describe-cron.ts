import cronstrue from 'cronstrue';
import 'cronstrue/locales/ar';
import 'cronstrue/locales/es';
import 'cronstrue/locales/fr';
import 'cronstrue/locales/it';
import 'cronstrue/locales/zh_CN';
import type { LocaleCode } from '@lbs/contracts';

/** cronstrue's name of each interface language. */
const CRONSTRUE_LOCALE: Record<LocaleCode, string> = {
  'en-US': 'en',
  'ar-SA': 'ar',
  'zh-Hans-CN': 'zh_CN',
  'it-IT': 'it',
  es: 'es',
  'fr-FR': 'fr',
};

/** A schedule's cron string in words in the user's language: “At 07:00, only on Monday”. */
export function describeCron(cron: string, locale: string): string {
  const name = CRONSTRUE_LOCALE[locale as LocaleCode] ?? 'en';
  try {
    return cronstrue.toString(cron, { locale: name, use24HourTimeFormat: true, verbose: false }).trim();
  } catch {
    return cron;
  }
}
