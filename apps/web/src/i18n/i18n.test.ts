import { describe, expect, it } from 'vitest';
import { isSidebarGroup, LOCALE_CODES, MESSAGE_KEYS, ROLES, ROUTES, SIDEBAR } from '@lbs/contracts';
import type { LocaleCode } from '@lbs/contracts';
import { TRANSLATION_LOADERS } from './index.ts';
import { enUS, type Translations } from './locales/en-US.ts';

const english: Record<string, string> = enUS;
const englishKeys = Object.keys(english).sort();
const others = LOCALE_CODES.filter((code) => code !== 'en-US');

/**
 * Values that may equal the English text: brand names and technical tokens only. Keep it small: a translated
 * word that happens to be spelled like the English one should be rephrased before being added here.
 */
/** Words these languages borrow from English unchanged (checked by a native reader, not by this test). */
const SAME_AS_ENGLISH_ALLOWED: Record<string, readonly string[]> = {
  'it-IT': ['msisdns.deviceToken.token', 'msisdns.deviceToken.password', 'msisdns.deviceToken.url'],
  es: ['msisdns.deviceToken.token', 'msisdns.deviceToken.url'],
  'fr-FR': ['msisdns.deviceToken.url'],
};

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const TRANSLATIONS = Object.fromEntries(
  await Promise.all(LOCALE_CODES.map(async (code) => [code, await TRANSLATION_LOADERS[code]()] as const)),
) as Record<LocaleCode, Translations>;

describe('translations', () => {
  it('has all six interface languages', () => {
    expect(Object.keys(TRANSLATION_LOADERS).sort()).toEqual([...LOCALE_CODES].sort());
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

  it.each(others)('%s has exactly the en-US key set', (code) => {
    expect(Object.keys(TRANSLATIONS[code]).sort()).toEqual(englishKeys);
  });

  it.each(others)('%s translates every value (nothing left in English)', (code) => {
    const allowed = SAME_AS_ENGLISH_ALLOWED[code] ?? [];
    const translations: Record<string, string> = TRANSLATIONS[code];
    const untranslated = englishKeys.filter(
      (key) => translations[key] === english[key] && !allowed.includes(key),
    );
    expect(untranslated).toEqual([]);
  });

  it.each(LOCALE_CODES)('%s has no empty values and keeps the interpolation placeholders', (code) => {
    const translations: Record<string, string> = TRANSLATIONS[code];
    for (const key of englishKeys) {
      expect(translations[key]?.trim(), `${code} ${key}`).toBeTruthy();
      expect(placeholders(translations[key] ?? ''), `${code} ${key}`).toEqual(
        placeholders(english[key] ?? ''),
      );
    }
  });

  it.each([
    ['zh-Hans-CN', /[\u4e00-\u9fff]/],
    ['ar-SA', /[\u0600-\u06ff]/],
  ] as const)('%s values are written in its script', (code, script) => {
    const translations: Record<string, string> = TRANSLATIONS[code];
    expect(englishKeys.filter((key) => !script.test(translations[key] ?? ''))).toEqual([]);
  });
});
