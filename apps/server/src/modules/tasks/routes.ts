import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  objectIdParamSchema,
  taskAssignmentListQuerySchema,
  taskAssignmentPageSchema,
  taskAssignmentParamsSchema,
  taskAssignmentSchema,
  taskAssignResultSchema,
  TASK_ATTACHMENT_MAX_BYTES,
  taskAttachmentListSchema,
  taskAttachmentParamsSchema,
  taskAttachmentSchema,
  taskAttachmentUploadSchema,
  taskTemplateCreateSchema,
  taskTemplateListQuerySchema,
  taskTemplatePageSchema,
  taskTemplateSchema,
  taskTemplateUpdateSchema,
  taskAssignSchema,
  taskCompleteSchema,
  taskCreateSchema,
  taskListQuerySchema,
  taskPageSchema,
  taskReopenSchema,
  taskSchema,
  taskUpdateSchema,
} from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { readProblems, writeProblems } from '../../access/route-support.ts';
import type { TaskAttachments } from './attachments.ts';
import { contentDisposition } from './attachments.ts';
import type { TasksService } from './service.ts';
import type { TaskTemplates } from './templates.ts';

type Options = { service: TasksService };
type TaskRouteOptions = Options & { attachments: TaskAttachments };
const noContent = { 204: z.null(), ...writeProblems };

