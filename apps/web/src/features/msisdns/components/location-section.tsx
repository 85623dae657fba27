import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Msisdn } from '@lbs/contracts';
import { LocateNowAction, locateBlocker } from '../../../components/locate-now-action.tsx';
import { MiniMap } from '../../../components/mini-map.tsx';
import { PositionFacts } from '../../../components/position-facts.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { positionHistoryQueryKey, usePositionHistory, type TimeRange } from '../../../lib/api/position-history.ts';

/** How far back the details page shows the trail. */
export const RECENT_HISTORY_MS = 24 * 3_600_000;

const lastDay = (): TimeRange => {
  const to = new Date();
  return { from: new Date(to.getTime() - RECENT_HISTORY_MS), to };
};

/**
 * The MSISDN's last known position on a small map with the last 24 hours' trail, the fix's facts and "Locate now"
 * (which refreshes both). Reading the positions is audited by the server.
 */
export function LocationSection({ item }: { item: Msisdn }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [range, setRange] = useState(lastDay);
  const history = usePositionHistory(item.id, range);
  const items = history.data?.items ?? [];
  const last = items.at(-1);

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
        <PositionFacts
          fix={last}
          nowMs={Date.now()}
          noFix={history.isSuccess ? t('msisdns.location.noRecentFix') : '—'}
          testIdPrefix="msisdn"
        />
        <LocateNowAction
          msisdnId={item.id}
          blocker={locateBlocker(item.consentStatus, item.trackingEnabled)}
          variant="outlined"
          onLocated={async () => {
            await queryClient.invalidateQueries({ queryKey: positionHistoryQueryKey(item.id) });
            setRange(lastDay());
          }}
        />
      </Box>
    </Box>
  );
}
