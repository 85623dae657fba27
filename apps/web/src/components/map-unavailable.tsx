import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import { useTranslation } from 'react-i18next';

/** Shown where a map would be when the browser cannot draw one (no WebGL 2) or the map failed to start. */
export function MapUnavailable({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="note"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1,
        p: compact ? 2 : 4,
        bgcolor: 'action.hover',
        color: 'text.secondary',
      }}
    >
      <MapOutlinedIcon sx={{ fontSize: compact ? 32 : 48, opacity: 0.6 }} aria-hidden />
      <Typography variant={compact ? 'h5' : 'h4'} component="p" sx={{ color: 'text.primary' }}>
        {t('map.unavailable.title')}
      </Typography>
      <Typography variant="body2" sx={{ maxWidth: 420 }}>
        {t('map.unavailable.body')}
      </Typography>
    </Box>
  );
}
