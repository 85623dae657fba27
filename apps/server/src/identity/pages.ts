import {
  BASE_FONT_SIZE,
  CARD_RADIUS,
  LOCALES,
  PRIMARY_COLOR,
  PRIMARY_TEXT_COLOR,
  SECONDARY_COLOR,
} from '@lbs/contracts';
import type { PageLocale } from './i18n.ts';

/**
 * The identity provider's own pages: sign-in, errors, sign-out. Server-rendered HTML with inline CSS only (the CSP
 * allows inline styles, no inline scripts) and no external fonts or images, so they work without JavaScript.
 * Text and the button's fill use PRIMARY_TEXT_COLOR (WCAG AA 4.5:1); the brand blue stays the accent (the pin, the
 * card's top stripe, the focused field's border).
 */

/** Hovered / focused button fill, one step darker than PRIMARY_TEXT_COLOR. */
const PRIMARY_TEXT_HOVER = '#055785';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
html{font-size:${BASE_FONT_SIZE}px;-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
background:linear-gradient(180deg,#E8F4FC 0,#F4F7FE 320px);color:#111827;line-height:1.5;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","PingFang SC","Microsoft YaHei",Tahoma,Arial,sans-serif}
main{width:100%;max-width:420px}
.brand{display:flex;align-items:center;justify-content:center;gap:10px;margin:0 0 24px;color:${PRIMARY_TEXT_COLOR};font-size:1.7rem;font-weight:700}
.brand svg{width:36px;height:36px;flex:none;color:${PRIMARY_COLOR}}
.card{background:#fff;border-radius:${CARD_RADIUS}px;box-shadow:0 12px 32px rgba(16,24,40,.08),0 2px 6px rgba(16,24,40,.04);padding:32px 28px}
h1{margin:0 0 4px;font-size:1.6rem;font-weight:600}
.sub{margin:0 0 24px;color:#6B7280}
.field{margin-bottom:18px}
label{display:block;font-weight:500;margin-bottom:6px}
input{width:100%;height:44px;padding:0 12px;border:1px solid #D0D5DD;border-radius:8px;font:inherit;font-size:1.07rem;color:inherit;background:#fff}
input:focus{outline:none;border-color:${PRIMARY_COLOR};box-shadow:0 0 0 3px rgba(10,143,220,.18)}
.btn{display:block;width:100%;height:44px;border:0;border-radius:8px;background:${PRIMARY_TEXT_COLOR};color:#fff;font:inherit;
font-size:1.07rem;font-weight:600;line-height:44px;text-align:center;text-decoration:none;cursor:pointer}
.btn:hover,.btn:focus-visible{background:${PRIMARY_TEXT_HOVER}}
.btn:focus-visible{outline:2px solid ${PRIMARY_TEXT_COLOR};outline-offset:2px}
.btn.secondary{margin-top:10px;background:transparent;color:${PRIMARY_TEXT_COLOR};border:1px solid #D0D5DD}
.alert{margin:0 0 18px;padding:10px 12px;border-radius:8px;background:#FEF3F2;border:1px solid #FECDCA;color:#B42318}
.muted{margin:16px 0 0;color:#6B7280;font-size:.93rem}
.langs{display:flex;flex-wrap:wrap;justify-content:center;gap:6px 16px;margin:22px 0 0;padding:0;list-style:none;font-size:.93rem}
.langs a{color:#6B7280;text-decoration:none}
.langs a:hover,.langs a:focus-visible{color:${PRIMARY_TEXT_COLOR};text-decoration:underline}
.langs a[aria-current]{color:${PRIMARY_TEXT_COLOR};font-weight:600}
.accent{height:4px;margin:-32px -28px 28px;border-radius:${CARD_RADIUS}px ${CARD_RADIUS}px 0 0;background:linear-gradient(90deg,${PRIMARY_COLOR},${SECONDARY_COLOR})}
@media (max-width:480px){body{align-items:flex-start;padding-top:40px}.card{padding:24px 18px}.langs{display:flex;flex-wrap:wrap;justify-content:center;gap:6px 16px;margin:22px 0 0;padding:0;list-style:none;font-size:.93rem}
.langs a{color:#6B7280;text-decoration:none}
.langs a:hover,.langs a:focus-visible{color:${PRIMARY_TEXT_COLOR};text-decoration:underline}
.langs a[aria-current]{color:${PRIMARY_TEXT_COLOR};font-weight:600}
.accent{margin:-24px -18px 22px}}
`;

const PIN = `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.6A2.6 2.6 0 1 1 12 6.4a2.6 2.6 0 0 1 0 5.2Z"/></svg>`;

function layout({ locale, dir, t }: PageLocale, title: string, card: string): string {
  return `<!DOCTYPE html>
<html lang="${locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(t.product)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${PIN}<span>${escapeHtml(t.product)}</span></p>
<div class="card"><div class="accent"></div>
${card}
</div>
</main>
</body>
</html>`;
}

/**
 * The six languages, each a link to this page in it (`?ui_locales=`, as the client would ask); the form then sends
 * the choice along, and a successful sign-in hands it back to the portal in the ID token (`locale`).
 */
function languageSwitcher({ locale, t }: PageLocale, action: string): string {
  const links = LOCALES.map(
    (l) =>
      `<li><a href="${escapeHtml(`${action}?ui_locales=${encodeURIComponent(l.locale)}`)}" lang="${l.locale}" hreflang="${l.locale}"${l.locale === locale ? ' aria-current="true"' : ''}>${escapeHtml(l.name)}</a></li>`,
  ).join('');
  return `<nav aria-label="${escapeHtml(t.language)}"><ul class="langs">${links}</ul></nav>`;
}

export interface LoginPageInput {
  action: string;
  username?: string;
  error?: boolean;
}

export function loginPage(
  page: PageLocale,
  { action, username = '', error = false }: LoginPageInput,
): string {
  const { t } = page;
  return layout(
    page,
    t.signInTitle,
    `<h1>${escapeHtml(t.signInTitle)}</h1>
<p class="sub">${escapeHtml(t.signInSubtitle)}</p>
${error ? `<p class="alert" role="alert">${escapeHtml(t.invalidCredentials)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<div class="field"><label for="username">${escapeHtml(t.username)}</label>
<input id="username" name="username" type="text" dir="auto" autocomplete="username" autocapitalize="none" spellcheck="false" maxlength="254" required${username ? ` value="${escapeHtml(username)}"` : ' autofocus'}></div>
<div class="field"><label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" maxlength="128" required${username ? ' autofocus' : ''}></div>
<input type="hidden" name="ui_locales" value="${page.locale}">
<button class="btn" type="submit">${escapeHtml(t.submit)}</button>
</form>
${languageSwitcher(page, action)}`,
  );
}

export type ErrorKind = 'generic' | 'sessionExpired' | 'tooManyRequests';

export function errorPage(
  page: PageLocale,
  { kind, code, portalUrl }: { kind: ErrorKind; code?: string | undefined; portalUrl: string },
): string {
  const { t } = page;
  const body =
    kind === 'sessionExpired'
      ? t.sessionExpired
      : kind === 'tooManyRequests'
        ? t.tooManyRequests
        : t.errorBody;
  return layout(
    page,
    t.errorTitle,
    `<h1>${escapeHtml(t.errorTitle)}</h1>
<p class="sub">${escapeHtml(body)}</p>
<a class="btn" href="${escapeHtml(portalUrl)}">${escapeHtml(t.backToPortal)}</a>
${code ? `<p class="muted">${escapeHtml(t.errorCode)} <code dir="ltr">${escapeHtml(code)}</code></p>` : ''}`,
  );
}

/** `form` is the provider's hidden logout form (action + xsrf token); the buttons submit it. */
export function logoutConfirmPage(
  page: PageLocale,
  { form, portalUrl }: { form: string; portalUrl: string },
): string {
  const { t } = page;
  return layout(
    page,
    t.signOutTitle,
    `<h1>${escapeHtml(t.signOutTitle)}</h1>
<p class="sub">${escapeHtml(t.signOutQuestion)}</p>
${form}
<button class="btn" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t.signOutConfirm)}</button>
<a class="btn secondary" href="${escapeHtml(portalUrl)}">${escapeHtml(t.cancel)}</a>`,
  );
}

export function signedOutPage(page: PageLocale, { portalUrl }: { portalUrl: string }): string {
  const { t } = page;
  return layout(
    page,
    t.signedOutTitle,
    `<h1>${escapeHtml(t.signedOutTitle)}</h1>
<p class="sub">${escapeHtml(t.signedOutBody)}</p>
<a class="btn" href="${escapeHtml(portalUrl)}">${escapeHtml(t.backToPortal)}</a>`,
  );
}
