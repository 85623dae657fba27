import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import {
  REPORT_FORMATS,
  REPORT_INLINE_ROWS_MAX,
  parseFieldMessage,
  type ReportExport,
  type ReportFormat,
  type ReportKey,
} from '@lbs/contracts';
import { ApiError, messageKeyFor } from '../../../lib/api/api-error.ts';
import { fieldMessageOf, messageTextIn } from '../../../lib/field-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  cancelReportExport,
  downloadReport,
  downloadReportExport,
  getReportExport,
  startReportExport,
  type ReportQuery,
} from '../api/reports.ts';

/** How often a running export job is asked for its progress. */
export const EXPORT_POLL_MS = 1000;

/** A problem's text with the values it names (report.tooManyRows {rows, format, max}), from its field error's params. */
function useProblemText() {
  const { t, i18n } = useTranslation();
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      const named = error.fieldErrors.find((fe) => fe.code === error.code) ?? error.fieldErrors[0];
      if (named && (named.code === error.code || error.code === 'problem.validation'))
        return messageTextIn(t, i18n.language, fieldMessageOf(named));
    }
    return t(messageKeyFor(error));
  };
}

const FINISHED = new Set<ReportExport['status']>(['DONE', 'FAILED', 'CANCELLED', 'EXPIRED']);

/**
 * Export of a report's result: CSV, XLSX or PDF in the interface language and the table's sort. Up to
 * REPORT_INLINE_ROWS_MAX rows download at once; more (or the server's 413 report.tooLargeToDownload) run as an
 * export job whose progress shows here, then a download link, with Cancel.
 */
export function ReportExportMenu({
  report,
  query,
  sort,
  total,
}: {
  report: ReportKey;
  query: ReportQuery;
  sort: string | undefined;
  total: number;
}) {
  const { t, i18n } = useTranslation();
  const problemText = useProblemText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [job, setJob] = useState<ReportExport | null>(null);

  // A running job is polled until it ends.
  const jobId = job?.id;
  const jobFinished = job ? FINISHED.has(job.status) : true;
  useEffect(() => {
    if (jobId === undefined || jobFinished) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getReportExport(jobId, controller.signal).then(
        // An answer that arrives after Cancel does not bring the job back.
        (next) =>
          setJob((current) => (current?.id === next.id && !FINISHED.has(current.status) ? next : current)),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setMessage(problemText(error));
          setJob(null);
        },
      );
    }, EXPORT_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [jobId, jobFinished, job]);

  const startJob = async (format: ReportFormat) => {
    setJob(await startReportExport({ report, format, locale: i18n.language, params: query, sort }));
  };

  const exportAs = async (format: ReportFormat) => {
    setAnchor(null);
    setMessage(null);
    setPending(true);
    try {
      if (total > REPORT_INLINE_ROWS_MAX) await startJob(format);
      else {
        try {
          await downloadReport(report, query, format, i18n.language, sort);
        } catch (error) {
          if (error instanceof ApiError && error.code === 'report.tooLargeToDownload') await startJob(format);
          else throw error;
        }
      }
    } catch (error) {
      setMessage(problemText(error));
    } finally {
      setPending(false);
    }
  };

  const cancel = async () => {
    if (!job) return;
    try {
      await cancelReportExport(job.id);
      setJob({ ...job, status: 'CANCELLED' });
    } catch (error) {
      setMessage(problemText(error));
    }
  };

  const download = async () => {
    if (!job) return;
    try {
      await downloadReportExport(job);
    } catch (error) {
      setMessage(error instanceof ApiError ? problemText(error) : t('reports.download.failed'));
    }
  };

  const running = job !== null && !FINISHED.has(job.status);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <Box data-testid="report-export">
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        disabled={pending || running}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'report-export-menu' : undefined}
      >
        {t('reports.download.button')}
      </Button>
      <Menu
        id="report-export-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('reports.download.menu') } }}
      >
        {REPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void exportAs(format)}>
            <ListItemText>{t(`reports.download.${format}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {(pending || message || job) && (
        <Box sx={{ mt: 1.5, minWidth: { sm: 360 } }}>
          {pending && !job && <LinearProgress aria-label={t('common.loading')} />}
          {message && (
            <Alert severity="error" role="alert" onClose={() => setMessage(null)}>
              {message}
            </Alert>
          )}
          {job && running && (
            <Stack spacing={1} role="status">
              <Typography variant="body2">{t('reports.download.queued')}</Typography>
              <LinearProgress
                variant={job.total ? 'determinate' : 'indeterminate'}
                value={job.total ? Math.min(100, (100 * job.rows) / Math.max(1, job.total)) : undefined}
                aria-label={t('reports.download.counting')}
              />
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  {job.total
                    ? t('reports.download.progress', { rows: number(job.rows), total: number(job.total) })
                    : t('reports.download.counting')}
                </Typography>
                <Button size="small" color="inherit" onClick={() => void cancel()}>
                  {t('reports.download.cancel')}
                </Button>
              </Stack>
            </Stack>
          )}
          {job?.status === 'DONE' && (
            <Alert
              severity="success"
              role="status"
              onClose={() => setJob(null)}
              action={
                <Button color="inherit" size="small" onClick={() => void download()}>
                  {t('reports.download.file', { name: job.fileName ?? `${job.report}.${job.format}` })}
                </Button>
              }
            >
              {t('reports.download.ready')}
              {job.expiresAt && (
                <Typography variant="caption" component="div">
                  {t('reports.download.keptUntil', { time: formatDateTime(i18n.language, job.expiresAt) })}
                </Typography>
              )}
            </Alert>
          )}
          {job && (job.status === 'FAILED' || job.status === 'CANCELLED' || job.status === 'EXPIRED') && (
            <Alert
              severity={job.status === 'FAILED' ? 'error' : 'info'}
              role="status"
              onClose={() => setJob(null)}
            >
              {job.status === 'CANCELLED'
                ? t('reports.download.cancelled')
                : job.status === 'EXPIRED'
                  ? t('reports.download.expired')
                  : job.error && parseFieldMessage(job.error)
                    ? messageTextIn(t, i18n.language, job.error)
                    : t('reports.download.jobFailed')}
            </Alert>
          )}
        </Box>
      )}
    </Box>
  );
}
