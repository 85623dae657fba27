import { Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { lazyWithAreas } from '../../../i18n/lazy-with-areas.ts';

const Panel = lazyWithAreas(
  () => import('./schedules-panel.tsx').then((m) => m.SchedulesPanel),
  // reports: the report titles (contracts' report texts, which the reports area carries).
  ['report-schedules', 'reports'],
);

/**
 * The "Scheduled" tab of /reports (issue 16): e-mailed reports on a schedule — list, create and edit, pause and
 * resume, run now, delivery log. It loads its own code and texts, so the reports page only mounts it.
 */
export function ScheduledReportsTab() {
  return (
    <Suspense fallback={<LinearProgress />}>
      <Panel />
    </Suspense>
  );
}
