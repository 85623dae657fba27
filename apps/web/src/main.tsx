import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AUTH_CALLBACK_PATH, isRtl } from '@lbs/contracts';
import { App } from './app/app.tsx';
import { preloadPageAt } from './app/route-pages.tsx';
import { loadInitialSettings } from './features/settings/settings-context.tsx';
import { initI18n } from './i18n/index.ts';
import { loadDirection } from './theme/emotion-cache.ts';
import { peekPostLoginTarget, setPostLoginTarget } from './lib/auth/post-login-target.ts';
import { readAuthData, readRefreshToken } from './lib/auth/token-storage.ts';

// Layout query parameters apply on load; `redirect` sets the post-login target (SPEC §2).
setPostLoginTarget(new URLSearchParams(window.location.search).get('redirect'));
const { locale } = loadInitialSettings();
document.documentElement.lang = locale;
document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// Render in the chosen language (and, right to left, with its styles); if its bundle cannot load, English (always
// bundled) still works.
const ready = Promise.all([initI18n(locale), loadDirection(locale)]);
ready.then(render, (error: unknown) => {
  console.error('Loading the interface language failed', error);
  render();
});
// The first page's code and strings load while the sign-in and the current user are on their way, not after them:
// for someone about to see a page (a stored session, or back from the sign-in, which leads to the post-login target,
// as `/` does; by default the Monitor).
ready
  .then(() => {
    const { pathname, origin } = window.location;
    const returning = pathname.startsWith(AUTH_CALLBACK_PATH);
    if (!returning && !readAuthData() && !readRefreshToken()) return;
    preloadPageAt(returning || pathname === '/' ? new URL(peekPostLoginTarget(), origin).pathname : pathname);
  })
  .catch(() => {});
