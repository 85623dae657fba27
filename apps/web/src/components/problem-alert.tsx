/**
 * Translated alerts for failed backend calls.
 *
 *   <ProblemAlert error={query.error} onRetry={() => query.refetch()} />     // any error → t(messageKeyFor(error))
 *   <FormProblemAlert outcome={outcome} />                                  // from applyProblemToForm (lib/api/form-errors.ts)
 *
 * Both render nothing for a null/undefined input.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { messageKeyFor } from '../lib/api/api-error.ts';
import type { ProblemOutcome } from '../lib/api/form-errors.ts';
import { messageTextIn } from '../lib/field-message.ts';

export function ProblemAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ mb: 2 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      {t(messageKeyFor(error))}
    </Alert>
  );
}

export function FormProblemAlert({
  outcome,
  onClose,
}: {
  outcome: ProblemOutcome | null | undefined;
  onClose?: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (!outcome) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2.5 }} onClose={onClose}>
      {t(outcome.messageKey)}
      {outcome.unmapped.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {[...new Set(outcome.unmapped)].map((key) => (
            <li key={key}>{messageTextIn(t, i18n.language, key)}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
