import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { FRESHNESS_COLORS, type Freshness } from '../model/freshness.ts';

/** The marker colour of a state, as a dot with its name for assistive technology. */
export function FreshnessDot({
  freshness,
  size = 10,
  decorative = false,
}: {
  freshness: Freshness;
  size?: number;
  decorative?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      role={decorative ? undefined : 'img'}
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : t(`monitor.freshness.${freshness}`)}
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: FRESHNESS_COLORS[freshness],
        boxShadow: '0 0 0 2px rgba(255, 255, 255, 0.9)',
      }}
    />
  );
}
