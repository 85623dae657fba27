import { matchLocale, parseAcceptLanguage, type LocaleCode } from '@lbs/contracts';
import type { FindAccount, KoaContextWithOIDC } from 'oidc-provider';

/**
 * The language of the sign-in back to the portal, as the OIDC standard `locale` claim of the ID token (what Keycloak
 * sends with internationalisation on): the login page's language (its switcher's choice, else ui_locales, else the
 * browser's) when the user signed in on it, or the request's ui_locales when the session signed them in silently.
 * It is kept per client in the provider session, which the code and refresh token name (`sessionUid`).
 */

/** The interaction result's field with the login page's language (login-routes.ts). */
export const LOGIN_LOCALE = 'locale';

interface LocaleAuthorization {
  locale?: LocaleCode;
}

/** Called in the authorization request that issues the code (loadExistingGrant), after any login. */
export function rememberLoginLocale(ctx: KoaContextWithOIDC): void {
  const { session, client, params } = ctx.oidc;
  if (!session?.accountId || !client) return;
  const fromPage: unknown = ctx.oidc.result?.[LOGIN_LOCALE];
  const requested = typeof params?.['ui_locales'] === 'string' ? params['ui_locales'].split(' ') : [];
  const locale =
    typeof fromPage === 'string'
      ? matchLocale([fromPage])
      : requested.some(Boolean)
        ? matchLocale([...requested, ...parseAcceptLanguage(ctx.get('accept-language'))])
        : undefined;
  if (!locale) return;
  session.ensureClientContainer(client.clientId);
  (session.authorizationFor(client.clientId) as LocaleAuthorization).locale = locale;
}

/** `{ locale }` for the ID token issued from a code or refresh token of a session that has one. */
export async function loginLocaleClaim(
  ctx: KoaContextWithOIDC,
  token: Parameters<FindAccount>[2],
): Promise<{ locale?: LocaleCode }> {
  if (!token || !('sessionUid' in token) || typeof token.sessionUid !== 'string') return {};
  const session = await ctx.oidc.provider.Session.findByUid(token.sessionUid);
  const locale = (session?.authorizations?.[token.clientId ?? ''] as LocaleAuthorization | undefined)?.locale;
  return locale ? { locale } : {};
}
