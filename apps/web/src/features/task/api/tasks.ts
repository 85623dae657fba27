import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  taskAssignmentPageSchema,
  taskAssignmentSchema,
  taskAssignResultSchema,
  taskAttachmentListSchema,
  taskAttachmentSchema,
  taskPageSchema,
  taskSchema,
  taskTemplatePageSchema,
  taskTemplateSchema,
  type Task,
  type TaskAssignment,
  type TaskAssignmentPage,
  type TaskAssignResult,
  type TaskAttachment,
  type TaskAttachmentList,
  type TaskCreateInput,
  type TaskPage,
  type TaskTemplate,
  type TaskTemplateCreateInput,
  type taskTemplateUpdateSchema,
  type taskUpdateSchema,
} from '@lbs/contracts';
import { apiRequest, apiRequestRaw } from '../../../lib/api/client.ts';
import { saveResponseAs } from '../../../lib/api/save-file.ts';
import { fetchList, listQueryOptions, type ListParams } from '../../../lib/api/list-query.ts';
import {
  detailQueryOptions,
  fetchDetail,
  resourceKeys,
  useCreateMutation,
  useDeleteMutation,
  useUpdateMutation,
} from '../../../lib/api/resource.ts';

/** Tasks and their assignments (issue 13). */
export const TASKS_PATH = '/tasks';
export const TASK_ASSIGNMENTS_PATH = '/task-assignments';
export const taskKeys = resourceKeys(TASKS_PATH);
export const taskAssignmentKeys = resourceKeys(TASK_ASSIGNMENTS_PATH);

/** GET /tasks?page&size&sort&q&status&priority&overdue&poiId&label. */
export const listTasks = (params: ListParams, signal?: AbortSignal): Promise<TaskPage> =>
  fetchList(TASKS_PATH, taskPageSchema, params, signal);
export const tasksQueryOptions = (params: ListParams) =>
  listQueryOptions(taskKeys.list(params), (signal) => listTasks(params, signal));

/** GET /tasks/{id}. */
export const getTask = (id: number | string, signal?: AbortSignal) =>
  fetchDetail(TASKS_PATH, id, taskSchema, signal);
export const taskQueryOptions = (id: number | string) =>
  detailQueryOptions(taskKeys.detail(id), (signal) => getTask(id, signal));

/** POST /tasks. */
export const createTask = (body: TaskCreateInput): Promise<Task> =>
  apiRequest(TASKS_PATH, { method: 'POST', body, schema: taskSchema });
export const useCreateTask = () => useCreateMutation(taskKeys, createTask);

/** PATCH /tasks/{id}. */
export const updateTask = (id: number | string, body: z.input<typeof taskUpdateSchema>): Promise<Task> =>
  apiRequest(`${TASKS_PATH}/${id}`, { method: 'PATCH', body, schema: taskSchema });
export const useUpdateTask = () => useUpdateMutation(taskKeys, updateTask);

/** DELETE /tasks/{id}: 409 once an assignment completed it (cancel it instead). */
export const deleteTask = (id: number | string) => apiRequest(`${TASKS_PATH}/${id}`, { method: 'DELETE' });
export const useDeleteTask = () => useDeleteMutation(taskKeys, deleteTask);

/** GET /task-assignments?taskId&msisdnId&poiId&status&overdue. */
export const listTaskAssignments = (params: ListParams, signal?: AbortSignal): Promise<TaskAssignmentPage> =>
  fetchList(TASK_ASSIGNMENTS_PATH, taskAssignmentPageSchema, params, signal);
export const taskAssignmentsQueryOptions = (params: ListParams) =>
  listQueryOptions(taskAssignmentKeys.list(params), (signal) => listTaskAssignments(params, signal));

/** After an assignment write: the task (progress, status) and every assignment list may have changed. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: taskKeys.all });
    void client.invalidateQueries({ queryKey: taskAssignmentKeys.all });
  };
}

/** POST /tasks/{id}/assignments. */
export function useAssignTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ taskId, msisdnIds }: { taskId: number; msisdnIds: number[] }): Promise<TaskAssignResult> =>
      apiRequest(`${TASKS_PATH}/${taskId}/assignments`, {
        method: 'POST',
        body: { msisdnIds },
        schema: taskAssignResultSchema,
      }),
    onSuccess: refresh,
  });
}

