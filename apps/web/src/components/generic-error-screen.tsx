import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorIllustration } from './error-illustration.tsx';

/** SPEC §8 generic error screen. */
export function GenericErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 8, px: 2, maxWidth: 560, mx: 'auto' }}>
      <ErrorIllustration label="!" />
      <Typography variant="h2" component="h1" sx={{ mt: 3, mb: 1.5 }}>
        {t('error.generic.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('error.generic.brace')}</Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('error.generic.refresh')}</Typography>
      <Button variant="contained" onClick={onRetry}>
        {t('error.generic.tryAgain')}
      </Button>
    </Box>
  );
}
