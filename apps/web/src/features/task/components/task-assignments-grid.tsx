import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { TaskAssignment } from '@lbs/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { ServerDataGrid } from '../../../components/server-data-grid.tsx';
import type { FilterValue } from '../../../lib/api/list-query.ts';
import { formatDateTime } from '../../../lib/format.ts';
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
}: {
  taskId?: number;
  label: string;
  urlPrefix?: string;
  filters?: Readonly<Record<string, FilterValue>>;
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
              flex: 1.2,
              minWidth: 180,
            } satisfies GridColDef<TaskAssignment>,
            {
              field: 'poiName',
              headerName: t('task.fields.poi'),
              minWidth: 140,
              sortable: false,
              valueFormatter: (value: string | null) => value ?? t('task.noPoi'),
            } satisfies GridColDef<TaskAssignment>,
          ]
        : []),
      { field: 'employeeName', headerName: t('task.fields.employee'), flex: 1, minWidth: 160 },
      { field: 'msisdn', headerName: t('task.fields.msisdn'), minWidth: 150, sortable: false },
      {
        field: 'status',
        headerName: t('task.fields.status'),
        minWidth: 190,
        renderCell: ({ row }) => <StatusChip status={row.status} overdue={row.overdue} />,
      },
      {
        field: 'completionSource',
        headerName: t('task.fields.source'),
        minWidth: 110,
        sortable: false,
        valueFormatter: (value: TaskAssignment['completionSource']) =>
          value ? t(`task.source.${value}`) : '',
      },
      {
        field: 'completedAt',
        headerName: t('task.fields.completedAt'),
        minWidth: 170,
        valueFormatter: (value: string | null) => (value ? formatDateTime(locale, value) : ''),
      },
      {
        field: 'actions',
        headerName: '',
        minWidth: 330,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            <Button size="small" onClick={() => setEvidenceOf(row)} disabled={!row.evidence.length}>
              {t('task.action.evidence')}
            </Button>
            {row.abilities.complete && (
              <Button size="small" onClick={() => setCompleting(row)}>
                {t('task.action.complete')}
              </Button>
            )}
            {row.abilities.reopen && (
              <Button size="small" onClick={() => setReopening(row)}>
                {t('task.action.reopen')}
              </Button>
            )}
            {row.abilities.delete && (
              <Button size="small" color="error" onClick={() => setRemoving(row)}>
                {t('task.action.remove')}
              </Button>
            )}
          </Stack>
        ),
      },
    ],
    [t, locale, taskId],
  );
  return (
    <>
      <ServerDataGrid<TaskAssignment>
        label={label}
        query={taskAssignmentsQueryOptions}
        columns={columns}
        defaultSort="-createdAt"
        urlPrefix={urlPrefix}
        filters={{ ...filters, ...(taskId !== undefined ? { taskId } : {}) }}
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
