import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { useTranslation } from 'react-i18next';

/** SPEC §8 'No Record Found', with an optional line on why the list is empty and what to do. */
export function EmptyState({ hint }: { hint?: string | undefined } = {}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        py: 8,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
        color: 'text.secondary',
      }}
    >
      <InboxOutlinedIcon sx={{ fontSize: 48, opacity: 0.6 }} aria-hidden />
      <Typography>{t('common.noRecordFound')}</Typography>
      {hint && (
        <Typography variant="body2" sx={{ maxWidth: 480, textAlign: 'center', px: 2 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
