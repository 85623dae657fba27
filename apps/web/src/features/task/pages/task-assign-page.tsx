import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Msisdn } from '@lbs/contracts';
import { useListCrumb } from '../../../components/entity-pages.tsx';
import { useHierarchyFilter } from '../../../components/hierarchy-filter.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { RecordState, useRouteRecord } from '../../../components/route-record.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { ServerDataGrid } from '../../../components/server-data-grid.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { msisdnsQueryOptions } from '../../../shared-api/msisdns/list-msisdns.ts';
import { taskQueryOptions, useAssignTask } from '../api/tasks.ts';
import { TaskAssignmentsGrid } from '../components/task-assignments-grid.tsx';
import { PriorityChip, StatusChip } from '../components/task-chips.tsx';

const NONE: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** /task-details/assign/{id}: choose members among the employees in scope (hierarchy filters); the members below. */
export function TaskAssignPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const notify = useNotify();
  const query = useRouteRecord(taskQueryOptions);
  const assign = useAssignTask();
  const hierarchy = useHierarchyFilter();
  const [selection, setSelection] = useState<GridRowSelectionModel>(NONE);
  const [error, setError] = useState<unknown>(null);
  const [undetectable, setUndetectable] = useState(0);
  const selected = [...selection.ids].map(Number);
  const crumbs = [useListCrumb(t('task.area'), 'taskList')];
  const columns = useMemo<GridColDef<Msisdn>[]>(
    () => [
      { field: 'employeeName', headerName: t('task.fields.employee'), flex: 1, minWidth: 180 },
      { field: 'msisdn', headerName: t('task.fields.msisdn'), minWidth: 160 },
      {
        field: 'departmentName',
        headerName: t('task.fields.department'),
        flex: 1,
        minWidth: 140,
        sortable: false,
      },
      { field: 'zoneName', headerName: t('task.fields.zone'), minWidth: 120, sortable: false },
    ],
    [t],
  );

  async function submit(taskId: number) {
    setError(null);
    try {
      const result = await assign.mutateAsync({ taskId, msisdnIds: selected });
      notify(t('task.assign.done', { count: result.assigned.length }));
      setUndetectable(result.undetectable.length);
      setSelection(NONE);
    } catch (e) {
      setError(e);
    }
  }

  return (
    <PageFrame title={t('route.taskAssign')} crumbs={crumbs}>
      <RecordState query={query} list="taskList">
        {(task) => (
          <Stack spacing={3}>
            <Box>
              <Typography variant="h4" component="h2">
                {task.title}
              </Typography>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap', rowGap: 1 }}
              >
                <PriorityChip value={task.priority} />
                <StatusChip status={task.status} overdue={task.overdue} />
                <Typography variant="body2" color="text.secondary">
                  {[
                    task.poiName ?? t('task.noPoi'),
                    t(`task.rule.${task.completionRule}`),
                    t(`task.mode.${task.assignmentMode}`),
                    task.dueEnd ? formatDateTime(locale, task.dueEnd) : t('task.noDue'),
                  ].join(' · ')}
                </Typography>
              </Stack>
            </Box>
            {undetectable > 0 && (
              <Alert severity="warning" onClose={() => setUndetectable(0)}>
                {t('task.assign.undetectable', { count: undetectable })}
              </Alert>
            )}
            {task.abilities.assign ? (
              <Box>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
                  <Typography variant="h5" component="h2">
                    {t('task.assign.msisdns')}
                  </Typography>
                  <Button
                    variant="contained"
                    disabled={!selected.length || assign.isPending}
                    onClick={() => void submit(task.id)}
                  >
                    {t('task.assign.submit')} ({selected.length})
                  </Button>
                </Stack>
                {error !== null && <ProblemAlert error={error} />}
                <ServerDataGrid<Msisdn>
                  label={t('task.assign.msisdns')}
                  query={msisdnsQueryOptions}
                  columns={columns}
                  defaultSort="employeeName"
                  urlPrefix="m"
                  filters={{ companyId: task.companyId, ...hierarchy.filters }}
                  toolbar={hierarchy.control}
                  gridProps={{
                    checkboxSelection: true,
                    keepNonExistentRowsSelected: true,
                    rowSelectionModel: selection,
                    onRowSelectionModelChange: setSelection,
                  }}
                />
              </Box>
            ) : (
              <Alert severity="info">{t('task.assign.closed')}</Alert>
            )}
            <Box>
              <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
                {t('task.assign.current')}
              </Typography>
              <TaskAssignmentsGrid taskId={task.id} label={t('task.assign.current')} urlPrefix="a" />
            </Box>
          </Stack>
        )}
      </RecordState>
    </PageFrame>
  );
}
