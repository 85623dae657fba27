import { Link as RouterLink, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/confirm-dialog.tsx';
import { DelayedLoader } from '../../../components/delayed-loader.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { pathFor } from '../../../lib/route-links.ts';
import { poiQueryOptions } from '../api/get-poi.ts';
import { poiPresenceQueryOptions } from '../../../shared-api/pois/poi-presence.ts';
import { poiVisitsQueryOptions } from '../api/visits.ts';
import { useDeletePoi } from '../api/write-poi.ts';
import { sizeOf } from './poi-format.ts';

/** The selected POI: its facts, who is inside now, its latest visits, and what the caller may do with it. */
export function PoiDetailsPanel({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language;
  const poi = useQuery(poiQueryOptions(id));
  const presence = useQuery(poiPresenceQueryOptions(id));
  const visits = useQuery(poiVisitsQueryOptions(id));
  const remove = useDeletePoi();
  if (poi.isPending) return <DelayedLoader />;
  if (poi.isError) return <ProblemAlert error={poi.error} onRetry={() => void poi.refetch()} />;
  const p = poi.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={p.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: p.color, flexShrink: 0 }} />
        <Typography variant="h4" component="h2" sx={{ flex: 1 }}>
          {p.name}
        </Typography>
        {!p.active && <Chip size="small" label={t('poi.fields.active') + ': ' + t('poi.no')} />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {[
          p.categoryName ?? t('poi.noCategory'),
          t(`poi.shape.${p.geometry.type}`),
          sizeOf(t, locale, p),
          p.address,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {p.abilities.update && (
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={pathFor('poiEdit', { id: p.id })}
          >
            {t('poi.action.edit')}
          </Button>
        )}
        {p.abilities.assign && (
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={pathFor('poiAssign', { id: p.id })}
          >
            {t('poi.action.assign')}
          </Button>
        )}
        {p.abilities.delete && (
          <DeleteButton
            name={p.name}
            onDelete={() => remove.mutateAsync(p.id)}
            onDeleted={() => {
              onDeleted();
              void navigate(pathFor('poiList'));
            }}
            buttonProps={{ size: 'small' }}
          />
        )}
      </Stack>

      <Typography variant="h5" component="h3" sx={{ mt: 2.5 }}>
        {t('poi.presence.title')}
      </Typography>
      {presence.isError ? (
        <ProblemAlert error={presence.error} />
      ) : presence.data?.items.length ? (
        <List dense disablePadding>
          {presence.data.items.map((item) => (
            <ListItem key={item.msisdnId} disableGutters>
              <ListItemText
                primary={`${item.employeeName} · ${item.msisdn}`}
                secondary={`${t(`poi.state.${item.state}`)} · ${t('poi.presence.since', {
                  time: formatDateTime(locale, item.since),
                })}`}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {presence.isPending ? '…' : t('poi.presence.empty')}
        </Typography>
      )}

      <Typography variant="h5" component="h3" sx={{ mt: 2.5 }}>
        {t('poi.visits.title')}
      </Typography>
      {visits.isError ? (
        <ProblemAlert error={visits.error} />
      ) : visits.data?.items.length ? (
        <List dense disablePadding>
          {visits.data.items.map((v) => (
            <ListItem key={v.id} disableGutters>
              <ListItemText
                primary={`${v.employeeName} · ${formatDateTime(locale, v.enteredAt)}`}
                secondary={[
                  t('poi.visits.dwell', {
                    minutes: new Intl.NumberFormat(locale).format(Math.round(v.dwellMinutes)),
                  }),
                  t(`poi.closedBy.${v.closedBy}`),
                  t('poi.visits.confidence', { percent: Math.round(v.confidence * 100) }),
                  v.assigned ? null : t('poi.visits.notAssigned'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {visits.isPending ? '…' : t('poi.visits.empty')}
        </Typography>
      )}
    </Paper>
  );
}
