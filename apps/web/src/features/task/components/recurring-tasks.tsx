import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import {
  TASK_COMPLETION_RULES,
  type Msisdn,
  type TaskCompletionRule,
  type TaskTemplate,
} from '@lbs/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { ServerDataGrid } from '../../../components/server-data-grid.tsx';
import { ApiError } from '../../../lib/api/api-error.ts';
import { fieldMessageOf, messageTextIn } from '../../../lib/field-message.ts';
import { useCan } from '../../../lib/permissions.ts';
import { TimeField } from '../../../components/date-field/time-field.tsx';
import { formatDate, ISO_WEEKDAYS, weekdayName } from '../../../lib/format.ts';
import { msisdnsQueryOptions } from '../../../shared-api/msisdns/list-msisdns.ts';
import { poiFeaturesQueryOptions } from '../../../shared-api/pois/poi-features.ts';
import { taskTemplatesQueryOptions, useCreateTaskTemplate, useTaskTemplateWrites } from '../api/tasks.ts';

/** The server's message key for one field of a failed request, if any. */
function fieldError(error: unknown, path: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const found = error.fieldErrors.find((f) => f.path === path || f.path.startsWith(`${path}.`));
  if (!found) return undefined;
  return fieldMessageOf(found);
}

/**
 * Adds a recurring task (title, POI, weekdays, the local due window, how it completes, members), or changes one: the
 * days not created yet follow; its members stay unless others are chosen.
 */
