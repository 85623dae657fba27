import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  canOpenRouteId,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type Task,
  type TaskPriority,
  type TaskStatus,
} from '@lbs/contracts';
import { SelectFilter } from '../../../components/list-filters.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ServerDataGrid, useUrlFilter } from '../../../components/server-data-grid.tsx';
import { useHierarchyFilter } from '../../../components/hierarchy-filter.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCan } from '../../../lib/permissions.ts';
import { pathFor } from '../../../lib/route-links.ts';
import { tasksQueryOptions } from '../api/tasks.ts';
import { PriorityChip, StatusChip } from '../components/task-chips.tsx';
import { RecurringTasks } from '../components/recurring-tasks.tsx';
import { dueText } from '../components/task-format.ts';
import { WrappedCell } from '../../../components/wrapped-cell.tsx';
import { DateField, INCOMPLETE_DATE } from '../../../components/date-field/date-field.tsx';

const BOARD_SIZE = 50;

/** Done of the members in view. */
const progressText = (t: TFunction, task: Task) =>
  t('task.progress', { done: task.completedCount, total: task.assigneeCount });

/** Beside the progress of a pending task that members outside the view still have to do: that they do. */
function OthersPending({ task }: { task: Task }) {
  const { t } = useTranslation();
  if (!task.othersPending) return null;
  return (
    <Tooltip title={t('task.othersPending')}>
      <InfoOutlinedIcon fontSize="small" color="action" titleAccess={t('task.othersPending')} />
    </Tooltip>
  );
}

