import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '../model/live-positions.ts';

const DOT: Record<LiveState, string> = {
  connecting: '#94A3B8',
  live: '#16A34A',
  reconnecting: '#F59E0B',
  failed: '#DC2626',
};

/** Whether the live stream is up: positions then move without reloading. */
export function LiveStatusChip({ state }: { state: LiveState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      role="status"
      icon={
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: DOT[state],
            ...(state === 'live' && {
              // A few beats when the stream comes up, then a steady dot: an endless animation makes the compositor
              // draw the whole page every frame, which on software rendering (no GPU: SwiftShader, virtual
              // desktops) slows the map's own drawing for as long as the page is open.
              animation: 'lbs-live-pulse 2s ease-in-out 3',
              '@keyframes lbs-live-pulse': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.35 } },
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }),
          }}
        />
      }
      label={t(`monitor.status.${state}`)}
      sx={{ '& .MuiChip-icon': { mx: 0.75 } }}
    />
  );
}
