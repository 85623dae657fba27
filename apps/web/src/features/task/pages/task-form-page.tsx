import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  TASK_ASSIGNMENT_MODES,
  TASK_COMPLETION_RULES,
  TASK_LABEL_MAX_LENGTH,
  TASK_LABELS_MAX,
  TASK_PRIORITIES,
  TASK_TITLE_MAX_LENGTH,
  type Task,
  type TaskAssignmentMode,
  type TaskCompletionRule,
  type TaskPriority,
  outOfRange,
  TOO_LONG,
  TOO_MANY,
} from '@lbs/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useListCrumb } from '../../../components/entity-pages.tsx';
import { FormEntitySelect } from '../../../components/entity-select.tsx';
import {
  FormActions,
  FormGrid,
  FormNumberField,
  FormSelectField,
  FormTextField,
  useFieldErrorText,
} from '../../../components/form-fields.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { RecordState, useRouteRecord } from '../../../components/route-record.tsx';
import { FormProblemAlert } from '../../../components/problem-alert.tsx';
import { FormDateTimeField } from '../../../components/date-field/time-field.tsx';
import { useProblemSubmit } from '../../../lib/api/form-errors.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { pathFor } from '../../../lib/route-links.ts';
import { poiFeaturesQueryOptions } from '../../../shared-api/pois/poi-features.ts';
import { taskQueryOptions, useCreateTask, useDeleteTask, useUpdateTask } from '../api/tasks.ts';
import { TaskAttachments } from '../components/task-attachments.tsx';

/** `datetime-local` value (local wall time) ⇄ ISO instant. */
const pad = (n: number) => String(n).padStart(2, '0');
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** Empty, or a whole local date-time (the field hands on INCOMPLETE_TIME while one is being typed). */
const isLocalDateTime = (local: string) => !local || !Number.isNaN(new Date(local).getTime());
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

const formSchema = z
  .object({
    companyId: z.number().nullable(),
    title: z.string().trim().min(1, 'validation.titleRequired').max(TASK_TITLE_MAX_LENGTH, TOO_LONG),
    description: z.string().max(1000, TOO_LONG),
    priority: z.enum(TASK_PRIORITIES),
    labels: z
      .array(z.string().trim().min(1).max(TASK_LABEL_MAX_LENGTH, TOO_LONG))
      .max(TASK_LABELS_MAX, TOO_MANY),
    /** 0: no POI. */
    poiId: z.number(),
    dueStart: z.string().refine(isLocalDateTime, 'validation.invalid'),
    dueEnd: z.string().refine(isLocalDateTime, 'validation.invalid'),
    completionRule: z.enum(TASK_COMPLETION_RULES),
    requiredDwellMinutes: z
      .number()
      .int(outOfRange(1, 1440))
      .min(1, outOfRange(1, 1440))
      .max(1440, outOfRange(1, 1440))
      .nullable()
      .or(z.nan()),
    assignmentMode: z.enum(TASK_ASSIGNMENT_MODES),
  })
  .superRefine((v, ctx) => {
    if (v.completionRule !== 'MANUAL' && !v.poiId)
      ctx.addIssue({ code: 'custom', path: ['poiId'], message: 'task.poiRequiredForAuto' });
    if (v.dueStart && !v.dueEnd)
      ctx.addIssue({ code: 'custom', path: ['dueEnd'], message: 'task.dueEndRequired' });
    if (v.dueStart && v.dueEnd && new Date(v.dueEnd) <= new Date(v.dueStart))
      ctx.addIssue({ code: 'custom', path: ['dueEnd'], message: 'task.dueEndBeforeStart' });
  });
type FormValues = z.infer<typeof formSchema>;
const FIELDS = [
  'companyId',
  'title',
  'description',
  'priority',
  'labels',
  'poiId',
  'dueStart',
  'dueEnd',
  'completionRule',
  'requiredDwellMinutes',
  'assignmentMode',
] as const;

