import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame.tsx';

/** /monitor: the live map arrives with the location issue; for now the page explains what it is for. */
export function MonitorPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.monitor')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box
          sx={{
            width: 48,
            height: 48,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(10, 143, 220, 0.12)',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          <MyLocationIcon aria-hidden />
        </Box>
        <Box>
          <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
            {t('monitor.heading')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('monitor.description')}</Typography>
        </Box>
      </Box>
    </PageFrame>
  );
}
