import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  attendanceDaySchema,
  attendanceDetailSchema,
  attendancePageSchema,
  attendanceSheetSchema,
  shiftListSchema,
  type AttendanceDay,
  type AttendanceDetail,
  type AttendancePage,
  type AttendanceSheet,
  type AttendanceStatus,
} from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { fetchList, listQueryOptions, listSearch, type ListParams } from '../../../lib/api/list-query.ts';

/** Attendance days, the monthly sheet, a day's evidence, overrides, shifts (issue 12). */
export const ATTENDANCE_PATH = '/attendance';
export const attendanceKeys = {
  all: ['attendance'] as const,
  lists: () => [...attendanceKeys.all, 'list'] as const,
  list: (params: ListParams) => [...attendanceKeys.lists(), params] as const,
  sheet: (month: string, filters: Record<string, unknown>) =>
    [...attendanceKeys.all, 'sheet', month, filters] as const,
  day: (msisdnId: number, date: string) => [...attendanceKeys.all, 'day', msisdnId, date] as const,
  shifts: () => [...attendanceKeys.all, 'shifts'] as const,
};

/** GET /attendance?date|from&to&status&departmentId&zoneId&designationId&msisdnId&q&page&size. */
export const listAttendance = (params: ListParams, signal?: AbortSignal): Promise<AttendancePage> =>
  fetchList(ATTENDANCE_PATH, attendancePageSchema, params, signal);
export const attendanceQueryOptions = (params: ListParams) =>
  listQueryOptions(attendanceKeys.list(params), (signal) => listAttendance(params, signal));

/** GET /attendance/sheet?month=YYYY-MM (one page of employees). */
export const attendanceSheetQueryOptions = (
  month: string,
  filters: Record<string, string | number | null | undefined>,
) =>
  queryOptions({
    queryKey: attendanceKeys.sheet(month, filters),
    queryFn: ({ signal }): Promise<AttendanceSheet> =>
      apiRequest(
        `${ATTENDANCE_PATH}/sheet${listSearch({ page: 1, size: 500, filters: { ...filters, month } })}`,
        {
          schema: attendanceSheetSchema,
          signal,
        },
      ),
  });

/** GET /attendance/{msisdnId}/{date}: the day with its visits, fixes and rule. */
export const attendanceDayQueryOptions = (msisdnId: number, date: string) =>
  queryOptions({
    queryKey: attendanceKeys.day(msisdnId, date),
    queryFn: ({ signal }): Promise<AttendanceDetail> =>
      apiRequest(`${ATTENDANCE_PATH}/${msisdnId}/${date}`, { schema: attendanceDetailSchema, signal }),
  });

/** PUT /attendance/{msisdnId}/{date}/override (status null removes it). */
export function useOverrideDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      msisdnId,
      date,
      status,
      reason,
    }: {
      msisdnId: number;
      date: string;
      status: AttendanceStatus | null;
      reason: string;
    }): Promise<AttendanceDay> =>
      apiRequest(`${ATTENDANCE_PATH}/${msisdnId}/${date}/override`, {
        method: 'PUT',
        body: { status, reason },
        schema: attendanceDaySchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}

/** GET /shifts. */
export const shiftsQueryOptions = () =>
  queryOptions({
    queryKey: attendanceKeys.shifts(),
    queryFn: ({ signal }) => apiRequest('/shifts', { schema: shiftListSchema, signal }),
  });
