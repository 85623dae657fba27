import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useTranslation } from 'react-i18next';
import type { Msisdn } from '@lbs/contracts';
import { MiniMap } from '../../../components/mini-map.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { isMessageKey, messageKeyFor } from '../../../lib/api/api-error.ts';
import { useLocateNow } from '../../../lib/api/locate-now.ts';
import { positionHistoryQueryKey, usePositionHistory, type TimeRange } from '../../../lib/api/position-history.ts';
import { formatCoordinates, formatDateTime, formatDistance, formatRelative } from '../../../lib/location-format.ts';

/** How far back the details page shows the trail. */
export const RECENT_HISTORY_MS = 24 * 3_600_000;

const lastDay = (): TimeRange => {
  const to = new Date();
  return { from: new Date(to.getTime() - RECENT_HISTORY_MS), to };
};

/** Why "Locate now" cannot work (the server refuses it the same way), or null. */
function locateBlocker(item: Msisdn): 'location.noConsent' | 'location.trackingOff' | null {
  if (item.consentStatus !== 'GRANTED') return 'location.noConsent';
  if (!item.trackingEnabled) return 'location.trackingOff';
  return null;
}

/**
 * The MSISDN's last known position on a small map with the last 24 hours' trail, the fix's facts and "Locate now"
 * (which refreshes both). Reading the positions is audited by the server.
 */
export function LocationSection({ item }: { item: Msisdn }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const queryClient = useQueryClient();
  const [range, setRange] = useState(lastDay);
  const history = usePositionHistory(item.id, range);
  const locate = useLocateNow(async () => {
    await queryClient.invalidateQueries({ queryKey: positionHistoryQueryKey(item.id) });
    setRange(lastDay());
  });
  const items = history.data?.items ?? [];
  const last = items.at(-1);
  const blocker = locateBlocker(item);
  const blockerId = `msisdn-locate-blocked-${item.id}`;

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
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Box>
        <MiniMap
          position={last ? { lat: last.lat, lon: last.lon, accuracyM: last.accuracyM } : null}
          trail={items}
          height={280}
          label={t('msisdns.location.mapLabel', { number: item.msisdn })}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }} data-testid="msisdn-history-count">
          {history.isSuccess
            ? t('msisdns.location.recentCount', { count: items.length })
            : history.isPending
              ? t('common.loading')
              : ''}
          {history.data?.truncated ? ` ${t('msisdns.location.truncated')}` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {history.isError && <ProblemAlert error={history.error} onRetry={() => void history.refetch()} />}
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1.25, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, fontWeight: 500, minWidth: 0 } }}
        >
          <dt>{t('monitor.details.lastFix')}</dt>
          <dd data-testid="msisdn-last-fix">
            {last ? (
              <>
                <Box component="span" sx={{ display: 'block' }}>
                  {formatRelative(Date.parse(last.time), Date.now(), locale)}
                </Box>
                <Box component="time" dateTime={last.time} sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
                  {formatDateTime(Date.parse(last.time), locale)}
                </Box>
              </>
            ) : history.isSuccess ? (
              t('msisdns.location.noRecentFix')
            ) : (
              '—'
            )}
          </dd>
          {last && (
            <>
              <dt>{t('monitor.details.accuracy')}</dt>
              <dd>{last.accuracyM === null ? t('monitor.details.accuracyUnknown') : `± ${formatDistance(last.accuracyM, locale)}`}</dd>
              <dt>{t('monitor.details.coordinates')}</dt>
              <dd>
                <bdi dir="ltr">{formatCoordinates(last.lat, last.lon, locale)}</bdi>
              </dd>
              <dt>{t('monitor.details.source')}</dt>
              <dd>{t(`monitor.source.${last.source}`)}</dd>
            </>
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
          <Button
            variant="outlined"
            startIcon={locate.isPending ? <CircularProgress size={16} color="inherit" /> : <MyLocationIcon />}
            disabled={blocker !== null || locate.isPending}
            aria-describedby={blocker ? blockerId : undefined}
            onClick={() => locate.mutate(item.id)}
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
      </Box>
    </Box>
  );
}
