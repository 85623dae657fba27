import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type LocaleCode } from '@lbs/contracts';
import { enUS, type Translations } from './locales/en-US.ts';

/**
 * One resource per interface language (SPEC §1); keys are flat, dots included (they are the MESSAGES keys).
 * English ships in the main bundle (it is also the fallback); the others load when chosen.
 */
export const TRANSLATION_LOADERS: Record<LocaleCode, () => Promise<Translations>> = {
  'en-US': async () => enUS,
  'zh-Hans-CN': () => import('./locales/zh-Hans-CN.ts').then((m) => m.zhHansCN),
  'ar-SA': () => import('./locales/ar-SA.ts').then((m) => m.arSA),
  'it-IT': () => import('./locales/it-IT.ts').then((m) => m.itIT),
  es: () => import('./locales/es.ts').then((m) => m.es),
  'fr-FR': () => import('./locales/fr-FR.ts').then((m) => m.frFR),
};

export const i18n = i18next.createInstance();

export async function loadLocale(locale: LocaleCode): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResourceBundle(locale, 'translation', await TRANSLATION_LOADERS[locale]());
}

/** Loads the bundle first, then switches, so a page never shows keys or half-translated text. */
export async function switchLanguage(locale: LocaleCode): Promise<void> {
  await loadLocale(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

export async function initI18n(locale: LocaleCode = DEFAULT_LOCALE): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { [DEFAULT_LOCALE]: { translation: enUS } },
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      load: 'currentOnly',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  await switchLanguage(locale);
}
