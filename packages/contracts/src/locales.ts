/** The six interface languages (SPEC §1); Arabic is the only right-to-left one. */
export const LOCALES = [
  { languageId: 'english', locale: 'en-US', name: 'English', icon: 'us', dir: 'ltr' },
  { languageId: 'chinese', locale: 'zh-Hans-CN', name: '中文', icon: 'cn', dir: 'ltr' },
  { languageId: 'arabic', locale: 'ar-SA', name: 'العربية', icon: 'sa', dir: 'rtl' },
  { languageId: 'italian', locale: 'it-IT', name: 'Italiano', icon: 'it', dir: 'ltr' },
  { languageId: 'spanish', locale: 'es', name: 'Español', icon: 'es', dir: 'ltr' },
  { languageId: 'french', locale: 'fr-FR', name: 'Français', icon: 'fr', dir: 'ltr' },
] as const;
export type LocaleCode = (typeof LOCALES)[number]['locale'];
export const DEFAULT_LOCALE: LocaleCode = 'en-US';
export const LOCALE_CODES = LOCALES.map((l) => l.locale) as LocaleCode[];

/** Picks the best supported locale for a list of language tags (e.g. ui_locales or Accept-Language). */
export function matchLocale(tags: readonly string[]): LocaleCode {
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    if (!tag) continue;
    const exact = LOCALE_CODES.find((code) => code.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split('-')[0];
    const byLanguage = LOCALE_CODES.find((code) => code.toLowerCase().split('-')[0] === primary);
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_LOCALE;
}

/** Parses an Accept-Language header into tags ordered by quality. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*')
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

export function isRtl(locale: string): boolean {
  return LOCALES.some((l) => l.locale === locale && l.dir === 'rtl');
}
