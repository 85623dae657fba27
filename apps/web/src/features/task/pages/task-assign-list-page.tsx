import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { TASK_ASSIGNMENT_STATUSES, type TaskAssignmentStatus } from '@lbs/contracts';
import { SelectFilter } from '../../../components/list-filters.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useUrlFilter } from '../../../components/server-data-grid.tsx';
import { TaskAssignmentsGrid } from '../components/task-assignments-grid.tsx';

/** /task-assign-list: every assignment in scope with its status, how it was completed and the evidence. */
export function TaskAssignListPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useUrlFilter('status');
  const [overdue, setOverdue] = useUrlFilter('overdue');
  const title = t('route.taskAssignList');
  return (
    <PageFrame title={title} crumbs={[{ label: t('task.area') }]}>
      <TaskAssignmentsGrid
        label={title}
        filters={{ status, overdue: overdue === 'true' ? true : undefined }}
        toolbar={
          <>
            <SelectFilter
              label={t('task.filter.status')}
              value={status as TaskAssignmentStatus | undefined}
              onChange={setStatus}
              options={TASK_ASSIGNMENT_STATUSES}
              optionLabel={(s) => t(`task.status.${s}`)}
              anyLabel={t('task.filter.all')}
              minWidth={150}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={overdue === 'true'}
                  onChange={(e) => setOverdue(e.target.checked ? 'true' : undefined)}
                />
              }
              label={t('task.filter.overdueOnly')}
            />
          </>
        }
      />
    </PageFrame>
  );
}
