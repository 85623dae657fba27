import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { AttendanceDay, AttendanceStatus } from '@lbs/contracts';
import { STATUS_TONE } from './attendance-format.ts';

/** A status as a chip (outlined for the days that are not working days). */
export function AttendanceStatusChip({ status }: { status: AttendanceStatus }) {
  const { t } = useTranslation();
  const tone = STATUS_TONE[status];
  return (
    <Chip
      size="small"
      color={tone}
      variant={
        status === 'HOLIDAY' || status === 'WEEKLY_OFF' || status === 'NO_DATA' ? 'outlined' : 'filled'
      }
      label={t(`attendance.status.${status}`)}
    />
  );
}

/** The status of a day with what qualifies it: provisional, set by hand, arrival unverified. */
export function DayStatus({ day }: { day: AttendanceDay }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', alignContent: 'center', height: '100%', flexWrap: 'wrap', gap: 0.5 }}
    >
      {day.status === 'NO_DATA' && day.state === 'PROVISIONAL' && !day.override ? (
        <Chip size="small" variant="outlined" label={t('attendance.notYet')} />
      ) : (
        <AttendanceStatusChip status={day.status} />
      )}
      {day.override && (
        <Tooltip title={t('attendance.overridden')}>
          <EditOutlinedIcon fontSize="small" color="action" aria-label={t('attendance.overridden')} />
        </Tooltip>
      )}
      {day.state === 'PROVISIONAL' && (
        <Chip size="small" variant="outlined" label={t('attendance.provisional')} />
      )}
    </Stack>
  );
}
