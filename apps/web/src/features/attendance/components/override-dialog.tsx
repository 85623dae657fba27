import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE_STATUSES, type AttendanceDay, type AttendanceStatus } from '@lbs/contracts';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { ApiError } from '../../../lib/api/api-error.ts';
import { fieldMessageOf, messageTextIn } from '../../../lib/field-message.ts';
import { useOverrideDay } from '../api/attendance.ts';

/** The message key the server gave a field, if any. */
function fieldError(error: unknown, path: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const found = error.fieldErrors.find((f) => f.path === path);
  if (!found) return undefined;
  return fieldMessageOf(found);
}

/** Sets a day's status by hand with a reason, or goes back to the computed one. */
export function OverrideDialog({ day, onClose }: { day: AttendanceDay; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const override = useOverrideDay();
  const [status, setStatus] = useState<AttendanceStatus>(day.override?.status ?? day.computedStatus);
  const [reason, setReason] = useState('');
  const reasonError = fieldError(override.error, 'reason');
  const save = (next: AttendanceStatus | null) =>
    override.mutate(
      { msisdnId: day.msisdnId, date: day.date, status: next, reason },
      {
        onSuccess: () => {
          notify(t('attendance.override.saved'));
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('attendance.override.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {override.error && !reasonError && <ProblemAlert error={override.error} />}
          <TextField
            select
            label={t('attendance.override.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value as AttendanceStatus)}
          >
            {ATTENDANCE_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`attendance.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('attendance.override.reason')}
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(reasonError)}
            helperText={reasonError ? messageTextIn(t, i18n.language, reasonError) : undefined}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {day.override && (
          <Button onClick={() => save(null)} disabled={override.isPending}>
            {t('attendance.override.remove')}
          </Button>
        )}
        <Button variant="contained" onClick={() => save(status)} disabled={override.isPending}>
          {t('attendance.override.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
