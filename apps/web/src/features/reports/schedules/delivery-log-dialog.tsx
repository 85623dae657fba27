import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MESSAGES, type ReportRun, type ReportSchedule } from '@lbs/contracts';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { reportRunsQueryOptions } from '../api/report-schedules.ts';
import { DeliveryStatusChip, RunStatusChip } from './schedule-status.tsx';

const KNOWN_REASONS = ['outOfScope', 'inactive', 'externalNotApproved', 'ownerInactive', 'ownerOutOfScope'];

/** A reason or error: a known reason or problem code in words, else the mail server's own answer as it came. */
function useReason() {
  const { t } = useTranslation();
  return (reason: string | null) => {
    if (!reason) return '';
    if (KNOWN_REASONS.includes(reason)) return t(`reportSchedules.reason.${reason}`);
    if (Object.hasOwn(MESSAGES, reason)) return t(reason);
    return reason;
  };
}

function fileSize(locale: string, bytes: number | null): string {
  if (bytes === null) return '';
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: bytes >= 1_048_576 ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(bytes >= 1_048_576 ? bytes / 1_048_576 : Math.max(0.1, bytes / 1024));
}

function RunBlock({ run }: { run: ReportRun }) {
  const { t, i18n } = useTranslation();
  const reason = useReason();
  const locale = i18n.language;
  return (
    <Box component="section" aria-label={`${run.periodStart} – ${run.periodEnd}`} sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">
          {t('reportSchedules.log.period')}: {formatDate(locale, run.periodStart)} –{' '}
          {formatDate(locale, run.periodEnd)}
        </Typography>
        <RunStatusChip status={run.status} />
        <Typography variant="body2" color="text.secondary">
          {t(`reportSchedules.log.trigger.${run.trigger}`)}
          {run.finishedAt ? ` · ${formatDateTime(locale, run.finishedAt)}` : ''}
        </Typography>
        {run.rows !== null && (
          <Typography variant="body2" color="text.secondary">
            {t('reportSchedules.log.rows')}: {new Intl.NumberFormat(locale).format(run.rows)} ·{' '}
            {t('reportSchedules.log.size')}: {fileSize(locale, run.bytes)}
            {run.delivery
              ? ` · ${t('reportSchedules.log.sentAs')}: ${t(`reportSchedules.log.delivery.${run.delivery}`)}`
              : ''}
          </Typography>
        )}
      </Stack>
      {run.error && (
        <Typography variant="body2" color="error" sx={{ mb: 1 }}>
          {reason(run.error)}
        </Typography>
      )}
      {run.deliveries.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('reportSchedules.log.recipient')}</TableCell>
              <TableCell>{t('reportSchedules.column.status')}</TableCell>
              <TableCell>{t('reportSchedules.log.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {run.deliveries.map((d) => (
              <TableRow key={d.id}>
                <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
                  {d.recipient}
                </TableCell>
                <TableCell>
                  <DeliveryStatusChip status={d.status} />
                  {d.sentAt && (
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ ms: 1 }}>
                      {' '}
                      {formatDateTime(locale, d.sentAt)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{reason(d.reason)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** The runs of a schedule, newest period first, with each recipient's delivery: sent, failed (why), dropped (why). */
export function DeliveryLogDialog({ schedule, onClose }: { schedule: ReportSchedule; onClose: () => void }) {
  const { t } = useTranslation();
  const runs = useQuery(reportRunsQueryOptions(schedule.id));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('reportSchedules.log.title', { name: schedule.name })}</DialogTitle>
      <DialogContent dividers>
        {runs.isPending && <LinearProgress />}
        {runs.error && <ProblemAlert error={runs.error} onRetry={() => void runs.refetch()} />}
        {runs.data?.items.length === 0 && <Typography>{t('reportSchedules.log.empty')}</Typography>}
        {runs.data?.items.map((run) => (
          <RunBlock key={run.id} run={run} />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
