export { enqueue, listJobs, pruneJobs, requeue, JOBS_CHANNEL } from './queue.ts';
export type { EnqueueOptions, Enqueued, JobInfo, JobQuery, JobRequest, JobStatus } from './queue.ts';
export { JobRunner } from './runner.ts';
export type { JobContext, JobHandler, JobKindOptions, RunnerOptions } from './runner.ts';
export { dueSlots, slotKey } from './schedules.ts';
export type { ScheduleDefinition } from './schedules.ts';
