import { describe, expect, it } from 'vitest';
import { isSidebarGroup, LOCALE_CODES, MESSAGE_KEYS, ROLES, ROUTES, SIDEBAR } from '@lbs/contracts';
import type { LocaleCode } from '@lbs/contracts';
import { PLURAL_FORMS } from './define.ts';
import { AREAS, loadAreaStrings, TRANSLATION_FILES, type TranslationArea } from './index.ts';

const others = LOCALE_CODES.filter((code) => code !== 'en-US');

/** Every area's strings in every language, and each language's strings of all areas together. */
const BY_AREA = Object.fromEntries(
  await Promise.all(
    AREAS.map(
      async (area) =>
        [
          area,
          Object.fromEntries(
            await Promise.all(
              LOCALE_CODES.map(async (code) => [code, await loadAreaStrings(area, code)] as const),
            ),
          ),
        ] as const,
    ),
  ),
) as Record<TranslationArea, Record<LocaleCode, Record<string, string>>>;
const TRANSLATIONS = Object.fromEntries(
  LOCALE_CODES.map((code) => [code, Object.assign({}, ...AREAS.map((area) => BY_AREA[area][code]))]),
) as Record<LocaleCode, Record<string, string>>;

const english = TRANSLATIONS['en-US'];
const englishKeys = Object.keys(english).sort();

/** Count-bearing keys: `a.b_one` + `a.b_other` in English → `a.b`. */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
const pluralBases = [
  ...new Set(englishKeys.map((key) => PLURAL.exec(key)?.[1]).filter((b) => b !== undefined)),
];
const plainKeys = englishKeys.filter((key) => !PLURAL.test(key));
/** The keys a language must have: the plain ones, and each plural in the language's own forms. */
const expectedKeys = (code: LocaleCode) =>
  [
    ...plainKeys,
    ...pluralBases.flatMap((base) => PLURAL_FORMS[code].map((form) => `${base}_${form}`)),
  ].sort();
/** The English text a key of another language translates (a plural form: the English `_other`). */
const englishOf = (key: string) => english[key] ?? english[`${PLURAL.exec(key)?.[1]}_other`];

/**
 * Values that may equal the English text: brand names and technical tokens only. Keep it small: a translated
 * word that happens to be spelled like the English one should be rephrased before being added here.
 */