const bodyOf = (v: FormValues) => ({
  title: v.title,
  description: v.description || null,
  priority: v.priority,
  labels: v.labels,
  poiId: v.poiId || null,
  dueStart: toIso(v.dueStart),
  dueEnd: toIso(v.dueEnd),
  completionRule: v.completionRule,
  requiredDwellMinutes:
    v.requiredDwellMinutes && !Number.isNaN(v.requiredDwellMinutes) ? v.requiredDwellMinutes : null,
  assignmentMode: v.assignmentMode,
});
export type TaskFormBody = ReturnType<typeof bodyOf>;

function TaskForm({
  task,
  onSubmit,
}: {
  task: Task | null;
  onSubmit: (values: FormValues) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useFieldErrorText();
  const { role } = useCurrentUser();
  const pickCompany = !task && role === 'SuperAdmin';
  const features = useQuery(poiFeaturesQueryOptions());
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema) as Resolver<FormValues>,
    defaultValues: {
      companyId: task?.companyId ?? null,
      title: task?.title ?? '',
      description: task?.description ?? '',
      priority: task?.priority ?? 'MEDIUM',
      labels: task?.labels ?? [],
      poiId: task?.poiId ?? 0,
      dueStart: toLocalInput(task?.dueStart ?? null),
      dueEnd: toLocalInput(task?.dueEnd ?? null),
      // A new task has no POI yet, so by hand; choosing one offers a visit too (below).
      completionRule: task?.completionRule ?? 'MANUAL',
      requiredDwellMinutes: task?.requiredDwellMinutes ?? null,
      assignmentMode: task?.assignmentMode ?? 'ANY',
    },
    mode: 'onTouched',
  });
  const { submit, problem, clearProblem } = useProblemSubmit(form, FIELDS, onSubmit);
  // On a new task whose rule the user has not chosen, the rule follows the POI: a visit there or by hand once there is
  // one, by hand while there is none (a visit rule without a POI cannot be saved). `autoRule`: the rule last set so
  // (null once the user chose another, or on an existing task).
  const poiId = form.watch('poiId');
  const autoRule = useRef<TaskCompletionRule | null>(task ? null : 'MANUAL');
  useEffect(() => {
    if (autoRule.current === null) return;
    if (form.getValues('completionRule') !== autoRule.current) {
      autoRule.current = null;
      return;
    }
    autoRule.current = poiId ? 'AUTO_OR_MANUAL' : 'MANUAL';
    form.setValue('completionRule', autoRule.current);
  }, [form, poiId]);
  const poiOptions = useMemo(
    () => [
      { value: 0, label: t('task.noPoi') },
      ...(features.data?.items ?? [])
        .filter((p) => p.active || p.id === task?.poiId)
        .map((p) => ({ value: p.id, label: p.name })),
    ],
    [features.data, t, task?.poiId],
  );
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormProblemAlert outcome={problem} onClose={clearProblem} />
      <FormGrid>
        {pickCompany && (
          <FormEntitySelect
            control={form.control}
            name="companyId"
            kind="company"
            label={t('task.fields.company')}
            required
            span={2}
          />
        )}
        <FormTextField
          control={form.control}
          name="title"
          label={t('task.fields.title')}
          required
          autoFocus
          span={2}
        />
        <FormTextField
          control={form.control}
          name="description"
          label={t('task.fields.description')}
          multiline
          minRows={3}
          span={2}
        />
        <FormSelectField<FormValues, TaskPriority>
          control={form.control}
          name="priority"
          label={t('task.fields.priority')}
          options={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`task.priority.${p}`) }))}
        />
        <Controller
          control={form.control}
          name="labels"
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              freeSolo
              options={[] as string[]}
              value={field.value}
              onChange={(_e, value) => field.onChange(value.map((v) => v.trim()).filter(Boolean))}
              renderValue={(value, getItemProps) =>
                value.map((option, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} size="small" label={option} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('task.fields.labels')}
                  error={Boolean(fieldState.error)}
                  helperText={errorText(fieldState.error?.message)}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        />
        <FormSelectField<FormValues, number>
          control={form.control}
          name="poiId"
          label={t('task.fields.poi')}
          options={poiOptions}
        />
        <FormSelectField<FormValues, TaskCompletionRule>
          control={form.control}
          name="completionRule"
          label={t('task.fields.completionRule')}
          options={TASK_COMPLETION_RULES.map((r) => ({ value: r, label: t(`task.rule.${r}`) }))}
        />
        <FormDateTimeField control={form.control} name="dueStart" label={t('task.fields.dueStart')} />
        <FormDateTimeField control={form.control} name="dueEnd" label={t('task.fields.dueEnd')} />
        <FormNumberField
          control={form.control}
          name="requiredDwellMinutes"
          label={t('task.fields.requiredDwell')}
          min={1}
          max={1440}
          helperText={task ? t('task.defaultDwell', { minutes: task.effectiveDwellMinutes }) : undefined}
        />
        <FormSelectField<FormValues, TaskAssignmentMode>
          control={form.control}
          name="assignmentMode"
          label={t('task.fields.assignmentMode')}
          options={TASK_ASSIGNMENT_MODES.map((m) => ({ value: m, label: t(`task.mode.${m}`) }))}
        />
      </FormGrid>
      <FormActions
        submitLabel={task ? t('task.action.save') : t('task.action.create')}
        submitting={form.formState.isSubmitting}
        onCancel={() => void navigate(-1)}
      />
    </Box>
  );
}

