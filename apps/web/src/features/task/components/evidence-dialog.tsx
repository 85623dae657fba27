import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TaskAssignment, TaskEvidence } from '@lbs/contracts';
import { PoiMap, type MapPoi } from '../../../components/poi-map.tsx';
import { extentOf } from '../../../components/poi-map-engine.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { poiFeaturesQueryOptions } from '../../../shared-api/pois/poi-features.ts';

const FIX_COLOR = '#C62828';

/** One piece of evidence: a visit (bounds, stay, confidence, the fixes) or a manual completion or reopening. */
function EvidenceEntry({ entry }: { entry: TaskEvidence }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {t(`task.evidence.${entry.kind}`)} · {formatDateTime(locale, entry.at)}
      </Typography>
      {entry.visit ? (
        <>
          <Typography variant="body2">
            {t('task.evidence.stay', {
              minutes: decimal.format(entry.visit.dwellMinutes),
              confidence: percent.format(entry.visit.confidence),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('task.evidence.window', {
              entered: formatDateTime(locale, entry.visit.enteredAt),
              exited: entry.visit.exitedAt
                ? formatDateTime(locale, entry.visit.exitedAt)
                : t('task.evidence.stillThere'),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('task.evidence.fixes', { count: entry.fixes.length })}
          </Typography>
          <List dense disablePadding>
            {entry.fixes.map((f) => (
              <ListItem key={f.time} disableGutters>
                <ListItemText
                  primary={t('task.evidence.fix', {
                    time: formatDateTime(locale, f.time),
                    accuracy: Math.round(f.accuracyM ?? 0),
                    percent: percent.format(f.pIn),
                  })}
                />
              </ListItem>
            ))}
          </List>
        </>
      ) : (
        <Typography variant="body2">
          {t('task.evidence.by', { who: entry.by ?? '', reason: entry.reason ?? '' })}
        </Typography>
      )}
    </Box>
  );
}

/** Why an assignment is (or was) complete: every entry, and a map of the POI with the proving fixes' accuracy circles. */
export function EvidenceDialog({
  assignment,
  onClose,
}: {
  assignment: TaskAssignment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const features = useQuery({ ...poiFeaturesQueryOptions(), enabled: assignment !== null });
  const shapes = useMemo<MapPoi[]>(() => {
    if (!assignment) return [];
    const poi = features.data?.items.find((p) => p.id === assignment.poiId);
    const fixes = assignment.evidence.flatMap((e) => e.fixes);
    return [
      ...(poi ? [poi] : []),
      ...fixes.map((f, i) => ({
        id: -(i + 1),
        name: f.time,
        color: FIX_COLOR,
        active: true,
        geometry: {
          type: 'CIRCLE' as const,
          center: { lat: f.lat, lon: f.lon },
          radiusM: Math.max(f.accuracyM ?? 50, 10),
        },
      })),
    ];
  }, [assignment, features.data]);
  const hasFixes = assignment?.evidence.some((e) => e.fixes.length > 0) ?? false;
  return (
    <Dialog open={assignment !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>
        {t('task.evidence.title')}
        {assignment ? ` · ${assignment.employeeName} · ${assignment.taskTitle}` : ''}
      </DialogTitle>
      <DialogContent>
        {assignment && (
          <Stack spacing={2}>
            {assignment.evidence.length === 0 && (
              <Typography color="text.secondary">{t('task.evidence.none')}</Typography>
            )}
            {hasFixes && (
              <PoiMap
                pois={shapes}
                frameTo={extentOf(shapes.map((s) => s.geometry))}
                height={300}
                label={t('task.evidence.mapLabel')}
              />
            )}
            {assignment.evidence.map((entry, i) => (
              <EvidenceEntry key={`${entry.kind}-${entry.at}-${i}`} entry={entry} />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
