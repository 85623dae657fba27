import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  REPORT_KEYS,
  reportChartSchema,
  reportDashboardSchema,
  reportExportSchema,
  reportPageSchema,
  type ReportExport,
  type ReportFormat,
  type ReportKey,
  type ReportPage,
} from '@lbs/contracts';
import { apiRequest, apiRequestRaw } from '../../../lib/api/client.ts';
import { listQueryOptions, type ListParams } from '../../../lib/api/list-query.ts';
import { saveResponseAs } from '../../../lib/api/save-file.ts';

/** Reports (issue 16): the catalogue, the dashboard, a report's rows and chart, its export (at once or as a job). */
export const REPORTS_PATH = '/reports';
export const REPORT_EXPORTS_PATH = '/report-exports';

/** A report's parameters as the query string carries them (empty values left out). */
export type ReportQuery = Readonly<Record<string, string>>;

export const reportKeys = {
  all: ['reports'] as const,
  catalogue: () => [...reportKeys.all, 'catalogue'] as const,
  dashboard: (companyId: number | null) => [...reportKeys.all, 'dashboard', companyId] as const,
  rows: (key: ReportKey, params: ListParams) => [...reportKeys.all, key, 'rows', params] as const,
  chart: (key: ReportKey, query: ReportQuery) => [...reportKeys.all, key, 'chart', query] as const,
  exportJob: (id: number) => [...reportKeys.all, 'export', id] as const,
};

const search = (entries: Record<string, string | number | null | undefined>): string => {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(entries).sort(([a], [b]) => a.localeCompare(b))) {
    if (value === undefined || value === null || value === '') continue;
    out.set(name, String(value));
  }
  const text = out.toString();
  return text ? `?${text}` : '';
};

/** GET /reports: the reports the caller may run (the server decides; the page shows what it answers). */
const catalogueSchema = z.object({ items: z.array(z.looseObject({ key: z.enum(REPORT_KEYS) })) });
export const reportCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.catalogue(),
    queryFn: async ({ signal }): Promise<ReportKey[]> =>
      (await apiRequest(REPORTS_PATH, { schema: catalogueSchema, signal })).items.map((item) => item.key),
    staleTime: 5 * 60_000,
  });

/** GET /reports/dashboard?companyId=: this month so far for the caller's scope. */
export const reportDashboardQueryOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: reportKeys.dashboard(companyId),
    queryFn: ({ signal }) =>
      apiRequest(`${REPORTS_PATH}/dashboard${search({ companyId })}`, {
        schema: reportDashboardSchema,
        signal,
      }),
  });

/**
 * GET /reports/{key}/rows?<params>&page&size&sort: one page of the result, with the context it ran over. In the shape
 * ServerDataGrid asks for (its `filters` are the report's parameters).
 */
export const reportRowsQueryOptions = (key: ReportKey) => (params: ListParams) => ({
  ...listQueryOptions<ReportPage>(reportKeys.rows(key, params), async (signal) => {
    const page = await apiRequest(
      `${REPORTS_PATH}/${key}/rows${search({
        ...(params.filters as Record<string, string | undefined>),
        page: params.page,
        size: params.size,
        sort: params.sort,
      })}`,
      { schema: reportPageSchema, signal },
    );
    // Rows have no id of their own: their place in the result is one.
    const first = (page.page - 1) * page.size;
    return { ...page, items: page.items.map((row, i) => ({ ...row, [ROW_ID]: first + i })) };
  }),
  // A result does not change while one pages through it; Run asks again.
  staleTime: 5 * 60_000,
});

/** The row id the screen adds to each row (not a column). */
export const ROW_ID = '__row';

/** GET /reports/{key}/chart?<params>: labels and series. */
export const reportChartQueryOptions = (key: ReportKey, query: ReportQuery) =>
  queryOptions({
    queryKey: reportKeys.chart(key, query),
    queryFn: ({ signal }) =>
      apiRequest(`${REPORTS_PATH}/${key}/chart${search(query)}`, { schema: reportChartSchema, signal }),
  });

/**
 * GET /reports/{key}/export?<params>&format&locale&sort (bearer token): the file at once, handed to the browser. A
 * result above REPORT_INLINE_ROWS_MAX answers problem 413 report.tooLargeToDownload (the caller then starts a job).
 */
export async function downloadReport(
  key: ReportKey,
  query: ReportQuery,
  format: ReportFormat,
  locale: string,
  sort: string | undefined,
): Promise<void> {
  const response = await apiRequestRaw(
    `${REPORTS_PATH}/${key}/export${search({ ...query, format, locale, sort })}`,
  );
  await saveResponseAs(response, `${key}.${format}`);
}

/** POST /report-exports: a large export as a job. */
export const startReportExport = (body: {
  report: ReportKey;
  format: ReportFormat;
  locale: string;
  params: ReportQuery;
  sort: string | undefined;
}): Promise<ReportExport> =>
  apiRequest(REPORT_EXPORTS_PATH, { method: 'POST', body, schema: reportExportSchema });

/** GET /report-exports/{id}: the job's progress. */
export const getReportExport = (id: number, signal?: AbortSignal): Promise<ReportExport> =>
  apiRequest(`${REPORT_EXPORTS_PATH}/${id}`, { schema: reportExportSchema, signal });

/** DELETE /report-exports/{id}: cancels the job. */
export const cancelReportExport = (id: number): Promise<unknown> =>
  apiRequest(`${REPORT_EXPORTS_PATH}/${id}`, { method: 'DELETE' });

/** GET /report-exports/{id}/file (bearer token): the finished file, handed to the browser. */
export async function downloadReportExport(job: ReportExport): Promise<void> {
  const response = await apiRequestRaw(`${REPORT_EXPORTS_PATH}/${job.id}/file`);
  await saveResponseAs(response, job.fileName ?? `${job.report}.${job.format}`);
}
