/**
 * A dialog around a small react-hook-form form: the title, the server's problem above the fields (field errors sit
 * on their fields, see lib/api/form-errors.ts), Cancel and the submit button.
 *
 *   const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), … });
 *   const { submit, problem, clearProblem } = useProblemSubmit(form, FIELDS, async (body) => { await save(body); onClose(); });
 *   <FormDialog open title=… submitLabel=… onClose={onClose} onSubmit={submit} problem={problem}
 *     onClearProblem={clearProblem} submitting={form.formState.isSubmitting}>
 *     <FormTextField control={form.control} name="reason" … />
 *   </FormDialog>
 */
import { useId, type FormEventHandler, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { ProblemOutcome } from '../lib/api/form-errors.ts';
import { FormProblemAlert } from './problem-alert.tsx';

export function FormDialog({
  open,
  title,
  intro,
  submitLabel,
  destructive = false,
  submitting = false,
  problem,
  onClearProblem,
  onSubmit,
  onClose,
  maxWidth = 'sm',
  children,
}: {
  open: boolean;
  title: string;
  /** A sentence above the fields (what the action does). */
  intro?: ReactNode;
  submitLabel: string;
  /** A red submit button (void, delete). */
  destructive?: boolean;
  submitting?: boolean;
  problem: ProblemOutcome | null;
  onClearProblem: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = () => {
    if (!submitting) onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {intro && <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>}
          <FormProblemAlert outcome={problem} onClose={onClearProblem} />
          <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }}>{children}</Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} color="inherit" disabled={submitting}>
            {t('org.action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={submitting}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
