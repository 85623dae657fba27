import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { InvitationStatus } from '@lbs/contracts';
import { formatDateTime } from '../../../lib/format.ts';

const COLOR = { PENDING: 'info', EXPIRED: 'warning', ACCEPTED: 'success', NONE: 'default' } as const;

/** Whether the user has set a password (PENDING: code sent and valid; EXPIRED: needs a new code). */
export function InvitationChip({
  status,
  expiresAt,
}: {
  status: InvitationStatus;
  expiresAt?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const chip = (
    <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`org.user.invitation.${status}`)} />
  );
  if (status !== 'PENDING' || !expiresAt) return chip;
  return (
    <Tooltip title={t('org.user.invitationExpires', { date: formatDateTime(i18n.language, expiresAt) })}>
      {chip}
    </Tooltip>
  );
}
