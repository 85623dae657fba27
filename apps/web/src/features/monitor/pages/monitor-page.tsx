import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../../components/delayed-loader.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { lazyWithAreas } from '../../../i18n/lazy-with-areas.ts';
import { isWebGL2Available } from '../../../lib/map/webgl.ts';

// The landing page's title comes at once; the Monitor's own code (list, filters, details) follows in its own chunk,
// and MapLibre in another, so that the portal's first bundle stays small for every other page.
const MonitorWorkspace = lazyWithAreas(
  () => import('../components/monitor-workspace.tsx').then((m) => m.MonitorWorkspace),
  ['monitor', 'map'],
);

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

/**
 * Starts loading what the Monitor shows before it renders (a first load at /monitor: while the sign-in and the
 * current user are on their way): its code and strings, and the map engine where the browser can draw it.
 */
MonitorPage.preload = (): Promise<void> => {
  if (isWebGL2Available()) import('../components/monitor-map-engine.ts').catch(() => {});
  return MonitorWorkspace.preload();
};