/** /tasks: tasks at POIs with due windows and completion rules, and their assignments ("members"). */
export const taskRoutes: FastifyPluginAsyncZod<TaskRouteOptions> = async (
  app,
  { service: s, attachments },
) => {
  const tags = ['tasks'];
  app.get(
    '/',
    {
      config: { permission: 'task.list' },
      schema: {
        tags,
        summary: 'Tasks in scope (overdue derived: pending and past due)',
        querystring: taskListQuerySchema,
        response: { 200: taskPageSchema, ...readProblems },
      },
    },
    async (r) => s.listTasks(callerOf(r), r.query),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'task.read' },
      schema: {
        tags,
        summary: 'One task',
        params: objectIdParamSchema,
        response: { 200: taskSchema, ...readProblems },
      },
    },
    async (r) => s.getTask(callerOf(r), r.params.id),
  );
  app.post(
    '/',
    {
      config: { permission: 'task.create' },
      schema: {
        tags,
        summary: 'Add a task',
        body: taskCreateSchema,
        response: { 201: taskSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.status(201).send(await s.createTask(callerOf(r), r.body)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'task.update' },
      schema: {
        tags,
        summary: 'Edit a task (status: PENDING or CANCELLED)',
        params: objectIdParamSchema,
        body: taskUpdateSchema,
        response: { 200: taskSchema, ...writeProblems },
      },
    },
    async (r) => s.updateTask(callerOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'task.delete' },
      schema: {
        tags,
        summary: 'Delete a task no assignment has completed (cancel it otherwise)',
        params: objectIdParamSchema,
        response: noContent,
      },
    },
    async (r, reply) => {
      await s.removeTask(callerOf(r), r.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/:id/assignments',
    {
      config: { permission: 'taskAssignment.list' },
      schema: {
        tags,
        summary: 'The task’s assignments in scope',
        params: objectIdParamSchema,
        querystring: taskAssignmentListQuerySchema.omit({ taskId: true }),
        response: { 200: taskAssignmentPageSchema, ...readProblems },
      },
    },
    async (r) => {
      await s.getTask(callerOf(r), r.params.id);
      return s.listAssignments(callerOf(r), { ...r.query, taskId: r.params.id });
    },
  );
  app.post(
    '/:id/assignments',
    {
      config: { permission: 'taskAssignment.create' },
      schema: {
        tags,
        summary: 'Assign MSISDNs (undetectable phones at the POI may also be completed by hand)',
        params: objectIdParamSchema,
        body: taskAssignSchema,
        response: { 201: taskAssignResultSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.status(201).send(await s.assign(callerOf(r), r.params.id, r.body)),
  );
  app.delete(
    '/:id/assignments/:msisdnId',
    {
      config: { permission: 'taskAssignment.delete' },
      schema: {
        tags,
        summary: 'Remove an assignment',
        params: taskAssignmentParamsSchema,
        response: noContent,
      },
    },
    async (r, reply) => {
      await s.unassign(callerOf(r), r.params.id, r.params.msisdnId);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/:id/assignments/:msisdnId/complete',
    {
      config: { permission: 'taskAssignment.complete' },
      schema: {
        tags,
        summary: 'Complete an assignment by hand, with a reason',
        params: taskAssignmentParamsSchema,
        body: taskCompleteSchema,
        response: { 200: taskAssignmentSchema, ...writeProblems },
      },
    },
    async (r) => s.complete(callerOf(r), r.params.id, r.params.msisdnId, r.body),
  );
  app.post(
    '/:id/assignments/:msisdnId/reopen',
    {
      config: { permission: 'taskAssignment.reopen' },
      schema: {
        tags,
        summary: 'Reopen a completed assignment, with a reason (its evidence is kept)',
        params: taskAssignmentParamsSchema,
        body: taskReopenSchema,
        response: { 200: taskAssignmentSchema, ...writeProblems },
      },
    },
    async (r) => s.reopen(callerOf(r), r.params.id, r.params.msisdnId, r.body),
  );
  app.get(
    '/:id/attachments',
    {
      config: { permission: 'task.read' },
      schema: {
        tags,
        summary: 'The task’s attachments',
        params: objectIdParamSchema,
        response: { 200: taskAttachmentListSchema, ...readProblems },
      },
    },
    async (r) => attachments.list(callerOf(r), r.params.id),
  );
  app.post(
    '/:id/attachments',
    {
      config: { permission: 'task.update' },
      bodyLimit: TASK_ATTACHMENT_MAX_BYTES * 2 + 65_536,
      schema: {
        tags,
        summary: 'Attach a file (base64; PDF, image, text or CSV by its content; at most 5 MB)',
        params: objectIdParamSchema,
        body: taskAttachmentUploadSchema,
        response: { 201: taskAttachmentSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.status(201).send(await attachments.upload(callerOf(r), r.params.id, r.body)),
  );
  app.get(
    '/:id/attachments/:attachmentId',
    {
      config: { permission: 'task.read' },
      schema: {
        tags,
        summary: 'Download an attachment (as stored, never rendered inline)',
        params: taskAttachmentParamsSchema,
        response: { 200: z.any(), ...readProblems },
      },
    },
    async (r, reply) => {
      const file = await attachments.download(callerOf(r), r.params.id, r.params.attachmentId);
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.data);
    },
  );
  app.delete(
    '/:id/attachments/:attachmentId',
    {
      config: { permission: 'task.update' },
      schema: {
        tags,
        summary: 'Remove an attachment',
        params: taskAttachmentParamsSchema,
        response: noContent,
      },
    },
    async (r, reply) => {
      await attachments.remove(callerOf(r), r.params.id, r.params.attachmentId);
      return reply.status(204).send(null);
    },
  );
};

/** /task-assignments: every assignment in scope, filtered and paged (the /task-assign-list screen). */
export const taskAssignmentRoutes: FastifyPluginAsyncZod<Options> = async (app, { service: s }) => {
  app.get(
    '/',
    {
      config: { permission: 'taskAssignment.list' },
      schema: {
        tags: ['tasks'],
        summary: 'Task assignments in scope, with status, completion source and evidence',
        querystring: taskAssignmentListQuerySchema,
        response: { 200: taskAssignmentPageSchema, ...readProblems },
      },
    },
    async (r) => s.listAssignments(callerOf(r), r.query),
  );
};

/** /task-templates: recurring tasks (weekdays, a local due window, members), placed like tasks. */
export const taskTemplateRoutes: FastifyPluginAsyncZod<{ templates: TaskTemplates }> = async (
  app,
  { templates: s },
) => {
  const tags = ['tasks'];
  app.get(
    '/',
    {
      config: { permission: 'task.list' },
      schema: {
        tags,
        summary: 'Recurring tasks in scope',
        querystring: taskTemplateListQuerySchema,
        response: { 200: taskTemplatePageSchema, ...readProblems },
      },
    },
    async (r) => s.list(callerOf(r), r.query),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'task.read' },
      schema: {
        tags,
        summary: 'One recurring task',
        params: objectIdParamSchema,
        response: { 200: taskTemplateSchema, ...readProblems },
      },
    },
    async (r) => s.get(callerOf(r), r.params.id),
  );
  app.post(
    '/',
    {
      config: { permission: 'task.create' },
      schema: {
        tags,
        summary: 'Add a recurring task (today’s and the next days’ tasks are created at once)',
        body: taskTemplateCreateSchema,
        response: { 201: taskTemplateSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.status(201).send(await s.create(callerOf(r), r.body)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'task.update' },
      schema: {
        tags,
        summary: 'Change a recurring task (pause or resume with active); days not created yet follow',
        params: objectIdParamSchema,
        body: taskTemplateUpdateSchema,
        response: { 200: taskTemplateSchema, ...writeProblems },
      },
    },
    async (r) => s.update(callerOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'task.delete' },
      schema: {
        tags,
        summary: 'Delete a recurring task (the tasks it made stay)',
        params: objectIdParamSchema,
        response: noContent,
      },
    },
    async (r, reply) => {
      await s.remove(callerOf(r), r.params.id);
      return reply.status(204).send(null);
    },
  );
};
