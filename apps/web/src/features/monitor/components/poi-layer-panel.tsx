import { useQuery } from '@tanstack/react-query';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PoiFeature } from '@lbs/contracts';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { poiPresenceQueryOptions } from '../../../shared-api/pois/poi-presence.ts';

/** The Monitor's POI popup: the POI's name and who is inside it now (asked when opened; a view of location). */
export function PoiLayerPanel({ poi, onClose }: { poi: PoiFeature; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const presence = useQuery(poiPresenceQueryOptions(poi.id));
  return (
    <Paper
      elevation={4}
      sx={{ p: 1.5, width: 300, maxWidth: '100%' }}
      component="section"
      aria-label={poi.name}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {poi.name}
        </Typography>
        <IconButton size="small" onClick={onClose} aria-label={t('monitor.poi.close')}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('monitor.poi.inside')}
      </Typography>
      {presence.isError ? (
        <ProblemAlert error={presence.error} />
      ) : presence.data?.items.length ? (
        <List dense disablePadding>
          {presence.data.items.map((item) => (
            <ListItem key={item.msisdnId} disableGutters>
              <ListItemText
                primary={item.employeeName}
                secondary={`${item.msisdn} · ${formatDateTime(i18n.language, item.since)}`}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2">{presence.isPending ? '…' : t('monitor.poi.nobody')}</Typography>
      )}
    </Paper>
  );
}
