import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonitorPosition } from '@lbs/contracts';
import { LocateNowAction } from '../../../components/locate-now-action.tsx';
import { PositionFacts } from '../../../components/position-facts.tsx';
import { itemFreshness } from '../model/filters.ts';
import type { TrailPoint } from '../model/geo.ts';
import type { MonitorItem } from '../model/positions-store.ts';
import { lazyWithAreas } from '../../../i18n/lazy-with-areas.ts';
import { FreshnessDot } from './freshness-dot.tsx';
import { HistoryControls } from './history-controls.tsx';

// The attendance day's words use the attendance texts (statuses), loaded with it when a number is first opened.
const AttendanceToday = lazyWithAreas(
  () => import('./attendance-today.tsx').then((m) => m.AttendanceToday),
  ['attendance'],
);

const DL = {
  m: 0,
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: 2,
  rowGap: 0.75,
  '& dt': { color: 'text.secondary', fontSize: 13 },
  '& dd': { m: 0, fontSize: 13.5, minWidth: 0 },
} as const;

/**
 * The selected MSISDN: its last fix, "Locate now" and the history trail. Rendered with `key={item.id}` so that
 * picking another MSISDN starts from a clean state.
 */
export function DetailsPanel({
  item,
  nowMs,
  onClose,
  onLocated,
  onTrail,
  onPlayback,
}: {
  item: MonitorItem;
  nowMs: number;
  onClose: () => void;
  onLocated: (position: MonitorPosition) => void;
  onTrail: (points: readonly TrailPoint[] | null) => void;
  onPlayback: (point: TrailPoint | null) => void;
}) {
  const { t } = useTranslation();
  const fix = item.fix;
  const d = item.directory;
  const freshness = itemFreshness(item, nowMs);
  const titleId = `monitor-details-${item.id}`;

  return (
    <Paper
      component="aside"
      aria-labelledby={titleId}
      elevation={6}
      sx={{
        borderRadius: 3,
        display: 'flex',
        flexDirection: 'column',
        maxHeight: '100%',
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 2, pb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h4" component="h2" noWrap>
            {item.employeeName}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <bdi dir="ltr">{item.msisdn}</bdi>
          </Typography>
        </Box>
        <IconButton
          size="small"
          onClick={onClose}
          aria-label={t('monitor.details.close')}
          sx={{ mt: -0.5, mx: -0.5 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <PositionFacts
          fix={fix}
          nowMs={nowMs}
          noFix={t('monitor.details.noFix')}
          dense
          testIdPrefix="monitor"
        >
          <dt>{t('monitor.details.state')}</dt>
          <dd>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              <FreshnessDot freshness={freshness} decorative />
              {t(`monitor.freshness.${freshness}`)}
            </Box>
          </dd>
          <Suspense fallback={null}>
            <AttendanceToday msisdnId={item.id} nowMs={nowMs} />
          </Suspense>
        </PositionFacts>
        <LocateNowAction
          msisdnId={item.id}
          locate={d?.locate}
          onLocated={(result) => {
            if (result.position) onLocated(result.position);
          }}
        />
        <Divider />
        <HistoryControls msisdnId={item.id} onTrail={onTrail} onPlayback={onPlayback} />
        {d && (
          <>
            <Divider />
            <Box component="dl" sx={DL}>
              <dt>{t('monitor.details.consent')}</dt>
              <dd>{t(`monitor.consent.${d.consentStatus}`)}</dd>
              <dt>{t('monitor.filter.company')}</dt>
              <dd>{d.companyName}</dd>
              <dt>{t('monitor.filter.department')}</dt>
              <dd>{d.departmentName}</dd>
              {d.zoneName && (
                <>
                  <dt>{t('monitor.filter.zone')}</dt>
                  <dd>{d.zoneName}</dd>
                </>
              )}
              <dt>{t('monitor.filter.designation')}</dt>
              <dd>{d.designationName}</dd>
            </Box>
          </>
        )}
      </Box>
    </Paper>
  );
}
