import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  attendanceDaySchema,
  attendanceDetailSchema,
  attendancePageSchema,
  attendanceSheetSchema,
  holidayListListSchema,
  holidayListSchema,
  shiftSchema,
  type HolidayList,
  type Shift,
  type AttendanceDay,
  type AttendanceDetail,
  type AttendancePage,
  type AttendanceSheet,
  type AttendanceStatus,
} from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { fetchList, listQueryOptions, listSearch, type ListParams } from '../../../lib/api/list-query.ts';
import { shiftKeys } from '../../../shared-api/shifts/list-shifts.ts';

/** Attendance days, the monthly sheet, a day's evidence, overrides, shifts (issue 12). */
export const ATTENDANCE_PATH = '/attendance';
export const attendanceKeys = {
  all: ['attendance'] as const,
  lists: () => [...attendanceKeys.all, 'list'] as const,
  list: (params: ListParams) => [...attendanceKeys.lists(), params] as const,
  sheet: (month: string, filters: Record<string, unknown>) =>
    [...attendanceKeys.all, 'sheet', month, filters] as const,
  day: (msisdnId: number, date: string) => [...attendanceKeys.all, 'day', msisdnId, date] as const,
};

/** GET /attendance?date|from&to&status&departmentId&zoneId&designationId&msisdnId&q&page&size. */
export const listAttendance = (params: ListParams, signal?: AbortSignal): Promise<AttendancePage> =>
  fetchList(ATTENDANCE_PATH, attendancePageSchema, params, signal);
export const attendanceQueryOptions = (params: ListParams) =>
  listQueryOptions(attendanceKeys.list(params), (signal) => listAttendance(params, signal));

/** Employees per page of the monthly sheet (the server's maximum; the table renders only the rows in view). */
export const SHEET_PAGE_SIZE = 1000;

/** GET /attendance/sheet?month=YYYY-MM&page (one page of employees). */
export const attendanceSheetQueryOptions = (
  month: string,
  filters: Record<string, string | number | null | undefined>,
  page = 1,
) =>
  queryOptions({
    queryKey: attendanceKeys.sheet(month, { ...filters, page }),
    queryFn: ({ signal }): Promise<AttendanceSheet> => {
      // The lists' search with the sheet's own page size (above the lists' maximum).
      const search = new URLSearchParams(listSearch({ page, size: 1, filters: { ...filters, month } }));
      search.set('size', String(SHEET_PAGE_SIZE));
      return apiRequest(`${ATTENDANCE_PATH}/sheet?${search}`, { schema: attendanceSheetSchema, signal });
    },
    placeholderData: keepPreviousData,
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

// ── Shifts and holiday lists (management) ──

const invalidateAll = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: shiftKeys.all }),
    client.invalidateQueries({ queryKey: holidayListKeys.all }),
    client.invalidateQueries({ queryKey: attendanceKeys.all }),
  ]);

/** POST /shifts, PATCH /shifts/{id} (a change of terms is a new version from `effectiveFrom`), DELETE /shifts/{id}. */
export function useSaveShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }): Promise<Shift> =>
      apiRequest(id ? `/shifts/${id}` : '/shifts', {
        method: id ? 'PATCH' : 'POST',
        body,
        schema: shiftSchema,
      }),
    onSuccess: () => invalidateAll(client),
  });
}
export function useDeleteShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/shifts/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateAll(client),
  });
}

export const holidayListKeys = { all: ['holiday-lists'] as const };
/** GET /holiday-lists. */
export const holidayListsQueryOptions = () =>
  queryOptions({
    queryKey: holidayListKeys.all,
    queryFn: async ({ signal }): Promise<HolidayList[]> =>
      (await apiRequest('/holiday-lists', { schema: holidayListListSchema, signal })).items,
  });
/** POST /holiday-lists, PATCH /holiday-lists/{id}. */
export function useSaveHolidayList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }): Promise<HolidayList> =>
      apiRequest(id ? `/holiday-lists/${id}` : '/holiday-lists', {
        method: id ? 'PATCH' : 'POST',
        body,
        schema: holidayListSchema,
      }),
    onSuccess: () => invalidateAll(client),
  });
}
export function useDeleteHolidayList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/holiday-lists/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateAll(client),
  });
}
/** POST /holiday-lists/{id}/seed?country&year&language: the public holidays of a country and year. */
export function useSeedHolidayList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      country,
      year,
      language,
    }: {
      id: number;
      country: string;
      year: number;
      language: string;
    }) =>
      apiRequest(`/holiday-lists/${id}/seed?country=${country}&year=${year}&language=${language}`, {
        method: 'POST',
        schema: holidayListSchema,
      }),
    onSuccess: () => invalidateAll(client),
  });
}
