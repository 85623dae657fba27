import Chip from '@mui/material/Chip';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import GpsOffIcon from '@mui/icons-material/GpsOff';
import { useTranslation } from 'react-i18next';

/** Tracking on (primary) or off (neutral). */
export function TrackingChip({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={enabled ? 'primary' : 'default'}
      icon={enabled ? <GpsFixedIcon /> : <GpsOffIcon />}
      label={t(enabled ? 'msisdns.tracking.on' : 'msisdns.tracking.off')}
    />
  );
}
