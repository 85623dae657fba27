import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useTranslation } from 'react-i18next';
import { isMessageKey, messageKeyFor } from '../../../lib/api/api-error.ts';
import type { MonitorPosition } from '@lbs/contracts';
import { useLocateNow } from '../../../lib/api/locate-now.ts';
import { itemFreshness } from '../model/filters.ts';
import { formatCoordinates, formatDateTime, formatDistance, formatRelative } from '../../../lib/location-format.ts';
import type { TrailPoint } from '../model/geo.ts';
import type { MonitorItem } from '../model/positions-store.ts';
import { FreshnessDot } from './freshness-dot.tsx';
import { HistoryControls } from './history-controls.tsx';

const DL = {
  m: 0,
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: 2,
  rowGap: 0.75,
  '& dt': { color: 'text.secondary', fontSize: 13 },
  '& dd': { m: 0, fontSize: 13.5, minWidth: 0 },
} as const;

/** Why "Locate now" cannot work for this MSISDN (the server would refuse it the same way), or null. */
function locateBlocker(item: MonitorItem): 'location.noConsent' | 'location.trackingOff' | null {
  const d = item.directory;
  if (!d) return null;
  if (d.consentStatus !== 'GRANTED') return 'location.noConsent';
  if (!d.trackingEnabled) return 'location.trackingOff';
  return null;
}

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
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const locate = useLocateNow((result) => {
    if (result.position) onLocated(result.position);
  });
  const fix = item.fix;
  const d = item.directory;
  const freshness = itemFreshness(item, nowMs);
  const blocker = locateBlocker(item);
  const titleId = `monitor-details-${item.id}`;
  const blockerId = `monitor-locate-blocked-${item.id}`;

  let outcome: ReactNode = null;
  if (locate.isError) {
    outcome = <Alert severity="error" role="alert">{t(messageKeyFor(locate.error))}</Alert>;
  } else if (locate.data?.status === 'LOCATED') {
    outcome = <Alert severity="success" role="status">{t('monitor.locate.located')}</Alert>;
  } else if (locate.data?.status === 'FAILED') {
    const reason = locate.data.reason && isMessageKey(locate.data.reason) ? locate.data.reason : 'location.failed';
    outcome = <Alert severity="warning" role="alert">{t(reason)}</Alert>;
  }

  return (
    <Paper
      component="aside"
      aria-labelledby={titleId}
      elevation={6}
      sx={{ borderRadius: 3, display: 'flex', flexDirection: 'column', maxHeight: '100%', overflow: 'hidden' }}
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
        <IconButton size="small" onClick={onClose} aria-label={t('monitor.details.close')} sx={{ mt: -0.5, mx: -0.5 }}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box component="dl" sx={DL}>
          <dt>{t('monitor.details.state')}</dt>
          <dd>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              <FreshnessDot freshness={freshness} decorative />
              {t(`monitor.freshness.${freshness}`)}
            </Box>
          </dd>
          <dt>{t('monitor.details.lastFix')}</dt>
          <dd data-testid="monitor-last-fix">
            {fix ? (
              <>
                <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
                  {formatRelative(fix.timeMs, nowMs, locale)}
                </Box>
                <Box component="time" dateTime={fix.time} sx={{ display: 'block', color: 'text.secondary' }}>
                  {formatDateTime(fix.timeMs, locale)}
                </Box>
              </>
            ) : (
              t('monitor.details.noFix')
            )}
          </dd>
          {fix && (
            <>
              <dt>{t('monitor.details.accuracy')}</dt>
              <dd>{fix.accuracyM === null ? t('monitor.details.accuracyUnknown') : `± ${formatDistance(fix.accuracyM, locale)}`}</dd>
              <dt>{t('monitor.details.coordinates')}</dt>
              <dd data-testid="monitor-coordinates">
                <bdi dir="ltr">{formatCoordinates(fix.lat, fix.lon, locale)}</bdi>
              </dd>
              <dt>{t('monitor.details.source')}</dt>
              <dd>{t(`monitor.source.${fix.source}`)}</dd>
            </>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Button
            variant="contained"
            startIcon={locate.isPending ? <CircularProgress size={16} color="inherit" /> : <MyLocationIcon />}
            disabled={blocker !== null || locate.isPending}
            aria-describedby={blocker ? blockerId : undefined}
            onClick={() => locate.mutate(item.id)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {locate.isPending ? t('monitor.locate.running') : t('monitor.locate.button')}
          </Button>
          {blocker && (
            <Typography id={blockerId} variant="body2" sx={{ color: 'text.secondary' }}>
              {t(blocker)}
            </Typography>
          )}
          {outcome}
        </Box>
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
