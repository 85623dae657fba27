import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE_STATUSES, type AttendanceDay, type AttendanceStatus } from '@lbs/contracts';
import { SelectFilter } from '../../../components/list-filters.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ServerDataGrid, useUrlFilter } from '../../../components/server-data-grid.tsx';
import { useHierarchyFilter } from '../../../components/hierarchy-filter.tsx';
import { attendanceQueryOptions } from '../api/attendance.ts';
import { timeIn, duration } from '../components/attendance-format.ts';
import { localIsoDate } from '../../../lib/format.ts';
import { DayStatus } from '../components/attendance-status.tsx';
import { AttendanceSheet } from '../components/attendance-sheet.tsx';
import { DayDrawer } from '../components/day-drawer.tsx';
import { HolidayListsPanel } from '../components/holiday-lists-panel.tsx';
import { ShiftsPanel } from '../components/shifts-panel.tsx';
import { DateField, INCOMPLETE_DATE } from '../../../components/date-field/date-field.tsx';
import { INCOMPLETE_MONTH, MonthField } from '../../../components/date-field/month-field.tsx';

/**
 * /attendance/list: the daily list (status, first in, last out, time inside, shift; filters by the hierarchy mode,
 * status and name; today's rows live), the monthly sheet, and a day's evidence in a drawer with the override.
 */
export function AttendancePage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const hierarchy = useHierarchyFilter();
  const [view, setView] = useUrlFilter('view');
  const [dateParam, setDate] = useUrlFilter('date');
  const [monthParam, setMonth] = useUrlFilter('month');
  const [status, setStatus] = useUrlFilter('status');
  const [search] = useUrlFilter('q');
  const [open, setOpen] = useState<{ msisdnId: number; date: string; day?: AttendanceDay } | null>(null);
  const date = dateParam ?? localIsoDate();
  // The monthly sheet opens on the month of the last finished day (on a month's first day, the month before: the
  // new one has nothing yet), or on the chosen day's month.
  const month = monthParam ?? (dateParam ?? localIsoDate(new Date(Date.now() - 86_400_000))).slice(0, 7);
  const monthly = view === 'monthly';
  const managing = view === 'shifts' || view === 'holidays';

  const columns = useMemo<GridColDef<AttendanceDay>[]>(
    () => [
      {
        field: 'employeeName',
        headerName: t('attendance.fields.employee'),
        flex: 1.2,
        minWidth: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Link
            component="button"
            type="button"
            onClick={() => setOpen({ msisdnId: row.msisdnId, date: row.date, day: row })}
            underline="hover"
          >
            {row.employeeName ?? row.msisdn}
          </Link>
        ),
      },
      {
        field: 'msisdn',
        headerName: t('attendance.fields.msisdn'),
        width: 130,
        sortable: false,
        renderCell: ({ value }) => <span dir="ltr">{String(value)}</span>,
      },
      {
        field: 'status',
        headerName: t('attendance.fields.status'),
        width: 180,
        sortable: false,
        renderCell: ({ row }) => <DayStatus day={row} />,
      },
      {
        field: 'firstIn',
        headerName: t('attendance.fields.firstIn'),
        width: 90,
        sortable: false,
        valueGetter: (_v, row) => timeIn(locale, row.timeZone, row.firstIn),
      },
      {
        field: 'lastOut',
        headerName: t('attendance.fields.lastOut'),
        flex: 0.9,
        minWidth: 110,
        sortable: false,
        valueGetter: (_v, row) =>
          row.stillInside
            ? t('attendance.insideSince', { time: timeIn(locale, row.timeZone, row.firstIn) })
            : timeIn(locale, row.timeZone, row.lastOut),
        // "Inside since 08:45 AM" takes two lines (the grid's text cells) rather than losing its time to an ellipsis.
      },
      {
        field: 'minutesInside',
        headerName: t('attendance.fields.inside'),
        width: 95,
        sortable: false,
        valueGetter: (_v, row) => (row.minutesInside > 0 ? duration(locale, row.minutesInside) : ''),
      },
      {
        field: 'shiftName',
        headerName: t('attendance.fields.shift'),
        flex: 0.8,
        minWidth: 100,
        sortable: false,
      },
      {
        field: 'departmentName',
        headerName: t('attendance.fields.department'),
        flex: 0.8,
        minWidth: 110,
        sortable: false,
      },
    ],
    [t, locale],
  );

  const title = t('route.attendanceList');
  const statusFilter = (
    <SelectFilter
      label={t('attendance.filter.status')}
      value={status as AttendanceStatus | undefined}
      onChange={setStatus}
      options={ATTENDANCE_STATUSES}
      optionLabel={(s) => t(`attendance.status.${s}`)}
      anyLabel={t('attendance.filter.all')}
      minWidth={170}
    />
  );
  return (
    <PageFrame
      title={title}
      crumbs={[{ label: t('attendance.area') }]}
      actions={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={monthly || managing ? view : 'daily'}
          onChange={(_e, v: string | null) => v && setView(v === 'daily' ? undefined : v)}
          aria-label={t('attendance.view.label')}
        >
          <ToggleButton value="daily">{t('attendance.view.daily')}</ToggleButton>
          <ToggleButton value="monthly">{t('attendance.view.monthly')}</ToggleButton>
          <ToggleButton value="shifts">{t('attendance.view.shifts')}</ToggleButton>
          <ToggleButton value="holidays">{t('attendance.view.holidays')}</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      {view === 'shifts' ? (
        <ShiftsPanel />
      ) : view === 'holidays' ? (
        <HolidayListsPanel />
      ) : monthly ? (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
            {hierarchy.control}
            <MonthField
              size="small"
              name="month"
              required
              label={t('attendance.filter.month')}
              value={month}
              onChange={(next) => {
                if (next && next !== INCOMPLETE_MONTH) setMonth(next);
              }}
              sx={{ width: 190 }}
            />
            {statusFilter}
          </Stack>
          <Typography variant="subtitle1" component="h2">
            {t('attendance.sheet.caption', {
              month: new Intl.DateTimeFormat(locale, {
                month: 'long',
                year: 'numeric',
                timeZone: 'UTC',
              }).format(new Date(`${month}-01T00:00:00Z`)),
            })}
          </Typography>
          <AttendanceSheet
            month={month}
            filters={{ ...hierarchy.filters, status }}
            onOpen={(msisdnId, d) => setOpen({ msisdnId, date: d })}
          />
        </Stack>
      ) : (
        <ServerDataGrid<AttendanceDay>
          label={title}
          query={attendanceQueryOptions}
          exportList="attendance"
          columns={columns}
          filters={{ ...hierarchy.filters, date, status }}
          toolbar={
            <>
              {hierarchy.control}
              <DateField
                size="small"
                label={t('attendance.filter.date')}
                value={date}
                onChange={(value) => value !== INCOMPLETE_DATE && setDate(value || undefined)}
                sx={{ width: 190 }}
              />
              {statusFilter}
            </>
          }
          gridProps={{ getRowId: (row: AttendanceDay) => `${row.msisdnId}:${row.date}` }}
          emptyHint={
            // Today's list, not narrowed by any filter, is empty until a window opens: say so.
            date === localIsoDate() &&
            !status &&
            !search &&
            Object.values(hierarchy.filters).every((v) => v === undefined || v === null)
              ? t('attendance.daily.todayEmpty')
              : undefined
          }
        />
      )}
      <DayDrawer target={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}