/** Words these languages borrow from English unchanged (checked by a native reader, not by this test). */
const SAME_AS_ENGLISH_ALLOWED: Record<string, readonly string[]> = {
  // Loanwords and unit symbols: the same word is the translation ("No" is Italian and Spanish, "ha" the hectare).
  // The attendance sheet's one-letter codes: P(resente/resente/résent), A(ssente/usente/bsent) are those languages'
  // own abbreviations, and "?" (no data) is a sign.
  'it-IT': [
    'attendance.code.PRESENT',
    'attendance.code.ABSENT',
    'attendance.code.NO_DATA',
    'msisdns.deviceToken.token',
    'msisdns.deviceToken.password',
    'msisdns.deviceToken.url',
    'poi.no',
    'poi.size.area',
    // The report texts (contracts report-texts): POI is the portal's word in every language; "Report" is Italian.
    'reports.column.geofenceEvents.poi',
    'reports.column.tasks.poi',
    'reports.column.visits.poi',
    'reports.enum.boolean.false',
    'reports.enum.locationViewAction.REPORT',
    // "Report" is the Italian word of business software for a report.
    'reportSchedules.column.report',
    'reportSchedules.form.report',
  ],
  es: [
    'attendance.code.PRESENT',
    'attendance.code.ABSENT',
    'attendance.code.NO_DATA',
    'msisdns.deviceToken.token',
    'msisdns.deviceToken.url',
    'poi.no',
    'poi.size.area',
    // The report texts (contracts report-texts): POI as everywhere in the portal; "Total" is Spanish.
    'reports.column.billing.total',
    'reports.column.geofenceEvents.poi',
    'reports.column.tasks.poi',
    'reports.column.visits.poi',
    'reports.enum.boolean.false',
  ],
  'fr-FR': [
    'attendance.code.PRESENT',
    'attendance.code.ABSENT',
    'attendance.code.NO_DATA',
    'msisdns.deviceToken.url',
    'poi.size.area',
    // The report texts (contracts report-texts): these French words are spelled like the English ones; POI as
    // everywhere in the portal.
    'reports.column.attendanceDaily.date',
    'reports.column.attendanceMonthly.absent',
    'reports.column.billing.total',
    'reports.column.geofenceEvents.poi',
    'reports.column.locateUsage.date',
    'reports.column.tasks.poi',
    'reports.column.visits.poi',
    'reports.enum.attendanceStatus.ABSENT',
    'reports.column.locationHistory.latitude',
    'reports.column.locationHistory.longitude',
    'reports.column.locationHistory.source',
    'reports.column.zone',
    // Spelt the same in French: "Actions", "Zone", "Format", "Active" (a planification, feminine), "Test".
    'reportSchedules.column.actions',
    'reportSchedules.form.zone',
    'reportSchedules.form.format',
    'reportSchedules.form.active',
    'reportSchedules.status.active',
    'notificationRules.log.test',
  ],
};

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has all six interface languages, one file per area and language', () => {
    expect(TRANSLATION_FILES).toEqual(
      AREAS.flatMap((area) => LOCALE_CODES.map((code) => `./${area}/${code}.ts`)).sort(),
    );
  });

  it('en-US holds every message key, route title, sidebar label and role', () => {
    const required = [
      ...MESSAGE_KEYS,
      ...ROUTES.map((r) => `route.${r.id}`),
      ...SIDEBAR.flatMap((e) => [
        `sidebar.${e.id}`,
        ...(isSidebarGroup(e) ? e.children.map((c) => `sidebar.${c.id}`) : []),
      ]),
      ...ROLES.map((r) => `role.${r}`),
      'topbar.language',
      'topbar.adminUser',
    ];
    expect(required.filter((key) => !(key in english))).toEqual([]);
  });

  it('no key is in two areas', () => {
    const counted = AREAS.flatMap((area) => Object.keys(BY_AREA[area]['en-US']));
    expect(counted.length).toBe(englishKeys.length);
  });

  it.each(others)('%s has exactly the en-US key set', (code) => {
    expect(Object.keys(TRANSLATIONS[code]).sort()).toEqual(expectedKeys(code));
    for (const area of AREAS) {
      const areaPlain = Object.keys(BY_AREA[area]['en-US']).filter((key) => !PLURAL.test(key));
      expect(
        areaPlain.filter((key) => !(key in BY_AREA[area][code])),
        `${code} ${area}`,
      ).toEqual([]);
    }
  });

  it('plural forms are the languages’ CLDR categories, and English has `_one` and `_other` of each', () => {
    for (const code of LOCALE_CODES) {
      expect([...PLURAL_FORMS[code]].sort(), code).toEqual(
        [...new Intl.PluralRules(code).resolvedOptions().pluralCategories].sort(),
      );
    }
    expect(englishKeys.filter((key) => PLURAL.test(key))).toEqual(
      expectedKeys('en-US').filter((k) => PLURAL.test(k)),
    );
    expect(pluralBases.length).toBeGreaterThan(0);
  });

  it.each(others)('%s translates every value (nothing left in English)', (code) => {
    const allowed = SAME_AS_ENGLISH_ALLOWED[code] ?? [];
    const translations = TRANSLATIONS[code];
    const untranslated = expectedKeys(code).filter(
      (key) => translations[key] === englishOf(key) && !allowed.includes(key),
    );
    expect(untranslated).toEqual([]);
  });

  it('Arabic writes its own numbers in Arabic-Indic digits, as the interpolated ones (Latin only in examples of input and names)', () => {
    // What the user types or reads as a code stays Latin: a phone number, a colour, a product's name (WebGL 2, PIN).
    const latin = /[+#]\d[\d\s]*|[A-Za-z]+\s?\d+|\d+[A-Za-z]+/g;
    const withLatinDigits = Object.entries(TRANSLATIONS['ar-SA'])
      .filter(([, text]) => /\d/.test(text.replace(/{{[^}]*}}/g, '').replace(latin, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(withLatinDigits).toEqual([]);
  });

  it.each(LOCALE_CODES)('%s has no empty values and keeps the interpolation placeholders', (code) => {
    const translations = TRANSLATIONS[code];
    for (const key of plainKeys) {
      expect(translations[key]?.trim(), `${code} ${key}`).toBeTruthy();
      expect(placeholders(translations[key] ?? ''), `${code} ${key}`).toEqual(
        placeholders(english[key] ?? ''),
      );
    }
    // A plural form may leave the number to its word ("يومان": two days), never add or lose another placeholder.
    const withoutCount = (text: string) => placeholders(text).filter((name) => name !== 'count');
    for (const key of expectedKeys(code).filter((k) => PLURAL.test(k))) {
      expect(translations[key]?.trim(), `${code} ${key}`).toBeTruthy();
      expect(withoutCount(translations[key] ?? ''), `${code} ${key}`).toEqual(
        withoutCount(englishOf(key) ?? ''),
      );
    }
  });

  it.each([
    ['zh-Hans-CN', /[\u4e00-\u9fff]/],
    ['ar-SA', /[\u0600-\u06ff]/],
  ] as const)('%s values are written in its script', (code, script) => {
    const translations = TRANSLATIONS[code];
    expect(expectedKeys(code).filter((key) => !script.test(translations[key] ?? ''))).toEqual([]);
  });
});
