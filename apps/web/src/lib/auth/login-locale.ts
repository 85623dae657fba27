import { DEFAULT_LOCALE, matchLocale, type LocaleCode } from '@lbs/contracts';

/**
 * The language chosen on the provider's login page comes back as the ID token's standard `locale` claim (the
 * embedded provider sets it; Keycloak does with internationalisation on). After the code exchange it is announced
 * here, and the app adopts it as the user's choice (app/providers.tsx). Unknown languages are ignored.
 */
let listener: ((locale: LocaleCode) => void) | null = null;
let pending: LocaleCode | null = null;

/** One of the six for a BCP 47 tag (`fr`, `fr-CA` → fr-FR), or undefined. */
export function supportedLocale(tag: unknown): LocaleCode | undefined {
  if (typeof tag !== 'string' || !tag.trim()) return undefined;
  const locale = matchLocale([tag]);
  return locale !== DEFAULT_LOCALE || tag.trim().toLowerCase().startsWith('en') ? locale : undefined;
}

export function announceLoginLocale(claim: unknown): void {
  const locale = supportedLocale(claim);
  if (!locale) return;
  if (listener) listener(locale);
  else pending = locale;
}

/** Receives the login page's language (also one announced before subscribing). */
export function onLoginLocale(next: (locale: LocaleCode) => void): () => void {
  listener = next;
  if (pending) {
    const locale = pending;
    pending = null;
    next(locale);
  }
  return () => {
    if (listener === next) listener = null;
  };
}
