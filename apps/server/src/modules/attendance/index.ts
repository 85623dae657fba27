/** Attendance (issue 12): what later modules (reports, notifications) may use. */
export { attendanceService, type AttendanceService } from './service.ts';
export { attendanceRoutes, holidayListRoutes, shiftRoutes } from './routes.ts';
export {
  attendanceVisitProcessor,
  ATTENDANCE_RECOMPUTE_JOB,
  ATTENDANCE_REFRESH_JOB,
  recomputeAttendance,
  refreshAttendance,
  registerAttendanceJobs,
} from './jobs.ts';
export { publicHolidays } from './holidays.ts';
