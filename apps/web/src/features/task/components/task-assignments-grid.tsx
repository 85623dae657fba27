import { useMemo, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { TaskAssignment } from '@lbs/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DetectabilityChip } from '../../../components/detectability-chip.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { ServerDataGrid } from '../../../components/server-data-grid.tsx';
import type { FilterValue } from '../../../lib/api/list-query.ts';
import { formatShort } from './task-format.ts';
import { taskAssignmentsQueryOptions, useAssignmentTransition, useUnassignTask } from '../api/tasks.ts';
import { EvidenceDialog } from './evidence-dialog.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { StatusChip } from './task-chips.tsx';

/**
 * Task assignments (of one task, or all in scope) with status, how they were completed, the evidence, and the
 * actions the server's abilities allow: complete by hand, reopen (both with a reason), remove.
 */
export function TaskAssignmentsGrid({
  taskId,
  label,
  urlPrefix,
  filters = {},
  toolbar,
}: {
  taskId?: number;
  label: string;
  urlPrefix?: string;
  filters?: Readonly<Record<string, FilterValue>>;
  /** Filters beside the grid's search. */
  toolbar?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const notify = useNotify();
  const complete = useAssignmentTransition('complete');
  const reopen = useAssignmentTransition('reopen');
  const unassign = useUnassignTask();
  const [evidenceOf, setEvidenceOf] = useState<TaskAssignment | null>(null);
  const [completing, setCompleting] = useState<TaskAssignment | null>(null);
  const [reopening, setReopening] = useState<TaskAssignment | null>(null);
  const [removing, setRemoving] = useState<TaskAssignment | null>(null);
  const columns = useMemo<GridColDef<TaskAssignment>[]>(
    () => [
      ...(taskId === undefined
        ? [
            {
              field: 'taskTitle',
              headerName: t('task.fields.task'),
              flex: 1.4,
              minWidth: 115,
            } satisfies GridColDef<TaskAssignment>,
            {
              field: 'poiName',
              headerName: t('task.fields.poi'),
              flex: 1,
              minWidth: 100,
              sortable: false,
              valueFormatter: (value: string | null) => value ?? t('task.noPoi'),
            } satisfies GridColDef<TaskAssignment>,
          ]
        : []),
      { field: 'employeeName', headerName: t('task.fields.employee'), flex: 1, minWidth: 110 },
      { field: 'msisdn', headerName: t('task.fields.msisdn'), width: 120, sortable: false },
      {
        field: 'status',
        headerName: t('task.fields.status'),
        width: 115,
        renderCell: ({ row }) => <StatusChip status={row.status} overdue={row.overdue} />,
      },
      {
        field: 'detectability',
        headerName: t('task.fields.detectability'),
        width: 140,
        sortable: false,
        renderCell: ({ row }) => (row.detectability ? <DetectabilityChip value={row.detectability} /> : null),
      },
      {
        field: 'completionSource',
        headerName: t('task.fields.source'),
        width: 80,
        sortable: false,
        valueFormatter: (value: TaskAssignment['completionSource']) =>
          value ? t(`task.source.${value}`) : '',
      },
      {
        field: 'completedAt',
        headerName: t('task.fields.completedAt'),
        width: 100,
        valueFormatter: (value: string | null) => (value ? formatShort(locale, value) : ''),
      },
      {
        field: 'actions',
        headerName: '',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => {
          const action = (title: string, icon: ReactNode, onClick: () => void, color?: 'error') => (
            <Tooltip title={title}>
              <IconButton size="small" aria-label={title} color={color} onClick={onClick}>
                {icon}
              </IconButton>
            </Tooltip>
          );
          return (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
              {row.evidence.length > 0 &&
                action(t('task.action.evidence'), <FactCheckOutlinedIcon fontSize="small" />, () =>
                  setEvidenceOf(row),
                )}
              {row.abilities.complete &&
                action(t('task.action.complete'), <TaskAltIcon fontSize="small" />, () => setCompleting(row))}
              {row.abilities.reopen &&
                action(t('task.action.reopen'), <ReplayIcon fontSize="small" />, () => setReopening(row))}
              {row.abilities.delete &&
                action(
                  t('task.action.remove'),
                  <DeleteOutlinedIcon fontSize="small" />,
                  () => setRemoving(row),
                  'error',
                )}
            </Stack>
          );
        },
      },
    ],
    [t, locale, taskId],
  );
  return (
    <>
      <ServerDataGrid<TaskAssignment>
        label={label}
        query={taskAssignmentsQueryOptions}
        exportList="taskAssignments"
        columns={columns}
        defaultSort="-createdAt"
        urlPrefix={urlPrefix}
        filters={{ ...filters, ...(taskId !== undefined ? { taskId } : {}) }}
        toolbar={toolbar}
        gridProps={{ getRowId: (row) => `${row.taskId}:${row.msisdnId}` }}
      />
      <EvidenceDialog assignment={evidenceOf} onClose={() => setEvidenceOf(null)} />
      <ReasonDialog
        open={completing !== null}
        title={t('task.complete.title')}
        confirmLabel={t('task.action.complete')}
        onClose={() => setCompleting(null)}
        onConfirm={async (reason) => {
          await complete.mutateAsync({ taskId: completing!.taskId, msisdnId: completing!.msisdnId, reason });
          notify(t('task.completedManually'));
        }}
      />
      <ReasonDialog
        open={reopening !== null}
        title={t('task.reopen.title')}
        confirmLabel={t('task.action.reopen')}
        onClose={() => setReopening(null)}
        onConfirm={async (reason) => {
          await reopen.mutateAsync({ taskId: reopening!.taskId, msisdnId: reopening!.msisdnId, reason });
          notify(t('task.reopened'));
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('task.action.remove')}
        message={removing ? `${removing.employeeName} · ${removing.taskTitle}` : ''}
        confirmLabel={t('task.action.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await unassign.mutateAsync({ taskId: removing!.taskId, msisdnId: removing!.msisdnId });
        }}
      />
    </>
  );
}
