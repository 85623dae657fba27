import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import type { AttendanceDay, AttendanceReason } from '@lbs/contracts';
import { DelayedLoader } from '../../../components/delayed-loader.tsx';
import { PoiMap, type MapPoi } from '../../../components/poi-map.tsx';
import { extentOf } from '../../../components/poi-map-engine.ts';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { formatDate } from '../../../lib/format.ts';
import { poiFeaturesQueryOptions } from '../../../shared-api/pois/poi-features.ts';
import { attendanceDayQueryOptions } from '../api/attendance.ts';
import { dateTimeIn, duration as formatDuration, timeIn } from './attendance-format.ts';
import { DayStatus } from './attendance-status.tsx';
import { OverrideDialog } from './override-dialog.tsx';

const FIX_COLORS = { INSIDE: '#2E7D32', OUTSIDE: '#C62828', AMBIGUOUS: '#757575' } as const;

/** A reason of the computation in words: instants in the shift's zone, numbers in the interface language. */
function useReasonText(timeZone: string) {
  const { t, i18n } = useTranslation();
  return (r: AttendanceReason) => {
    const params: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(r.params ?? {}))
      params[k] =
        k === 'at' && typeof v === 'number' ? timeIn(i18n.language, timeZone, new Date(v).toISOString()) : v;
    return t(r.code, params);
  };
}

