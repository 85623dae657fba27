import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { Detectability } from '@lbs/contracts';

/** Texts: the poi area (poi.detect.*); pages that show the chip load it. */
const DETECT_COLOR = {
  DETECTABLE: 'success',
  MARGINAL: 'warning',
  UNDETECTABLE: 'error',
  UNKNOWN: 'default',
} as const;

/** How well the POI can be told apart at the MSISDN's usual accuracy, with the advice when it cannot. */
export function DetectabilityChip({ value }: { value: Detectability }) {
  const { t } = useTranslation();
  const lines = [
    value.basis ? t('poi.detect.basis', { p50: value.basis.p50M, p90: value.basis.p90M }) : null,
    value.adviceRadiusM ? t('poi.detect.advice', { radius: value.adviceRadiusM }) : null,
  ].filter(Boolean);
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={DETECT_COLOR[value.status]}
      label={t(`poi.detect.${value.status}`)}
      // "Undetectable by network location" takes two lines in a narrow column rather than losing its end.
      sx={{
        height: 'auto',
        maxWidth: '100%',
        '& .MuiChip-label': { whiteSpace: 'normal', lineHeight: 1.2, py: 0.25 },
      }}
    />
  );
  return lines.length ? <Tooltip title={lines.join(' · ')}>{chip}</Tooltip> : chip;
}
