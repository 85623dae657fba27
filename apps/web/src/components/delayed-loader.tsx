import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useDelayedFlag } from '../lib/use-delayed-flag.ts';

/** A spinner that appears only when the work takes longer than LOADER_DELAY_MS (300 ms). */
export function DelayedLoader({
  active = true,
  fullScreen = false,
}: {
  active?: boolean;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const shown = useDelayedFlag(active);
  if (!shown) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        py: 6,
        ...(fullScreen ? { position: 'fixed', inset: 0, zIndex: (theme) => theme.zIndex.modal + 1 } : {}),
      }}
    >
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
