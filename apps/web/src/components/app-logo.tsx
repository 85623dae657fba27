import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function AppLogo({ color = 'inherit' }: { color?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color }}>
      <Box component="svg" viewBox="0 0 64 64" sx={{ width: 34, height: 34, flexShrink: 0 }} aria-hidden>
        <rect width="64" height="64" rx="14" fill="#0A8FDC" />
        <path
          d="M32 12c-8.3 0-15 6.5-15 14.6C17 37.5 32 52 32 52s15-14.5 15-25.4C47 18.5 40.3 12 32 12z"
          fill="#fff"
        />
        <circle cx="32" cy="26.5" r="6" fill="#F04F47" />
      </Box>
      <Typography
        component="span"
        sx={{ fontSize: 19, fontWeight: 700, letterSpacing: 0.2, color: 'inherit', whiteSpace: 'nowrap' }}
      >
        {t('app.name')}
      </Typography>
    </Box>
  );
}
