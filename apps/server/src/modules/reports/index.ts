/** Reports (issue 16): the catalogue's engine, exports and routes. */
export { reportsService, type ReportsService } from './service.ts';
export { reportRoutes } from './routes.ts';
export { reportSchedulesService, type ReportSchedulesService } from './schedules/service.ts';
export { reportScheduleRoutes, reportFileRoutes } from './schedules/routes.ts';
export {
  registerReportScheduleJobs,
  fireDueReportSchedules,
  executeRun,
  SCHEDULE_TICK,
} from './schedules/runs.ts';
export { nextSlot } from './schedules/timing.ts';
export { listExports, type ListExports } from './lists.ts';
export { listExportRoutes, type ExportableList } from './list-routes.ts';
export { reportExports, REPORT_EXPORT_JOB, REPORT_EXPORT_EXPIRY_JOB, type ReportExports } from './exports.ts';
export { reportExportRoutes } from './export-routes.ts';
