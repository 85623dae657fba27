import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TASK_REASON_MAX_LENGTH } from '@lbs/contracts';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { ApiError } from '../../../lib/api/api-error.ts';
import { fieldMessageOf, messageTextIn } from '../../../lib/field-message.ts';

/** The message key the server gave the reason field, if any. */
function reasonError(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const found = error.fieldErrors.find((f) => f.path === 'reason');
  if (!found) return undefined;
  return fieldMessageOf(found);
}

/** Asks why before a manual completion or a reopening; the server's field message shows under the field. */
export function ReasonDialog({
  open,
  title,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const close = () => {
    if (pending) return;
    setReason('');
    setError(null);
    onClose();
  };
  const fieldError = reasonError(error);
  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await onConfirm(reason);
      setReason('');
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error !== null && !fieldError && <ProblemAlert error={error} />}
        <TextField
          autoFocus
          required
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={t('task.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError ? messageTextIn(t, i18n.language, fieldError) : undefined}
          slotProps={{ htmlInput: { maxLength: TASK_REASON_MAX_LENGTH } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          {t('org.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={pending || !reason.trim()}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