/** One day's evidence beside the list: status, times, the rule applied, why, visits, positions on a map. */
export function DayDrawer({
  target,
  onClose,
}: {
  /** The day to show (its list row, when opened from the list, shows while the evidence loads). */
  target: { msisdnId: number; date: string; day?: AttendanceDay } | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [overriding, setOverriding] = useState(false);
  const detail = useQuery({
    ...attendanceDayQueryOptions(target?.msisdnId ?? 0, target?.date ?? ''),
    enabled: target !== null,
  });
  const features = useQuery({ ...poiFeaturesQueryOptions(), enabled: target !== null });
  const data = detail.data;
  const current = data?.day ?? target?.day ?? null;
  const zone = current?.timeZone ?? 'UTC';
  const reasonText = useReasonText(zone);
  const shapes = useMemo<MapPoi[]>(() => {
    if (!data) return [];
    const sites = (features.data?.items ?? []).filter((p) => data.sites.some((s) => s.poiId === p.id));
    return [
      ...sites,
      ...data.fixes.map((f, i) => ({
        id: -(i + 1),
        name: f.time,
        color: FIX_COLORS[f.class],
        active: true,
        geometry: {
          type: 'CIRCLE' as const,
          center: { lat: f.lat, lon: f.lon },
          radiusM: Math.max(f.accuracyM ?? 50, 10),
        },
      })),
    ];
  }, [data, features.data]);
  const count = (cls: 'INSIDE' | 'OUTSIDE' | 'AMBIGUOUS') =>
    data?.fixes.filter((f) => f.class === cls).length ?? 0;
  const duration = (minutes: number) => formatDuration(locale, minutes);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Drawer
      anchor="right"
      open={target !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 } } } }}
    >
      {target && !current && (
        <Box sx={{ p: 2 }}>
          {detail.isLoading && <DelayedLoader />}
          <ProblemAlert error={detail.error} onRetry={() => void detail.refetch()} />
        </Box>
      )}
      {current && (
        <Box sx={{ p: 2 }} role="region" aria-label={t('attendance.open')}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="h6" component="h2">
              {current.employeeName ?? current.msisdn} · {formatDate(locale, current.date)}
            </Typography>
            <IconButton onClick={onClose} aria-label={t('common.close')}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <DayStatus day={current} />
              {current.abilities.override && (
                <Button size="small" variant="outlined" onClick={() => setOverriding(true)}>
                  {t('attendance.override.action')}
                </Button>
              )}
            </Stack>
            {current.override && (
              <Alert severity="info">
                {t('attendance.override.by', {
                  who: current.override.by ?? '',
                  at: dateTimeIn(locale, zone, current.override.at),
                  reason: current.override.reason,
                  computed: t(`attendance.status.${current.computedStatus}`),
                })}
              </Alert>
            )}
            <Typography variant="body2">
              {t('attendance.fields.firstIn')}: {timeIn(locale, zone, current.firstIn) || '—'} ·{' '}
              {t('attendance.fields.lastOut')}:{' '}
              {current.stillInside
                ? t('attendance.drawer.stillThere')
                : timeIn(locale, zone, current.lastOut) || '—'}{' '}
              · {t('attendance.fields.inside')}: {duration(current.minutesInside)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('attendance.drawer.coverage', {
                observed: duration(current.minutesObserved),
                percent: percent.format(current.outsideCoverage),
              })}
            </Typography>
            {detail.isLoading && <DelayedLoader />}
            <ProblemAlert error={detail.error} onRetry={() => void detail.refetch()} />
            {data && (
              <>
                <Divider />
                <Typography variant="subtitle2" component="h3">
                  {t('attendance.drawer.rule')}: {current.shiftName}
                </Typography>
                <Typography variant="body2">
                  {t('attendance.drawer.terms', {
                    start: data.terms.start,
                    end: data.terms.end,
                    zone: data.terms.timeZone,
                    late: data.terms.lateGraceMin,
                    early: data.terms.earlyExitGraceMin,
                  })}
                </Typography>
                {current.windowStart && current.windowEnd && (
                  <Typography variant="body2" color="text.secondary">
                    {t('attendance.drawer.window', {
                      from: dateTimeIn(locale, zone, current.windowStart),
                      to: dateTimeIn(locale, zone, current.windowEnd),
                    })}
                  </Typography>
                )}
                {data.terms.holidayListName && (
                  <Typography variant="body2" color="text.secondary">
                    {t('attendance.drawer.holidayList', { name: data.terms.holidayListName })}
                  </Typography>
                )}
                <Divider />
                <Typography variant="subtitle2" component="h3">
                  {t('attendance.drawer.why')}
                </Typography>
                <List dense disablePadding>
                  {current.reasons.map((r, i) => (
                    <ListItem key={`${r.code}-${i}`} disableGutters>
                      <ListItemText primary={reasonText(r)} />
                    </ListItem>
                  ))}
                </List>
                <Typography variant="subtitle2" component="h3">
                  {t('attendance.drawer.visits')}
                </Typography>
                {data.visits.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('attendance.drawer.noVisits')}
                  </Typography>
                ) : (
                  <List dense disablePadding>
                    {data.visits.map((v) => (
                      <ListItem key={v.key} disableGutters>
                        <ListItemText
                          primary={`${v.poiName}: ${timeIn(locale, zone, v.enteredAt)} – ${
                            v.exitedAt ? timeIn(locale, zone, v.exitedAt) : t('attendance.drawer.stillThere')
                          }`}
                        />
                      </ListItem>
                    ))}
                  </List>
                )}
                <Typography variant="body2" color="text.secondary">
                  {t('attendance.drawer.fixes', {
                    inside: count('INSIDE'),
                    outside: count('OUTSIDE'),
                    ambiguous: count('AMBIGUOUS'),
                  })}
                </Typography>
                {shapes.length > 0 && (
                  <PoiMap
                    pois={shapes}
                    frameTo={extentOf(shapes.map((s) => s.geometry))}
                    height={280}
                    label={t('attendance.drawer.mapLabel')}
                  />
                )}
                {data.corrections.length > 0 && (
                  <>
                    <Typography variant="subtitle2" component="h3">
                      {t('attendance.drawer.corrections')}
                    </Typography>
                    <List dense disablePadding>
                      {data.corrections.map((c) => (
                        <ListItem key={c.at} disableGutters>
                          <ListItemText
                            primary={`${t(`attendance.status.${c.previousStatus}`)} → ${t(
                              `attendance.status.${c.status}`,
                            )} (${t(`attendance.cause.${c.cause}`, { defaultValue: c.cause })}), ${dateTimeIn(
                              locale,
                              zone,
                              c.at,
                            )}`}
                          />
                        </ListItem>
                      ))}
                    </List>
                  </>
                )}
                <Typography variant="caption" color="text.secondary">
                  {t('attendance.drawer.computed', { at: dateTimeIn(locale, zone, current.computedAt) })}
                </Typography>
              </>
            )}
          </Stack>
          {overriding && <OverrideDialog day={current} onClose={() => setOverriding(false)} />}
        </Box>
      )}
    </Drawer>
  );
}