/** DELETE /tasks/{id}/assignments/{msisdnId}. */
export function useUnassignTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ taskId, msisdnId }: { taskId: number; msisdnId: number }) =>
      apiRequest(`${TASKS_PATH}/${taskId}/assignments/${msisdnId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST …/complete or …/reopen, with a reason. */
export function useAssignmentTransition(action: 'complete' | 'reopen') {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      taskId,
      msisdnId,
      reason,
    }: {
      taskId: number;
      msisdnId: number;
      reason: string;
    }): Promise<TaskAssignment> =>
      apiRequest(`${TASKS_PATH}/${taskId}/assignments/${msisdnId}/${action}`, {
        method: 'POST',
        body: { reason },
        schema: taskAssignmentSchema,
      }),
    onSuccess: refresh,
  });
}

/** GET /tasks/{id}/attachments. */
export const taskAttachmentsQueryOptions = (taskId: number) => ({
  queryKey: [...taskKeys.detail(taskId), 'attachments'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<TaskAttachmentList> =>
    apiRequest(`${TASKS_PATH}/${taskId}/attachments`, { schema: taskAttachmentListSchema, signal }),
});

/** Reads a file the user picked as base64 (the upload's body). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** POST /tasks/{id}/attachments and DELETE …/{attachmentId}: the list refreshes after each. */
export function useTaskAttachmentWrites(taskId: number) {
  const client = useQueryClient();
  const refresh = () =>
    void client.invalidateQueries({ queryKey: taskAttachmentsQueryOptions(taskId).queryKey });
  const upload = useMutation({
    mutationFn: async (file: File): Promise<TaskAttachment> =>
      apiRequest(`${TASKS_PATH}/${taskId}/attachments`, {
        method: 'POST',
        body: { fileName: file.name, content: await base64Of(file) },
        schema: taskAttachmentSchema,
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (attachmentId: number) =>
      apiRequest(`${TASKS_PATH}/${taskId}/attachments/${attachmentId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { upload, remove };
}

/** GET …/attachments/{attachmentId} (bearer token): fetched and handed to the browser as a file. */
export async function downloadTaskAttachment(taskId: number, attachment: TaskAttachment): Promise<void> {
  const response = await apiRequestRaw(`${TASKS_PATH}/${taskId}/attachments/${attachment.id}`, {});
  await saveResponseAs(response, attachment.fileName);
}

/** Recurring tasks (/task-templates). */
export const TASK_TEMPLATES_PATH = '/task-templates';
export const taskTemplateKeys = resourceKeys(TASK_TEMPLATES_PATH);
export const taskTemplatesQueryOptions = (params: ListParams) =>
  listQueryOptions(taskTemplateKeys.list(params), (signal) =>
    fetchList(TASK_TEMPLATES_PATH, taskTemplatePageSchema, params, signal),
  );
/** POST /task-templates: today's and the next days' tasks are created at once, so the task lists refresh too. */
export function useCreateTaskTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskTemplateCreateInput): Promise<TaskTemplate> =>
      apiRequest(TASK_TEMPLATES_PATH, { method: 'POST', body, schema: taskTemplateSchema }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: taskTemplateKeys.all });
      void client.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}
/** PATCH /task-templates/{id} (a change of its terms, or pause and resume) and DELETE. */
export function useTaskTemplateWrites() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: taskTemplateKeys.all });
    void client.invalidateQueries({ queryKey: taskKeys.all });
  };
  const change = useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number;
      body: z.input<typeof taskTemplateUpdateSchema>;
    }): Promise<TaskTemplate> =>
      apiRequest(`${TASK_TEMPLATES_PATH}/${id}`, { method: 'PATCH', body, schema: taskTemplateSchema }),
    onSuccess: refresh,
  });
  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiRequest(`${TASK_TEMPLATES_PATH}/${id}`, {
        method: 'PATCH',
        body: { active },
        schema: taskTemplateSchema,
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(`${TASK_TEMPLATES_PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { change, setActive, remove };
}
