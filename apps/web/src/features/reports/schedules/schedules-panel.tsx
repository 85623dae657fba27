import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PauseIcon from '@mui/icons-material/PauseOutlined';
import PlayIcon from '@mui/icons-material/PlayArrowOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReportSchedule } from '@lbs/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useUrlIdFilter } from '../../../components/server-data-grid.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import {
  reportSchedulesQueryOptions,
  useDeleteSchedule,
  useRunScheduleNow,
  useUpdateSchedule,
} from '../api/report-schedules.ts';
import { DeliveryLogDialog } from './delivery-log-dialog.tsx';
import { describeCron } from './describe-cron.ts';
import { ScheduleDialog } from './schedule-dialog.tsx';
import { RunStatusChip, ScheduleStatusChip } from './schedule-status.tsx';

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; schedule: ReportSchedule }
  | { kind: 'log'; schedule: ReportSchedule }
  | { kind: 'delete'; schedule: ReportSchedule };

function Row({ schedule, onOpen }: { schedule: ReportSchedule; onOpen: (open: Open) => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const update = useUpdateSchedule();
  const runNow = useRunScheduleNow();
  const locale = i18n.language;
  const recipients = schedule.recipients.length + schedule.externalRecipients.length;
  const toggle = () =>
    update.mutate(
      { id: schedule.id, body: { active: !schedule.active } },
      { onSuccess: () => notify(t(schedule.active ? 'reportSchedules.paused' : 'reportSchedules.resumed')) },
    );
  const run = () =>
    runNow.mutate(schedule.id, {
      onSuccess: (queued) =>
        notify(
          t('reportSchedules.runQueued', {
            from: formatDate(locale, queued.periodStart),
            to: formatDate(locale, queued.periodEnd),
          }),
        ),
    });
  const action = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <>
      <TableRow hover data-testid={`schedule-${schedule.id}`}>
        <TableCell>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {schedule.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {schedule.format.toUpperCase()}
          </Typography>
        </TableCell>
        <TableCell>{t(`reports.${schedule.report}.title`)}</TableCell>
        <TableCell>
          <Typography variant="body2" data-testid="schedule-description">
            {describeCron(schedule.cron, locale)}
          </Typography>
          <Typography variant="caption" color="text.secondary" dir="ltr">
            {schedule.timeZone}
          </Typography>
        </TableCell>
        <TableCell>{t('reportSchedules.recipients', { count: recipients })}</TableCell>
        <TableCell>
          <ScheduleStatusChip schedule={schedule} />
        </TableCell>
        <TableCell>{schedule.nextRunAt ? formatDateTime(locale, schedule.nextRunAt) : '—'}</TableCell>
        <TableCell>
          {schedule.lastRun ? (
            <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <RunStatusChip status={schedule.lastRun.status} />
              <Typography variant="caption" color="text.secondary">
                {formatDate(locale, schedule.lastRun.periodStart)} –{' '}
                {formatDate(locale, schedule.lastRun.periodEnd)}
              </Typography>
            </Stack>
          ) : (
            t('reportSchedules.never')
          )}
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {action(t('reportSchedules.action.edit'), <EditIcon fontSize="small" />, () =>
            onOpen({ kind: 'edit', schedule }),
          )}
          {action(
            t(schedule.active ? 'reportSchedules.action.pause' : 'reportSchedules.action.resume'),
            schedule.active ? <PauseIcon fontSize="small" /> : <PlayIcon fontSize="small" />,
            toggle,
            update.isPending,
          )}
          {action(t('reportSchedules.action.runNow'), <SendIcon fontSize="small" />, run, runNow.isPending)}
          {action(t('reportSchedules.action.log'), <HistoryIcon fontSize="small" />, () =>
            onOpen({ kind: 'log', schedule }),
          )}
          {action(t('reportSchedules.action.delete'), <DeleteIcon fontSize="small" />, () =>
            onOpen({ kind: 'delete', schedule }),
          )}
        </TableCell>
      </TableRow>
      {(update.error || runNow.error) && (
        <TableRow>
          <TableCell colSpan={8}>
            <ProblemAlert error={update.error ?? runNow.error} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** The "Scheduled" tab's content: the caller's schedules with what they send, when, to whom, and how it went. */
export function SchedulesPanel() {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = useQuery(reportSchedulesQueryOptions());
  const remove = useDeleteSchedule();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const items = list.data?.items ?? [];
  // `?log=<id>`: a schedule's delivery log opened from elsewhere (a "report ready" notification links it).
  const [logId, setLogId] = useUrlIdFilter('log');
  const linked = logId === null ? undefined : items.find((s) => s.id === logId);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'create' })}>
          {t('reportSchedules.add')}
        </Button>
      </Stack>
      {list.isPending && <LinearProgress />}
      {list.error && <ProblemAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('reportSchedules.empty')}
        </Typography>
      )}
      {items.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('reportSchedules.tab')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('reportSchedules.column.name')}</TableCell>
                <TableCell>{t('reportSchedules.column.report')}</TableCell>
                <TableCell>{t('reportSchedules.column.schedule')}</TableCell>
                <TableCell>{t('reportSchedules.column.recipients')}</TableCell>
                <TableCell>{t('reportSchedules.column.status')}</TableCell>
                <TableCell>{t('reportSchedules.column.nextRun')}</TableCell>
                <TableCell>{t('reportSchedules.column.lastRun')}</TableCell>
                <TableCell>{t('reportSchedules.column.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((s) => (
                <Row key={s.id} schedule={s} onOpen={setOpen} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {open?.kind === 'create' && <ScheduleDialog onClose={close} />}
      {open?.kind === 'edit' && <ScheduleDialog schedule={open.schedule} onClose={close} />}
      {open?.kind === 'log' && <DeliveryLogDialog schedule={open.schedule} onClose={close} />}
      {!open && linked && <DeliveryLogDialog schedule={linked} onClose={() => setLogId(null)} />}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={t('reportSchedules.deleteTitle')}
        message={open?.kind === 'delete' ? t('reportSchedules.deleteText', { name: open.schedule.name }) : ''}
        confirmLabel={t('reportSchedules.action.delete')}
        onConfirm={async () => {
          if (open?.kind !== 'delete') return;
          await remove.mutateAsync(open.schedule.id);
          notify(t('reportSchedules.deleted'));
        }}
        onClose={close}
      />
    </Box>
  );
}
