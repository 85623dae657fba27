import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { TaskAssignmentStatus, TaskPriority, TaskStatus } from '@lbs/contracts';

const PRIORITY_COLOR = { LOW: 'default', MEDIUM: 'info', HIGH: 'error' } as const;
const STATUS_COLOR = { PENDING: 'warning', COMPLETED: 'success', CANCELLED: 'default' } as const;

export function PriorityChip({ value }: { value: TaskPriority }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={PRIORITY_COLOR[value]} label={t(`task.priority.${value}`)} />
  );
}

/** The status, and "Overdue" beside it when pending past the due time (derived by the server). */
export function StatusChip({
  status,
  overdue = false,
}: {
  status: TaskStatus | TaskAssignmentStatus;
  overdue?: boolean;
}) {
  const { t } = useTranslation();
  return (
    // The overdue mark goes under the status where the column is narrow.
    <Stack
      direction="row"
      sx={{ alignItems: 'center', alignContent: 'center', height: '100%', flexWrap: 'wrap', gap: 0.5 }}
    >
      <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`task.status.${status}`)} />
      {overdue && <Chip size="small" color="error" label={t('task.overdue')} />}
    </Stack>
  );
}
