import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import BlockIcon from '@mui/icons-material/Block';
import { useTranslation } from 'react-i18next';
import type { ConsentStatus, Msisdn } from '@lbs/contracts';
import { formatDateTime } from '../../../lib/format.ts';

export const CONSENT_COLOR = {
  PENDING: 'warning',
  GRANTED: 'success',
  REVOKED: 'error',
} as const satisfies Record<ConsentStatus, string>;

const CONSENT_ICON = {
  PENDING: <HourglassEmptyIcon />,
  GRANTED: <CheckCircleOutlineIcon />,
  REVOKED: <BlockIcon />,
} satisfies Record<ConsentStatus, ReactElement>;

/**
 * When the shown state began: a pending consent since its request SMS went out (null: not sent yet), a granted or
 * revoked one since the employee's reply.
 */
export function consentSince(
  msisdn: Pick<Msisdn, 'consentStatus' | 'consentAt' | 'consentRequestedAt'>,
): string | null {
  return msisdn.consentStatus === 'PENDING' ? msisdn.consentRequestedAt : msisdn.consentAt;
}

/** Consent state as a coloured chip, with the time it has held since (beside it, or under it in a grid cell). */
export function ConsentChip({
  msisdn,
  size = 'small',
  stacked = false,
}: {
  msisdn: Pick<Msisdn, 'consentStatus' | 'consentAt' | 'consentRequestedAt'>;
  size?: 'small' | 'medium';
  stacked?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const status = msisdn.consentStatus;
  const since = consentSince(msisdn);
  const sinceText = since
    ? t(status === 'PENDING' ? 'msisdns.consent.requestedAt' : 'msisdns.consent.since', {
        time: formatDateTime(i18n.language, since),
      })
    : t('msisdns.consent.notSent');
  return (
    <Box
      sx={{
        display: 'inline-flex',
        minWidth: 0,
        ...(stacked
          ? { flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }
          : { alignItems: 'center', gap: 1 }),
      }}
    >
      <Chip
        size={size}
        color={CONSENT_COLOR[status]}
        variant={status === 'GRANTED' ? 'filled' : 'outlined'}
        icon={CONSENT_ICON[status]}
        label={t(`msisdns.consent.${status}`)}
        data-consent={status}
      />
      <Typography component="span" variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {sinceText}
      </Typography>
    </Box>
  );
}
