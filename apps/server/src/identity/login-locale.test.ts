import { describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import {
  Browser,
  authorizationRequest,
  openLoginPage,
  redirectTarget,
  type AuthorizationRequest,
} from '../../test/oidc-browser.ts';
import { DEMO_PASSWORD, useOidcTestServer } from '../../test/oidc-server.ts';

const oidc = useOidcTestServer();

/** The switcher's link to a language, as the page shows it. */
const switcherLink = (html: string, locale: string) => {
  const href = new RegExp(`<a href="([^"]+)" lang="${locale}"`).exec(html)?.[1];
  if (!href) throw new Error(`no link to ${locale}`);
  return href.replace(/&#38;/g, '&');
};

async function exchange(browser: Browser, auth: AuthorizationRequest, resume: URL) {
  const callback = redirectTarget(await browser.request(resume));
  return client.authorizationCodeGrant(oidc.config, callback, {
    pkceCodeVerifier: auth.verifier,
    expectedState: auth.state,
    expectedNonce: auth.nonce,
    idTokenExpected: true,
  });
}

describe('the sign-in page language', () => {
  it('offers the six languages, the current one marked, each link reopening the page in it', async () => {
    const browser = new Browser({ 'accept-language': 'it' });
    const auth = await authorizationRequest(oidc.config, oidc.server.config.publicUrl, {
      ui_locales: 'fr-FR',
    });
    const { loginUrl, html } = await openLoginPage(browser, auth.url);
    expect(html).toContain('<html lang="fr-FR" dir="ltr">');
    expect(html).toContain('<nav aria-label="Langue">');
    expect([...html.matchAll(/<a href="[^"]*" lang="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'en-US',
      'zh-Hans-CN',
      'ar-SA',
      'it-IT',
      'es',
      'fr-FR',
    ]);
    expect(html).toContain('lang="fr-FR" hreflang="fr-FR" aria-current="true">Français</a>');
    expect(html).toContain('<input type="hidden" name="ui_locales" value="fr-FR">');

    const arabic = await browser.request(new URL(switcherLink(html, 'ar-SA'), loginUrl));
    const page = await arabic.text();
    expect(arabic.status).toBe(200);
    expect(page).toContain('<html lang="ar-SA" dir="rtl">');
    expect(page).toContain('<nav aria-label="اللغة">');
    expect(page).toContain('<input type="hidden" name="ui_locales" value="ar-SA">');
    expect(page).toContain(`action="${loginUrl.pathname}"`);
  });

  it('comes back in the ID token as `locale`: the language chosen on the page', async () => {
    const browser = new Browser();
    const auth = await authorizationRequest(oidc.config, oidc.server.config.publicUrl, {
      ui_locales: 'fr-FR',
    });
    const { loginUrl, html } = await openLoginPage(browser, auth.url);
    await browser.request(new URL(switcherLink(html, 'ar-SA'), loginUrl));
    const submitted = await browser.request(loginUrl, {
      form: { username: 'companyadmin', password: DEMO_PASSWORD, ui_locales: 'ar-SA' },
    });
    const tokens = await exchange(browser, auth, redirectTarget(submitted));
    expect(tokens.claims()).toMatchObject({ preferred_username: 'companyadmin', locale: 'ar-SA' });
  });

  it('without a choice on the page: the language the portal asked for, or else the browser’s', async () => {
    const asked = new Browser({ 'accept-language': 'es' });
    const auth = await authorizationRequest(oidc.config, oidc.server.config.publicUrl, {
      ui_locales: 'it-IT',
    });
    const { loginUrl, html } = await openLoginPage(asked, auth.url);
    const value = /name="ui_locales" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const submitted = await asked.request(loginUrl, {
      form: { username: 'zoneadmin', password: DEMO_PASSWORD, ui_locales: value },
    });
    expect((await exchange(asked, auth, redirectTarget(submitted))).claims()?.['locale']).toBe('it-IT');

    // A returning browser is signed in without the page: the language of that request.
    const again = await authorizationRequest(oidc.config, oidc.server.config.publicUrl, {
      ui_locales: 'zh-Hans-CN',
    });
    const silent = await exchange(asked, again, new URL(again.url));
    expect(silent.claims()?.['locale']).toBe('zh-Hans-CN');

    const browserOnly = new Browser({ 'accept-language': 'es-MX,es;q=0.9' });
    const plain = await authorizationRequest(oidc.config, oidc.server.config.publicUrl);
    const login = await openLoginPage(browserOnly, plain.url);
    expect(login.html).toContain('<html lang="es" dir="ltr">');
    const form = await browserOnly.request(login.loginUrl, {
      form: { username: 'deptadmin', password: DEMO_PASSWORD, ui_locales: 'es' },
    });
    expect((await exchange(browserOnly, plain, redirectTarget(form))).claims()?.['locale']).toBe('es');
  });
});