/** /task/add: a new task; then its members are picked on /task-details/assign/{id}. */
export function TaskAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateTask();
  const crumbs = [useListCrumb(t('task.area'), 'taskList')];
  return (
    <PageFrame title={t('route.taskAdd')} crumbs={crumbs}>
      <TaskForm
        task={null}
        onSubmit={async (values) => {
          const created = await create.mutateAsync({
            ...(values.companyId ? { companyId: values.companyId } : {}),
            ...bodyOf(values),
          });
          notify(t('task.created', { title: created.title }));
          void navigate(pathFor('taskAssign', { id: created.id }));
        }}
      />
    </PageFrame>
  );
}

/** /task-details/edit/{id}: the same form over the stored task; cancel, reopen or delete it as its abilities allow. */
export function TaskEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const query = useRouteRecord(taskQueryOptions);
  const [deleting, setDeleting] = useState(false);
  const crumbs = [useListCrumb(t('task.area'), 'taskList')];
  const task = query.data;
  return (
    <PageFrame
      title={t('route.taskEdit')}
      crumbs={crumbs}
      actions={
        task && (
          <Stack direction="row" spacing={1}>
            {task.abilities.assign && (
              <Button
                variant="outlined"
                onClick={() => void navigate(pathFor('taskAssign', { id: task.id }))}
              >
                {t('task.action.assign')}
              </Button>
            )}
            {task.abilities.update && task.status !== 'COMPLETED' && (
              <Button
                variant="outlined"
                onClick={() =>
                  void update
                    .mutateAsync({
                      id: task.id,
                      body: { status: task.status === 'CANCELLED' ? 'PENDING' : 'CANCELLED' },
                    })
                    .then((saved) => notify(t('task.saved', { title: saved.title })))
                }
              >
                {task.status === 'CANCELLED' ? t('task.action.reopenTask') : t('task.action.cancelTask')}
              </Button>
            )}
            {task.abilities.delete && (
              <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
                {t('task.action.delete')}
              </Button>
            )}
          </Stack>
        )
      }
    >
      <RecordState query={query} list="taskList">
        {(loaded) => (
          <TaskForm
            key={loaded.updatedAt}
            task={loaded}
            onSubmit={async (values) => {
              const saved = await update.mutateAsync({ id: loaded.id, body: bodyOf(values) });
              notify(t('task.saved', { title: saved.title }));
              void navigate(pathFor('taskList'));
            }}
          />
        )}
      </RecordState>
      {task && <TaskAttachments task={task} />}
      {task && (
        <ConfirmDialog
          open={deleting}
          title={t('task.action.delete')}
          message={t('task.deleteConfirm', { title: task.title })}
          confirmLabel={t('task.action.delete')}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await remove.mutateAsync(task.id);
            notify(t('task.deleted'));
            void navigate(pathFor('taskList'));
          }}
        />
      )}
    </PageFrame>
  );
}
