import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadInitialSettings } from './settings-context.tsx';
import { SETTINGS_STORAGE_KEY } from './settings-model.ts';

const browserPrefers = (...languages: string[]) =>
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the starting language', () => {
  it.each([
    [['ar-EG', 'en'], 'ar-SA'],
    [['zh-TW'], 'zh-Hans-CN'],
    [['it-CH', 'de'], 'it-IT'],
    [['es-MX'], 'es'],
    [['fr-CA', 'en-US'], 'fr-FR'],
    [['de-DE', 'fr'], 'fr-FR'],
    [['de-DE', 'nl'], 'en-US'],
    [['en-GB'], 'en-US'],
    [[], 'en-US'],
  ])('without a stored choice follows the browser: %j → %s', (languages, locale) => {
    browserPrefers(...languages);
    expect(loadInitialSettings('').locale).toBe(locale);
  });

  it('a stored choice wins over the browser', () => {
    browserPrefers('ar-SA');
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ locale: 'it-IT' }));
    expect(loadInitialSettings('').locale).toBe('it-IT');
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ themeMode: 'dark' }));
    expect(loadInitialSettings('')).toMatchObject({ themeMode: 'dark', locale: 'ar-SA' });
  });
});
