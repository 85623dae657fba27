import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../../components/delayed-loader.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { lazyWithAreas } from '../../../i18n/lazy-with-areas.ts';
import { isWebGL2Available } from '../../../lib/map/webgl.ts';

// The landing page's title comes at once; the Monitor's own code (list, filters, details) follows in its own chunk,
// and MapLibre in another, so that the portal's first bundle stays small for every other page.
const loadWorkspace = () => import('../components/monitor-workspace.tsx').then((m) => m.MonitorWorkspace);
const MonitorWorkspace = lazyWithAreas(loadWorkspace, ['monitor']);

/**
 * Starts loading what the Monitor shows (its code, its strings in the current language, and the map engine where
 * the browser can draw it) without waiting for the page to render: the portal's first load at /monitor calls it
 * while the sign-in and the current user are still on their way, so the page renders at once when they are done.
 * A failure here is left to the page's own load, which reports it.
 */
export function preloadMonitor(i18nReady: Promise<unknown>): void {
  const ignore = () => {};
  loadWorkspace().catch(ignore);
  if (isWebGL2Available()) import('../components/monitor-map-engine.ts').catch(ignore);
  // The strings are added to the i18n instance, so only once it is set up; then the page renders at once.
  i18nReady.then(() => MonitorWorkspace.preload()).catch(ignore);
}

/** /monitor: where the employees' work phones are, live (map, list, details, history). */
export function MonitorPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.monitor')} bare>
      <Suspense fallback={<DelayedLoader />}>
        <MonitorWorkspace />
      </Suspense>
    </PageFrame>
  );
}
