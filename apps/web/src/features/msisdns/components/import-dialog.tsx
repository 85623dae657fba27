import { useEffect, useId, useReducer, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { MSISDN_IMPORT_MAX_BYTES } from '@lbs/contracts';
import { EntitySelect } from '../../../components/entity-select.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { messageKeyFor } from '../../../lib/api/api-error.ts';
import { downloadImportTemplate } from '../api/download-template.ts';
import { useImportJob } from '../api/get-import.ts';
import { invalidateMsisdns } from '../api/keys.ts';
import { useStartImport } from '../api/start-import.ts';
import { ImportReport } from './import-report.tsx';
import { importPercent, importReducer, initialImportState } from './import-state.ts';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_MB = MSISDN_IMPORT_MAX_BYTES / (1024 * 1024);

/**
 * Bulk import (SuperAdmin): pick the company and a CSV/XLSX file, upload it, follow the job's progress until it is
 * done, then read the counts and the per-row error report.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const fileInputId = useId();
  const [state, dispatch] = useReducer(importReducer, initialImportState);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [templateError, setTemplateError] = useState<unknown>(null);
  const upload = useStartImport();
  const jobId = state.phase === 'running' ? state.job.id : undefined;
  const poll = useImportJob(jobId);

  useEffect(() => {
    if (poll.data) dispatch({ type: 'progress', job: poll.data });
  }, [poll.data]);
  const finished = state.phase === 'completed' || state.phase === 'failed';
  useEffect(() => {
    if (finished) void invalidateMsisdns(queryClient);
  }, [finished, queryClient]);

  const fileError = !file
    ? 'msisdns.import.fileRequired'
    : file.size > MSISDN_IMPORT_MAX_BYTES
      ? 'msisdns.import.fileTooLarge'
      : undefined;
  const companyError = companyId === null ? 'validation.companyRequired' : undefined;

  const submit = async () => {
    setTouched(true);
    if (fileError || companyError || !file || companyId === null) return;
    dispatch({ type: 'upload' });
    try {
      dispatch({ type: 'progress', job: await upload.mutateAsync({ companyId, file }) });
    } catch (error) {
      dispatch({ type: 'uploadFailed', code: messageKeyFor(error) });
    }
  };

  const startOver = () => {
    dispatch({ type: 'reset' });
    setFile(null);
    setTouched(false);
  };
  const close = () => {
    if (state.phase === 'uploading') return;
    // A running job carries on at the server; the list shows its rows as they arrive.
    if (state.phase === 'running') void invalidateMsisdns(queryClient);
    startOver();
    setCompanyId(null);
    onClose();
  };

  const busy = state.phase === 'uploading' || state.phase === 'running';
  return (
    <Dialog
      open={open}
      onClose={state.phase === 'uploading' ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('msisdns.import.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        {state.phase === 'choose' && (
          <>
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Typography>{t('msisdns.import.intro')}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('msisdns.import.columns')} {t('msisdns.import.consentNote')}
              </Typography>
              <Box>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => {
                    setTemplateError(null);
                    downloadImportTemplate().catch(setTemplateError);
                  }}
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  <DownloadIcon fontSize="small" aria-hidden />
                  {t('msisdns.import.template')}
                </Link>
              </Box>
              <ProblemAlert error={templateError} />
            </Box>
            {state.error && (
              <Alert severity="error" role="alert">
                {t(state.error)}
              </Alert>
            )}
            <EntitySelect
              kind="company"
              value={companyId}
              onChange={setCompanyId}
              label={t('msisdns.field.company')}
              required
              fullWidth
              error={touched && Boolean(companyError)}
              helperText={touched && companyError ? t(companyError) : undefined}
            />
            <Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <Button
                  component="label"
                  htmlFor={fileInputId}
                  variant="outlined"
                  startIcon={<UploadFileIcon />}
                >
                  {t('msisdns.import.chooseFile')}
                </Button>
                <input
                  id={fileInputId}
                  type="file"
                  accept={ACCEPT}
                  hidden
                  aria-label={t('msisdns.import.chooseFile')}
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    event.target.value = '';
                  }}
                />
                <Typography
                  variant="body2"
                  sx={{ color: file ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}
                  data-testid="import-file-name"
                >
                  {file ? file.name : t('msisdns.import.noFile')}
                </Typography>
              </Box>
              {touched && fileError && (
                <FormHelperText error>{t(fileError, { size: MAX_MB })}</FormHelperText>
              )}
            </Box>
          </>
        )}

        {(state.phase === 'uploading' || state.phase === 'running') && (
          <Box sx={{ display: 'grid', gap: 1.5, py: 2 }}>
            <LinearProgress
              variant={state.phase === 'running' && state.job.total > 0 ? 'determinate' : 'indeterminate'}
              value={state.phase === 'running' ? importPercent(state.job) : undefined}
              aria-label={t('msisdns.import.progressLabel')}
              sx={{ height: 8, borderRadius: 4 }}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
              {state.phase === 'uploading'
                ? t('msisdns.import.uploading', { file: file?.name ?? '' })
                : state.job.status === 'QUEUED'
                  ? t('msisdns.import.queued')
                  : t('msisdns.import.progress', { processed: state.job.processed, count: state.job.total })}
            </Typography>
            <ProblemAlert error={poll.error} />
          </Box>
        )}

        {finished && (
          <>
            <LinearProgress
              variant="determinate"
              value={importPercent(state.job)}
              color={state.phase === 'failed' ? 'error' : 'success'}
              aria-label={t('msisdns.import.progressLabel')}
              sx={{ height: 8, borderRadius: 4 }}
            />
            <Alert
              severity={state.phase === 'failed' ? 'error' : state.job.failed > 0 ? 'warning' : 'success'}
              role="status"
            >
              {state.phase === 'failed'
                ? t('msisdns.import.failed')
                : t('msisdns.import.completed', { succeeded: state.job.succeeded, count: state.job.total })}
            </Alert>
            <ImportReport job={state.job} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {state.phase === 'choose' && (
          <>
            <Button color="inherit" onClick={close}>
              {t('msisdns.action.cancel')}
            </Button>
            <Button variant="contained" onClick={() => void submit()}>
              {t('msisdns.import.start')}
            </Button>
          </>
        )}
        {busy && (
          <Button color="inherit" onClick={close} disabled={state.phase === 'uploading'}>
            {t('common.close')}
          </Button>
        )}
        {finished && (
          <>
            <Button color="inherit" onClick={startOver}>
              {t('msisdns.import.another')}
            </Button>
            <Button variant="contained" onClick={close}>
              {t('common.close')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
