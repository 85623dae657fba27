import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ReportDeliveryStatus, ReportRunStatus, ReportSchedule } from '@lbs/contracts';

/** Active, paused by a user, or paused by the server (and why). */
export function ScheduleStatusChip({ schedule }: { schedule: ReportSchedule }) {
  const { t } = useTranslation();
  if (schedule.active)
    return <Chip size="small" color="success" label={t('reportSchedules.status.active')} />;
  const reason = schedule.pausedReason;
  return (
    <Chip
      size="small"
      color={reason ? 'warning' : 'default'}
      label={
        reason === 'ownerInactive' || reason === 'ownerOutOfScope'
          ? t(`reportSchedules.status.${reason}`)
          : t('reportSchedules.status.paused')
      }
    />
  );
}

const RUN_COLOR = {
  QUEUED: 'default',
  RUNNING: 'info',
  DONE: 'success',
  FAILED: 'error',
  SKIPPED: 'warning',
} as const;
const DELIVERY_COLOR = { QUEUED: 'default', SENT: 'success', FAILED: 'error', DROPPED: 'warning' } as const;

export function RunStatusChip({ status }: { status: ReportRunStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={RUN_COLOR[status]} label={t(`reportSchedules.run.${status}`)} />;
}

export function DeliveryStatusChip({ status }: { status: ReportDeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={DELIVERY_COLOR[status]}
      label={t(`reportSchedules.delivery.${status}`)}
    />
  );
}
