/**
 * Confirmation before a destructive action; the action's failure (e.g. 409 `org.departmentInUse`) is shown,
 * translated, inside the dialog, which stays open so the user reads why.
 *
 *   <ConfirmDialog open={open} title=… message=… confirmLabel=… onConfirm={async () => …} onClose={() => setOpen(false)} />
 *
 * The usual case, a Delete button with its dialog:
 *   <DeleteButton
 *     name={department.name}                                   // "Delete “Field Operations”?"
 *     onDelete={() => apiRequest(`/departments/${id}`, { method: 'DELETE' })}
 *     onDeleted={() => { notify(t('org.notice.deleted')); navigate('/department/list'); }}
 *   />
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { messageKeyFor } from '../lib/api/api-error.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** Red confirm button (default true: this dialog is mostly for deletes). */
  destructive?: boolean;
  /** Resolve to close; reject to show the error in the dialog. */
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  destructive = true,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    if (pending) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setPending(false);
      onClose();
    } catch (failure) {
      setPending(false);
      setError(failure);
    }
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{message}</DialogContentText>
        {error !== null && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {t(messageKeyFor(error))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={close} color="inherit" disabled={pending}>
          {t('org.action.cancel')}
        </Button>
        <Button
          onClick={() => void confirm()}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={pending}
        >
          {confirmLabel ?? t('org.action.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DeleteButton({
  name,
  title,
  message,
  onDelete,
  onDeleted,
  buttonProps,
}: {
  /** The item's name, quoted in the question. */
  name: string;
  title?: string;
  message?: ReactNode;
  onDelete: () => Promise<unknown>;
  onDeleted?: () => void;
  buttonProps?: ButtonProps;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteOutlineIcon />}
        onClick={() => setOpen(true)}
        {...buttonProps}
      >
        {t('org.action.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={title ?? t('org.confirm.deleteTitle')}
        message={message ?? t('org.confirm.deleteMessage', { name })}
        onConfirm={async () => {
          await onDelete();
          onDeleted?.();
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
