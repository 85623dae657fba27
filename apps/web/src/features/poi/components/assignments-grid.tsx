import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { PoiAssignment } from '@lbs/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DetectabilityChip } from '../../../components/detectability-chip.tsx';
import { ServerDataGrid } from '../../../components/server-data-grid.tsx';
import { assignmentsQueryOptions, useDeleteAssignment } from '../api/assignments.ts';
import { scheduleOf } from './poi-format.ts';

/** Assignments (of one POI, or all in scope) with detectability, presence now and removal by abilities. */
export function AssignmentsGrid({
  poiId,
  label,
  urlPrefix,
}: {
  poiId?: number;
  label: string;
  urlPrefix?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const remove = useDeleteAssignment();
  const [removing, setRemoving] = useState<PoiAssignment | null>(null);
  const columns = useMemo<GridColDef<PoiAssignment>[]>(
    () => [
      ...(poiId === undefined
        ? [
            {
              field: 'poiName',
              headerName: t('poi.fields.poi'),
              flex: 1,
              minWidth: 160,
            } satisfies GridColDef<PoiAssignment>,
          ]
        : []),
      {
        field: 'employeeName',
        headerName: t('poi.fields.employee'),
        flex: 1,
        minWidth: 170,
        valueGetter: (_v, row) => `${row.employeeName} · ${row.msisdn}`,
      },
      {
        field: 'purpose',
        headerName: t('poi.fields.purpose'),
        // A share of the room beside the others: an attendance site's shift name follows its purpose.
        flex: 1,
        minWidth: 140,
        valueGetter: (_value, row) =>
          row.shiftName
            ? `${t(`poi.purpose.${row.purpose}`)} · ${row.shiftName}`
            : t(`poi.purpose.${row.purpose}`),
      },
      {
        field: 'schedule',
        headerName: t('poi.fields.schedule'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, row) => scheduleOf(t, locale, row),
      },
      {
        field: 'detectability',
        headerName: t('poi.fields.detectability'),
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => <DetectabilityChip value={row.detectability} />,
      },
      {
        field: 'presence',
        headerName: t('poi.fields.presence'),
        minWidth: 100,
        sortable: false,
        valueFormatter: (value: string) => t(`poi.state.${value}`),
      },
      {
        field: 'actions',
        headerName: '',
        // The columns' least widths fit beside the menu at 1440 px (the action was cut off at 1,100 px).
        minWidth: 90,
        sortable: false,
        renderCell: ({ row }) =>
          row.abilities.delete && (
            <Button size="small" color="error" onClick={() => setRemoving(row)}>
              {t('poi.assign.remove')}
            </Button>
          ),
      },
    ],
    [t, locale, poiId],
  );
  return (
    <>
      <ServerDataGrid<PoiAssignment>
        label={label}
        query={assignmentsQueryOptions}
        exportList="poiAssignments"
        columns={columns}
        defaultSort={poiId === undefined ? 'poiName' : 'employeeName'}
        filters={{ poiId }}
        {...(urlPrefix ? { urlPrefix } : {})}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('poi.assign.removeTitle')}
        message={
          removing
            ? t('poi.assign.removeMessage', { name: removing.employeeName, poi: removing.poiName })
            : ''
        }
        confirmLabel={t('poi.assign.remove')}
        onConfirm={async () => {
          if (removing) await remove.mutateAsync(removing.id);
        }}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
