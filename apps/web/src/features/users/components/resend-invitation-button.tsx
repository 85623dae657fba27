import Button from '@mui/material/Button';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import type { User } from '@lbs/contracts';
import { useNotify } from '../../../components/notifier.tsx';
import { messageKeyFor } from '../../../lib/api/api-error.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';

/** "Resend invitation" where the user's abilities allow it (a SuperAdmin, while no password has been set). */
export function ResendInvitationButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const resend = useResendInvitation();
  if (!user.abilities.resendInvitation) return null;
  return (
    <Button
      variant="outlined"
      startIcon={<SendIcon />}
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(user.id, {
          onSuccess: () => notify(t('aws.codeSent')),
          onError: (error) => notify(t(messageKeyFor(error)), 'error'),
        })
      }
    >
      {t('org.user.resendInvitation')}
    </Button>
  );
}
