import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { PositionSource } from '@lbs/contracts';
import { formatCoordinates, formatDateTime, formatDistance, formatRelative } from '../lib/location-format.ts';

export interface Fix {
  /** ISO 8601 time of the position. */
  time: string;
  lat: number;
  lon: number;
  accuracyM: number | null;
  source: PositionSource;
}

/**
 * A position as a definition list: when (relative and absolute), accuracy, coordinates, who located it. `children`
 * are extra rows (<dt>/<dd>) put first; `noFix` is said in place of the time when there is no position.
 */
export function PositionFacts({
  fix,
  nowMs,
  noFix,
  dense = false,
  testIdPrefix,
  children,
}: {
  fix: Fix | null | undefined;
  nowMs: number;
  noFix: ReactNode;
  dense?: boolean;
  /** `…-last-fix` and `…-coordinates` test ids of the two rows. */
  testIdPrefix: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const timeMs = fix ? Date.parse(fix.time) : 0;
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: dense ? 0.75 : 1.25,
        '& dt': { color: 'text.secondary', fontSize: dense ? 13 : undefined },
        '& dd': {
          m: 0,
          minWidth: 0,
          fontSize: dense ? 13.5 : undefined,
          fontWeight: dense ? undefined : 500,
        },
      }}
    >
      {children}
      <dt>{t('monitor.details.lastFix')}</dt>
      <dd data-testid={`${testIdPrefix}-last-fix`}>
        {fix ? (
          <>
            <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
              {formatRelative(timeMs, nowMs, locale)}
            </Box>
            <Box
              component="time"
              dateTime={fix.time}
              sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}
            >
              {formatDateTime(timeMs, locale)}
            </Box>
          </>
        ) : (
          noFix
        )}
      </dd>
      {fix && (
        <>
          <dt>{t('monitor.details.accuracy')}</dt>
          <dd>
            {fix.accuracyM === null
              ? t('monitor.details.accuracyUnknown')
              : `± ${formatDistance(fix.accuracyM, locale)}`}
          </dd>
          <dt>{t('monitor.details.coordinates')}</dt>
          <dd data-testid={`${testIdPrefix}-coordinates`}>
            <bdi dir="ltr">{formatCoordinates(fix.lat, fix.lon, locale)}</bdi>
          </dd>
          <dt>{t('monitor.details.source')}</dt>
          <dd>{t(`monitor.source.${fix.source}`)}</dd>
        </>
      )}
    </Box>
  );
}
