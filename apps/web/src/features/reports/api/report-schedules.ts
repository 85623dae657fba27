import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  REPORT_KEYS,
  reportRunListSchema,
  reportRunSchema,
  reportScheduleListSchema,
  reportScheduleSchema,
  userPageSchema,
  type ReportRunList,
  type ReportSchedule,
  type ReportScheduleCreate,
  type ReportScheduleList,
  type ReportScheduleUpdate,
} from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';

/** Scheduled e-mailed reports (issue 16): the caller's schedules, their runs and deliveries, and the pickers' lists. */
export const REPORT_SCHEDULES_PATH = '/report-schedules';

export const reportScheduleKeys = {
  all: ['report-schedules'] as const,
  list: () => [...reportScheduleKeys.all, 'list'] as const,
  runs: (id: number) => [...reportScheduleKeys.all, 'runs', id] as const,
  catalogue: () => ['report-schedules', 'catalogue'] as const,
  users: (q: string, companyId: number | null | undefined) =>
    ['report-schedules', 'users', q, companyId ?? null] as const,
};

/** GET /report-schedules */
export const reportSchedulesQueryOptions = () =>
  queryOptions({
    queryKey: reportScheduleKeys.list(),
    queryFn: ({ signal }): Promise<ReportScheduleList> =>
      apiRequest(REPORT_SCHEDULES_PATH, { schema: reportScheduleListSchema, signal }),
  });

/** GET /report-schedules/{id}/runs: newest period first, each with its deliveries (refreshed while any is pending). */
export const reportRunsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: reportScheduleKeys.runs(id),
    queryFn: ({ signal }): Promise<ReportRunList> =>
      apiRequest(`${REPORT_SCHEDULES_PATH}/${id}/runs`, { schema: reportRunListSchema, signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some(
        (r) =>
          r.status === 'QUEUED' || r.status === 'RUNNING' || r.deliveries.some((d) => d.status === 'QUEUED'),
      )
        ? 5_000
        : false,
  });

const catalogueSchema = z.object({ items: z.array(z.looseObject({ key: z.enum(REPORT_KEYS) })) });

/** GET /reports: the reports the caller may run (and so schedule). */
export const reportCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: reportScheduleKeys.catalogue(),
    queryFn: ({ signal }) => apiRequest('/reports', { schema: catalogueSchema, signal }),
    staleTime: 300_000,
  });

/** GET /users?q=…: portal users the caller sees, as recipients (first page, by name). */
export const recipientOptionsQueryOptions = (q: string, companyId: number | null | undefined) =>
  queryOptions({
    queryKey: reportScheduleKeys.users(q, companyId),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ page: '1', size: '100', sort: 'fullName', active: 'true' });
      if (q) search.set('q', q);
      if (companyId) search.set('companyId', String(companyId));
      return apiRequest(`/users?${search}`, { schema: userPageSchema, signal });
    },
    staleTime: 60_000,
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: reportScheduleKeys.all });
}

/** POST /report-schedules */
export function useCreateSchedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: Partial<ReportScheduleCreate>): Promise<ReportSchedule> =>
      apiRequest(REPORT_SCHEDULES_PATH, { method: 'POST', body, schema: reportScheduleSchema }),
    onSuccess: invalidate,
  });
}

/** PATCH /report-schedules/{id} (also pause and resume: `{ active }`). */
export function useUpdateSchedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReportScheduleUpdate }): Promise<ReportSchedule> =>
      apiRequest(`${REPORT_SCHEDULES_PATH}/${id}`, { method: 'PATCH', body, schema: reportScheduleSchema }),
    onSuccess: invalidate,
  });
}

/** DELETE /report-schedules/{id} */
export function useDeleteSchedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${REPORT_SCHEDULES_PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** POST /report-schedules/{id}/run: the last complete period. */
export function useRunScheduleNow() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${REPORT_SCHEDULES_PATH}/${id}/run`, { method: 'POST', body: {}, schema: reportRunSchema }),
    onSuccess: invalidate,
  });
}