function RecurringDialog({
  open,
  template = null,
  onClose,
}: {
  open: boolean;
  template?: TaskTemplate | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const notify = useNotify();
  const create = useCreateTaskTemplate();
  const { change } = useTaskTemplateWrites();
  const pois = useQuery({ ...poiFeaturesQueryOptions(), enabled: open });
  const [title, setTitle] = useState(template?.title ?? '');
  const [poiId, setPoiId] = useState(template?.poiId ?? 0);
  const [weekdays, setWeekdays] = useState<number[]>(template?.weekdays ?? [1, 2, 3, 4, 5]);
  const [startTime, setStartTime] = useState(template?.startTime ?? '08:00');
  const [endTime, setEndTime] = useState(template?.endTime ?? '17:00');
  const [rule, setRule] = useState<TaskCompletionRule>(template?.completionRule ?? 'AUTO_OR_MANUAL');
  const [memberQuery, setMemberQuery] = useState('');
  const [members, setMembers] = useState<Msisdn[]>([]);
  const [error, setError] = useState<unknown>(null);
  const options = useQuery({
    ...msisdnsQueryOptions({ page: 1, size: 20, sort: 'employeeName', q: memberQuery || undefined }),
    enabled: open,
  });
  const err = (path: string) => {
    const message = fieldError(error, path);
    return message ? messageTextIn(t, i18n.language, message) : undefined;
  };
  const close = () => {
    setError(null);
    onClose();
  };
  async function submit() {
    setError(null);
    try {
      const terms = {
        title,
        poiId: poiId || null,
        weekdays,
        startTime,
        endTime,
        completionRule: poiId ? rule : ('MANUAL' as const),
      };
      if (template) {
        const saved = await change.mutateAsync({
          id: template.id,
          body: { ...terms, ...(members.length ? { msisdnIds: members.map((m) => m.id) } : {}) },
        });
        notify(t('task.recurring.saved', { title: saved.title }));
        onClose();
        return;
      }
      const created = await create.mutateAsync({ ...terms, msisdnIds: members.map((m) => m.id) });
      notify(t('task.recurring.created', { title: created.title }));
      setTitle('');
      setMembers([]);
      onClose();
    } catch (e) {
      setError(e);
    }
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{template ? t('task.recurring.edit') : t('task.recurring.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error !== null && !(error instanceof ApiError && error.fieldErrors.length) && (
            <ProblemAlert error={error} />
          )}
          <TextField
            label={t('task.fields.title')}
            required
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={Boolean(err('title'))}
            helperText={err('title')}
          />
          <TextField
            select
            label={t('task.fields.poi')}
            value={poiId}
            onChange={(e) => setPoiId(Number(e.target.value))}
            error={Boolean(err('poiId'))}
            helperText={err('poiId')}
          >
            <MenuItem value={0}>{t('task.noPoi')}</MenuItem>
            {(pois.data?.items ?? [])
              .filter((p) => p.active)
              .map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
          </TextField>
          {poiId !== 0 && (
            <TextField
              select
              label={t('task.fields.completionRule')}
              value={rule}
              onChange={(e) => setRule(e.target.value as TaskCompletionRule)}
            >
              {TASK_COMPLETION_RULES.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`task.rule.${r}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <div>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {t('task.recurring.weekdays')}
            </Typography>
            <ToggleButtonGroup
              size="small"
              value={weekdays}
              onChange={(_e, value: number[]) => setWeekdays([...value].sort())}
              aria-label={t('task.recurring.weekdays')}
            >
              {ISO_WEEKDAYS.map((d) => (
                <ToggleButton key={d} value={d}>
                  {weekdayName(locale, d)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {err('weekdays') && (
              <Typography variant="caption" color="error" component="p">
                {err('weekdays')}
              </Typography>
            )}
          </div>
          <Stack direction="row" spacing={2}>
            <TimeField
              label={t('task.fields.dueStart')}
              value={startTime}
              onChange={setStartTime}
              error={err('startTime')}
            />
            <TimeField
              label={t('task.fields.dueEnd')}
              value={endTime}
              onChange={setEndTime}
              error={err('endTime')}
            />
          </Stack>
          <Autocomplete
            multiple
            options={options.data?.items ?? []}
            value={members}
            onChange={(_e, value) => setMembers(value)}
            onInputChange={(_e, value) => setMemberQuery(value)}
            filterOptions={(x) => x}
            getOptionLabel={(m) => `${m.employeeName} · ${m.msisdn}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('task.fields.members')}
                error={Boolean(err('msisdnIds'))}
                helperText={
                  err('msisdnIds') ??
                  (template
                    ? t('task.recurring.keepMembers', { count: template.msisdnIds.length })
                    : undefined)
                }
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('org.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={create.isPending || change.isPending || !title.trim()}
          onClick={() => void submit()}
        >
          {template ? t('task.action.save') : t('task.recurring.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The recurring tasks in scope: pause or resume each, delete it (its tasks stay), add one. */
export function RecurringTasks() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const allowed = useCan();
  const { setActive, remove } = useTaskTemplateWrites();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TaskTemplate | null>(null);
  const [editing, setEditing] = useState<TaskTemplate | null>(null);
  const columns = useMemo<GridColDef<TaskTemplate>[]>(
    () => [
      { field: 'title', headerName: t('task.fields.title'), flex: 1.4, minWidth: 180 },
      {
        field: 'poiName',
        headerName: t('task.fields.poi'),
        flex: 1,
        minWidth: 130,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? t('task.noPoi'),
      },
      {
        field: 'weekdays',
        headerName: t('task.recurring.weekdays'),
        minWidth: 200,
        sortable: false,
        valueGetter: (_v, row) => row.weekdays.map((d) => weekdayName(locale, d)).join(' '),
      },
      {
        field: 'window',
        headerName: t('task.fields.due'),
        width: 120,
        sortable: false,
        valueGetter: (_v, row) => `${row.startTime}–${row.endTime}`,
      },
      {
        field: 'members',
        headerName: t('task.fields.members'),
        width: 100,
        sortable: false,
        valueGetter: (_v, row) => row.msisdnIds.length,
      },
      {
        field: 'lastOccurrence',
        headerName: t('task.recurring.last'),
        width: 130,
        sortable: false,
        valueFormatter: (value: string | null) => (value ? formatDate(locale, value) : ''),
      },
      {
        field: 'active',
        headerName: t('task.recurring.active'),
        width: 100,
        sortable: false,
        renderCell: ({ row }) => (
          <Switch
            checked={row.active}
            disabled={!row.abilities.update || setActive.isPending}
            slotProps={{ input: { 'aria-label': `${t('task.recurring.active')} ${row.title}` } }}
            onChange={(e) => setActive.mutate({ id: row.id, active: e.target.checked })}
          />
        ),
      },
      {
        field: 'actions',
        headerName: '',
        width: 100,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
            {row.abilities.update && (
              <Tooltip title={t('task.action.edit')}>
                <IconButton
                  aria-label={`${t('task.action.edit')} ${row.title}`}
                  onClick={() => setEditing(row)}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {row.abilities.delete && (
              <Tooltip title={t('task.action.delete')}>
                <IconButton
                  color="error"
                  aria-label={`${t('task.action.delete')} ${row.title}`}
                  onClick={() => setRemoving(row)}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        ),
      },
    ],
    [t, locale, setActive],
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('task.recurring.hint')}
        </Typography>
        {allowed('task', 'create') && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t('task.recurring.add')}
          </Button>
        )}
      </Stack>
      <ServerDataGrid<TaskTemplate>
        label={t('task.view.recurring')}
        query={taskTemplatesQueryOptions}
        columns={columns}
        defaultSort="-createdAt"
        urlPrefix="r"
      />
      <RecurringDialog open={adding} onClose={() => setAdding(false)} />
      {editing && (
        <RecurringDialog key={editing.id} open template={editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('task.action.delete')}
        message={t('task.recurring.deleteConfirm', { title: removing?.title ?? '' })}
        confirmLabel={t('task.action.delete')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await remove.mutateAsync(removing!.id);
        }}
      />
    </Stack>
  );
}