/** One status column of the board: its tasks as cards (the first 50, the count of the rest). */
function BoardColumn({
  status,
  filters,
}: {
  status: TaskStatus;
  filters: Record<string, string | number | boolean | null | undefined>;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const query = useQuery(
    tasksQueryOptions({ page: 1, size: BOARD_SIZE, sort: 'dueEnd', filters: { ...filters, status } }),
  );
  const items = query.data?.items ?? [];
  const rest = (query.data?.total ?? 0) - items.length;
  return (
    <Box component="section" aria-label={t(`task.status.${status}`)} sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t(`task.status.${status}`)} ({query.data?.total ?? 0})
      </Typography>
      <Stack spacing={1}>
        {items.map((task) => (
          <Card key={task.id} variant="outlined">
            <CardActionArea component={RouterLink} to={pathFor('taskEdit', { id: task.id })}>
              <CardContent sx={{ p: 1.5 }}>
                <Typography variant="subtitle2" component="h3">
                  {task.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {task.poiName ?? t('task.noPoi')} · {dueText(locale, task, t('task.noDue'))}
                </Typography>
                <Stack direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
                  <PriorityChip value={task.priority} />
                  {task.overdue && <Chip size="small" color="error" label={t('task.overdue')} />}
                  <Chip size="small" variant="outlined" label={progressText(t, task)} />
                  <OthersPending task={task} />
                  {task.labels.map((l) => (
                    <Chip key={l} size="small" label={l} />
                  ))}
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
        {query.isSuccess && items.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('task.board.empty')}
          </Typography>
        )}
        {rest > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('task.board.more', { count: rest })}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

/** /task/list: the tasks in scope as a grid or a board by status, with their priority, due window, POI and progress. */
export function TaskListPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { role } = useCurrentUser();
  const allowed = useCan();
  const hierarchy = useHierarchyFilter();
  const [view, setView] = useUrlFilter('view');
  const [status, setStatus] = useUrlFilter('status');
  const [priority, setPriority] = useUrlFilter('priority');
  const [overdue, setOverdue] = useUrlFilter('overdue');
  const [label, setLabel] = useUrlFilter('label');
  const [from, setFrom] = useUrlFilter('from');
  const [to, setTo] = useUrlFilter('to');
  const board = view === 'board';
  const recurring = view === 'recurring';
  const filters = {
    ...hierarchy.filters,
    priority,
    overdue: overdue === 'true' ? true : undefined,
    label: label?.trim() || undefined,
    // Tasks whose due window touches the chosen days (local midnight to midnight).
    from: from ? new Date(`${from}T00:00`).toISOString() : undefined,
    to: to ? new Date(`${to}T23:59:59.999`).toISOString() : undefined,
  };

  const columns = useMemo<GridColDef<Task>[]>(
    () => [
      {
        field: 'title',
        headerName: t('task.fields.title'),
        flex: 1.4,
        minWidth: 180,
        renderCell: ({ row }) => (
          <WrappedCell text={row.title}>
            {row.abilities.update ? (
              <Link component={RouterLink} to={pathFor('taskEdit', { id: row.id })}>
                {row.title}
              </Link>
            ) : (
              row.title
            )}
          </WrappedCell>
        ),
      },
      // The operator sees every company's tasks: which company each is.
      ...(role === 'SuperAdmin'
        ? [
            {
              field: 'companyName',
              headerName: t('task.fields.company'),
              flex: 1,
              minWidth: 130,
            } satisfies GridColDef<Task>,
          ]
        : []),
      {
        field: 'priority',
        headerName: t('task.fields.priority'),
        width: 100,
        renderCell: ({ row }) => <PriorityChip value={row.priority} />,
      },
      {
        field: 'status',
        headerName: t('task.fields.status'),
        width: 170,
        renderCell: ({ row }) => <StatusChip status={row.status} overdue={row.overdue} />,
      },
      {
        field: 'dueEnd',
        headerName: t('task.fields.due'),
        flex: 1,
        minWidth: 170,
        valueGetter: (_value, row) => dueText(locale, row, ''),
      },
      {
        field: 'poiName',
        headerName: t('task.fields.poi'),
        flex: 1,
        minWidth: 130,
        valueFormatter: (value: string | null) => value ?? t('task.noPoi'),
      },
      {
        field: 'progress',
        headerName: t('task.fields.progress'),
        width: 140,
        sortable: false,
        valueGetter: (_value, row) => progressText(t, row),
        renderCell: ({ row, value }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            <span>{String(value)}</span>
            <OthersPending task={row} />
            {row.abilities.assign && (
              <Tooltip title={t('task.action.assign')}>
                <IconButton
                  size="small"
                  component={RouterLink}
                  to={pathFor('taskAssign', { id: row.id })}
                  aria-label={t('task.action.assign')}
                >
                  <GroupAddOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        ),
      },
      {
        field: 'labels',
        headerName: t('task.fields.labels'),
        width: 140,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            {row.labels.map((l) => (
              <Chip key={l} size="small" label={l} />
            ))}
          </Stack>
        ),
      },
    ],
    [t, locale, role],
  );
  const title = t('route.taskList');
  const toolbar = (
    <>
      {hierarchy.control}
      {!board && (
        <SelectFilter
          label={t('task.filter.status')}
          value={status as TaskStatus | undefined}
          onChange={setStatus}
          options={TASK_STATUSES}
          optionLabel={(s) => t(`task.status.${s}`)}
          anyLabel={t('task.filter.all')}
          minWidth={150}
        />
      )}
      <SelectFilter
        label={t('task.filter.priority')}
        value={priority as TaskPriority | undefined}
        onChange={setPriority}
        options={TASK_PRIORITIES}
        optionLabel={(p) => t(`task.priority.${p}`)}
        anyLabel={t('task.filter.all')}
        minWidth={140}
      />
      <TextField
        size="small"
        label={t('task.filter.label')}
        value={label ?? ''}
        onChange={(e) => setLabel(e.target.value || undefined)}
        sx={{ width: 140 }}
      />
      <DateField
        size="small"
        label={t('task.filter.from')}
        value={from ?? ''}
        onChange={(value) => value !== INCOMPLETE_DATE && setFrom(value || undefined)}
        sx={{ width: 190 }}
      />
      <DateField
        size="small"
        label={t('task.filter.to')}
        value={to ?? ''}
        onChange={(value) => value !== INCOMPLETE_DATE && setTo(value || undefined)}
        sx={{ width: 190 }}
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
  );

  return (
    <PageFrame
      title={title}
      crumbs={[{ label: t('task.area') }]}
      actions={
        <Stack direction="row" spacing={1}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view === 'board' || view === 'recurring' ? view : 'list'}
            onChange={(_e, v: string | null) => v && setView(v === 'list' ? undefined : v)}
            aria-label={t('task.view.label')}
          >
            <ToggleButton value="list">{t('task.view.list')}</ToggleButton>
            <ToggleButton value="board">{t('task.view.board')}</ToggleButton>
            <ToggleButton value="recurring">{t('task.view.recurring')}</ToggleButton>
          </ToggleButtonGroup>
          {allowed('task', 'create') && canOpenRouteId('taskAdd', role) && (
            <Button
              component={RouterLink}
              to={pathFor('taskAdd')}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('route.taskAdd')}
            </Button>
          )}
        </Stack>
      }
    >
      {recurring ? (
        <RecurringTasks />
      ) : board ? (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
            {toolbar}
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {TASK_STATUSES.map((s) => (
              <BoardColumn key={s} status={s} filters={filters} />
            ))}
          </Box>
        </Stack>
      ) : (
        <ServerDataGrid<Task>
          label={title}
          query={tasksQueryOptions}
          exportList="tasks"
          columns={columns}
          defaultSort="-createdAt"
          filters={{ ...filters, status }}
          toolbar={toolbar}
        />
      )}
    </PageFrame>
  );
}
