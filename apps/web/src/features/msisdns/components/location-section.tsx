import { useState } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HistoryPosition, Msisdn } from '@lbs/contracts';
import { LocateNowAction, locateAbilityOf } from '../../../components/locate-now-action.tsx';
import { MiniMap } from '../../../components/mini-map.tsx';
import { PositionFacts } from '../../../components/position-facts.tsx';
import { formatCoordinates, formatDateTime, formatDistance } from '../../../lib/location-format.ts';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { usePositionHistory, type TimeRange } from '../../../shared-api/msisdns/position-history.ts';

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
  const [range, setRange] = useState(lastDay);
  // The most recent positions when the day holds more than one answer takes (an app may report every few seconds).
  const history = usePositionHistory(item.id, range, 'last');
  const items = history.data?.items ?? [];
  const last = items.at(-1);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Box>
        <MiniMap
          position={last ? { lat: last.lat, lon: last.lon, accuracyM: last.accuracyM } : null}
          trail={items}
          height={280}
          label={t('msisdns.location.mapLabel', { number: item.msisdn })}
        />
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', mt: 1 }}
          data-testid="msisdn-history-count"
        >
          {history.isSuccess
            ? t('msisdns.location.recentCount', { count: items.length })
            : history.isPending
              ? t('common.loading')
              : ''}
          {history.data?.truncated ? ` ${t('msisdns.location.truncated')}` : ''}
        </Typography>
        {items.length > 0 && <RecentPositions items={items} />}
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
          locate={locateAbilityOf(item)}
          variant="outlined"
          // A new period ending now is a new query: it fetches the fix just stored (the map keeps the old trail meanwhile).
          onLocated={() => setRange(lastDay())}
        />
      </Box>
    </Box>
  );
}

/** How many of the latest positions the table lists (the map draws them all). */
const RECENT_ROWS = 8;

/** Two fixes that read the same in the table: the same second, place, precision and source. */
const sameFix = (a: HistoryPosition, b: HistoryPosition) =>
  Math.floor(Date.parse(a.time) / 1000) === Math.floor(Date.parse(b.time) / 1000) &&
  a.lat === b.lat &&
  a.lon === b.lon &&
  a.accuracyM === b.accuracyM &&
  a.source === b.source;

/**
 * Consecutive identical fixes (several locates the network answered at once) as one row with their count: they are
 * real and kept, but eight rows of the same line told the user nothing.
 */
function collapsed(items: readonly HistoryPosition[]): { p: HistoryPosition; count: number }[] {
  const out: { p: HistoryPosition; count: number }[] = [];
  for (const p of items) {
    const last = out.at(-1);
    if (last && sameFix(last.p, p)) last.count++;
    else out.push({ p, count: 1 });
  }
  return out;
}

/** The latest positions, newest first: when, where, how precise, located by whom. */
function RecentPositions({ items }: { items: readonly HistoryPosition[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const rows = collapsed(items).slice(-RECENT_ROWS).reverse();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6" component="h3" id="msisdn-recent-positions" sx={{ mb: 1 }}>
        {t('msisdns.location.recentTitle')}
      </Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Table size="small" aria-labelledby="msisdn-recent-positions">
          <TableHead>
            <TableRow>
              <TableCell>{t('msisdns.location.time')}</TableCell>
              <TableCell>{t('monitor.details.accuracy')}</TableCell>
              <TableCell>{t('monitor.details.coordinates')}</TableCell>
              <TableCell>{t('monitor.details.source')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ p, count }) => (
              <TableRow key={p.id}>
                <TableCell>
                  <time dateTime={p.time}>{formatDateTime(Date.parse(p.time), locale)}</time>
                  {count > 1 && (
                    <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 1 }}>
                      {t('msisdns.location.repeated', { count })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {p.accuracyM === null
                    ? t('monitor.details.accuracyUnknown')
                    : `± ${formatDistance(p.accuracyM, locale)}`}
                </TableCell>
                <TableCell>
                  <bdi dir="ltr">{formatCoordinates(p.lat, p.lon, locale)}</bdi>
                </TableCell>
                <TableCell>{t(`monitor.source.${p.source}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
