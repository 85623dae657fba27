import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type LocaleCode } from '@lbs/contracts';
import errorsEnUS from './errors/en-US.ts';
import shellEnUS from './shell/en-US.ts';

/**
 * The interface strings, one file per area and language: i18n/<area>/<locale>.ts (SPEC §1). Keys are flat, dots
 * included, in one i18next namespace. English of the startup areas ships in the first bundle (English is also the
 * fallback); every other file is a chunk of its own, loaded on demand: the startup areas in the chosen language
 * before the first render, a page's areas together with the page (lazyWithAreas, lazy-with-areas.ts), and every area
 * in use before the language changes, so no page ever shows keys or half-translated text.
 *
 * A new area: a folder with en-US.ts (`const strings = {…}; export default strings;`) and the five other languages
 * typed `LocaleStrings<typeof en, '<locale>'>` (define.ts), its name in AREAS, and the pages that show it declare it.
 */
export const AREAS = [
  'shell',
  'errors',
  'org',
  'msisdn',
  'monitor',
  'map',
  'account',
  'invoice',
  'billing',
  'settings',
  'poi',
  'task',
  'attendance',
  'reports',
  'report-schedules',
  'notifications',
  'notification-rules',
] as const;
export type TranslationArea = (typeof AREAS)[number];

/** What the shell needs before anything renders: its own texts and the API problem texts (error screens, alerts). */
export const STARTUP_AREAS = ['shell', 'errors'] as const satisfies readonly TranslationArea[];

export type Strings = Readonly<Record<string, string>>;

const BUNDLED: Readonly<Record<string, Strings>> = {
  './shell/en-US.ts': shellEnUS,
  './errors/en-US.ts': errorsEnUS,
};
const CHUNKS = import.meta.glob<Strings>(['./*/*.ts', '!./shell/en-US.ts', '!./errors/en-US.ts'], {
  import: 'default',
});

/** The files of every area and language (i18n.test.ts checks that there are exactly AREAS × LOCALE_CODES). */
export const TRANSLATION_FILES = [...Object.keys(BUNDLED), ...Object.keys(CHUNKS)].sort();

/** One area's strings in one language: from the first bundle, or its own chunk. */
export function loadAreaStrings(area: TranslationArea, locale: LocaleCode): Promise<Strings> {
  const file = `./${area}/${locale}.ts`;
  const bundled = BUNDLED[file];
  if (bundled) return Promise.resolve(bundled);
  const chunk = CHUNKS[file];
  return chunk ? chunk() : Promise.reject(new Error(`no translations ${file}`));
}

export const i18n = i18next.createInstance();

/** Every area asked for so far: a language change loads all of them first. */
const requested = new Set<TranslationArea>(STARTUP_AREAS);
const loads = new Map<string, Promise<void>>();

const currentLocale = (): LocaleCode => (i18n.language as LocaleCode | undefined) ?? DEFAULT_LOCALE;

function ensureLoaded(area: TranslationArea, locale: LocaleCode): Promise<void> {
  const id = `${locale}/${area}`;
  let load = loads.get(id);
  if (!load) {
    load = loadAreaStrings(area, locale).then(
      (strings) => void i18n.addResourceBundle(locale, 'translation', strings, true, true),
      async (error: unknown) => {
        loads.delete(id); // asked again later, it is fetched again
        if (locale === DEFAULT_LOCALE) throw error;
        console.error(`Loading the ${locale} ${area} texts failed; English is shown instead`, error);
        await ensureLoaded(area, DEFAULT_LOCALE);
      },
    );
    loads.set(id, load);
  }
  return load;
}

/** Loads the areas in the language (by default the current one); later language changes load them too. */
export async function loadAreas(
  areas: readonly TranslationArea[],
  locale: LocaleCode = currentLocale(),
): Promise<void> {
  for (const area of areas) requested.add(area);
  await Promise.all(areas.map((area) => ensureLoaded(area, locale)));
}

/** Loads every area in use in the new language first, then switches, so a page never shows keys. */
export async function switchLanguage(locale: LocaleCode): Promise<void> {
  let loaded = 0;
  // A page that asks for an area while this one loads is waited for too.
  while (loaded < requested.size) {
    const areas = [...requested];
    await Promise.all(areas.map((area) => ensureLoaded(area, locale)));
    loaded = areas.length;
  }
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

type Format = (
  value: unknown,
  format: string | undefined,
  lng: string | undefined,
  options: object,
) => unknown;

/**
 * A number put into a text without a format of its own ({{count}}, {{days}}) is written the way the language writes
 * numbers — Arabic-Indic digits in Arabic (كل ٥ دقائق, ٩٠ يومًا), a decimal comma in French — like the dates, the list
 * counts and the map's scale bar around it, rather than in Latin digits in the middle of Arabic. Nothing is rounded
 * or grouped (a year reads 2026, not 2,026). Values with a format ({{count, number}}) and strings are left to
 * i18next. (i18next calls its formatter for every value once `alwaysFormat` is on; a bare value it returns as it is.)
 */
function writeNumbersInLanguage(): void {
  const writers = new Map<string, Intl.NumberFormat>();
  const writer = (lng: string | undefined) => {
    const key = lng ?? DEFAULT_LOCALE;
    let numbers = writers.get(key);
    if (!numbers) {
      numbers = new Intl.NumberFormat(key, { useGrouping: false, maximumFractionDigits: 20 });
      writers.set(key, numbers);
    }
    return numbers;
  };
  const interpolator = i18n.services.interpolator as unknown as { format: Format };
  const formatted = interpolator.format;
  interpolator.format = (value, format, lng, options) =>
    format || typeof value !== 'number' || !Number.isFinite(value)
      ? formatted(value, format, lng, options)
      : writer(lng).format(value);
}

export async function initI18n(locale: LocaleCode = DEFAULT_LOCALE): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { [DEFAULT_LOCALE]: { translation: { ...errorsEnUS, ...shellEnUS } } },
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      load: 'currentOnly',
      keySeparator: false,
      nsSeparator: false,
      // Every value goes through the formatter, so that a bare number ({{count}}) can be written in the language's digits.
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
      initAsync: false,
      // In development a key shown before its area loaded (a page that does not declare the area) is reported.
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: (languages, _namespace, key) =>
        console.warn(`Missing translation "${key}" (${languages.join(', ')}): is its area declared?`),
    });
    for (const area of STARTUP_AREAS) loads.set(`${DEFAULT_LOCALE}/${area}`, Promise.resolve());
    writeNumbersInLanguage();
  }
  await switchLanguage(locale);
}
