/** Tasks (issue 13): what later modules (reports, notifications) may use. */
export { tasksService, type TasksService } from './service.ts';
export { taskAssignmentRoutes, taskRoutes, taskTemplateRoutes } from './routes.ts';
export { taskCompletionProcessor } from './processor.ts';
export { registerTaskJobs, TASK_SWEEP_JOB } from './jobs.ts';
export { taskAttachments, type TaskAttachments } from './attachments.ts';
export { generateRecurring, taskTemplates, type TaskTemplates } from './templates.ts';
