import Button from '@mui/material/Button';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notifier.tsx';
import { messageKeyFor } from '../../../lib/api/api-error.ts';
import { useSendRuleTest } from '../api/rule-test.ts';

/**
 * "Send test": the rule's test reaches the user alone — in the inbox, and by e-mail when the rule sends e-mail — and
 * the answer says where it went, or why it did not.
 */
export function SendTestButton({ ruleId }: { ruleId: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const send = useSendRuleTest();
  return (
    <Button
      variant="outlined"
      startIcon={<SendOutlinedIcon />}
      disabled={send.isPending}
      onClick={() =>
        send.mutate(ruleId, {
          onSuccess: (result) =>
            notify(
              result.emailTo
                ? t('notificationRules.test.sentWithEmail', { email: result.emailTo })
                : t('notificationRules.test.sent'),
            ),
          onError: (error) =>
            notify(`${t('notificationRules.test.failed')} ${t(messageKeyFor(error))}`, 'error'),
        })
      }
    >
      {t('notificationRules.action.sendTest')}
    </Button>
  );
}
