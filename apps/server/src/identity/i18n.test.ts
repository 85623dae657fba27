import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@lbs/contracts';
import { pageLocale, type PageTexts } from './i18n.ts';
import { escapeHtml, errorPage, loginPage } from './pages.ts';

const english = pageLocale('en-US', undefined).t;
const keys = Object.keys(english) as Array<keyof PageTexts>;

describe('identity page translations', () => {
  it.each(LOCALE_CODES.filter((l) => l !== 'en-US'))('translates every string into %s', (locale) => {
    const page = pageLocale(locale, undefined);
    expect(page.locale).toBe(locale);
    for (const key of keys) expect(page.t[key].trim(), key).not.toBe('');
    // Everything but the word "Password" (Italian uses it too) differs from English.
    const same = keys.filter((key) => page.t[key] === english[key]);
    expect(same.filter((key) => !(locale === 'it-IT' && key === 'password'))).toEqual([]);
  });

  it('picks ui_locales in order, then Accept-Language, then English', () => {
    expect(pageLocale('xx ar', 'fr').locale).toBe('ar-SA');
    expect(pageLocale(undefined, 'it;q=0.5, es;q=0.9').locale).toBe('es');
    expect(pageLocale('de', 'nl').locale).toBe('en-US');
    expect(pageLocale('ar-SA', undefined).dir).toBe('rtl');
  });
});

describe('identity pages', () => {
  it('escape what they echo', () => {
    expect(escapeHtml(`<a href="x">'&`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;');
    const html = loginPage(pageLocale('en-US', undefined), {
      action: '/login/x',
      username: '"><script>',
      error: true,
    });
    expect(html).not.toContain('"><script>');
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;"');
  });

  it('never show more than an error code', () => {
    const html = errorPage(pageLocale('fr-FR', undefined), {
      kind: 'generic',
      code: 'server_error',
      portalUrl: 'http://x/',
    });
    expect(html).toContain('Code d&#39;erreur\u00a0:');
    expect(html).toContain('<code dir="ltr">server_error</code>');
    expect(html).toContain('href="http://x/"');
  });
});
