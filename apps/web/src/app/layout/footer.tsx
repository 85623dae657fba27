import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function Footer({ fixed }: { fixed: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        px: 3,
        py: 1.75,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        display: 'flex',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        ...(fixed ? { position: 'sticky', bottom: 0, zIndex: 2 } : {}),
      }}
    >
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </Typography>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{t('footer.tagline')}</Typography>
    </Box>
  );
}
