import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { isRtl, type LocaleCode } from '@lbs/contracts';
import { NotifierProvider } from '../components/notifier.tsx';
import { SettingsProvider, useSettings } from '../features/settings/settings-context.tsx';
import { i18n, switchLanguage } from '../i18n/index.ts';
import { ApiError } from '../lib/api/api-error.ts';
import { startAuthStorageSync } from '../lib/auth/auth-store.ts';
import { onLoginLocale } from '../lib/auth/login-locale.ts';
import { startRefreshScheduler } from '../lib/auth/refresh-scheduler.ts';
import { onSessionEnded } from '../lib/auth/session-events.ts';
import { logout } from '../lib/auth/session.ts';
import { emotionCacheFor, loadDirection } from '../theme/emotion-cache.ts';
import { createAppTheme } from '../theme/create-app-theme.ts';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers do not get better by asking again
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Locale → i18next language, <html lang/dir>, theme direction and the matching emotion cache (RTL for Arabic).
 * The layout switches once the language's texts are loaded, so direction and words change together.
 */
function ThemeAndLanguage({ children }: { children: ReactNode }) {
  const { settings, update } = useSettings();
  // The language chosen on the login page becomes the user's choice (lib/auth/login-locale.ts).
  useEffect(() => onLoginLocale((chosen) => update({ locale: chosen })), [update]);
  const [locale, setLocale] = useState<LocaleCode>(
    () => (i18n.language as LocaleCode | undefined) ?? settings.locale,
  );
  useEffect(() => {
    let current = true;
    // The language's texts and, for Arabic, the right-to-left styles: the layout switches when both are there.
    Promise.all([switchLanguage(settings.locale), loadDirection(settings.locale)]).then(
      () => current && setLocale(settings.locale),
      (error: unknown) => console.error('Loading the interface language failed', error),
    );
    return () => {
      current = false;
    };
  }, [settings.locale]);
  const direction = isRtl(locale) ? 'rtl' : 'ltr';
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = direction;
  }, [locale, direction]);
  const theme = useMemo(
    () =>
      createAppTheme({
        mode: settings.themeMode,
        direction,
        modern: settings.themeStyle === 'modern',
        locale,
      }),
    [settings.themeMode, settings.themeStyle, locale, direction],
  );
  useEffect(() => {
    document.documentElement.style.colorScheme = settings.themeMode;
  }, [settings.themeMode]);
  // Loaded before the app shows a language right to left (main.tsx, the effect above); should it not be yet, the
  // page is shown with the left-to-right styles until it is.
  const cache = emotionCacheFor(direction);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!cache) void loadDirection(locale).then(() => setLoaded((n) => n + 1));
  }, [cache, locale]);
  return (
    <CacheProvider value={cache ?? emotionCacheFor('ltr')!}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/** Session plumbing for the whole app: other tabs' token changes, the refresh timer, logout when the session ends. */
function SessionLifecycle({ children }: { children: ReactNode }) {
  useEffect(() => {
    const stopSync = startAuthStorageSync();
    const stopScheduler = startRefreshScheduler();
    const stopHandler = onSessionEnded(() => void logout());
    return () => {
      stopSync();
      stopScheduler();
      stopHandler();
    };
  }, []);
  return children;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <SettingsProvider>
        <ThemeAndLanguage>
          <QueryClientProvider client={queryClient}>
            <SessionLifecycle>
              <NotifierProvider>{children}</NotifierProvider>
            </SessionLifecycle>
          </QueryClientProvider>
        </ThemeAndLanguage>
      </SettingsProvider>
    </I18nextProvider>
  );
}
